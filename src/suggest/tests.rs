use super::*;
use crate::ingest::Document;
use crate::pipeline::Pipeline;
use std::sync::LazyLock;

static PIPELINE: LazyLock<Pipeline> =
    LazyLock::new(|| Pipeline::new().expect("the shipped data loads"));

/// `kind name count team` of the suggestions of some texts, each a document.
fn suggested(texts: &[&str]) -> Vec<String> {
    let mut suggester = Suggester::new();
    for (i, text) in texts.iter().enumerate() {
        let document = Document::new(format!("d{i}"), *text);
        let analysis = PIPELINE.analyze(&document).unwrap();
        suggester.add(document_names(PIPELINE.gazetteer(), &analysis));
    }
    suggester
        .finish(PIPELINE.gazetteer(), 1)
        .iter()
        .map(|s| {
            let team = s.team.as_ref().map_or("-", |(id, _)| id.as_str());
            format!("{} {} {} {team}", s.kind_name(), s.entity.name, s.count)
        })
        .collect()
}

#[test]
fn names_where_reports_mark_people_and_clubs() {
    let table: &[(&str, &[&str], &[&str])] = &[
        (
            "subject of an event verb",
            &["Sondre Vatne Hetland satte inn 2-0 etter en corner."],
            &["player Sondre Vatne Hetland 1 -"],
        ),
        (
            "after a role noun",
            &["Spissen scoret ikke. Brann hentet inn spissen Ola Kvamme og keeper Trond Ulvik."],
            &["player Ola Kvamme 1 -", "player Trond Ulvik 1 -"],
        ),
        (
            "an official after his role",
            &["Dommer Henning Strand Aasen pekte på straffemerket, og trener Per Tollefsrud jublet."],
            &["official Henning Strand Aasen 1 -", "official Per Tollefsrud 1 -"],
        ),
        (
            "a team compound names the team, known or not",
            &["Molde-spissen Jonah Adeyemo traff stolpen før Fjellvik-keeperen Ola Vinje reddet."],
            &[
                "club Fjellvik 1 -",
                "player Jonah Adeyemo 1 club:molde-fk",
                "player Ola Vinje 1 club:fjellvik",
            ],
        ),
        (
            "a surname alone is the full name of the document",
            &["Innbytter Kwame Sæther-Kvarmo kom inn. Sæther-Kvarmo satte inn 3-1."],
            &["player Kwame Sæther-Kvarmo 2 -"],
        ),
        (
            "and of another document when one full name ends with it",
            &["Innbytter Kwame Sæther-Kvarmo kom inn.", "Til slutt scoret Sæther-Kvarmo."],
            &["player Kwame Sæther-Kvarmo 2 -"],
        ),
        (
            "fact lines: goals, cards with clubs and towns, the referee",
            &["Brann - Molde 1-1\nMål: 1-0 Ivar Skogheim (41), 1-1 Leo Brattås (55).\n\
               Gult kort: Ivar Skogheim, Brann; Leo Brattås, Molde.\nDommer: Tore Eikrem, Bergen."],
            &[
                "player Ivar Skogheim 2 club:sk-brann",
                "player Leo Brattås 2 club:molde-fk",
                "official Tore Eikrem 1 -",
            ],
        ),
        (
            "a line-up names its team",
            &["Brann - Molde 1-1\nBrann: Opsvik – Bjørnvik, Kvalsund, Rønnevik, Hetlevik – Strøm.\n\
               Molde scoret, og Brann scoret."],
            &[
                "player Bjørnvik 1 club:sk-brann",
                "player Hetlevik 1 club:sk-brann",
                "player Kvalsund 1 club:sk-brann",
                "player Opsvik 1 club:sk-brann",
                "player Rønnevik 1 club:sk-brann",
                "player Strøm 1 club:sk-brann",
            ],
        ),
        (
            "a full name whose surname the document writes alone, of any trade",
            &["Kampen ble sett av Lise Vormdal fra tribunen. Etter kampen sa Vormdal at Brann vant."],
            &["person Lise Vormdal 2 -"],
        ),
        (
            "a surname before another name is that person, not part of the name",
            &["Kampen startet med Brian Hove i mål. Etter pause felte Hove Kåre Moe."],
            &["player Brian Hove 2 -"],
        ),
        (
            "the body of a team in a compound names the team",
            &["Molde scoret, og jublet gjorde Fjellvik-spillerne og Ørnvik-supporterne ikke."],
            &["club Fjellvik 1 -", "club Ørnvik 1 -"],
        ),
        (
            "the other side of a match is a club",
            &["Molde vant 3-1 over Fjellvik etter scoring på corner, og laget møter Ørnvik i kampen mot Strandvik."],
            &["club Fjellvik 1 -", "club Strandvik 1 -"],
        ),
        (
            "a genitive before an event's noun is the player's, first names and all",
            &["Kampen ble avgjort av Ola Tverrviks scoring og Fjellviks redning, ikke Nasris pasning."],
            &["player Fjellvik 1 -", "player Ola Tverrvik 1 -"],
        ),
        (
            "a noun's genitive opening a sentence is no name",
            &["Kveldens redning kom sent. Sesongens scoring var vakker."],
            &[],
        ),
        (
            "known names, places and sentence openers are left out",
            &["Etter pausen satte Nasri inn 2-0 på Aspmyra. Spissen Balotelli headet i mål."],
            &[],
        ),
    ];
    for (name, texts, expected) in table {
        assert_eq!(suggested(texts), *expected, "{name}");
    }
}
