//! Per-stage benchmarks on match reports generated from templates we wrote and names from the
//! shipped gazetteers, and the whole analysis of one 8 MB line. Each benchmark asserts its output
//! count so that it cannot measure nothing.
//!
//! Run: `cargo bench --bench stages`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use kampfakta::gazetteer::{Entity, EntityKind};
use kampfakta::{
    classify, recognize, segment, segment::Segmented, Document, Gazetteer, Lexicon, Pipeline,
    Recognition,
};
use std::hint::black_box;
use std::time::Duration;

const TEMPLATES: &[&str] = &[
    "{home} - {away} {h}-{a}",
    "{p1} scoret i det {m}. minutt etter en pasning fra {p2}.",
    "Bare tre minutter senere var {p2} nær å utligne, men keeperen reddet.",
    "{p1} felte {p2} i feltet, og dommeren pekte på straffemerket.",
    "Spissen var iskald fra ellevemeteren og sendte {home} i ledelsen.",
    "Etter pause fikk {p2} gult kort for en sen takling på bl.a. {p1}.",
    "– Vi spilte godt, men {away} var bedre i 2. omgang, sa treneren til VG.",
    "Kampen ble spilt på Lerkendal kl. 18.00 foran ca. 20 000 tilskuere.",
];

/// A corpus of `documents` generated reports.
fn corpus(gazetteer: &Gazetteer, documents: usize) -> Vec<Document> {
    let players: Vec<&str> = gazetteer
        .entities()
        .filter(|e| e.kind == EntityKind::Player)
        .map(|e| e.name.as_str())
        .collect();
    let clubs: Vec<&str> = gazetteer
        .entities()
        .filter(|e| e.kind == EntityKind::Club)
        .map(|e| e.name.as_str())
        .collect();
    (0..documents)
        .map(|d| {
            let mut text = String::new();
            for (i, template) in TEMPLATES.iter().cycle().take(24).enumerate() {
                let pick = |list: &[&str], salt: usize| {
                    list[(d * 31 + i * 7 + salt) % list.len()].to_string()
                };
                let line = template
                    .replace("{home}", &pick(&clubs, 0))
                    .replace("{away}", &pick(&clubs, 1))
                    .replace("{p1}", &pick(&players, 2))
                    .replace("{p2}", &pick(&players, 3))
                    .replace("{m}", &(1 + (d + i) % 90).to_string())
                    .replace("{h}", &(d % 4).to_string())
                    .replace("{a}", &(i % 3).to_string());
                text.push_str(&line);
                text.push(if i % 4 == 3 { '\n' } else { ' ' });
            }
            Document::new(format!("doc{d}"), text)
        })
        .collect()
}

fn stages(c: &mut Criterion) {
    let pipeline = Pipeline::new().expect("shipped data loads");
    let docs = corpus(pipeline.gazetteer(), 200);
    let bytes: usize = docs.iter().map(|d| d.text.len()).sum();

    let mut group = c.benchmark_group("stages");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("segment", |b| {
        b.iter(|| {
            let sentences: usize = docs
                .iter()
                .map(|d| {
                    segment::segment(black_box(&d.text))
                        .unwrap()
                        .sentences
                        .len()
                })
                .sum();
            assert!(sentences >= 4_000, "{sentences} sentences");
            sentences
        })
    });
    // The later stages alone, on the output of the earlier ones.
    let gazetteer = pipeline.gazetteer();
    let lexicon = Lexicon::new().expect("shipped lexicon loads");
    let segmented: Vec<Segmented> = docs
        .iter()
        .map(|d| Segmented::new(&d.text).unwrap())
        .collect();
    group.bench_function("recognize", |b| {
        b.iter(|| {
            let mentions: usize = segmented
                .iter()
                .map(|d| {
                    recognize::recognize(gazetteer, black_box(d), None)
                        .mentions
                        .len()
                })
                .sum();
            assert!(mentions >= 5_000, "{mentions} mentions");
            mentions
        })
    });
    let recognized: Vec<Recognition> = segmented
        .iter()
        .map(|d| recognize::recognize(gazetteer, d, None))
        .collect();
    group.bench_function("classify", |b| {
        b.iter(|| {
            let events: usize = segmented
                .iter()
                .zip(&recognized)
                .map(|(d, recognition)| {
                    classify::classify(&lexicon, gazetteer, black_box(d), recognition).len()
                })
                .sum();
            assert!(events >= 1_000, "{events} events");
            events
        })
    });
    group.finish();
}

/// The whole analysis of a document, and the rendering of its rows.
fn analyze_and_export(c: &mut Criterion) {
    let pipeline = Pipeline::new().expect("shipped data loads");
    let docs = corpus(pipeline.gazetteer(), 200);
    let bytes: usize = docs.iter().map(|d| d.text.len()).sum();
    let mut group = c.benchmark_group("stages");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("analyze (segment, recognize, classify)", |b| {
        b.iter(|| {
            let events: usize = docs
                .iter()
                .map(|d| pipeline.analyze(black_box(d)).unwrap().events.len())
                .sum();
            assert!(events >= 1_000, "{events} events");
            events
        })
    });
    let analyses: Vec<_> = docs.iter().map(|d| pipeline.analyze(d).unwrap()).collect();
    group.bench_function("export (render CSV rows)", |b| {
        b.iter(|| {
            let rows: usize = analyses
                .iter()
                .map(|a| {
                    kampfakta::export::render(black_box(a), pipeline.gazetteer())
                        .events
                        .len()
                })
                .sum();
            assert!(rows > 0);
            rows
        })
    });
    group.finish();
}

/// A gazetteer of 100,000 aliases: how long building the automaton takes.
fn gazetteer_build(c: &mut Criterion) {
    let entities: Vec<Entity> = (0..25_000)
        .map(|i| Entity {
            id: format!("player:p{i}"),
            kind: EntityKind::Player,
            name: format!("Spiller{i} Etternavn{i}"),
            aliases: vec![
                format!("Etternavn{i}"),
                format!("S. Etternavn{i}"),
                format!("Spiller{i}"),
            ],
            attrs: Vec::new(),
        })
        .collect();
    let aliases: usize = entities.iter().map(|e| 1 + e.aliases.len()).sum();
    assert_eq!(aliases, 100_000);
    c.bench_function("gazetteer build (100,000 forms)", |b| {
        b.iter_batched(
            || entities.clone(),
            |entities| {
                let gazetteer = Gazetteer::from_entities(entities);
                assert_eq!(gazetteer.entities().len(), 25_000);
                gazetteer
            },
            BatchSize::LargeInput,
        )
    });
}

/// One 8 MB line of 100,000 sentences without a break, analysed and rendered: the cost must stay
/// linear in the length (the test in `tests/robustness.rs` runs a short line of the same).
fn long_line(c: &mut Criterion) {
    let pipeline = Pipeline::new().expect("shipped data loads");
    let sentences = 100_000;
    let long_line = Document::new(
        "long-line",
        "Brann scoret på en pasning i det 3. minutt, og Viking-keeperen bommet på ballen. "
            .repeat(sentences),
    );
    let mut group = c.benchmark_group("long line");
    group.throughput(Throughput::Bytes(long_line.text.len() as u64));
    // About two seconds an iteration: room for criterion's ten samples.
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("analyze and render (8 MB, no line break)", |b| {
        b.iter(|| {
            let analysis = pipeline.analyze(black_box(&long_line)).unwrap();
            let events = kampfakta::export::render(&analysis, pipeline.gazetteer()).event_count;
            assert_eq!(events, 2 * sentences, "a goal and a chance per sentence");
            events
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = stages, analyze_and_export, gazetteer_build, long_line
}
criterion_main!(benches);
