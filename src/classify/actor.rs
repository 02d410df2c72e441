//! The actor of an event: the player who scored, missed or fouled, found by where Norwegian puts
//! the subject (before the verb, or right after it after a fronted adverbial), by pronouns that
//! point back, by the agent of a passive foul and by the victim of a foul that gave a penalty.

use super::clause::clause_break;
use super::{EventKind, Scope};
use crate::gazetteer::{EntityKind, PlayerProfile};
use crate::ids::{EntityId, MentionId};
use crate::recognize::How;
use crate::span::Span;
use crate::text::{is_name_gap, previous_word};
use crate::words::actors::{
    AGENT_PREPOSITION, BEATEN_PREPOSITIONS, COORDINATING_CONJUNCTIONS, NUTMEG_BETWEEN, NUTMEG_LEGS,
    NUTMEG_ON, PASSIVE_AUXILIARIES, SANCTION_ROOTS, SERVED_FROM, SERVICE_ROOTS, SUBJECT_PRONOUNS,
};

/// How many words `beaten_or_serving` walks back from a name to its preposition: a few lower-case
/// words (`bak en sjanseløs`) or a compound head (`forbi Stranda-keeper`).
const WORDS_BEFORE_NAME: usize = 4;

/// Finds the actor and team of each event of a sentence, in label order: a penalty given for a
/// foul told before it in the sentence is the fouled player's.
pub(super) struct Attribution<'a> {
    scope: Scope<'a>,
    /// The last foul of the sentence so far: its trigger and its offender.
    foul: Option<(Span, Option<MentionId>)>,
}

impl<'a> Attribution<'a> {
    /// Attributes the events of the sentence `scope` covers.
    pub(super) fn new(scope: Scope<'a>) -> Attribution<'a> {
        Attribution { scope, foul: None }
    }

    /// The actor (a mention) and team (an entity) of the next event of the sentence.
    pub(super) fn attribute(
        &mut self,
        kind: EventKind,
        trigger: Span,
    ) -> (Option<MentionId>, Option<EntityId>) {
        let scope = &self.scope;
        let actor = match (&self.foul, kind) {
            (Some((foul, offender)), EventKind::Penalty) => scope.victim(*foul, *offender),
            _ => None,
        }
        .or_else(|| scope.actor(trigger, kind));
        // "Robben ble felt av Márquez": the subject of a passive foul suffered it; the offender is
        // the agent after "av", if named, and plays for the other side.
        if kind == EventKind::Foul && is_passive(scope.text, trigger) {
            let offender = scope.agent(trigger);
            self.foul = Some((trigger, offender));
            return (offender, scope.team_of_passive_foul(offender, actor));
        }
        if kind == EventKind::Foul {
            self.foul = Some((trigger, actor));
        }
        (actor, scope.team_of_event(kind, trigger, actor))
    }

    /// The unknown name that did the event, for an event without a recognised actor.
    pub(super) fn unknown_actor(&self, trigger: Span, kind: EventKind) -> Option<Span> {
        self.scope.unknown_actor(trigger, kind)
    }
}

impl Scope<'_> {
    fn span(&self, mention: MentionId) -> Span {
        self.recognition.mentions[mention].span
    }

    fn is_player_mention(&self, mention: MentionId) -> bool {
        self.recognition.mentions[mention]
            .entities
            .iter()
            .all(|&e| self.gazetteer.entity(e).kind == EntityKind::Player)
    }

    /// Whether a mention is of a goalkeeper.
    pub(super) fn is_keeper(&self, mention: MentionId) -> bool {
        self.recognition.mentions[mention]
            .entity()
            .and_then(|e| self.gazetteer.player(e))
            .is_some_and(PlayerProfile::is_goalkeeper)
    }

    /// Whether a mention is of a player who may have done an event of `kind`: not a keeper
    /// beaten or a passer, nor a goalkeeper in a goal, chance or penalty sentence (the keeper
    /// beaten, or the one who saved the shot or the penalty: the shooter and the taker act).
    fn can_act(&self, mention: MentionId, kind: EventKind) -> bool {
        let keeper_faces = matches!(
            kind,
            EventKind::Goal | EventKind::Chance | EventKind::Penalty
        );
        self.is_player_mention(mention)
            && !beaten_or_serving(self.text, self.span(mention).start())
            && !(keeper_faces && self.is_keeper(mention))
    }

    /// A genitive (`Defoes bom`) belongs only to the word it stands before.
    fn eligible(&self, mention: MentionId, trigger: Span) -> bool {
        let span = self.span(mention);
        self.recognition.mentions[mention].how != How::Genitive
            || (span.end() <= trigger.start()
                && self.text[span.end()..trigger.start()].trim().is_empty())
    }

    /// The player an event is about, as a mention.
    ///
    /// Norwegian puts the subject before the verb or, after a fronted adverbial, right after it
    /// (`reduserte Defoe`, `skjøt Aursnes utenfor`): a player inside the trigger, else the nearest
    /// player before it in the same clause, else the first after it in the same clause, else the
    /// nearest before or first after anywhere in the sentence. A genitive (`Defoes bom`) belongs
    /// only to the word it stands before. A pronoun subject points to a player named before it,
    /// else to the previous sentence's player; a verb just after `og` shares the subject opening
    /// the sentence.
    ///
    /// A goalkeeper named in a goal sentence is the one beaten, not the scorer.
    fn actor(&self, trigger: Span, kind: EventKind) -> Option<MentionId> {
        let players = self
            .mention_ids()
            .filter(|&m| self.can_act(m, kind) && self.eligible(m, trigger))
            .collect();
        let candidates = Candidates {
            scope: self,
            trigger,
            players,
        };
        let inside = candidates.inside();
        let same_clause = candidates.before_in_clause();
        // "da han plasserte ballen": the pronoun is the subject, and it points back past the
        // clause to a player named before it ("de Vrij ... da han avsluttet via Ochoa": de Vrij).
        let sentence = &self.sentence;
        let pronoun = subject_pronoun(&self.text[sentence.start()..trigger.start()])
            .map(|p| sentence.start() + p);
        if let (None, None, Some(pronoun)) = (inside, same_clause, pronoun) {
            return candidates.antecedent(pronoun, kind);
        }
        let team_subject = self.team_is_subject(trigger);
        inside
            .or(same_clause)
            .or_else(|| candidates.coordinated())
            .or_else(|| candidates.after_in_clause())
            .or_else(|| candidates.before().next().filter(|_| !team_subject))
            .or_else(|| candidates.after().next())
    }

    /// "... like etter at spissveteranen ble byttet inn scoret Elfenbenkysten to mål": a team next
    /// to the verb is its subject, so a player of an earlier clause is no guess for the actor (a
    /// later one may tell who: "Brann tok leiinga då Skaanes skåra").
    fn team_is_subject(&self, trigger: Span) -> bool {
        self.mention_ids().any(|m| {
            let mention = &self.recognition.mentions[m];
            let gap = |from: usize, to: usize| from <= to && self.text[from..to].trim().is_empty();
            let next_to = gap(trigger.end(), mention.span.start())
                || gap(mention.span.end(), trigger.start());
            next_to
                && mention.how != How::Genitive
                && mention
                    .entity()
                    .is_some_and(|e| self.gazetteer.entity(e).kind.is_team())
        })
    }

    /// The agent of a passive: the player after `av` following the trigger, in its clause.
    fn agent(&self, trigger: Span) -> Option<MentionId> {
        self.mention_ids().find(|&m| {
            let span = self.span(m);
            self.is_player_mention(m)
                && span.start() >= trigger.end()
                && previous_word(self.text, span.start())
                    .1
                    .eq_ignore_ascii_case(AGENT_PREPOSITION)
                && !clause_break(&self.text[trigger.end()..span.start()])
        })
    }

    /// For a penalty given for a foul: the player fouled, the first player after the foul verb who
    /// is not the offender (`felte Ruben Gabrielsen Bendtner`, `Ledley King felte den italienske
    /// spissen`).
    fn victim(&self, foul: Span, offender: Option<MentionId>) -> Option<MentionId> {
        self.mention_ids().find(|&m| {
            self.span(m).start() >= foul.end() && Some(m) != offender && self.is_player_mention(m)
        })
    }
}

/// The players of a sentence who may have done an event, around its trigger.
struct Candidates<'s, 'a> {
    scope: &'s Scope<'a>,
    trigger: Span,
    /// Their mentions, in text order.
    players: Vec<MentionId>,
}

impl Candidates<'_, '_> {
    fn span(&self, mention: MentionId) -> Span {
        self.scope.span(mention)
    }

    /// A player named inside the trigger (`reduserte Defoe`).
    fn inside(&self) -> Option<MentionId> {
        self.players.iter().copied().find(|&m| {
            let span = self.span(m);
            span.start() >= self.trigger.start() && span.end() <= self.trigger.end()
        })
    }

    /// The players before the trigger, nearest first.
    fn before(&self) -> impl Iterator<Item = MentionId> + '_ {
        self.players
            .iter()
            .rev()
            .copied()
            .filter(|&m| self.span(m).end() <= self.trigger.start())
    }

    /// The players after the trigger, nearest first.
    fn after(&self) -> impl Iterator<Item = MentionId> + '_ {
        self.players
            .iter()
            .copied()
            .filter(|&m| self.span(m).start() >= self.trigger.end())
    }

    /// The nearest player before the trigger in its clause.
    fn before_in_clause(&self) -> Option<MentionId> {
        let text = self.scope.text;
        self.before()
            .find(|&m| !clause_break(&text[self.span(m).end()..self.trigger.start()]))
    }

    /// The first player after the trigger in its clause.
    fn after_in_clause(&self) -> Option<MentionId> {
        let text = self.scope.text;
        self.after()
            .find(|&m| !clause_break(&text[self.trigger.end()..self.span(m).start()]))
    }

    /// Who a pronoun subject starting at `pronoun` stands for: a player named before it, else
    /// the previous sentence's subject ("Han satte straffen sikkert i mål": the player just
    /// written about), never a player named later in the sentence.
    fn antecedent(&self, pronoun: usize, kind: EventKind) -> Option<MentionId> {
        let scope = self.scope;
        self.before()
            .find(|&m| self.span(m).end() <= pronoun)
            .or_else(|| {
                scope.previous_ids().find(|&m| {
                    scope.can_act(m, kind) && !(kind == EventKind::Chance && scope.is_keeper(m))
                })
            })
    }

    /// "Hummels knuste portugiseren og stanget inn 2-0", "Robben lekte med Casillas og banket
    /// ballen i mål": a verb right after "og" shares the subject that opens the sentence.
    fn coordinated(&self) -> Option<MentionId> {
        let (text, sentence) = (self.scope.text, &self.scope.sentence);
        let (verb_start, verb) = previous_word(text, self.trigger.start());
        let conjunction = |word: &str| COORDINATING_CONJUNCTIONS.contains(&word);
        if !(conjunction(verb) || conjunction(previous_word(text, verb_start).1)) {
            return None;
        }
        self.players.iter().copied().find(|&m| {
            !text[sentence.start()..self.span(m).start()]
                .chars()
                .any(char::is_alphanumeric)
        })
    }
}

/// Whether a foul is told as suffered, in the passive: `ble felt`, `vart felt`, `ble taklet`. Not a
/// sanction (`ble utvist`, `ble advart`): its subject is the offender.
fn is_passive(text: &str, trigger: Span) -> bool {
    let auxiliary = |word: &str| {
        PASSIVE_AUXILIARIES
            .iter()
            .any(|a| word.eq_ignore_ascii_case(a))
    };
    let words = text[trigger].to_lowercase();
    let sanction = words
        .split_whitespace()
        .any(|w| SANCTION_ROOTS.iter().any(|root| w.starts_with(root)));
    let first = words.split_whitespace().next().unwrap_or("");
    !sanction && (auxiliary(first) || auxiliary(previous_word(text, trigger.start()).1))
}

/// Whether the player named at `start` is the keeper beaten or the one who passed, not the one
/// who acted: `i mål bak Manuel Neuer`, `bak en sjanseløs Fernando Muslera`, `forbi
/// Stranda-keeper Thomas Hove`, `over Hart`, `på pasning fra Kroos`.
pub(super) fn beaten_or_serving(text: &str, start: usize) -> bool {
    let before = |offset: usize| {
        let (at, word) = previous_word(text, offset);
        (word, at, &text[at + word.len()..offset])
    };
    let mut at = start;
    // Back over a few lower-case words ("en sjanseløs") and compound heads ("Stranda-keeper").
    for _ in 0..WORDS_BEFORE_NAME {
        let (word, word_start, between) = before(at);
        let compound = between == "-";
        if word.is_empty() || !(compound || is_name_gap(between)) {
            return false;
        }
        let lower = word.to_lowercase();
        // "mellom bena på Gary Cahill": the defender nutmegged.
        let nutmegged = || {
            let (limb, limb_start, _) = before(word_start);
            NUTMEG_LEGS.contains(&limb.to_lowercase().as_str())
                && before(limb_start).0.eq_ignore_ascii_case(NUTMEG_BETWEEN)
        };
        if BEATEN_PREPOSITIONS.contains(&lower.as_str()) || (lower == NUTMEG_ON && nutmegged()) {
            return true;
        }
        if lower == SERVED_FROM {
            let (served_by, _, _) = before(word_start);
            let served_by = served_by.to_lowercase();
            return SERVICE_ROOTS.iter().any(|root| served_by.starts_with(root));
        }
        if compound || word.starts_with(char::is_lowercase) {
            at = word_start;
        } else {
            return false;
        }
    }
    false
}

/// Where the personal pronoun that is the subject of the clause ending `head` starts, if it has
/// one.
fn subject_pronoun(head: &str) -> Option<usize> {
    for word in head
        .split(|c: char| c.is_whitespace())
        .rev()
        .filter(|w| !w.is_empty())
    {
        if clause_break(word) {
            return None;
        }
        if SUBJECT_PRONOUNS.contains(&word.to_lowercase().as_str()) {
            return Some(word.as_ptr() as usize - head.as_ptr() as usize);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::EventKind;
    use crate::classify::testing::{classified, GAZETTEER};

    /// The name of the actor of the first event of a kind in a text, with the shipped gazetteers.
    fn actor_name(text: &str, kind: EventKind) -> Option<String> {
        let found = classified(text);
        let event = found.events.iter().find(|e| e.kind == kind)?;
        event
            .actor
            .and_then(|m| found.recognition.mentions[m].entity())
            .map(|e| GAZETTEER.entity(e).name.clone())
    }

    #[test]
    fn the_actor_is_not_the_keeper_beaten_nor_the_passer() {
        let actor = |text: &str| actor_name(text, EventKind::Goal);
        for (text, scorer) in [
            (
                "Messi la inn til Higuaín som avsluttet på direkten og i mål bak Manuel Neuer.",
                Some("Gonzalo Higuaín"),
            ),
            ("Ballen gikk i krysset bak Manuel Neuer.", None),
            (
                "Thomas Müller scoret på pasning fra Toni Kroos.",
                Some("Thomas Müller"),
            ),
            ("Ballen gikk forbi keeper Manuel Neuer og i mål.", None),
            (
                "Thomas Müller satte ballen i mål bak en sjanseløs Manuel Neuer.",
                Some("Thomas Müller"),
            ),
            (
                "Mats Hummels knuste Pepe i lufta og stanget inn 2-0.",
                Some("Mats Hummels"),
            ),
            (
                "Robben spurtet fra Ramos, lekte med Casillas og banket ballen i mål.",
                Some("Arjen Robben"),
            ),
            (
                "Marchisio la kula til rette og banket den i hjørnet mellom bena på Gary Cahill.",
                Some("Claudio Marchisio"),
            ),
            (
                "Thomas Müller løp fram. Han satte straffen i mål etter at Mario Götze ble felt.",
                Some("Thomas Müller"),
            ),
            // A team next to the verb is its subject: the player of the other clause did not
            // score.
            (
                "Didier Drogba ble byttet inn, og like etter scoret Elfenbenkysten to mål.",
                None,
            ),
        ] {
            assert_eq!(actor(text).as_deref(), scorer, "{text}");
        }
        let goals = |text: &str| classified(text).events.len();
        assert_eq!(
            goals("Van Gaal satte inn Tim Krul på overtid."),
            0,
            "a substitution"
        );
        assert_eq!(goals("Robben satte inn 1-0 på overtid."), 1);
    }

    #[test]
    fn the_keeper_who_saved_is_not_the_actor() {
        let actor = |text: &str, kind| actor_name(text, kind);
        assert_eq!(
            actor(
                "Manuel Neuer reddet skuddet fra Lionel Messi.",
                EventKind::Chance
            )
            .as_deref(),
            Some("Lionel Messi")
        );
        assert_eq!(
            actor("Manuel Neuer reddet straffen.", EventKind::Penalty),
            None,
            "the taker is not named"
        );
    }

    #[test]
    fn a_passive_foul_names_its_offender_after_av() {
        let offender = |text: &str| actor_name(text, EventKind::Foul);
        assert_eq!(
            offender("Arjen Robben ble felt av Rafael Márquez.").as_deref(),
            Some("Rafael Márquez")
        );
        assert_eq!(
            offender("Arjen Robben ble felt i feltet."),
            None,
            "the one fouled"
        );
        assert_eq!(
            offender("Portugal - Tyskland 0-4\nPepe ble utvist.").as_deref(),
            Some("Pepe"),
            "a sanction"
        );
    }
}
