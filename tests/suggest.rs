//! `kampfakta gazetteer suggest`: the names our own small reports give that no gazetteer knows,
//! written as a folder that loads back as a gazetteer.

use crate::common::{column, kampfakta, read};

/// The suggestions of the fixture reports into a folder, with these threads.
fn suggest(out: &std::path::Path, threads: &str) -> std::process::Output {
    kampfakta(&[
        "gazetteer",
        "suggest",
        "tests/data/suggest",
        "--out",
        out.to_str().unwrap(),
        "--threads",
        threads,
        "--quiet",
    ])
}

#[test]
fn suggest_writes_a_gazetteer_folder_that_loads_back() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new");
    let run = suggest(&out, "1");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let review = read(&out.join("suggestions.csv"));
    assert_eq!(
        column(&review, "name"),
        [
            "Eskil Havdal",
            "Fjellvik",
            "Tobias Lygre",
            "Oskar Fjærli",
            "Sverre Oddløkken",
            "Gaute Tverås"
        ]
    );
    assert_eq!(
        column(&review, "kind"),
        ["player", "club", "player", "player", "official", "official"]
    );
    assert_eq!(
        read(&out.join("players.csv")),
        "id,name,aliases,club,nationality,position,birth_date\n\
         player:eskil-havdal,Eskil Havdal,Havdal,club:fjellvik,,,\n\
         player:tobias-lygre,Tobias Lygre,Lygre,club:fjellvik,,,\n\
         player:oskar-fjærli,Oskar Fjærli,Fjærli,club:sogndal,,,\n"
    );
    assert_eq!(
        read(&out.join("clubs.csv")),
        "id,name,aliases,country,city\nclub:fjellvik,Fjellvik,,,\n"
    );
    assert_eq!(
        read(&out.join("officials.csv")),
        "id,name,aliases,role\n\
         official:sverre-oddløkken,Sverre Oddløkken,Oddløkken,referee\n\
         official:gaute-tverås,Gaute Tverås,Tverås,coach\n"
    );
    insta::assert_snapshot!("suggest_review", review);

    // The folder loads over the shipped gazetteers without a problem or a warning, and the
    // names it adds are recognised.
    let check = kampfakta(&[
        "gazetteer",
        "check",
        out.to_str().unwrap(),
        "--with-defaults",
    ]);
    let stdout = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{stdout}");
    assert!(stdout.contains("0 problems"), "{stdout}");
    assert!(stdout.contains("columns not read): 0\n"), "{stdout}");
    let again = dir.path().join("again");
    let rerun = kampfakta(&[
        "gazetteer",
        "suggest",
        "tests/data/suggest",
        "--out",
        again.to_str().unwrap(),
        "--gazetteer",
        out.to_str().unwrap(),
        "--with-defaults",
        "--quiet",
    ]);
    assert!(rerun.status.success());
    assert_eq!(
        column(&read(&again.join("suggestions.csv")), "name"),
        Vec::<String>::new(),
        "with the suggestions loaded, nothing is left to suggest"
    );
}

#[test]
fn suggest_is_the_same_for_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    assert!(suggest(&one, "1").status.success());
    assert!(suggest(&two, "2").status.success());
    for file in [
        "players.csv",
        "clubs.csv",
        "officials.csv",
        "suggestions.csv",
    ] {
        assert_eq!(read(&one.join(file)), read(&two.join(file)), "{file}");
    }
}
