//! Where one football document names a person or club that no gazetteer in use knows, and what
//! says so: the subject of an event verb (the classifier's unknown actors, `Moe scoret`) or the
//! genitive before an event's noun (`Kvisviks utvisning`), a goal of a fact line (`Mål: 1-0 Moe
//! (41)`), a name after a role noun (`spissen Ola Moe`, `dommer Per Olsen`), a team compound
//! (`Ranheim-spissen Moe`, `Stordal-spillerne`: Ranheim and Stordal are clubs), the other side
//! of a match (`kampen mot Ski`) and a fact line of names (`Brann: Opdal – Bjørnsen, ...`, `Gult
//! kort: Moe, Hansen`, `Dommer: Per Olsen`).

use super::{Evidence, SightingKind};
use crate::classify::{is_name_word, written_inside_a_sentence};
use crate::gazetteer::Gazetteer;
use crate::ids::{EntityId, SentenceId};
use crate::pipeline::Analysis;
use crate::recognize::Mention;
use crate::segment::{is_team_code, Folded, Sentence, Token, TokenKind};
use crate::span::Span;
use crate::text::{is_capitalised, previous_word, used_in_lower_case};
use crate::words::descriptions::{
    PLAYER_TITLE_ENDINGS, POSITIONS, ROLE_NOUNS, SQUAD_NOUNS, TEAM_NOUNS,
};
use crate::words::fact_lines::{is_fact_label_word, GOAL_FACT_LABELS};
use crate::words::football::is_keeper_noun;
use crate::words::names::{
    EVENT_NOUNS, GROUNDS, LOCATIVES, NAME_PARTICLES, NOT_FIRST_NAMES, OFFICIAL_ROLES,
    OFFICIAL_ROLE_ROOTS, OPPONENT_PREPOSITIONS, OPPONENT_WORDS, TITLE_ENDINGS,
};

/// How many words a name after a role noun or in a fact line may have (`Kasper Vindahl Mørk`,
/// `Rafael van der Berg`): a longer run of capitals is a title or a headline.
const MOST_NAME_WORDS: usize = 4;

/// How far into a line its colon may stand for the line to be a fact line of names: a label of
/// up to four words (`Manchester City:`, `Gult kort:`).
const LABEL_TOKENS: usize = 5;

/// How many names a team's line must list to be its line-up (`Brann: Opdal – Bjørnsen, Hansen,
/// Moe ...`), not a label over a sentence (`Foto: NTB Scanpix`, `Kilde: Reuters`).
const LINE_UP_NAMES: usize = 4;

/// The team a sighting names: a gazetteer team, or a club no gazetteer knows, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TeamRef {
    Known(EntityId),
    Unknown(Span),
}

/// One name seen once in a document, with why it is taken for a person or club.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Sighting {
    pub name: Span,
    pub kind: SightingKind,
    pub team: Option<TeamRef>,
    pub evidence: Evidence,
    pub sentence: SentenceId,
}

/// The sightings of one analysed document, in text order, one per name written (a name that
/// two rules find is seen once, as the one that says most: an official over a player).
pub(super) fn sightings(gazetteer: &Gazetteer, analysis: &Analysis<'_>) -> Vec<Sighting> {
    let finder = Finder {
        gazetteer,
        text: &analysis.document.text,
        analysis,
    };
    let mut found = Vec::new();
    for event in &analysis.events {
        if let Some(name) = event.name {
            found.push(Sighting {
                name,
                kind: SightingKind::Player,
                team: event.team.map(TeamRef::Known),
                evidence: Evidence::Event,
                sentence: event.sentence,
            });
        }
    }
    for (index, sentence) in analysis.sentences.iter().enumerate() {
        let id = SentenceId::new(index);
        finder.after_roles(id, sentence, &mut found);
        finder.opponents(id, sentence, &mut found);
        finder.event_owners(id, sentence, &mut found);
        finder.fact_line(id, sentence, &mut found);
        finder.full_names(id, sentence, &mut found);
    }
    // The people recognition found that no gazetteer knows ("Ole Johnny Ødegaard", a
    // gazetteer's surname after first names not its person's): persons, of any trade; after
    // the rules above, whose evidence says more where both see a name.
    for person in &analysis.recognition.unknown_people {
        if finder.text[person.span].contains(' ') {
            found.push(Sighting {
                name: person.span,
                kind: SightingKind::Player,
                team: None,
                evidence: Evidence::FullName,
                sentence: person.sentence,
            });
        }
    }
    // "satte inn 1-0 på Aspmyra": the place, not the scorer; "Begge" opening a sentence, a
    // word the document writes in lower case too.
    let text = finder.text;
    found.retain(|s| {
        let first = text[s.name].split(' ').next().unwrap_or("");
        let ordinary = s.kind != SightingKind::Club
            && used_in_lower_case(text, first)
            && !gazetteer.is_first_name(first);
        let ground = text[s.name]
            .split(' ')
            .any(|w| GROUNDS.contains(&w.to_lowercase().as_str()));
        let place = s.evidence == Evidence::Event && after_place_word(text, s.name.start());
        finder.unknown(s.name) && !(ordinary || ground || place)
    });
    found.sort_by_key(|s| (s.name.start(), std::cmp::Reverse(s.name.end())));
    let mut kept: Vec<Sighting> = Vec::with_capacity(found.len());
    for sighting in found {
        match kept.last_mut() {
            Some(last) if last.name.overlaps(sighting.name) => {
                // "Fjellviks redning": the name another rule took with its genitive is without.
                if text[last.name].strip_suffix('s') == Some(&text[sighting.name])
                    && last.name.start() == sighting.name.start()
                {
                    last.name = sighting.name;
                }
                let official = matches!(sighting.kind, SightingKind::Official(_));
                if official && !matches!(last.kind, SightingKind::Official(_)) {
                    last.kind = sighting.kind;
                    last.evidence = sighting.evidence;
                }
                // The team a compound or line-up names is surer than a sentence's.
                let named = matches!(sighting.evidence, Evidence::TeamCompound | Evidence::LineUp);
                if sighting.team.is_some() && (named || last.team.is_none()) {
                    last.team = sighting.team;
                }
            }
            _ => kept.push(sighting),
        }
    }
    kept
}

struct Finder<'a> {
    gazetteer: &'a Gazetteer,
    text: &'a str,
    analysis: &'a Analysis<'a>,
}

impl Finder<'_> {
    /// Whether no gazetteer in use knows a name: no mention overlaps it and it is no form of
    /// the gazetteers written whole (a form the recognition left out in this sentence, `i
    /// Norge`, is still known).
    fn unknown(&self, name: Span) -> bool {
        let mentions = &self.analysis.recognition.mentions;
        !overlaps_a_mention(mentions, name) && !knows(self.gazetteer, &self.text[name])
    }

    /// `spissen Ola Moe`, `innbytter Moe`, `dommer Per Olsen`, `Ranheim-spissen Moe` (and
    /// `Ranheim-spissen` alone: Ranheim is a club).
    fn after_roles(&self, sentence_id: SentenceId, sentence: &Sentence, found: &mut Vec<Sighting>) {
        let text = self.text;
        let tokens = self.analysis.tokens_of(sentence);
        for (t, token) in tokens.iter().enumerate() {
            let word = &text[token.span()];
            let (head, noun) = match word.rsplit_once('-') {
                Some((head, noun)) => (Some(head), noun),
                None => (None, word),
            };
            let noun = noun.to_lowercase();
            let team_noun = |noun: &str| TEAM_NOUNS.contains(&noun) || SQUAD_NOUNS.contains(&noun);
            let Some(kind) = role_kind(&noun)
                .or_else(|| (head.is_some() && team_noun(&noun)).then_some(SightingKind::Club))
            else {
                continue;
            };
            let mut team = None;
            if let Some(head) = head {
                let head = Span::new(token.span().start(), token.span().start() + head.len());
                team = self.compound_team(tokens, t, head);
                if let Some(TeamRef::Unknown(club)) = team {
                    found.push(Sighting {
                        name: club,
                        kind: SightingKind::Club,
                        team: None,
                        evidence: Evidence::TeamCompound,
                        sentence: sentence_id,
                    });
                }
            }
            if kind == SightingKind::Club {
                continue;
            }
            if let Some(name) = self.name_at(tokens, t + 1) {
                found.push(Sighting {
                    name,
                    kind,
                    team,
                    evidence: if head.is_some() {
                        Evidence::TeamCompound
                    } else {
                        Evidence::Role
                    },
                    sentence: sentence_id,
                });
            }
        }
    }

    /// `kampen mot Ski`, `borte mot Byåsen`, `seier over Stord`, `vant 3-1 over Ski`: the name
    /// after a match word and `mot` or `over` is the other side, a club.
    fn opponents(&self, sentence_id: SentenceId, sentence: &Sentence, found: &mut Vec<Sighting>) {
        let text = self.text;
        let tokens = self.analysis.tokens_of(sentence);
        let lower = |t: &Token| text[t.span()].to_lowercase();
        for (t, token) in tokens.iter().enumerate().skip(1) {
            if !OPPONENT_PREPOSITIONS.contains(&lower(token).as_str()) {
                continue;
            }
            let mut before = t - 1;
            if tokens[before].kind == TokenKind::Score && before > 0 {
                before -= 1;
            }
            if !OPPONENT_WORDS.contains(&lower(&tokens[before]).as_str()) {
                continue;
            }
            if let Some(name) = self.name_at(tokens, t + 1) {
                found.push(Sighting {
                    name,
                    kind: SightingKind::Club,
                    team: None,
                    evidence: Evidence::Opponent,
                    sentence: sentence_id,
                });
            }
        }
    }

    /// `Kvisviks utvisning`, `Ola Moes scoring`: the name in the genitive before an event's noun
    /// is the player's whose event it is.
    fn event_owners(
        &self,
        sentence_id: SentenceId,
        sentence: &Sentence,
        found: &mut Vec<Sighting>,
    ) {
        let text = self.text;
        let tokens = self.analysis.tokens_of(sentence);
        let joined = |a: &Token, b: &Token| text[a.span().end()..b.span().start()] == *" ";
        for t in 0..tokens.len().saturating_sub(1) {
            let (owner, noun) = (&tokens[t], &tokens[t + 1]);
            let word = &text[owner.span()];
            let event = EVENT_NOUNS.contains(&text[noun.span()].to_lowercase().as_str());
            if !event || !joined(owner, noun) || !is_name_word(text, owner) {
                continue;
            }
            let Some(bare) = word.strip_suffix('s').filter(|b| b.chars().count() > 1) else {
                continue;
            };
            // "Dagens scoring": opening a sentence, a noun's genitive is capitalised too; a
            // name is written so inside a sentence as well, or is a first name.
            let opens = tokens[..t]
                .iter()
                .all(|token| token.kind != TokenKind::Word);
            let a_name =
                written_inside_a_sentence(text, bare) || self.gazetteer.is_first_name(bare);
            if opens && !a_name {
                continue;
            }
            // "Ola Moes": first names before the genitive are his; "stoppet Enyeama Benzemas
            // skudd": another surname is another player.
            let mut start = t;
            while start > 0
                && t - start + 1 < MOST_NAME_WORDS
                && is_name_word(text, &tokens[start - 1])
                && self
                    .gazetteer
                    .is_first_name(&text[tokens[start - 1].span()])
                && joined(&tokens[start - 1], &tokens[start])
            {
                start -= 1;
            }
            let end = owner.span().start() + bare.len();
            found.push(Sighting {
                name: Span::new(tokens[start].span().start(), end),
                kind: SightingKind::Player,
                team: None,
                evidence: Evidence::Event,
                sentence: sentence_id,
            });
        }
    }

    /// The team the first part of a compound names (`Molde` of `Molde-spissen`): a gazetteer
    /// team, or a capitalised word that is no form of the gazetteers (a club none knows) and not
    /// the end of a longer name (`Premier League-klubben`).
    fn compound_team(&self, tokens: &[Token], t: usize, head: Span) -> Option<TeamRef> {
        let text = self.text;
        if let Some(team) = team_named(self.gazetteer, &text[head]) {
            return Some(TeamRef::Known(team));
        }
        let after_a_name = t > 0 && {
            let previous = &tokens[t - 1];
            is_name_word(text, previous) && text[previous.span().end()..head.start()] == *" "
        };
        let capitalised = text[head].split('-').all(is_capitalised);
        (capitalised && !after_a_name && !knows(self.gazetteer, &text[head]))
            .then_some(TeamRef::Unknown(head))
    }

    /// The name that starts at token `at`: a run of up to [`MOST_NAME_WORDS`] capitalised words
    /// one space apart (particles inside: `van der`), without a genitive `s` the document also
    /// writes without (`keeper Hansens redning`).
    fn name_at(&self, tokens: &[Token], at: usize) -> Option<Span> {
        let text = self.text;
        let mut end = at;
        while end < tokens.len() && end - at < MOST_NAME_WORDS {
            let token = &tokens[end];
            let joins =
                end == at || text[tokens[end - 1].span().end()..token.span().start()] == *" ";
            let particle = end > at && NAME_PARTICLES.contains(&&text[token.span()]);
            if !joins || !(is_name_word(text, token) || particle) {
                break;
            }
            end += 1;
        }
        while end > at && NAME_PARTICLES.contains(&&text[tokens[end - 1].span()]) {
            end -= 1;
        }
        if end == at {
            return None;
        }
        let mut span = Span::new(tokens[at].span().start(), tokens[end - 1].span().end());
        let letters = text[span].chars().filter(|c| c.is_alphabetic()).count();
        let last = &text[tokens[end - 1].span()];
        // "Guillaume de Seynes'": the genitive of a name ending in s.
        if last.ends_with('\'') {
            span = Span::new(span.start(), span.end() - 1);
        } else if let Some(bare) = last.strip_suffix('s') {
            if bare.chars().count() > 1 && written_inside_a_sentence(text, bare) {
                span = Span::new(span.start(), span.end() - 1);
            }
        }
        (letters >= 2).then_some(span)
    }

    /// `... da Oskar Moe kom til klubben`: capitalised words inside a sentence are a person's
    /// full name, whatever the sentence says of him, when they open with a first name of the
    /// gazetteers' people or when the document also writes the last of them alone, the way
    /// reports name a person in full once and by the surname after (`Moe sa at ...`). Opening
    /// a sentence, they need the first name.
    fn full_names(&self, sentence_id: SentenceId, sentence: &Sentence, found: &mut Vec<Sighting>) {
        let text = self.text;
        let tokens = self.analysis.tokens_of(sentence);
        let first_word = tokens.iter().position(|t| t.kind == TokenKind::Word);
        let mut t = 0;
        while t < tokens.len() {
            let opens_sentence = first_word.is_none_or(|first| t <= first);
            let title = |token: &Token| is_title(text, token);
            let continues = t > 0
                && is_name_word(text, &tokens[t - 1])
                && !title(&tokens[t - 1])
                && text[tokens[t - 1].span().end()..tokens[t].span().start()] == *" ";
            // A sentence's first word is capitalised anyway: there only a first name opens a
            // name ("Alexander Dale Oen vant").
            let opener = opens_sentence && !self.gazetteer.is_first_name(&text[tokens[t].span()]);
            if opener || continues || !is_name_word(text, &tokens[t]) || title(&tokens[t]) {
                t += 1;
                continue;
            }
            match self.name_at(tokens, t) {
                Some(name) if text[name].contains(' ') => {
                    // "Høyres Gunnar Gundersen": the first name is the owner's next word.
                    let name = without_owner(self.gazetteer, text, name);
                    let first = text[name].split(' ').next().unwrap_or("");
                    let first_name = self.gazetteer.is_first_name(first);
                    let surname = text[name].rsplit(' ').next().unwrap_or("");
                    if first_name || written_alone(text, surname) {
                        found.push(Sighting {
                            name,
                            kind: SightingKind::Player,
                            team: None,
                            evidence: Evidence::FullName,
                            sentence: sentence_id,
                        });
                    }
                    t = tokens.partition_point(|t| t.span().start() < name.end());
                }
                _ => t += 1,
            }
        }
    }

    /// The names of a fact line: a team's line-up (`Brann: Opdal – Bjørnsen, Hansen, ...`, at
    /// least [`LINE_UP_NAMES`] names), or a line of people under a fact label (`Gult kort: Moe,
    /// Hansen`, `Dommer: Per Olsen, Bergen`; a goal line's scorers `Mål: 1-0 Moe (41)`), whose
    /// label says what they are. Bracketed words (`(Brann, 41)`) are no names; a one-word item
    /// right after a name of several words is its club or town (`Per Olsen, Bergen`).
    fn fact_line(&self, sentence_id: SentenceId, sentence: &Sentence, found: &mut Vec<Sighting>) {
        let text = self.text;
        let tokens = self.analysis.tokens_of(sentence);
        let Some(colon) = tokens
            .iter()
            .take(LABEL_TOKENS)
            .position(|t| &text[t.span()] == ":")
        else {
            return;
        };
        if colon == 0 {
            return;
        }
        let label = Span::new(tokens[0].span().start(), tokens[colon - 1].span().end());
        let first = text[tokens[0].span()].to_lowercase();
        let people = is_fact_label_word(&first);
        let kind = match official_role(&first) {
            Some(role) => SightingKind::Official(role),
            None => SightingKind::Player,
        };
        let team = if people {
            None
        } else if let Some(team) = team_named(self.gazetteer, &text[label]) {
            Some(TeamRef::Known(team))
        } else if is_team_code(&text[label]) {
            None
        } else if tokens[..colon]
            .iter()
            .all(|t| is_capitalised(&text[t.span()]))
        {
            Some(TeamRef::Unknown(label))
        } else {
            return;
        };
        // "Brann: Opdal – Bjørnsen, ...": a colon after no fact label ends the sentence; the
        // names are the rest of its line.
        let (items, sentence_id) = if colon + 1 == tokens.len() {
            let sentences = &self.analysis.sentences;
            match sentences.get(sentence_id.index() + 1) {
                Some(next) if !text[sentence.span.end()..next.span.start()].contains('\n') => (
                    self.analysis.tokens_of(next),
                    SentenceId::new(sentence_id.index() + 1),
                ),
                _ => return,
            }
        } else {
            (&tokens[colon + 1..], sentence_id)
        };
        let names = self.listed_names(items);
        let line_up = !people && !is_team_code(&text[label]);
        if line_up && names.len() < LINE_UP_NAMES {
            return;
        }
        if let Some(TeamRef::Unknown(club)) = team {
            found.push(Sighting {
                name: club,
                kind: SightingKind::Club,
                team: None,
                evidence: Evidence::LineUp,
                sentence: sentence_id,
            });
        }
        let goals = GOAL_FACT_LABELS.contains(&first.as_str());
        for name in names {
            let team = match goals {
                true => self.goal_team(name),
                false => team,
            };
            found.push(Sighting {
                name,
                kind,
                team,
                evidence: if people {
                    Evidence::FactLine
                } else {
                    Evidence::LineUp
                },
                sentence: sentence_id,
            });
        }
    }

    /// The names listed after a fact line's colon, item by item.
    fn listed_names(&self, tokens: &[Token]) -> Vec<Span> {
        let text = self.text;
        let mut names = Vec::new();
        let mut depth = 0usize;
        let mut item: Vec<Token> = Vec::new();
        let mut previous_words = 0;
        let flush = |item: &mut Vec<Token>, names: &mut Vec<Span>, previous_words: &mut usize| {
            let start = item
                .iter()
                .position(|t| !matches!(t.kind, TokenKind::Score | TokenKind::Number))
                .unwrap_or(item.len());
            let name = self.name_at(item, start).filter(|n| {
                let words = text[*n].split_whitespace().count();
                // The whole item (a name and its minute in brackets were split already).
                let whole = item
                    .last()
                    .is_some_and(|t| t.span().end() == n.end() || t.span().end() == n.end() + 1);
                let town = words == 1 && *previous_words > 1;
                *previous_words = words;
                whole && !town
            });
            if name.is_none() {
                *previous_words = 0;
            }
            names.extend(name);
            item.clear();
        };
        for token in tokens {
            let word = &text[token.span()];
            match word {
                "(" | "[" => depth += 1,
                ")" | "]" => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                "," | ";" | ":" | "." | "og" | "–" | "-" | "—" => {
                    flush(&mut item, &mut names, &mut previous_words)
                }
                _ => item.push(*token),
            }
        }
        flush(&mut item, &mut names, &mut previous_words);
        names
    }

    /// The team the match facts credit with the goal a fact line's name scored.
    fn goal_team(&self, name: Span) -> Option<TeamRef> {
        let facts = self.analysis.facts.as_ref()?;
        facts
            .goals
            .iter()
            .find(|g| g.name.is_some_and(|n| n.overlaps(name)))
            .and_then(|g| g.team)
            .map(TeamRef::Known)
    }
}

/// What a role noun before a name makes its bearer (`spissen`, `innbytter`, `Molde-keeper`: a
/// player; `dommer`, `Brann-trener`: an official with that role), if anything.
fn role_kind(noun: &str) -> Option<SightingKind> {
    if OFFICIAL_ROLES.contains(&noun) {
        return official_role(noun).map(SightingKind::Official);
    }
    let player = is_keeper_noun(noun)
        || POSITIONS.iter().any(|&(n, _)| n == noun)
        || ROLE_NOUNS.contains(&noun)
        || PLAYER_TITLE_ENDINGS
            .iter()
            .any(|e| noun.ends_with(e) || noun.strip_suffix("en").is_some_and(|n| n.ends_with(e)));
    player.then_some(SightingKind::Player)
}

/// Whether a word is a title, no part of the name after it ("Innbytter Eskil Moe",
/// "Statsminister Jens Stoltenberg").
fn is_title(text: &str, token: &Token) -> bool {
    let word = text[token.span()].to_lowercase();
    role_kind(&word).is_some()
        || NOT_FIRST_NAMES.contains(&word.as_str())
        || TITLE_ENDINGS.iter().any(|e| word.ends_with(e))
}

/// The role an official of the gazetteers has for a role noun (`dommer`: referee), if any.
fn official_role(noun: &str) -> Option<&'static str> {
    if !OFFICIAL_ROLES.contains(&noun) {
        return None;
    }
    OFFICIAL_ROLE_ROOTS
        .iter()
        .find(|(root, _)| noun.contains(root))
        .map(|&(_, role)| role)
}

/// Whether a span overlaps one of a document's mentions (in document order, none overlapping
/// another): a binary search, for a long document with many of both.
pub(super) fn overlaps_a_mention(mentions: &[Mention], span: Span) -> bool {
    let after = mentions.partition_point(|m| m.span.start() < span.end());
    after > 0 && mentions[after - 1].span.end() > span.start()
}

/// Whether a name is written whole as a form of the gazetteer.
pub(crate) fn knows(gazetteer: &Gazetteer, name: &str) -> bool {
    !forms_of(gazetteer, name).is_empty()
}

/// The team a name is written as in the gazetteer (`Molde`), if it is one.
fn team_named(gazetteer: &Gazetteer, name: &str) -> Option<EntityId> {
    forms_of(gazetteer, name)
        .into_iter()
        .find(|e| gazetteer.entity(*e).kind.is_team())
}

/// The entities whose form is `name`, whole.
fn forms_of(gazetteer: &Gazetteer, name: &str) -> Vec<EntityId> {
    let mut forms = Vec::new();
    // No form is as long as a text the stages refuse.
    let Ok(folded) = Folded::whole(name) else {
        return Vec::new();
    };
    gazetteer.forms_at(&folded, 0, &mut forms);
    forms
        .iter()
        .filter(|f| f.span().end() == name.len())
        .flat_map(|f| gazetteer.candidates(f.pattern()).iter().map(|c| c.entity))
        .collect()
}

/// A name without the genitive before it that says whose he is (`Frps Oskar Moe`): a first
/// word ending in `s` before a first name of the gazetteers' people and a surname.
pub(super) fn without_owner(gazetteer: &Gazetteer, text: &str, name: Span) -> Span {
    let words: Vec<&str> = text[name].split(' ').collect();
    match words.len() > 2 && words[0].ends_with('s') && gazetteer.is_first_name(words[1]) {
        true => Span::new(name.start() + words[0].len() + 1, name.end()),
        false => name,
    }
}

/// Whether a text writes a (capitalised) word alone inside a sentence: after a word in lower
/// case or a comma, not after another capitalised word (`sa Moe`, `, Moe`, `Moes`; not `Ola
/// Moe`).
fn written_alone(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let after = &text[at + word.len()..];
        let after = after.strip_prefix('s').unwrap_or(after);
        let ends = after.chars().next().is_none_or(|c| !c.is_alphanumeric());
        let before = text[..at].strip_suffix(' ').unwrap_or("");
        let (_, previous) = previous_word(text, at);
        let alone = before.ends_with(',')
            || (!previous.is_empty()
                && before.ends_with(previous)
                && previous.starts_with(char::is_lowercase));
        ends && alone
    })
}

/// Whether the word before `at` makes a name there the place (`på Aspmyra`, `i Ranheim`).
fn after_place_word(text: &str, at: usize) -> bool {
    let (_, word) = previous_word(text, at);
    LOCATIVES.contains(&word.to_lowercase().as_str())
}
