//! `kampfakta show` and `extract --html`: the pages of the samples and of the reference article
//! (snapshots), what the reference article's page must show, escaping, nesting on any text, and
//! the page in a real browser (headless Chromium, Debian's `chromium`).

use crate::common::{extract, kampfakta, missing, read, shared, shared_path, PIPELINE};
use kampfakta::export::html::{page, page_file_name};
use kampfakta::Document;
use proptest::prelude::*;
use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Output};

/// `kampfakta show INPUTS --out OUT --quiet EXTRA...`
fn show(inputs: &[&str], out: &Path, extra: &[&str]) -> Output {
    let mut args: Vec<&OsStr> = vec![OsStr::new("show")];
    args.extend(inputs.iter().map(OsStr::new));
    args.extend([OsStr::new("--out"), out.as_os_str(), OsStr::new("--quiet")]);
    args.extend(extra.iter().map(OsStr::new));
    kampfakta(&args)
}

/// The files of a folder (but kampfakta's store of versions), by name, with their bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
        .filter(|(name, _)| name != ".kampfakta")
        .map(|(name, path)| (name, std::fs::read(path).unwrap()))
        .collect();
    files.sort();
    files
}

/// Checks that every element of a page is closed in the order opened and that no `<` of the
/// text is left unescaped (`<` is always followed by a tag name, `/` or `!`); the contents of
/// `<style>` and `<script>` are skipped.
fn assert_balanced(html: &str) {
    const VOID: [&str; 4] = ["meta", "input", "br", "img"];
    let mut open: Vec<&str> = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest
            .find('>')
            .unwrap_or_else(|| panic!("an unclosed tag: {rest:.80}"));
        let tag = &rest[..end];
        if tag.starts_with('!') {
            rest = &rest[end + 1..];
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let last = open.pop();
            assert_eq!(last, Some(name), "closing </{name}> at {rest:.80}");
            rest = &rest[end + 1..];
            continue;
        }
        let name = tag
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap();
        assert!(
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric()),
            "a bare '<' in the text: <{rest:.80}"
        );
        rest = &rest[end + 1..];
        if name == "style" || name == "script" {
            let close = format!("</{name}>");
            let skip = rest.find(&close).expect("raw text closed");
            rest = &rest[skip + close.len()..];
        } else if !tag.ends_with('/') && !VOID.contains(&name) {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "left open: {open:?}");
}

/// The pages are the same bytes with one worker thread or three, `extract --html` writes the
/// same pages as `show`, and a page and the index are as in their snapshots.
#[test]
fn pages_of_the_samples() {
    let (one, three, extracted) = (
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
        tempfile::tempdir().unwrap(),
    );
    assert!(show(&["data/samples"], one.path(), &["--threads", "1"])
        .status
        .success());
    assert!(show(&["data/samples"], three.path(), &["--threads", "3"])
        .status
        .success());
    assert!(extract(&["data/samples"], extracted.path(), &["--html"])
        .status
        .success());
    let pages = files(one.path());
    assert_eq!(pages.len(), 5, "four documents and the index");
    assert_eq!(files(three.path()), pages);
    assert_eq!(files(&extracted.path().join("html")), pages);
    for (name, bytes) in &pages {
        assert!(name.ends_with(".html"), "{name}");
        assert_balanced(std::str::from_utf8(bytes).unwrap());
    }
    let index = read(&one.path().join("index.html"));
    insta::assert_snapshot!("show_samples_index.html", index);
    let rosenborg = page_file_name("data/samples/rosenborg-molde.txt");
    insta::assert_snapshot!(
        "show_samples_rosenborg-molde.html",
        read(&one.path().join(&rosenborg))
    );
    assert!(index.contains(&format!("<a href=\"{rosenborg}\">")));
}

/// The reference article's page (with the id `seed`), and its mention count.
fn reference_page() -> Option<(String, usize)> {
    let text = shared("seed/kampfakta-mancity-tottenham-2012.txt")?;
    let document = Document::new("seed", text);
    let analysis = PIPELINE.analyze(&document).unwrap();
    let html = page(&analysis, PIPELINE.gazetteer()).html;
    Some((html, analysis.recognition.mentions.len()))
}

#[test]
fn page_of_the_reference_article() {
    let Some((html, _)) = reference_page() else {
        return;
    };
    assert_balanced(&html);
    insta::assert_snapshot!("show_reference.html", html);
}

/// A timeline mark as the page draws it.
#[derive(Debug, PartialEq)]
struct Mark {
    kind: String,
    minute: String,
    side: String,
    sentence: String,
    title: String,
}

/// The timeline's marks, in the order drawn.
fn marks(html: &str) -> Vec<Mark> {
    let value = |element: &str, name: &str| {
        let start = element.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        element[start..start + element[start..].find('"').unwrap()].to_string()
    };
    html.split("<a href=\"#s")
        .skip(1)
        .filter(|piece| piece.contains("class=\"mk "))
        .map(|piece| {
            let element = &piece[..piece.find("</a>").unwrap()];
            let title =
                &element[element.find("<title>").unwrap() + 7..element.find("</title>").unwrap()];
            Mark {
                kind: value(element, "data-kind"),
                minute: value(element, "data-minute"),
                side: value(element, "data-side"),
                sentence: element[..element.find('"').unwrap()].to_string(),
                title: title.to_string(),
            }
        })
        .collect()
}

/// The issue's "done when": the five goals at 56, 59, 60, 65 and 90+ on the right sides, the
/// King foul and the penalty, Balotelli's stamp at 84, every mention linked.
#[test]
fn the_reference_page_shows_the_match() {
    let Some((html, mention_count)) = reference_page() else {
        return;
    };
    let marks = marks(&html);
    let goals: Vec<(&str, &str)> = marks
        .iter()
        .filter(|m| m.kind == "goal")
        .map(|m| (m.minute.as_str(), m.side.as_str()))
        .collect();
    assert_eq!(
        goals,
        [
            ("56", "home"),
            ("59", "home"),
            ("60", "away"),
            ("65", "away"),
            ("90+", "home")
        ]
    );
    let has = |kind: &str, minute: &str, side: &str, who: &str| {
        marks.iter().any(|m| {
            m.kind == kind && m.minute == minute && m.side == side && m.title.contains(who)
        })
    };
    assert!(has("goal", "56", "home", "Samir Nasri"), "{marks:#?}");
    assert!(has("goal", "90+", "home", "Mario Balotelli"), "{marks:#?}");
    assert!(has("foul", "90+", "away", "Ledley King"), "{marks:#?}");
    assert!(
        has("penalty", "90+", "home", "Mario Balotelli"),
        "{marks:#?}"
    );
    assert!(has("foul", "84", "home", "Mario Balotelli"), "{marks:#?}");
    // Each mark links to a sentence of the page, which shows its event beside it.
    for mark in &marks {
        assert!(
            html.contains(&format!("<li id=\"s{}\" class=\"ev", mark.sentence)),
            "{mark:?}"
        );
    }
    // Every mention is marked once, with its entity, and links to a row of the names.
    assert_eq!(html.matches(" data-m=\"").count(), mention_count);
    assert_eq!(mention_count, 36);
    for (at, _) in html.match_indices("href=\"#n") {
        let target = &html[at + 7..];
        let target = &target[..target.find('"').unwrap()];
        assert!(html.contains(&format!("<tr id=\"{target}\">")), "{target}");
    }
    assert!(html
        .contains("data-tip=\"Ledley King · player:ledley-king · player, exact\">Ledley King</a>"));
    assert!(html.contains("data-tip=\"Mario Balotelli · player:mario-balotelli · player, description\">21-åringen</a>"));
    assert!(html.contains("<strong class=\"t\">trampet</strong>"));
}

/// A report holding markup shows it as text, on its page and in the index.
#[test]
fn markup_in_a_report_is_shown_as_text() {
    let text = "Brann - Viking 2-1\n<script>alert(1)</script> Brann scoret i det 12. minutt. \
                \"Vi vant\" & <b onclick='x'>jublet</b> Viking.";
    let document = Document::new("<script>alert('id')</script>\"", text);
    let html = page(&PIPELINE.analyze(&document).unwrap(), PIPELINE.gazetteer()).html;
    assert_balanced(&html);
    assert!(!html.contains("<script") && !html.contains("<b "), "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("&lt;b onclick=&#39;x&#39;&gt;jublet&lt;/b&gt;"));

    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.jsonl");
    let record = serde_json::json!({"id": "../<script>alert(1)</script>", "text": text});
    std::fs::write(&input, format!("{record}\n")).unwrap();
    let out = dir.path().join("out");
    assert!(show(&[input.to_str().unwrap()], &out, &[]).status.success());
    let index = read(&out.join("index.html"));
    assert_balanced(&index);
    assert_eq!(
        index.matches("<script").count(),
        1,
        "the index's own script only"
    );
    assert!(index.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    let names: Vec<String> = files(&out).into_iter().map(|(name, _)| name).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(
        names.iter().all(|n| !n.contains(['<', '/', '\\'])),
        "{names:?}"
    );
}

/// The shipped pipeline for every document, built once: arbitrary text is seldom football.
static EVERY_DOCUMENT: std::sync::LazyLock<kampfakta::Pipeline> =
    std::sync::LazyLock::new(|| PIPELINE.clone().all_documents());

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On any text, football words among arbitrary characters, a page is written, its elements
    /// nest, and every mention is marked once.
    #[test]
    fn any_text_gives_a_well_formed_page(pieces in proptest::collection::vec(prop_oneof![
        Just("Manchester City - Tottenham 3-2\n".to_string()),
        Just("Nasri".to_string()),
        Just(" scoret ".to_string()),
        Just("i det 56. minutt".to_string()),
        Just(" fra ellevemeteren".to_string()),
        Just("Tottenhams ".to_string()),
        Just(". ".to_string()),
        Just("\n".to_string()),
        Just("<&\"'>".to_string()),
        any::<char>().prop_map(String::from),
    ], 0..40)) {
        let text = pieces.concat();
        let document = Document::new("x", text.as_str());
        let analysis = EVERY_DOCUMENT.analyze(&document).unwrap();
        let html = page(&analysis, PIPELINE.gazetteer()).html;
        assert_balanced(&html);
        prop_assert_eq!(html.matches(" data-m=\"").count(), analysis.recognition.mentions.len());
    }
}

/// Headless Chromium, if installed: where it is required (CI), its absence fails the test.
fn chromium() -> Option<&'static str> {
    let found = Command::new("chromium")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        missing("chromium is not installed (apt-get install chromium; .ci/run installs it)");
        return None;
    }
    Some("chromium")
}

/// Opens a page in headless Chromium with `args` (at most two minutes); its standard output and
/// the console messages it logged (Chromium writes each as an `INFO:CONSOLE` line on standard
/// error with `--enable-logging=stderr`).
fn open_in_chromium(program: &str, page: &Path, args: &[&str]) -> (String, Vec<String>) {
    let profile = tempfile::tempdir().unwrap();
    let output = Command::new("timeout")
        .arg("120")
        .arg(program)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(output.status.success(), "chromium failed: {output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let console = stderr
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        console,
    )
}

/// The share of pixels that are not white and the number of distinct colours of a PNG, and its
/// size.
fn png_contents(path: &Path) -> (f64, usize, (u32, u32)) {
    let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    let mut decoder = png::Decoder::new(file);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let samples = info.color_type.samples();
    let pixels = &pixels[..info.buffer_size()];
    let mut colours = std::collections::HashSet::new();
    let mut inked = 0;
    for pixel in pixels.chunks_exact(samples) {
        let rgb = &pixel[..samples.min(3)];
        if rgb.iter().any(|&v| v < 240) {
            inked += 1;
        }
        colours.insert(rgb.to_vec());
    }
    let total = pixels.len() / samples;
    (
        inked as f64 / total as f64,
        colours.len(),
        (info.width, info.height),
    )
}

/// The reference article's page in a real browser: rendered to a PNG that is not blank, with
/// its timeline in the DOM, and no console message (a page of ours logs none: any message is an
/// error, a blocked resource or a violation of its security policy). A page that logs an error
/// must be caught, or the check would check nothing. The index runs its script without error.
#[test]
fn the_reference_page_in_chromium() {
    let Some(reference) = shared_path("seed/kampfakta-mancity-tottenham-2012.txt") else {
        return;
    };
    let Some(program) = chromium() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let control = dir.path().join("control.html");
    std::fs::write(
        &control,
        "<!DOCTYPE html><title>x</title><script>console.error('control')</script>",
    )
    .unwrap();
    let (_, console) = open_in_chromium(program, &control, &["--dump-dom"]);
    assert!(
        console.iter().any(|line| line.contains("control")),
        "a console error goes unseen: {console:?}"
    );

    let site = dir.path().join("site");
    let reference = reference.to_str().unwrap();
    assert!(show(&[reference], &site, &[]).status.success());
    let page = site.join(page_file_name(reference));
    let screenshot = dir.path().join("page.png");
    let (_, console) = open_in_chromium(
        program,
        &page,
        &[
            &format!("--screenshot={}", screenshot.display()),
            "--window-size=1000,1400",
        ],
    );
    assert_eq!(console, Vec::<String>::new());
    let (inked, colours, size) = png_contents(&screenshot);
    assert_eq!(size, (1000, 1400));
    assert!(
        inked > 0.03,
        "a blank screenshot: {inked} of the pixels inked"
    );
    assert!(colours > 32, "a blank screenshot: {colours} colours");

    let (dom, console) = open_in_chromium(program, &page, &["--dump-dom"]);
    assert_eq!(console, Vec::<String>::new());
    assert_eq!(dom.matches("data-kind=\"goal\"").count(), 5, "{dom:.2000}");

    let (dom, console) = open_in_chromium(program, &site.join("index.html"), &["--dump-dom"]);
    assert_eq!(console, Vec::<String>::new());
    assert!(dom.contains("<th scope=\"col\"><button type=\"button\">Report</button></th>"));
}
