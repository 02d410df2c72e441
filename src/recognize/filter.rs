//! Which raw matches are names: the checks that tell a gazetteer form used as a name from the same
//! letters used otherwise (a country that is not the team, a ground, part of a longer name the
//! gazetteer does not know, a common word opening a sentence). Each rule is one method of
//! [`NameFilter`], tried in order.

use super::candidates::RawMatch;
use super::nouns::role;
use super::places::{football_word_opens, is_place_named, is_sports_sentence, opens_a_dateline};
use super::{sentence_at, How, OneOrMore};
use crate::gazetteer::{EntityKind, Gazetteer};
use crate::ids::{EntityId, SentenceId};
use crate::segment::{fold, Segmented, Sentence, Token};
use crate::span::Span;
use crate::text::{
    is_capitalised, is_dash, is_name_gap, is_shouted, leading_word, next_word_start, one_dash,
    previous_word, used_in_lower_case,
};
// Looked up once per match: a fast hasher matters, and keys are not hostile.
use crate::words::names::{GROUNDS, NOT_FIRST_NAMES};
use rustc_hash::FxHashMap as HashMap;

/// The checks that tell a gazetteer form used as a name from the same letters used otherwise.
pub(super) struct NameFilter<'a> {
    gazetteer: &'a Gazetteer,
    text: &'a str,
    sentences: &'a [Sentence],
    /// The document's tokens; a sentence's are `&tokens[sentence.tokens]`.
    tokens: &'a [Token],
    /// Start offsets of all matches, sorted. The offsets of these tables are `u32`, as a token's
    /// are: a long report has a match for every 80 bytes of text, and the tables are alive with
    /// the matches.
    starts: Vec<u32>,
    /// End offsets of all matches, sorted.
    ends: Vec<u32>,
    /// End offsets of the matches of several words ("Ruben Gabrielsen"), sorted.
    full_name_ends: Vec<u32>,
    /// The one-word matches that are only people's aliases (surnames): start offset and
    /// candidate entities, sorted by start.
    surnames: Vec<(u32, OneOrMore<EntityId>)>,
    /// Per sentence: whether a match other than a place-named team is in it.
    other_names: Vec<bool>,
    /// Per sentence, once needed: whether it is about football.
    sports: Vec<Option<bool>>,
    /// Per one-word form opening a sentence: whether the document writes it in lower case.
    lower_case: HashMap<&'a str, bool>,
    /// Surnames the document gives somebody the gazetteer does not know ("Jonah Adeyemo" when
    /// the gazetteer has another Adeyemo), folded: the surname alone is that person too.
    namesakes: Vec<String>,
    /// Entities the document names by a form of several words (their full name).
    named_in_full: Vec<EntityId>,
    /// Organisations the document names as a game's title ("Fifa 14"): every match of them
    /// there is the game ("Årets utgave av Fifa").
    game_titles: Vec<EntityId>,
    /// Start offsets of the matches that are such a game's title, sorted: a surname after one is
    /// part of the title ("FIFA Street").
    game_title_starts: Vec<u32>,
}

/// An offset into the text as the filter's tables hold it.
///
/// # Panics
/// Past [`MAX_TEXT_BYTES`](crate::segment::MAX_TEXT_BYTES), which segmentation refuses first.
fn offset(at: usize) -> u32 {
    u32::try_from(at).expect("a text of at most MAX_TEXT_BYTES")
}

/// Most words of a name before its surname (`Lise Aasland Riise`).
const MOST_WORDS_BEFORE_SURNAME: usize = 3;

/// What the filter makes of a gazetteer match.
pub(super) enum Verdict {
    Name,
    NotAName,
    /// Somebody the gazetteers do not know, named here (the span): `Jonah Adeyemo`, and
    /// `Adeyemo` after it, are not the gazetteer's Adeyemo.
    UnknownPerson(Span),
}

/// Whether an organisation's name is the title of a game: followed by a two-digit edition
/// ("Fifa 14"; a four-digit year is a season, "Eliteserien 2019"), or in capitals where the
/// organisation's name is not (papers write the federation "Fifa"; "FIFA 2003", "FIFA-serien"
/// are EA's games).
fn names_a_game(gazetteer: &Gazetteer, text: &str, m: &RawMatch) -> bool {
    // Every match of a document comes here: the text is read only for organisations.
    let organisation =
        |&(e, _): &(EntityId, bool)| gazetteer.entity(e).kind == EntityKind::Organisation;
    if !m.candidates.iter().all(organisation) {
        return false;
    }
    let after = &text.as_bytes()[m.span.end()..];
    let edition = matches!(after, [b' ', a, b, rest @ ..]
        if a.is_ascii_digit() && b.is_ascii_digit() && !rest.first().is_some_and(u8::is_ascii_alphanumeric));
    let surface = m.surface(text);
    let shouted = is_shouted(surface);
    m.candidates
        .iter()
        .all(|&(e, is_name)| edition || shouted && is_name && gazetteer.entity(e).name != surface)
}

/// A raw match with what the rules read around it.
struct Site<'t> {
    /// The sentence the match is in.
    sentence: SentenceId,
    /// The form as written, without a genitive ending or the rest of a compound.
    surface: &'t str,
    single_word: bool,
    /// Where the next word starts and its letters, if only spaces come before it.
    next_word: Option<(usize, &'t str)>,
}

impl<'a> NameFilter<'a> {
    /// The filter for one document's matches (all of them, sorted, before any is dropped).
    pub(super) fn new(
        gazetteer: &'a Gazetteer,
        document: &'a Segmented<'_>,
        matches: &[RawMatch],
    ) -> Self {
        let (text, sentences) = (document.text, &document.sentences[..]);
        let mut filter = NameFilter {
            gazetteer,
            text,
            sentences,
            tokens: &document.tokens,
            starts: matches.iter().map(|m| offset(m.span.start())).collect(),
            ends: {
                let mut ends: Vec<u32> = matches.iter().map(|m| offset(m.span.end())).collect();
                ends.sort_unstable();
                ends
            },
            full_name_ends: {
                let mut ends: Vec<u32> = matches
                    .iter()
                    .filter(|m| m.surface(text).contains([' ', '\n']))
                    .map(|m| offset(m.name().end()))
                    .collect();
                ends.sort_unstable();
                ends
            },
            surnames: matches
                .iter()
                .filter(|m| is_surname_match(gazetteer, text, m))
                .map(|m| {
                    let candidates: Vec<EntityId> = m.candidates.iter().map(|c| c.0).collect();
                    (offset(m.span.start()), candidates.into())
                })
                .collect(),
            other_names: vec![false; sentences.len()],
            sports: vec![None; sentences.len()],
            lower_case: HashMap::default(),
            namesakes: Vec::new(),
            named_in_full: {
                let mut named: Vec<EntityId> = matches
                    .iter()
                    .filter(|m| m.surface(text).contains([' ', '\n']))
                    .flat_map(|m| m.candidates.iter().map(|c| c.0))
                    .collect();
                named.sort_unstable();
                named.dedup();
                named
            },
            game_titles: matches
                .iter()
                .filter(|m| names_a_game(gazetteer, text, m))
                .flat_map(|m| m.candidates.iter().map(|c| c.0))
                .collect(),
            game_title_starts: Vec::new(),
        };
        filter.game_title_starts = matches
            .iter()
            .filter(|m| filter.a_game(m))
            .map(|m| offset(m.span.start()))
            .collect();
        let named: Vec<SentenceId> = matches
            .iter()
            .filter(|m| !filter.place_only(m))
            .map(|m| filter.sentence_of(m.span.start()))
            .collect();
        for sentence in named {
            filter.other_names[sentence.index()] = true;
        }
        let namesakes: Vec<String> = matches
            .iter()
            .filter(|m| is_surname_match(gazetteer, text, m))
            .filter(|m| {
                let site = filter.site(m);
                filter.after_unknown_first_name(m, &site)
            })
            .map(|m| fold(m.surface(text)))
            .collect();
        filter.namesakes = namesakes;
        filter
    }

    /// What a match is: a name, or not; the rules are tried in order and the first that objects
    /// drops it. A surname dropped as somebody the gazetteers do not know is that person.
    pub(super) fn judge(&mut self, m: &RawMatch) -> Verdict {
        let site = self.site(m);
        if self.place_without_football(m, &site)
            || opens_a_dateline(self.text, m.span)
            || names_a_ground(&site)
            || self.a_game(m)
            || self.after_a_game_title(m, &site)
            || self.part_of_longer_name(m, &site)
        {
            Verdict::NotAName
        } else if self.after_unknown_first_name(m, &site) {
            self.named_with_unknown_first_name(m)
                .map_or(Verdict::NotAName, Verdict::UnknownPerson)
        } else if self.surname_of_a_namesake(m, &site) {
            Verdict::UnknownPerson(m.span)
        } else if self.common_word_opening_sentence(m, &site) {
            Verdict::NotAName
        } else {
            Verdict::Name
        }
    }

    /// The whole name of a person the gazetteers do not know, when a surname of theirs follows
    /// his first names (`Jonah Adeyemo`, `Lise Aasland Riise`): capitalised words back to the
    /// farthest that is a first name of the gazetteers' people, so that `Wall Street` or
    /// `Florida Keys` is no one.
    fn named_with_unknown_first_name(&self, m: &RawMatch) -> Option<Span> {
        let people_only = m
            .candidates
            .iter()
            .all(|&(e, is_name)| !is_name && self.gazetteer.entity(e).kind.is_person());
        if !people_only {
            return None;
        }
        let mut first = None;
        let mut at = m.span.start();
        for _ in 0..MOST_WORDS_BEFORE_SURNAME {
            let Some(start) = self.capitalised_word_before(at) else {
                break;
            };
            if self
                .gazetteer
                .is_first_name(leading_word(&self.text[start..]))
            {
                first = Some(start);
            }
            at = start;
        }
        first.map(|start| Span::new(start, m.span.end()))
    }

    /// A surname alone that the document gives in full to somebody the gazetteer does not know
    /// ("Jonah Adeyemo ... Adeyemo nikket inn") is that person, unless the document also names
    /// one of the gazetteer's people of that surname in full.
    fn surname_of_a_namesake(&self, m: &RawMatch, site: &Site) -> bool {
        !self.namesakes.is_empty()
            && site.single_word
            && is_surname_match(self.gazetteer, self.text, m)
            && self.namesakes.contains(&fold(site.surface))
            && !m
                .candidates
                .iter()
                .any(|c| self.named_in_full.binary_search(&c.0).is_ok())
    }

    fn site(&self, m: &RawMatch) -> Site<'a> {
        let text = self.text;
        let surface = m.surface(text);
        Site {
            sentence: self.sentence_of(m.span.start()),
            surface,
            single_word: !surface.contains(' '),
            next_word: next_word_start(text, m.span.end())
                .map(|next| (next, leading_word(&text[next..]))),
        }
    }

    fn sentence_of(&self, offset: usize) -> SentenceId {
        sentence_at(self.sentences, offset)
    }

    fn is_match_at(&self, at: usize) -> bool {
        self.starts.binary_search(&offset(at)).is_ok()
    }

    /// Whether only punctuation and spaces come between the start of a sentence and `offset`.
    fn opens_sentence(&self, sentence: SentenceId, offset: usize) -> bool {
        self.text
            .get(self.sentences[sentence].span.start()..offset)
            .is_some_and(|before| !before.chars().any(char::is_alphanumeric))
    }

    /// Whether the surnames at `a` and `b` belong to different people: "Martin Bengtsson" is
    /// neither David Martin nor Pontus Bengtsson, while "Mos Abdellaoue" is Mostafa Abdellaoue.
    fn two_people(&self, a: usize, b: usize) -> bool {
        let candidates = |at: usize| {
            self.surnames
                .binary_search_by_key(&offset(at), |s| s.0)
                .ok()
                .map(|i| &self.surnames[i].1)
        };
        match (candidates(a), candidates(b)) {
            (Some(a), Some(b)) => !a.iter().any(|e| b.contains(e)),
            _ => false,
        }
    }

    /// Whether a name is one side of a match header, a spaced dash and another name away from the
    /// other side, also across a line break: "(Frankrike\n- Nigeria 2-0)", "KROATIA – PORTUGAL".
    /// Not "Danmark-Norge" or "Østerrike-Ungarn", which are compounds.
    fn in_header_pair(&self, m: &RawMatch) -> bool {
        let separator = |c: char| c.is_whitespace() || is_dash(c);
        let joins = |between: &str| one_dash(between) && between.contains(char::is_whitespace);
        let after = &self.text[m.span.end()..];
        let next = self.text.len() - after.trim_start_matches(separator).len();
        let forward = joins(&self.text[m.span.end()..next]) && self.is_match_at(next);
        let previous_end = self.text[..m.span.start()]
            .trim_end_matches(separator)
            .len();
        let backward = joins(&self.text[previous_end..m.span.start()])
            && self.ends.binary_search(&offset(previous_end)).is_ok();
        forward || backward
    }

    fn place_only(&self, m: &RawMatch) -> bool {
        let surface = m.surface(self.text);
        m.candidates
            .iter()
            .all(|&(e, _)| is_place_named(self.gazetteer, e, surface))
    }

    /// "Uruguay-spissen": a team with a player's role is the team.
    fn team_with_role(&self, m: &RawMatch) -> bool {
        m.how == How::Compound && {
            let head = leading_word(self.text[m.span.end()..].trim_start_matches('-'));
            role(&fold(head)).is_some()
        }
    }

    fn is_sports(&mut self, sentence: SentenceId) -> bool {
        let (text, sentences, tokens) = (self.text, self.sentences, self.tokens);
        *self.sports[sentence.index()]
            .get_or_insert_with(|| is_sports_sentence(text, tokens, &sentences[sentence]))
    }

    /// A country or town named as a team needs football around it: "Norge møter Island" is the
    /// team, "Norge bidrar til fattigdomsreduksjon" the country.
    fn place_without_football(&mut self, m: &RawMatch, site: &Site) -> bool {
        if !self.place_only(m) || self.team_with_role(m) || self.in_header_pair(m) {
            return false;
        }
        let sports = self.is_sports(site.sentence);
        if !self.other_names[site.sentence.index()] && !sports {
            return true;
        }
        // "Norges største supporterklubb": a country's genitive is the country unless a
        // football word follows ("Norges gruppe", "Norges landslag").
        m.how == How::Genitive && {
            let sentence_end = self.sentences[site.sentence].span.end().max(m.span.end());
            !football_word_opens(&self.text[m.span.end()..sentence_end])
        }
    }

    /// An organisation's name in a document that names a game after it (`Fifa 14`).
    fn a_game(&self, m: &RawMatch) -> bool {
        m.candidates
            .iter()
            .all(|(e, _)| self.game_titles.contains(e))
    }

    /// A surname right after a game's title is part of the title: "FIFA Street" is no Street.
    fn after_a_game_title(&self, m: &RawMatch, site: &Site) -> bool {
        if self.game_title_starts.is_empty() || !site.single_word {
            return false;
        }
        let (previous_start, previous) = previous_word(self.text, m.span.start());
        is_surname_match(self.gazetteer, self.text, m)
            && is_name_gap(&self.text[previous_start + previous.len()..m.span.start()])
            && self
                .game_title_starts
                .binary_search(&offset(previous_start))
                .is_ok()
    }

    /// A one-word name followed by another capitalised word is part of a longer name the
    /// gazetteer does not know: "Chelsea Clinton", "Martin Bengtsson" (also when the two
    /// words are the surnames of two other players). A team's genitive ends its name:
    /// "Rosenborgs Andreas Nordvik" is Rosenborg's player, but "Jonas Nerdal" is not Jona's.
    fn part_of_longer_name(&self, m: &RawMatch, site: &Site) -> bool {
        let team_genitive = m.how == How::Genitive
            && m.candidates
                .iter()
                .all(|&(e, _)| self.gazetteer.entity(e).kind.is_team());
        if !site.single_word || m.how == How::Compound || team_genitive {
            return false;
        }
        site.next_word.is_some_and(|(next, word)| {
            is_capitalised(word)
                && (!self.is_match_at(next) || self.two_people(m.span.start(), next))
        })
    }

    /// A surname after a first name the entity does not have is somebody else ("Frode Hansen"
    /// is not the Hansen in the gazetteer); a one-word team after another capitalised word is
    /// part of a longer name ("Great Inagua Island"), unless that word opens the sentence.
    fn after_unknown_first_name(&self, m: &RawMatch, site: &Site) -> bool {
        let persons = m
            .candidates
            .iter()
            .all(|&(e, _)| self.gazetteer.entity(e).kind.is_person());
        let alias_only = m.candidates.iter().all(|&(_, is_name)| !is_name);
        if persons && alias_only && self.after_other_initial(m) {
            return true;
        }
        let Some(previous_start) = self.capitalised_word_before(m.span.start()) else {
            return false;
        };
        (persons && alias_only)
            || (!persons && site.single_word && !self.opens_sentence(site.sentence, previous_start))
    }

    /// Whether a surname follows an initial that none of its people's names starts with: "Siri
    /// A. Meling", "June R. Johansen" are somebody else; "T. Müller" may be Thomas Müller.
    fn after_other_initial(&self, m: &RawMatch) -> bool {
        let Some(before) = self.text[..m.span.start()].strip_suffix(' ') else {
            return false;
        };
        let Some(initial) = before.strip_suffix('.').and_then(|b| {
            let letter = b.chars().next_back()?;
            let ahead = b[..b.len() - letter.len_utf8()].chars().next_back();
            (letter.is_uppercase() && ahead.is_none_or(|c| !c.is_alphanumeric())).then_some(letter)
        }) else {
            return false;
        };
        !m.candidates.iter().any(|&(e, _)| {
            self.gazetteer
                .entity(e)
                .name
                .split_whitespace()
                .any(|word| word.starts_with(initial))
        })
    }

    /// Where the word before `start` starts, if it is a capitalised word that may begin a longer
    /// name with the one at `start` (only spaces between, not a sentence opener or title).
    fn capitalised_word_before(&self, start: usize) -> Option<usize> {
        let (previous_start, previous) = previous_word(self.text, start);
        let previous_end = previous_start + previous.len();
        let capitalised = is_capitalised(previous)
            && is_name_gap(&self.text[previous_end..start])
            && self.sentence_of(previous_start) == self.sentence_of(start)
            && !NOT_FIRST_NAMES.contains(&previous.to_lowercase().as_str())
            && (!self.is_match_at(previous_start) || self.two_people(previous_start, start))
            // "felte Ruben Gabrielsen Bendtner": a full name, then another player.
            && self.full_name_ends.binary_search(&offset(previous_end)).is_err()
            // "Rosenborgs Nordvik" is a known club's genitive, a match above; "Lagets Nordvik"
            // opening a sentence is a noun's. "Hans Aasen" and "Hells Angels" are somebody else.
            && (!previous.ends_with('s')
                || self.gazetteer.is_first_name(previous)
                || !self.opens_sentence(self.sentence_of(previous_start), previous_start));
        capitalised.then_some(previous_start)
    }

    /// A one-word name opening a sentence that the document also writes in lower case is a
    /// common word there: "Barnet vil bli nummer tre".
    fn common_word_opening_sentence(&mut self, m: &RawMatch, site: &Site<'a>) -> bool {
        let text = self.text;
        self.opens_sentence(site.sentence, m.span.start())
            && site.single_word
            && *self
                .lower_case
                .entry(site.surface)
                .or_insert_with(|| used_in_lower_case(text, site.surface))
    }
}

/// "Brann stadion": the ground, not the club.
fn names_a_ground(site: &Site) -> bool {
    site.next_word
        .is_some_and(|(_, word)| GROUNDS.contains(&fold(word).as_str()))
}

/// A one-word match that can only be a person's alias, as a surname is.
fn is_surname_match(gazetteer: &Gazetteer, text: &str, m: &RawMatch) -> bool {
    !m.surface(text).contains([' ', '\n'])
        && m.candidates
            .iter()
            .all(|&(e, is_name)| !is_name && gazetteer.entity(e).kind.is_person())
}

#[cfg(test)]
mod tests {
    use crate::recognize::tests::{check, m};

    #[test]
    fn places_are_teams_in_football_sentences() {
        check(vec![
            (
                "Italia slo Manchester, og vi bodde i Manchester og i Italia.",
                vec![
                    m("Italia", "national:italia", "exact"),
                    m("Manchester", "club:city", "alias"),
                ],
            ),
            // A genitive after "i" or "på" is not the place.
            (
                "Favoritter i Italias gruppe, men vi bodde i Italia.",
                vec![m("Italias", "national:italia", "genitive")],
            ),
            // A campaign is no match, a landskamp is.
            ("Italia støtter kampanjen mot landminer.", vec![]),
            (
                "Italia vant landskampen.",
                vec![m("Italia", "national:italia", "exact")],
            ),
        ]);
    }

    #[test]
    fn longer_names_the_gazetteer_does_not_know() {
        check(vec![
            // Two surnames of different people side by side: a name the gazetteer does not know.
            ("King Balotelli kom.", vec![]),
            // A full name, then another player: subject and object.
            (
                "Så felte Ledley King Balotelli.",
                vec![
                    m("Ledley King", "player:king", "exact"),
                    m("Balotelli", "player:balotelli", "alias"),
                ],
            ),
            // A first name that ends in s is not a genitive: Ole Gunnar is not "Hans".
            ("Hans Solskjær var der.", vec![]),
            // The document's own Solskjær: the surname alone is him, not the gazetteer's.
            ("Per Solskjær kom inn. Solskjær scoret.", vec![]),
            (
                "Per Solskjær kom inn. Ole Gunnar Solskjær og Solskjær.",
                vec![
                    m("Ole Gunnar Solskjær", "player:ogs", "exact"),
                    m("Solskjær", "player:ogs", "alias"),
                ],
            ),
            // An initial that is not the player's: somebody else of that surname.
            ("Foto: Per K. Solskjær.", vec![]),
            (
                "Foto: O. Solskjær.",
                vec![m("Solskjær", "player:ogs", "alias")],
            ),
            (
                "Brynes Solskjær var der.",
                vec![m("Solskjær", "player:ogs", "alias")],
            ),
            // A genitive ends its name: the club's player, named in full or not.
            (
                "Her er Rosenborgs Andreas Nordvik.",
                vec![m("Rosenborgs", "club:rbk", "genitive")],
            ),
            ("Rosenborg Ballklubb vant.", vec![]),
        ]);
    }

    #[test]
    fn an_organisation_that_titles_a_game_is_the_game_throughout() {
        check(vec![
            ("Fifa 14 er her. Årets utgave av Fifa er god.", vec![]),
            ("Et nytt FIFA-spill. Fifa er et spill.", vec![]),
            // A surname after the title is part of it.
            ("«FIFA Balotelli» er et nytt spill.", vec![]),
            (
                "Fifa straffet klubben i 2014.",
                vec![m("Fifa", "organisation:fifa", "exact")],
            ),
        ]);
    }

    #[test]
    fn common_words_opening_sentences() {
        check(vec![
            (
                "- Touré kom, sa han.",
                vec![m("Touré", "player:yaya|player:kolo", "ambiguous")],
            ),
            ("- King kom. Han var en king.", vec![]),
        ]);
    }
}
