//! Names in running text against NorNE gold (PER and ORG, exact and lenient), the NorNE type a
//! gazetteer kind is scored as, and an oracle gazetteer built from the gold names.

use super::conll::ConllDocument;
use super::{genitive_stem, SpanScores};
use crate::error::Result;
use crate::gazetteer::{Entity, EntityKind};
use crate::ingest::Document;
use crate::pipeline::Pipeline;
use crate::recognize::How;
use crate::span::Span;
use crate::text::previous_word;
use crate::words::names::{PUBLICATION_WORDS, READ_IN};
use std::collections::{BTreeMap, HashSet};

/// The NorNE type a gazetteer kind is scored as.
fn entity_type(kind: EntityKind) -> &'static str {
    match kind {
        EntityKind::Player | EntityKind::Official => "PER",
        _ => "ORG",
    }
}

/// Whether a medium's name can stand for what it published: a paper, magazine or website can,
/// an agency or broadcaster is always the organisation (`Oslo (NTB)`, `ifølge NRK`: ORG in NorNE).
fn publishes(entity: &Entity) -> bool {
    entity.kind == EntityKind::Media
        && !matches!(entity.attr("type"), Some("agency" | "broadcaster"))
}

/// NorNE tags a paper ORG where it acts (`sier han til VG`, `VG skriver`, `ifølge Dagsavisen`,
/// `avisen Nordlys`, `Foto: Aftenposten`) and PROD where it stands for what it published: `i
/// Aftenposten`, `leser av Aftenposten`, a byline or citation `(VG Nett)`, `(Aftenposten 22.
/// august)`. In all of NorNE's Bokmål, a paper after `ifølge` or `avisen` is ORG 16 times and PROD
/// 3, after `i` PROD 43 times and ORG 20.
fn is_publication(text: &str, span: Span) -> bool {
    let (at, word) = previous_word(text, span.start());
    let word = word.to_lowercase();
    let (_, word_before) = previous_word(text, at);
    let (preposition, reader) = READ_IN;
    PUBLICATION_WORDS.contains(&word.as_str())
        || (word == preposition && word_before.to_lowercase().starts_with(reader))
        || text[..span.start()].trim_end().ends_with('(')
}

/// Exact and overlapping span matches for one entity type.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct TypeScores {
    /// Spans that match a gold span of the type on both ends.
    pub exact: SpanScores,
    /// `matched` counts predicted spans overlapping a gold span of the type.
    pub lenient_predicted: SpanScores,
    /// `matched` counts gold spans overlapped by a predicted span of the type.
    pub lenient_gold: SpanScores,
}

impl TypeScores {
    /// Lenient (precision, recall, F1): a span counts when it overlaps one of the other side.
    pub fn lenient(&self) -> (f64, f64, f64) {
        let p =
            self.lenient_predicted.matched as f64 / self.lenient_predicted.predicted.max(1) as f64;
        let r = self.lenient_gold.matched as f64 / self.lenient_gold.gold.max(1) as f64;
        let f = if p + r == 0.0 {
            0.0
        } else {
            2.0 * p * r / (p + r)
        };
        (p, r, f)
    }
}

/// Names in running text against NorNE gold: PER and ORG, exact and lenient.
#[derive(Debug, Default, Clone)]
pub struct EntityScores {
    /// People.
    pub per: TypeScores,
    /// Organisations: clubs, national teams, media.
    pub org: TypeScores,
    /// Missed and spurious spans with context, for `--errors`.
    pub errors: Vec<String>,
}

/// Recognises the names of each document and scores them against its gold spans. Descriptions
/// (`hjemmelaget`) and names inside hyphen compounds (`RBK-keeperen`) are references NorNE leaves
/// untagged (it tags whole tokens, and the compound's head is not a name), so they are left out.
pub fn evaluate_entities(
    pipeline: &Pipeline,
    documents: &[ConllDocument],
    max_errors: usize,
) -> Result<EntityScores> {
    let mut scores = EntityScores::default();
    for document in documents {
        let predicted = predicted_names(pipeline, document)?;
        for (kind, slot) in [("PER", &mut scores.per), ("ORG", &mut scores.org)] {
            let comparison = Comparison::new(document, &predicted, kind);
            comparison.add_to(slot);
            comparison.list_errors(max_errors, &mut scores.errors);
        }
    }
    Ok(scores)
}

/// The names the pipeline finds in a document, with the NorNE type each is scored as; a paper
/// where it stands for what it published is `PROD`.
fn predicted_names(
    pipeline: &Pipeline,
    document: &ConllDocument,
) -> Result<Vec<(Span, &'static str)>> {
    let doc = Document::new(document.name.clone(), document.text.clone());
    let analysis = pipeline.analyze(&doc)?;
    Ok(analysis
        .recognition
        .mentions
        .iter()
        .filter(|m| !in_compound(&document.text, m.span) && m.how != How::Description)
        .map(|m| {
            let entity = pipeline.gazetteer().entity(m.entities[0]);
            let kind = if publishes(entity) && is_publication(&document.text, m.span) {
                "PROD"
            } else {
                entity_type(entity.kind)
            };
            (m.span, kind)
        })
        .chain(
            analysis
                .recognition
                .unknown_people
                .iter()
                .filter(|person| !in_compound(&document.text, person.span))
                .map(|person| (person.span, "PER")),
        )
        .collect())
}

/// Whether a span is a part of a hyphen compound (`RBK-keeperen`, `Viking-Brann`).
fn in_compound(text: &str, span: Span) -> bool {
    let (before, after) = (&text[..span.start()], &text[span.end()..]);
    (after.starts_with('-') && after[1..].starts_with(char::is_alphanumeric))
        || (before.ends_with('-') && before[..before.len() - 1].ends_with(char::is_alphanumeric))
}

/// The gold and predicted spans of one type in one document.
struct Comparison<'d> {
    document: &'d ConllDocument,
    kind: &'static str,
    gold: Vec<Span>,
    predicted: Vec<Span>,
}

impl<'d> Comparison<'d> {
    fn new(
        document: &'d ConllDocument,
        predicted: &[(Span, &str)],
        kind: &'static str,
    ) -> Comparison<'d> {
        Comparison {
            document,
            kind,
            gold: document
                .entities
                .iter()
                .filter(|(_, k)| k == kind)
                .map(|&(r, _)| r)
                .collect(),
            predicted: predicted
                .iter()
                .filter(|(_, k)| *k == kind)
                .map(|&(r, _)| r)
                .collect(),
        }
    }

    /// Adds the exact and lenient counts to the type's totals.
    fn add_to(&self, slot: &mut TypeScores) {
        let (gold, pred) = (&self.gold, &self.predicted);
        slot.exact.add(SpanScores::count(gold, pred));
        let pred_hits = pred
            .iter()
            .filter(|p| gold.iter().any(|g| p.overlaps(*g)))
            .count();
        let gold_hits = gold
            .iter()
            .filter(|&&g| pred.iter().any(|p| p.overlaps(g)))
            .count();
        slot.lenient_predicted.add(SpanScores {
            gold: gold.len(),
            predicted: pred.len(),
            matched: pred_hits,
        });
        slot.lenient_gold.add(SpanScores {
            gold: gold.len(),
            predicted: pred.len(),
            matched: gold_hits,
        });
    }

    /// Lists missed, then spurious spans in their line while `errors` has fewer than
    /// `max_errors` entries.
    fn list_errors(&self, max_errors: usize, errors: &mut Vec<String>) {
        let (document, kind) = (self.document, self.kind);
        let (gold, pred) = (&self.gold, &self.predicted);
        for g in gold.iter().filter(|g| !pred.contains(g)) {
            if errors.len() < max_errors {
                errors.push(format!(
                    "{} missed {kind}: {}",
                    document.name,
                    in_line(&document.text, *g)
                ));
            }
        }
        for p in pred.iter().filter(|p| !gold.contains(p)) {
            if errors.len() < max_errors {
                errors.push(format!(
                    "{} spurious {kind}: {}",
                    document.name,
                    in_line(&document.text, *p)
                ));
            }
        }
    }
}

/// The line of a span, the span in `[brackets]`.
fn in_line(text: &str, r: Span) -> String {
    let line_start = text[..r.start()].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[r.end()..]
        .find('\n')
        .map_or(text.len(), |i| r.end() + i);
    format!(
        "{}[{}]{}",
        &text[line_start..r.start()],
        &text[r],
        &text[r.end()..line_end]
    )
}

/// An oracle gazetteer from gold names: every PER name a player, every ORG name a club, so that
/// matching can be measured apart from coverage. A name goes in under the type the gold gives it
/// most often; a genitive of another gold name (`Vikings` next to `Viking`) is left to the matcher.
pub fn oracle_entities(documents: &[ConllDocument]) -> Vec<Entity> {
    let names: BTreeMap<(EntityKind, String), bool> = tag_counts(documents)
        .iter()
        .filter_map(|(surface, kinds)| {
            let (kind, place_named) = oracle_kind(kinds)?;
            Some(((kind, surface.to_string()), place_named))
        })
        .collect();
    let mut entities: Vec<Entity> = Vec::new();
    let mut ids = HashSet::new();
    for ((kind, name), place_named) in &names {
        if genitive_stem(name).is_some_and(|stem| names.contains_key(&(*kind, stem.to_string()))) {
            continue;
        }
        let base = format!("{}:{}", kind.id_prefix(), crate::gazetteer::slug(name));
        let attrs = if *place_named {
            vec![("city".to_string(), name.clone())]
        } else {
            Vec::new()
        };
        entities.push(Entity {
            id: unique_id(&mut ids, base),
            kind: *kind,
            name: name.clone(),
            aliases: Vec::new(),
            attrs,
        });
    }
    entities
}

/// How often each surface is tagged with each type.
fn tag_counts(documents: &[ConllDocument]) -> BTreeMap<&str, BTreeMap<&str, usize>> {
    let mut tagged: BTreeMap<&str, BTreeMap<&str, usize>> = BTreeMap::new();
    for document in documents {
        for (range, kind) in &document.entities {
            *tagged
                .entry(&document.text[*range])
                .or_default()
                .entry(kind.as_str())
                .or_default() += 1;
        }
    }
    tagged
}

/// The kind a surface goes in as, from its tag counts, and whether it is a team named after its
/// place; `None` when it stays out. A name goes in when PER and ORG tags are at least as many as
/// the others ("Sofia" the city is not a person); an ORG name also tagged as a place is a team
/// named after its place ("Norge", "Tromsø"), written down with that city so the recogniser can
/// tell "i Tromsø" from "Tromsø vant".
fn oracle_kind(kinds: &BTreeMap<&str, usize>) -> Option<(EntityKind, bool)> {
    let count = |kind: &str| kinds.get(kind).copied().unwrap_or(0);
    let (per, org) = (count("PER"), count("ORG"));
    // A name tagged ORG where it acts and PROD where it is what was published is a paper
    // or a channel ("til VG Nett", "(VG Nett)").
    let media = org > 0 && count("PROD") > 0;
    let named = per + org + if media { count("PROD") } else { 0 };
    let other: usize = kinds.values().sum::<usize>() - named;
    let place_named = kinds.keys().any(|k| k.starts_with("GPE") || *k == "LOC");
    if named == 0 || (named < other && !(org > 0 && place_named)) {
        return None;
    }
    let kind = if per > org {
        EntityKind::Player
    } else if media {
        EntityKind::Media
    } else {
        EntityKind::Club
    };
    Some((kind, kind == EntityKind::Club && place_named))
}

/// `base`, or `base-2`, `base-3`, ... when taken; the id returned is added to `ids`.
fn unique_id(ids: &mut HashSet<String>, base: String) -> String {
    let mut id = base.clone();
    let mut n = 2;
    while !ids.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_are_publications_where_read_and_organisations_where_they_act() {
        let cases = [
            ("sier han til VG.", "VG", false),
            ("VG skriver at", "VG", false),
            ("Foto: Aftenposten", "Aftenposten", false),
            ("skrev han i Aftenposten:", "Aftenposten", true),
            ("I The Observer sier han", "The Observer", true),
            ("fest i 1991, ifølge Dagsavisen.", "Dagsavisen", false),
            ("ivrig leser av Aftenposten venter jeg", "Aftenposten", true),
            ("sier han til avisen Bild.", "Bild", false),
            ("(VG Nett)", "VG Nett", true),
        ];
        for (text, name, publication) in cases {
            let at = text.find(name).unwrap();
            assert_eq!(
                is_publication(text, Span::new(at, at + name.len())),
                publication,
                "{text}"
            );
        }
    }

    #[test]
    fn agencies_and_broadcasters_never_stand_for_a_publication() {
        let medium = |kind: EntityKind, media_type: &str| Entity {
            id: "media:x".into(),
            kind,
            name: "X".into(),
            aliases: vec![],
            attrs: vec![("type".into(), media_type.into())],
        };
        assert!(publishes(&medium(EntityKind::Media, "paper")));
        assert!(publishes(&medium(EntityKind::Media, "")));
        assert!(!publishes(&medium(EntityKind::Media, "agency")));
        assert!(!publishes(&medium(EntityKind::Media, "broadcaster")));
        assert!(!publishes(&medium(EntityKind::Organisation, "league")));
    }

    #[test]
    fn oracle_takes_a_name_tagged_org_and_prod_as_media() {
        let document = |text: &str, tags: &[(&str, &str)]| ConllDocument {
            name: "x".into(),
            text: text.into(),
            entities: tags
                .iter()
                .map(|(name, tag)| {
                    let at = text.find(name).unwrap();
                    (Span::new(at, at + name.len()), tag.to_string())
                })
                .collect(),
        };
        let documents = [
            document("sa han til VG Nett.", &[("VG Nett", "ORG")]),
            document(
                "(VG Nett) Viking vant.",
                &[("VG Nett", "PROD"), ("Viking", "ORG")],
            ),
            document(
                "(VG Nett) Brann tapte.",
                &[("VG Nett", "PROD"), ("Brann", "ORG")],
            ),
        ];
        let kinds: Vec<(String, EntityKind)> = oracle_entities(&documents)
            .into_iter()
            .map(|e| (e.name, e.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("Brann".to_string(), EntityKind::Club),
                ("Viking".to_string(), EntityKind::Club),
                ("VG Nett".to_string(), EntityKind::Media),
            ]
        );
    }
}
