//! The Norwegian words the rules read, in one place: one file per subject, each list a named
//! constant with what its words are, why a rule needs them and an example.
//!
//! The rules of the stages (segmentation, classification, the match facts, the football check)
//! are written in Rust; the words they look for are not, so that an analyst can read and extend
//! them here without reading the rules, and so that no list is written twice in two stages.
//! (The cue lexicon `data/cues/` and the gazetteers are the other editable data; these lists
//! are the words the code itself tests.)
//!
//! - [`time`]: minute words: number words, minute nouns, added and extra time, the landmarks of a
//!   match and `senere`;
//! - [`actors`]: who did an event: subject pronouns, clause conjunctions, passive auxiliaries,
//!   prepositions before a keeper beaten or a passer, own-goal phrases;
//! - [`shoot_out`]: the words that tell a penalty shoot-out was played;
//! - [`fact_lines`]: the labels of fact lines (`Mål:`, `Gult kort:`) and the marks of a penalty in
//!   a goal's line;
//! - [`descriptions`]: the nouns that describe players and teams without naming them
//!   (`keeperen`, `21-åringen`, `hjemmelaget`, `London-klubben`);
//! - [`names`]: the words around a name that tell what it is (no first name before a surname,
//!   a ground after a club, a preposition before a place);
//! - [`segmentation`]: abbreviations and the words after a truncated compound;
//! - [`results`]: the words that tell a result (`vant 3-1`, `endte 2-2`, `ved pause`), not a goal;
//! - [`football`]: the football vocabulary, one list of roots marked with where each counts: in a
//!   document (football or a film review?) or in a sentence (the team or the country?).
//!
//! # Extending a list
//! Words are lower case, as the folded text has them ([`crate::segment::fold`]). Bokmål and
//! Nynorsk forms stand side by side in one list (`senere`, `seinare`; `hun`, `ho`), with
//! inflected forms spelt out where a rule compares whole words (`minutt`, `minutter`,
//! `minuttar`). Each list's doc says how it is compared: a whole word, the start of a word (a
//! root, `utvis` for `utvist` and `utvisning`) or anywhere in the text. Some lists are ordered
//! (a phrase's words, an automaton's patterns): their docs say so. A word added to a list changes
//! what the rule finds: run the tests and the evaluations after.

pub(crate) mod actors;
pub(crate) mod descriptions;
pub(crate) mod fact_lines;
pub(crate) mod football;
pub(crate) mod names;
pub(crate) mod results;
pub(crate) mod segmentation;
pub(crate) mod shoot_out;
pub(crate) mod time;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every list of words, by name.
    fn lists() -> Vec<(&'static str, Vec<&'static str>)> {
        let mut lists = time_lists();
        lists.extend(other_lists());
        lists
    }

    /// The lists of `time`, by name.
    fn time_lists() -> Vec<(&'static str, Vec<&'static str>)> {
        let numbers = time::NUMBER_WORDS.iter().map(|&(word, _)| word).collect();
        let stoppage = time::STOPPAGE_PHRASES.concat();
        vec![
            ("NUMBER_WORDS", numbers),
            ("MINUTE_NOUNS", time::MINUTE_NOUNS.to_vec()),
            (
                "GENITIVE_MINUTE_NOUNS",
                time::GENITIVE_MINUTE_NOUNS.to_vec(),
            ),
            ("PLAY_NOUNS", time::PLAY_NOUNS.to_vec()),
            ("APPROXIMATE_WORDS", time::APPROXIMATE_WORDS.to_vec()),
            (
                "TENS_WORDS",
                time::TENS_WORDS.iter().map(|&(word, _)| word).collect(),
            ),
            (
                "ORDINAL_WORDS",
                time::ORDINAL_WORDS.iter().map(|&(word, _)| word).collect(),
            ),
            (
                "ORDINAL_MINUTE_OPENERS",
                time::ORDINAL_MINUTE_OPENERS.to_vec(),
            ),
            ("FROM_WORDS", time::FROM_WORDS.to_vec()),
            ("TOOK_WORDS", time::TOOK_WORDS.to_vec()),
            ("IMPERSONAL_SUBJECT", vec![time::IMPERSONAL_SUBJECT]),
            ("ONLY_WORDS", time::ONLY_WORDS.to_vec()),
            ("REMAINING_WORDS", time::REMAINING_WORDS.to_vec()),
            ("REMAINING_VERBS", time::REMAINING_VERBS.to_vec()),
            ("INTO_PERIOD", time::INTO_PERIOD.to_vec()),
            ("PERIOD_PREPOSITIONS", time::PERIOD_PREPOSITIONS.to_vec()),
            ("HALF_ROOT", vec![time::HALF_ROOT]),
            ("WHOLE_MATCH", time::WHOLE_MATCH.to_vec()),
            ("THE_MINUTE", vec![time::THE_MINUTE]),
            ("FROM_KICK_OFF", time::FROM_KICK_OFF.to_vec()),
            ("LATER_WORDS", time::LATER_WORDS.to_vec()),
            ("STOPPAGE_PHRASES", stoppage),
            ("MINUTE_HINTS", time::MINUTE_HINTS.to_vec()),
            ("QUARTER_WORDS", time::QUARTER_WORDS.to_vec()),
            ("ADDED_TIME_ROOTS", time::ADDED_TIME_ROOTS.to_vec()),
            ("EXTRA_TIME_ROOTS", time::EXTRA_TIME_ROOTS.to_vec()),
            ("EXTRA_TIME_PREPOSITION", vec![time::EXTRA_TIME_PREPOSITION]),
            ("FIRST_PERIOD", time::FIRST_PERIOD.to_vec()),
            ("SECOND_PERIOD", time::SECOND_PERIOD.to_vec()),
            ("HALF_TIME_LANDMARKS", time::HALF_TIME_LANDMARKS.to_vec()),
            ("FULL_TIME_LANDMARKS", time::FULL_TIME_LANDMARKS.to_vec()),
            ("AFTER_LANDMARK", time::AFTER_LANDMARK.to_vec()),
            ("BEFORE_LANDMARK", time::BEFORE_LANDMARK.to_vec()),
            ("MONTHS", time::MONTHS.to_vec()),
        ]
    }

    /// The lists of the other subjects, by name.
    fn other_lists() -> Vec<(&'static str, Vec<&'static str>)> {
        vec![
            ("CLAUSE_CONJUNCTIONS", actors::CLAUSE_CONJUNCTIONS.to_vec()),
            ("SUBJECT_PRONOUNS", actors::SUBJECT_PRONOUNS.to_vec()),
            (
                "COORDINATING_CONJUNCTIONS",
                actors::COORDINATING_CONJUNCTIONS.to_vec(),
            ),
            ("PASSIVE_AUXILIARIES", actors::PASSIVE_AUXILIARIES.to_vec()),
            ("SANCTION_ROOTS", actors::SANCTION_ROOTS.to_vec()),
            ("AGENT_PREPOSITION", vec![actors::AGENT_PREPOSITION]),
            ("BEATEN_PREPOSITIONS", actors::BEATEN_PREPOSITIONS.to_vec()),
            ("NUTMEG_BETWEEN", vec![actors::NUTMEG_BETWEEN]),
            ("NUTMEG_LEGS", actors::NUTMEG_LEGS.to_vec()),
            ("NUTMEG_ON", vec![actors::NUTMEG_ON]),
            ("SERVED_FROM", vec![actors::SERVED_FROM]),
            ("SERVICE_ROOTS", actors::SERVICE_ROOTS.to_vec()),
            ("OWN_GOAL_PHRASES", actors::OWN_GOAL_PHRASES.to_vec()),
            ("HOW_CONJUNCTIONS", actors::HOW_CONJUNCTIONS.to_vec()),
            ("GOAL_FACT_LABELS", fact_lines::GOAL_FACT_LABELS.to_vec()),
            ("OTHER_FACT_LABELS", fact_lines::OTHER_FACT_LABELS.to_vec()),
            ("PENALTY_MARKS", fact_lines::PENALTY_MARKS.to_vec()),
            (
                "FOOTBALL_WORDS",
                football::FOOTBALL_WORDS
                    .iter()
                    .map(|&(root, _)| root)
                    .collect(),
            ),
            ("ABBREVIATIONS", segmentation::ABBREVIATIONS.to_vec()),
            (
                "FINAL_ABBREVIATIONS",
                segmentation::FINAL_ABBREVIATIONS.to_vec(),
            ),
            (
                "TRUNCATED_COMPOUND_FOLLOWERS",
                segmentation::TRUNCATED_COMPOUND_FOLLOWERS.to_vec(),
            ),
            ("RANGE_UNITS", segmentation::RANGE_UNITS.to_vec()),
            ("STATISTIC_ROOTS", segmentation::STATISTIC_ROOTS.to_vec()),
            ("SHOOT_OUT_ROOTS", shoot_out::SHOOT_OUT_ROOTS.to_vec()),
            ("DEFINITE_ENDINGS", shoot_out::DEFINITE_ENDINGS.to_vec()),
            (
                "SHOOT_OUT_PENALTIES",
                shoot_out::SHOOT_OUT_PENALTIES.to_vec(),
            ),
            (
                "SHOOT_OUT_PREPOSITIONS",
                shoot_out::SHOOT_OUT_PREPOSITIONS.to_vec(),
            ),
            (
                "POSITIONS",
                descriptions::POSITIONS
                    .iter()
                    .map(|&(noun, _)| noun)
                    .collect(),
            ),
            ("ROLE_NOUNS", descriptions::ROLE_NOUNS.to_vec()),
            (
                "PLAYER_TITLE_ENDINGS",
                descriptions::PLAYER_TITLE_ENDINGS.to_vec(),
            ),
            ("AGE_NOUNS", descriptions::AGE_NOUNS.to_vec()),
            ("HOME_WORDS", descriptions::HOME_WORDS.to_vec()),
            ("AWAY_WORDS", descriptions::AWAY_WORDS.to_vec()),
            ("TEAM_NOUNS", descriptions::TEAM_NOUNS.to_vec()),
            ("SQUAD_NOUNS", descriptions::SQUAD_NOUNS.to_vec()),
            ("OPPONENT_WORDS", names::OPPONENT_WORDS.to_vec()),
            (
                "OPPONENT_PREPOSITIONS",
                names::OPPONENT_PREPOSITIONS.to_vec(),
            ),
            ("EVENT_NOUNS", names::EVENT_NOUNS.to_vec()),
            (
                "NOT_A_MATCH_WITH_INFIX",
                football::NOT_A_MATCH_WITH_INFIX.to_vec(),
            ),
            ("NOT_FIRST_NAMES", names::NOT_FIRST_NAMES.to_vec()),
            ("TITLE_ENDINGS", names::TITLE_ENDINGS.to_vec()),
            ("GROUNDS", names::GROUNDS.to_vec()),
            ("NAME_PARTICLES", names::NAME_PARTICLES.to_vec()),
            ("QUOTE_OPENERS", names::QUOTE_OPENERS.to_vec()),
            ("OFFICIAL_ROLES", names::OFFICIAL_ROLES.to_vec()),
            (
                "OFFICIAL_ROLE_ROOTS",
                names::OFFICIAL_ROLE_ROOTS
                    .iter()
                    .map(|&(root, _)| root)
                    .collect(),
            ),
            ("LOCATIVES", names::LOCATIVES.to_vec()),
            ("TRANSFER_WORDS", names::TRANSFER_WORDS.to_vec()),
            ("RESULT_PHRASES", results::RESULT_PHRASES.concat()),
            ("AGAINST", results::AGAINST.to_vec()),
            (
                "EARLIER_MATCH_PHRASES",
                results::EARLIER_MATCH_PHRASES.to_vec(),
            ),
            (
                "BACKGROUND_CONJUNCTIONS",
                results::BACKGROUND_CONJUNCTIONS.to_vec(),
            ),
        ]
    }

    #[test]
    fn words_are_lower_case_non_empty_and_listed_once() {
        for (name, words) in lists() {
            for (i, word) in words.iter().enumerate() {
                assert!(!word.is_empty(), "{name}: an empty word");
                assert_eq!(
                    *word,
                    word.to_lowercase(),
                    "{name}: {word:?} is not lower case"
                );
                // A phrase repeats its words ("på overtid", "på tilleggstid").
                if name != "STOPPAGE_PHRASES" && name != "RESULT_PHRASES" {
                    assert!(!words[..i].contains(word), "{name}: {word:?} twice");
                }
            }
        }
    }

    #[test]
    fn lists_that_refine_another_are_part_of_it() {
        for word in segmentation::FINAL_ABBREVIATIONS {
            assert!(segmentation::ABBREVIATIONS.contains(word), "{word}");
        }
        for root in time::EXTRA_TIME_ROOTS.iter().chain(time::ADDED_TIME_ROOTS) {
            assert!(time::MINUTE_HINTS.contains(root), "{root}");
        }
        for (label, ok) in [
            ("mål", true),
            ("gult", true),
            ("straffer", true),
            ("foto", false),
        ] {
            assert_eq!(fact_lines::is_fact_label_word(label), ok, "{label}");
        }
    }
}
