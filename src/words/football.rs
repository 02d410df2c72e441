//! The football vocabulary: one list of word roots, each marked with where it counts. Read by
//! `topic` (is a document football? match words, and the weaker words of football news) and by
//! recognition (is a sentence about sport, so that `Norge` in it is the team?).

use std::sync::LazyLock;

/// Where a football word counts as evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Telling a football document from a film review: a football word proper.
    pub(crate) document: bool,
    /// Telling a sentence about sport from one about the country or town: any sports word.
    pub(crate) sentence: bool,
    /// Weaker evidence of a football document: a word of the news around the matches (clubs,
    /// contracts, supporters), which reviews of sports films and games use too.
    pub(crate) news: bool,
}

const BOTH: Reach = Reach {
    document: true,
    sentence: true,
    news: false,
};
const DOCUMENT: Reach = Reach {
    document: true,
    sentence: false,
    news: false,
};
const SENTENCE: Reach = Reach {
    document: false,
    sentence: true,
    news: false,
};
const NEWS: Reach = Reach {
    document: false,
    sentence: false,
    news: true,
};
/// A news word that also makes a town the club in its sentence ("gamle klubb Norwich").
const NEWS_AND_SENTENCE: Reach = Reach {
    document: false,
    sentence: true,
    news: true,
};

/// Word roots of football writing and where each counts. A root counts where it starts a word of
/// the folded text (`Fotballens`, not `Bordfotball`).
///
/// In a document (the glance and the football check of `topic`), a long document needs two
/// distinct roots: a film review that says "bom" or "sjanse" in passing may say `kampen` or
/// `treneren`, rarely both. In a sentence (recognition), one sports root, a word containing
/// `kamp` or a score makes a country or town the team named after it.
///
/// The news roots are the words of transfers, coaches, clubs and supporters: a football document
/// that is no match report has few match words, and these add to its evidence; they are weak
/// (a review of a football film says `klubben` and `kontrakten` too), so they count after the
/// match words and only a little. `serien` and `sesongen` are not among them: they are the words
/// of every TV review.
///
/// Keep the order of the document roots when editing: one automaton finds them, and then the
/// news roots, leftmost-first without overlaps, so where two roots match at the same place the
/// one listed first counts (`treningskamp` before `trening`).
pub(crate) const FOOTBALL_WORDS: &[(&str, Reach)] = &[
    ("fotball", BOTH),
    ("landslag", BOTH),
    ("eliteserie", DOCUMENT),
    ("tippeligaen", DOCUMENT),
    ("keeper", BOTH),
    ("målvakt", DOCUMENT),
    ("spiss", DOCUMENT),
    ("midtbane", DOCUMENT),
    ("stopper", DOCUMENT),
    ("scoret", DOCUMENT),
    ("scoring", DOCUMENT),
    ("utlign", DOCUMENT),
    ("utlikn", DOCUMENT),
    ("omgang", BOTH),
    ("straffespark", DOCUMENT),
    ("frispark", DOCUMENT),
    ("corner", DOCUMENT),
    ("hjørnespark", DOCUMENT),
    ("dommer", BOTH),
    ("kampen", DOCUMENT),
    ("seriekamp", DOCUMENT),
    ("cupkamp", DOCUMENT),
    ("tabell", BOTH),
    ("trener", BOTH),
    ("ballen", DOCUMENT),
    ("skudd", DOCUMENT),
    ("pasning", DOCUMENT),
    ("innbytter", DOCUMENT),
    ("tilskuer", DOCUMENT),
    ("stadion", DOCUMENT),
    ("kvalifisering", DOCUMENT),
    ("skåra", DOCUMENT),
    ("målsjanse", DOCUMENT),
    ("startellever", DOCUMENT),
    ("kamptropp", DOCUMENT),
    ("lagoppstilling", DOCUMENT),
    ("treningskamp", DOCUMENT),
    ("landskamp", DOCUMENT),
    ("bortekamp", DOCUMENT),
    ("hjemmekamp", DOCUMENT),
    ("serierunde", DOCUMENT),
    ("serieåpning", DOCUMENT),
    ("opprykk", DOCUMENT),
    ("nedrykk", DOCUMENT),
    ("toppscorer", DOCUMENT),
    ("cupfinale", DOCUMENT),
    ("venstreback", DOCUMENT),
    ("høyreback", DOCUMENT),
    ("midtstopper", DOCUMENT),
    ("kantspiller", DOCUMENT),
    ("hjemmelag", DOCUMENT),
    ("bortelag", DOCUMENT),
    // Nynorsk
    ("trenar", DOCUMENT),
    ("dommar", DOCUMENT),
    ("heimelag", DOCUMENT),
    ("innbytar", DOCUMENT),
    ("tilskodar", DOCUMENT),
    ("skotet", DOCUMENT),
    ("scora", DOCUMENT),
    ("utjamn", DOCUMENT),
    // Football news: transfers, coaches, clubs, supporters, leagues.
    ("overgang", NEWS),
    ("kontrakt", NEWS),
    ("signer", NEWS),
    ("klubb", NEWS_AND_SENTENCE),
    ("supporter", NEWS),
    ("tribune", NEWS),
    ("garderobe", NEWS),
    ("spillerne", NEWS),
    ("lagkamerat", NEWS),
    ("kaptein", NEWS),
    ("trening", NEWS),
    ("hovedtrener", NEWS),
    ("sportssjef", NEWS),
    ("kunstgress", NEWS),
    ("cupen", NEWS),
    ("ligaen", NEWS),
    ("obos", NEWS),
    ("divisjon", NEWS),
    ("seriemester", NEWS),
    ("serieleder", NEWS),
    ("seriegull", NEWS),
    ("nederlag", NEWS),
    // General sports words: enough to make a country the team in a sentence ("Norge vant"),
    // too general to make a document football.
    ("kamp", SENTENCE),
    ("mål", SENTENCE),
    ("scor", SENTENCE),
    ("skår", SENTENCE),
    ("seier", SENTENCE),
    ("siger", SENTENCE),
    ("tap", SENTENCE),
    ("vant", SENTENCE),
    ("vinn", SENTENCE),
    ("vann", SENTENCE),
    ("slo", SENTENCE),
    ("møte", SENTENCE),
    ("favoritt", SENTENCE),
    ("gruppe", SENTENCE),
    ("vm", SENTENCE),
    ("em", SENTENCE),
    ("kvalik", SENTENCE),
    ("kvalifis", SENTENCE),
    ("poeng", SENTENCE),
    ("spill", SENTENCE),
    ("spilt", SENTENCE),
    ("debut", SENTENCE),
    ("spel", SENTENCE),
    ("serie", SENTENCE),
    ("cup", SENTENCE),
    ("finale", SENTENCE),
    ("uavgjort", SENTENCE),
    ("ledelse", SENTENCE),
    ("bortebane", SENTENCE),
    ("banehalv", SENTENCE),
    ("hjemmebane", SENTENCE),
    ("sluttspill", SENTENCE),
    ("straffe", SENTENCE),
    ("lag", SENTENCE),
    ("angrep", SENTENCE),
    ("forsvar", SENTENCE),
];

/// Roots of the other sports whose reports read like football's (`kampen`, `keeperen`, `scoret`,
/// `dommeren`): a document that uses them often, and far more often than the words only football
/// has, is that sport's (a hockey final, a handball championship, an NHL game; `topic` holds the
/// thresholds), though a football report may name another sport in passing. Matched where they
/// start a folded word.
pub(crate) const OTHER_SPORT_ROOTS: &[&str] = &[
    "håndball",
    "handball",
    "ishockey",
    "hockey",
    "puck",
    "stanley cup",
    "nhl",
    "bandy",
    "innebandy",
    "basketball",
    "volleyball",
    "curling",
    "langrenn",
    "skiskyt",
    "skihopp",
    "alpint",
    "friidrett",
    "tennis",
    "golf",
    "sykkelritt",
    "boksing",
    "bryting",
    "svømming",
    "formel 1",
    "sjakk",
];

/// Roots of reviews: films, books, music, stage, television and games. A document that uses one
/// is written about a work, and the football words in it (a novel's `fotballspiller`, a game's
/// `frispark`) are what the work is about; see `topic` for what that withholds. Matched where
/// they start a folded word.
pub(crate) const REVIEW_ROOTS: &[&str] = &[
    "film",
    "regissør",
    "regissert",
    "skuespill",
    "roman",
    "novelle",
    "dikt",
    "boka",
    "boken",
    "bøker",
    "lydbok",
    "forfatter",
    "forlag",
    "tegneserie",
    "album",
    "plata",
    "plater",
    "låta",
    "låtene",
    "sangen",
    "sanger",
    "vokal",
    "gitar",
    "konsert",
    "forestilling",
    "teater",
    "dokumentar",
    "kino",
    "episode",
    "tv-serie",
    "dramaserie",
    "netflix",
    "anmeld",
    "konsoll",
    "playstation",
    "xbox",
    "nintendo",
    "spillserie",
    "grafikk",
];

/// The document roots only football uses, which the other sports' reports do not: weighed against
/// [`OTHER_SPORT_ROOTS`]. `scoring` is not among them (a handball report counts `scoringer`).
pub(crate) const FOOTBALL_ONLY_ROOTS: &[&str] = &[
    "fotball",
    "eliteserie",
    "tippeligaen",
    "spiss",
    "midtbane",
    "straffespark",
    "frispark",
    "corner",
    "hjørnespark",
];

/// The roots that count in a document, in list order.
pub(crate) static DOCUMENT_ROOTS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| roots(|r| r.document));

/// The news roots, weaker evidence of a football document, in list order.
pub(crate) static NEWS_ROOTS: LazyLock<Vec<&'static str>> = LazyLock::new(|| roots(|r| r.news));

/// The roots that count in a sentence, in list order.
pub(crate) static SENTENCE_ROOTS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| roots(|r| r.sentence));

/// A word that makes a sentence about sport wherever it stands in a word (`fotballkamp`,
/// `landskampen`).
pub(crate) const SENTENCE_INFIX: &str = "kamp";

/// The words with [`SENTENCE_INFIX`] (or the root `kamp`) in them that are no match: a
/// campaign, war (`kampanjen`, `valgkampanje`, `kampfly`, `kampvogner`, `kamphandlingene`,
/// `kampsonen`); parts of the folded word, which then is no sports word.
pub(crate) const NOT_A_MATCH_WITH_INFIX: &[&str] =
    &["kampanj", "kampfly", "kampvogn", "kamphandling", "kampsone"];

fn roots(counts: fn(Reach) -> bool) -> Vec<&'static str> {
    FOOTBALL_WORDS
        .iter()
        .filter(|(_, reach)| counts(*reach))
        .map(|(root, _)| *root)
        .collect()
}

/// The nouns for a goalkeeper, Bokmål and Nynorsk, as the ends of words: `@keeper` in a cue
/// takes a word ending in one of them (`keeperen`, `målvakta`, `Molde-keeperen`,
/// `reservekeeperen`) as well as a recognised goalkeeper's name.
pub(crate) const KEEPER_NOUN_ENDINGS: &[&str] = &[
    "keeper",
    "keeperen",
    "keepere",
    "keeperne",
    "keepar",
    "keeparen",
    "målvakt",
    "målvakten",
    "målvakta",
    "målvakter",
    "målmann",
    "målmannen",
    "sisteskanse",
    "sisteskansen",
    "burvokter",
    "burvokteren",
];

/// Whether a folded word is a keeper noun (see [`KEEPER_NOUN_ENDINGS`]).
pub(crate) fn is_keeper_noun(word: &str) -> bool {
    KEEPER_NOUN_ENDINGS.iter().any(|e| word.ends_with(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The glance keeps one bit per document or news root in a `u128`.
    #[test]
    fn document_roots_fit_the_glance() {
        let glanced = DOCUMENT_ROOTS.len() + NEWS_ROOTS.len();
        assert!(glanced <= 128, "{glanced}");
        assert!(NEWS_ROOTS.contains(&"kontrakt") && !DOCUMENT_ROOTS.contains(&"kontrakt"));
        assert!(SENTENCE_ROOTS.contains(&"fotball") && DOCUMENT_ROOTS.contains(&"fotball"));
        assert!(!DOCUMENT_ROOTS.contains(&"vant") && !SENTENCE_ROOTS.contains(&"kampen"));
        for root in FOOTBALL_ONLY_ROOTS {
            assert!(
                DOCUMENT_ROOTS.contains(root),
                "{root} is counted as a document root"
            );
        }
    }
}
