//! Whether a document is about football: a [`Glance`] at its text before any other stage sets
//! most long documents without football words aside, and [`is_football_document`] weighs the
//! evidence the stages found (names, clubs, a match header, kinds of events) after classification.
//!
//! It lives outside `classify` because it runs on both sides of the stages: the glance before
//! segmentation, the check after the events are known.

use crate::classify::EventKind;
use crate::gazetteer::{EntityKind, Gazetteer};
use crate::recognize::{How, Recognition};
use crate::segment::MAX_SCORE_DIGITS;
use crate::words::football::{
    DOCUMENT_ROOTS, FOOTBALL_ONLY_ROOTS, NEWS_ROOTS, OTHER_SPORT_ROOTS, REVIEW_ROOTS,
};
use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use std::sync::LazyLock;

/// Documents with fewer words than this, or of one sentence, are taken as football: a caption or
/// a sentence has no room for evidence, and an analyst who feeds one in means it.
const SHORT_DOCUMENT_WORDS: usize = 40;

/// A long document about football uses at least this many football roots: a film review
/// can say "kampen" (the fight) or "treneren", rarely two of them.
const LONG_DOCUMENT_ROOTS: usize = 2;

/// How many bytes at the start of a text are its header and lead, where a report states the
/// match's score ("Brann - Viking 2-1").
const LEAD_BYTES: usize = 300;

/// A long document that uses the words of another sport at least this often, and more than
/// [`OTHER_SPORT_RATIO`] times as often as the words only football has, is about that sport: a
/// hockey final's "kampen", "keeperen" and "scoret" are no football report's. Below it, another
/// sport named in passing ("som i håndballen") changes nothing.
const OTHER_SPORT_WORDS: usize = 3;

/// See [`OTHER_SPORT_WORDS`]: a sports page that names swimming three times and football once is
/// still read for its football.
const OTHER_SPORT_RATIO: usize = 3;

/// The evidence a long document needs to be football: its distinct roots, plus up to
/// [`NEWS_EVIDENCE`] for words of football news, [`MATCH_HEADER_EVIDENCE`] for a match header, up
/// to [`NAMED_EVIDENCE`] for players and teams named, [`CLUBS_EVIDENCE`] for several clubs named,
/// one per kind of event it reports, and one per distinct word only football has
/// ([`Glance::football_only_roots`]) unless it uses a word of reviews. A film review whose "skudd"
/// and "kampen" make a chance and a foul, and whose "Robinson" is a player, stays below it.
const FOOTBALL_EVIDENCE: usize = 8;

/// What a match header ("Brann - Viking 2-1", giving the home and away teams) adds to the
/// evidence: it is the surest sign of a match report.
const MATCH_HEADER_EVIDENCE: usize = 2;

/// At most this much evidence comes from names of players and teams: names alone are weak
/// evidence (a film review's "Robinson").
const NAMED_EVIDENCE: usize = 3;

/// At most this much evidence comes from the news roots (`klubben`, `kontrakt`, `supporterne`):
/// reviews of football films and games use them too.
const NEWS_EVIDENCE: usize = 1;

/// A document naming this many distinct clubs talks about football clubs: transfers, a coach
/// leaving one for another, the table. Reviews seldom name two.
const CLUBS_NAMED: usize = 2;

/// What [`CLUBS_NAMED`] distinct clubs add to the evidence.
const CLUBS_EVIDENCE: usize = 2;

/// What a look at the text, before any other stage, tells about a document: whether it is short,
/// and the distinct football word roots and news roots that start a word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Glance {
    /// Few words, or a single sentence: such a document is taken as football.
    pub short: bool,
    /// The distinct football word roots the text uses, plus one for a score in its lead.
    pub roots: usize,
    /// The distinct news roots the text uses (`overgang`, `klubb`, `supporter`): weaker
    /// evidence, which counts only once the roots let the document through.
    pub news: usize,
    /// How often the text uses a word of another sport (`håndball`, `pucken`, `NHL`).
    pub other_sport: usize,
    /// How often the text uses a word only football has (`fotball`, `frispark`, `spissen`).
    pub football_only: usize,
    /// The distinct words only football has that the text uses.
    pub football_only_roots: usize,
    /// Whether the text uses a word of reviews (`filmen`, `romanen`, `albumet`, `konsollen`).
    pub review: bool,
}

impl Glance {
    /// `folded` is [`crate::segment::fold`] of `text`.
    pub fn new(text: &str, folded: &str) -> Glance {
        static ROOTS: LazyLock<AhoCorasick> = LazyLock::new(|| {
            // A DFA: it reads every byte of every document, and the roots are few.
            AhoCorasick::builder()
                .kind(Some(AhoCorasickKind::DFA))
                .match_kind(MatchKind::LeftmostFirst)
                .build(
                    DOCUMENT_ROOTS
                        .iter()
                        .chain(NEWS_ROOTS.iter())
                        .chain(OTHER_SPORT_ROOTS)
                        .chain(REVIEW_ROOTS),
                )
                .expect("the football roots are a small fixed list")
        });
        static FOOTBALL_ONLY_BITS: LazyLock<u128> = LazyLock::new(|| {
            DOCUMENT_ROOTS
                .iter()
                .enumerate()
                .filter(|(_, root)| FOOTBALL_ONLY_ROOTS.contains(root))
                .fold(0, |bits, (at, _)| bits | 1 << at)
        });
        let glanced = DOCUMENT_ROOTS.len() + NEWS_ROOTS.len();
        // One bit per root seen: a document counts each root once. The news roots come after
        // the document roots, and the other sports' and the reviews' roots, counted apart, after
        // them.
        let first_review_root = glanced + OTHER_SPORT_ROOTS.len();
        let mut seen: u128 = 0;
        let (mut other_sport, mut football_only, mut review) = (0, 0, false);
        for found in ROOTS.find_iter(folded) {
            let at_word_start = folded[..found.start()]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            if !at_word_start {
                continue;
            }
            let root = found.pattern().as_usize();
            if root >= first_review_root {
                review = true;
            } else if root >= glanced {
                other_sport += 1;
            } else {
                seen |= 1 << root;
                football_only += usize::from(*FOOTBALL_ONLY_BITS & 1 << root != 0);
            }
        }
        let document_bits = (1u128 << DOCUMENT_ROOTS.len()) - 1;
        Glance {
            short: text
                .split_ascii_whitespace()
                .nth(SHORT_DOCUMENT_WORDS - 1)
                .is_none()
                || !has_sentence_break(text.trim()),
            // A score in the header or lead ("Brann - Viking 2-1") counts as one more football
            // word.
            roots: (seen & document_bits).count_ones() as usize
                + usize::from(has_score(lead(text))),
            news: (seen & !document_bits).count_ones() as usize,
            other_sport,
            football_only,
            football_only_roots: (seen & *FOOTBALL_ONLY_BITS).count_ones() as usize,
            review,
        }
    }

    /// Whether the other stages can find this document to be football: a long document with fewer
    /// than two football words cannot, nor one about another sport, and is skipped without
    /// segmenting it (most of a general news or review corpus).
    pub fn may_be_football(self) -> bool {
        self.short || self.roots >= LONG_DOCUMENT_ROOTS && !self.about_another_sport()
    }

    /// Whether the text uses another sport's words often, and far more often than football's own.
    pub fn about_another_sport(self) -> bool {
        self.other_sport >= OTHER_SPORT_WORDS
            && self.other_sport > OTHER_SPORT_RATIO * self.football_only
    }

    /// Whether the text has no football word, match or news, and no score in its lead.
    pub fn without_football_words(self) -> bool {
        self.roots == 0 && self.news == 0
    }
}

/// Leaves out the people and teams a short text of several sentences without football words names
/// by one word (an alias, a country, a town, a genitive, a compound) or by a name several share:
/// there such a name is no evidence of football (`Justin` of an album review is not FPL's James
/// Justin, `Slovenia` of a song contest is the country, `Halsey` the singer). The text is still
/// read, and a full name kept unless several share it (`Michael Jackson`); a single sentence
/// keeps all (an analyst who feeds in one means it: `Kvisvik felte Moe`). Papers and
/// organisations are what they are in any text.
pub fn keep_sure_names_only(gazetteer: &Gazetteer, text: &str, recognition: &mut Recognition) {
    recognition.mentions.retain(|m| {
        let kinds = || m.entities.iter().map(|&e| gazetteer.entity(e).kind);
        let full_name = text[m.span].contains(' ');
        let players = kinds().all(|kind| kind == EntityKind::Player);
        let people_or_teams = kinds().all(|kind| kind.is_person() || kind.is_team());
        !people_or_teams
            || match m.how {
                // A player's one-word name (`Ronaldinho`) is his own; a team's is a place's too.
                How::Exact | How::Context | How::Description => players || full_name,
                How::Alias => full_name,
                How::Genitive | How::Compound | How::Ambiguous => false,
            }
    });
}

/// The first [`LEAD_BYTES`] of a text, where a report puts its header and lead.
fn lead(text: &str) -> &str {
    let mut end = text.len().min(LEAD_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Whether the text has a score: one or two digits, a dash (`-` or `–`, a space allowed on each
/// side) and one or two digits, not part of a longer number, a date or a range.
fn has_score(text: &str) -> bool {
    let bytes = text.as_bytes();
    let glue = |b: &u8| matches!(b, b'.' | b',' | b':' | b'/' | b'-');
    let digits_before = |end: usize| {
        let count = bytes[..end]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let glued = end > count && glue(&bytes[end - count - 1]);
        (1..=MAX_SCORE_DIGITS).contains(&count) && !glued
    };
    let digits_after = |start: usize| {
        let count = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let glued = bytes.get(start + count).is_some_and(glue)
            && bytes.get(start + count + 1).is_some_and(u8::is_ascii_digit);
        (1..=MAX_SCORE_DIGITS).contains(&count) && !glued
    };
    text.match_indices(['-', '–']).any(|(at, dash)| {
        let end = if at > 0 && bytes[at - 1] == b' ' {
            at - 1
        } else {
            at
        };
        let after = at + dash.len();
        let start = if bytes.get(after) == Some(&b' ') {
            after + 1
        } else {
            after
        };
        digits_before(end) && digits_after(start)
    })
}

/// A line break, or a full stop, question or exclamation mark followed by a space and a capital
/// letter: a cheap sign of more than one sentence (an abbreviation can fake one, which only makes
/// a long sentence need evidence).
fn has_sentence_break(text: &str) -> bool {
    text.contains('\n')
        || text.match_indices(['.', '!', '?']).any(|(at, _)| {
            let mut rest = text[at + 1..].chars();
            rest.next() == Some(' ') && rest.next().is_some_and(char::is_uppercase)
        })
}

/// Whether a document is about football: short, or with enough evidence (distinct football word
/// roots, news roots, a match header, named teams or players, several clubs, kinds of events). The
/// pipeline drops the events and mentions of other documents: on the 43,437 NoReC reviews this
/// keeps the football reports and drops nearly all of the film, music and game reviews.
pub fn is_football_document(
    gazetteer: &Gazetteer,
    glance: Glance,
    recognition: &Recognition,
    event_kinds: &[EventKind],
) -> bool {
    if glance.short {
        return true;
    }
    if !glance.may_be_football() {
        return false;
    }
    let named_mentions = || {
        recognition.mentions.iter().filter(|m| {
            matches!(
                m.how,
                How::Exact | How::Alias | How::Genitive | How::Context
            )
        })
    };
    // Referees and papers are named in other stories too; players and teams are football. A
    // player counts by his full name or linked by the match: with 47,000 people, a surname
    // alone (Day, Street, Kings) is in every music and game review.
    let named = named_mentions()
        .filter(|m| {
            m.entities.iter().any(|&e| {
                let kind = gazetteer.entity(e).kind;
                kind.is_team()
                    || kind == EntityKind::Player && matches!(m.how, How::Exact | How::Context)
            })
        })
        .count();
    let mut clubs: Vec<_> = named_mentions()
        .filter_map(|m| match m.entities.as_slice() {
            [e] if gazetteer.entity(*e).kind == EntityKind::Club => Some(*e),
            _ => None,
        })
        .collect();
    clubs.sort();
    clubs.dedup();
    let mut kinds: Vec<EventKind> = event_kinds.to_vec();
    kinds.sort();
    kinds.dedup();
    let evidence = glance.roots
        + glance.news.min(NEWS_EVIDENCE)
        + if recognition.context.home.is_some() {
            MATCH_HEADER_EVIDENCE
        } else {
            0
        }
        + named.min(NAMED_EVIDENCE)
        + if clubs.len() >= CLUBS_NAMED {
            CLUBS_EVIDENCE
        } else {
            0
        }
        + kinds.len()
        // Football news without a match or a known name (players on their artificial turf, the
        // league's cold pitches) says `fotball` and `Tippeligaen`: words of reviews of football
        // books, films and games too, so they count only where no review word is.
        + if glance.review {
            0
        } else {
            glance.football_only_roots
        };
    evidence >= FOOTBALL_EVIDENCE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_glance_sets_long_documents_without_football_words_aside() {
        let glance = |text: &str| Glance::new(text, &crate::segment::fold(text));
        let review = "Filmen er lang og tung. ".repeat(10) + "Kampen mellom brødrene bærer den.";
        assert!(!glance(&review).short);
        assert_eq!(glance(&review).roots, 1, "kampen");
        assert!(
            !glance(&review).may_be_football(),
            "one football word is chance"
        );
        let report = review.replace("bærer den", "ble avgjort av en scoring fra midtbanen");
        assert_eq!(glance(&report).roots, 3, "kampen, scoring, midtbane");
        assert!(glance(&report).may_be_football());
        assert_eq!(
            glance("Fotballens venner: ").roots,
            1,
            "a root starts a word, in any case"
        );
        assert_eq!(glance("Bordfotball").roots, 0);
        let hockey = "Laget spilte godt i kveld, og publikum fikk valuta for pengene. ".repeat(4)
            + "Keeperen tok pucken. Keeperen tok pucken. Kampen i NHL endte 3-2.";
        assert!(glance(&hockey).about_another_sport(), "pucken, pucken, NHL");
        assert!(!glance(&hockey).may_be_football());
        let football = hockey.clone() + " Spissen scoret på frispark, og fotballen vant.";
        assert!(
            !glance(&football).about_another_sport(),
            "spissen, frispark, fotballen: three times football's own words"
        );
        let turf = glance("Fotball på kunstgress i Tippeligaen: fotballen og spissen.");
        assert_eq!(turf.football_only_roots, 3, "fotball, tippeligaen, spiss");
        assert!(!turf.review);
        assert!(glance("Romanen om fotballen").review);
        assert_eq!(glance("Brann - Viking 2-1").roots, 1, "a score in the lead");
        assert_eq!(glance("Brann - Viking 2 - 1").roots, 1);
        for no_score in [
            "1.-2. mai",
            "2011-12",
            "S01 E01",
            "12-15.30",
            "kl. 19.00-21.00",
        ] {
            assert_eq!(glance(no_score).roots, 0, "{no_score}");
        }
    }

    #[test]
    fn a_glance_counts_news_roots_apart_from_match_words() {
        for (name, text, roots, news) in [
            (
                "transfer words",
                "Klubben signerte kontrakten etter overgangen.",
                0,
                4,
            ),
            ("each news root once", "Klubben og klubbens klubbhus.", 0, 1),
            (
                "a news root starts a word",
                "Nattklubben og jazzklubben.",
                0,
                0,
            ),
            (
                "a match word listed before a news root wins",
                "Treningskampen etter treningen.",
                1,
                1,
            ),
            (
                "supporters and artificial turf",
                "Supporterne liker ikke kunstgresset.",
                0,
                2,
            ),
        ] {
            let glance = Glance::new(text, &crate::segment::fold(text));
            assert_eq!((glance.roots, glance.news), (roots, news), "{name}");
        }
        let news = "Klubben har signert en ny kontrakt med spilleren. ".repeat(10);
        let glance = Glance::new(&news, &crate::segment::fold(&news));
        assert!(
            !glance.may_be_football(),
            "news roots alone do not let a long document through"
        );
    }

    /// Football news without a match (a new coach, supporters' trouble) is football: its clubs and
    /// news words make up for the match words it lacks. A review that says `kampen`, `skudd`,
    /// `kontrakt` and `klubben` is not.
    #[test]
    fn football_news_is_football_and_reviews_are_not() {
        let pipeline = crate::Pipeline::new().expect("the shipped data loads");
        for (name, text, football) in [
            (
                "a coach moving between clubs",
                "Viking har funnet sin nye trener. Klubben presenterte i dag Morten Jensen, som \
                 kommer fra Brann etter fire år der. Kontrakten gjelder i tre år. – Jeg vil ha et \
                 lag som spiller modig fotball, sa Jensen da han møtte spillerne for første gang. \
                 Både Molde og Rosenborg skal også ha vært interessert i ham i vinter.",
                true,
            ),
            (
                "supporters and their clubs",
                "Supporterne reagerte kraftig etter helgens bråk i Oslo. Vålerenga tok sterk \
                 avstand fra sangene på tribunen, og Brann ba om et møte med klubben allerede \
                 mandag. – Slikt hører ikke hjemme i fotballen, sa styrelederen i Brann. \
                 Lillestrøm har varslet at de vil stenge et felt av tribunen til neste hjemmekamp \
                 på Åråsen.",
                true,
            ),
            (
                "players against their artificial turf, no club or player named",
                "Spillerne er lei av kunstgresset. – Det er ikke fotball å spille på dette \
                 underlaget om vinteren, sier spissen. Han mener treneren burde ha flyttet \
                 treningen innendørs. Flere lag i Tippeligaen har bygget haller de siste årene, og \
                 kampen om de beste spillerne handler også om forholdene. Nå vil spillergruppen \
                 ta saken opp med styret før sesongen starter.",
                true,
            ),
            (
                "the same words in a book review",
                "Spillerne er lei av kunstgresset. – Det er ikke fotball å spille på dette \
                 underlaget om vinteren, sier spissen. Han mener treneren burde ha flyttet \
                 treningen innendørs. Flere lag i Tippeligaen har bygget haller de siste årene, og \
                 kampen om de beste spillerne handler også om forholdene. Slik åpner boka, og \
                 resten holder ikke samme nivå.",
                false,
            ),
            (
                "a film review with a fight, shots and a contract",
                "Filmen følger en aldrende bokser i Chicago som har én siste kamp igjen. Kampen \
                 mot den unge utfordreren blir brutal, og når de første skuddene faller i \
                 bakgården, forstår vi at kontrakten han signerte var et løfte til mafiaen. \
                 Klubben der han trener om kveldene, er nedslitt og kald. Regissøren gir oss \
                 likevel varme, og skuespillerne er gode hele veien.",
                false,
            ),
            (
                "a hockey final",
                "Rangers tapte den første finalekampen i Stanley Cup etter spilleforlengelse. \
                 Keeperen slapp inn pucken tre ganger, og treneren var skuffet etter kampen. \
                 – Vi hadde mange sjanser, sa kapteinen. Rangers skal ta igjen tapet på \
                 hjemmebane, der pucken har gått deres vei hele sluttspillet. Neste kamp \
                 spilles natt til onsdag norsk tid, og da må skuddene gå inn.",
                false,
            ),
            (
                "a football report that names another sport in passing",
                "Brann slo Viking 2-1 etter et frispark i det 88. minutt. Keeperen var sjanseløs, \
                 og treneren roste laget etter kampen. – Dette var fotball, sa han, og la til at \
                 håndballjentene på Bergenshallen også fortjente ros. Spissen scoret på \
                 corner etter pause, og Viking fikk aldri tak på midtbanen.",
                true,
            ),
            (
                "a novel about a boy who wants to play football",
                "Romanen handler om en ung mann som drømmer om å bli fotballspiller. Treneren i \
                 den lokale klubben tror ikke på ham, og kontrakten han håper på kommer aldri. \
                 Forfatteren skildrer oppveksten med varme og humor, og språket er presist og \
                 levende. Dette er en bok om vennskap, skam og det å gi opp en drøm, mer enn om \
                 sport.",
                false,
            ),
        ] {
            let document = crate::Document::new(name, text);
            assert_eq!(
                pipeline.analyze(&document).unwrap().football,
                football,
                "{name}"
            );
        }
    }
}
