//! Stage 3b: mentions of gazetteer entities in a document, linked to ids.
//!
//! Matching runs one automaton over the case-folded text (offsets unchanged, see
//! [`fold`](crate::segment::fold)) and keeps a match only where Norwegian writing allows a name:
//! at a word start, ending at a word end, a genitive (`Tottenhams`, `Hellas'`, `Citys`) or the
//! first part of a hyphen compound (`Spurs-keeper`, `RBK-spillerne`). A capitalised form only
//! matches capitalised text (`King` the player is not `king`). Among overlapping matches the
//! leftmost-longest wins (`Ole Gunnar Solskjær` over `Solskjær`).
//!
//! A form shared by several entities (`Touré`) is linked from the document's own evidence: the
//! entity named in full earlier, or the one whose club or national team plays in the match the
//! header names (`Manchester City- Tottenham 3-2`). Without evidence it stays ambiguous, with its
//! candidates listed. References without a name (`hjemmelaget`, `London-klubben`,
//! `den italienske spissen`, `engelskmannen`, `21-åringen`) link to the team in the header or to
//! the most recent compatible player.
//!
//! One file per step, in the order a document goes through them: `candidates` (the automaton's
//! matches at word starts and ends), `filter` (which of them are names; `places` says when a
//! country or town is the team), `context` (the match the header names), `link` (an entity for
//! each name), `describe` (references without a name, with the fixed words of `nouns` and the
//! gazetteer's descriptors, built from its profiles).

mod candidates;
mod context;
mod describe;
mod filter;
mod link;
mod nouns;
mod places;

use crate::ids::MentionId;
pub use context::MatchContext;

use crate::gazetteer::{Date, Gazetteer};
use crate::ids::{EntityId, SentenceId};
use crate::segment::{Segmented, Sentence};
use crate::span::Span;
use filter::{NameFilter, Verdict};

/// How a mention was matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum How {
    /// The entity's full name.
    Exact,
    /// One of its aliases.
    Alias,
    /// A genitive of the name or an alias (`Tottenhams`).
    Genitive,
    /// The first part of a hyphen compound (`Spurs-keeper`).
    Compound,
    /// A form shared by several entities, linked by the document's context.
    Context,
    /// A reference without a name (`hjemmelaget`, `London-klubben`, `21-åringen`), linked to the
    /// team in the header or the most recent compatible player.
    Description,
    /// A shared form that the context could not settle.
    Ambiguous,
}

impl How {
    /// The name of the way, as the mentions CSV writes it (`exact`, `genitive`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            How::Exact => "exact",
            How::Alias => "alias",
            How::Genitive => "genitive",
            How::Compound => "compound",
            How::Context => "context",
            How::Description => "description",
            How::Ambiguous => "ambiguous",
        }
    }
}

/// One mention: a byte range of the document, its sentence, and the entities it may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mention {
    /// The mention's bytes in the document text, with a genitive ending or a described role
    /// (`Tottenhams`, `Spurs-stopperen`).
    pub span: Span,
    /// The sentence the mention starts in.
    pub sentence: SentenceId,
    /// The linked entity first; more than one only when `how` is [`How::Ambiguous`].
    pub entities: Entities,
    /// How the mention was matched and linked.
    pub how: How,
}

impl Mention {
    /// The linked entity, unless the mention is ambiguous.
    pub fn entity(&self) -> Option<EntityId> {
        match self.how {
            How::Ambiguous => None,
            _ => self.entities.first().copied(),
        }
    }
}

/// The entities a mention may be, read as a slice: one, or (ambiguous) several.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entities(OneOrMore<EntityId>);

impl Entities {
    /// A single entity.
    pub fn one(entity: EntityId) -> Entities {
        Entities(OneOrMore::One(entity))
    }

    /// The entities as a slice.
    pub fn as_slice(&self) -> &[EntityId] {
        &self.0
    }
}

impl From<Vec<EntityId>> for Entities {
    fn from(entities: Vec<EntityId>) -> Entities {
        Entities(entities.into())
    }
}

impl std::ops::Deref for Entities {
    type Target = [EntityId];

    fn deref(&self) -> &[EntityId] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Entities {
    type Item = &'a EntityId;
    type IntoIter = std::slice::Iter<'a, EntityId>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

/// One value held inline, or several in a box; read as a slice.
///
/// For a mention's entities and a match's candidates: a long report has a match for every 80
/// bytes of text, nearly all of one entity, and a vector of one took a heap block of its own
/// (32 bytes) besides its 24.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum OneOrMore<T> {
    One(T),
    More(Box<[T]>),
}

impl<T> From<Vec<T>> for OneOrMore<T> {
    fn from(mut values: Vec<T>) -> OneOrMore<T> {
        match (values.pop(), values.is_empty()) {
            (Some(value), true) => OneOrMore::One(value),
            (last, _) => {
                values.extend(last);
                OneOrMore::More(values.into_boxed_slice())
            }
        }
    }
}

impl<T> std::ops::Deref for OneOrMore<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            OneOrMore::One(value) => std::slice::from_ref(value),
            OneOrMore::More(values) => values,
        }
    }
}

/// `mentions[id]`: a [`MentionId`] indexes a document's mentions, and nothing else.
impl std::ops::Index<MentionId> for [Mention] {
    type Output = Mention;

    #[inline]
    fn index(&self, id: MentionId) -> &Mention {
        &self[id.index()]
    }
}

impl std::ops::Index<MentionId> for Vec<Mention> {
    type Output = Mention;

    #[inline]
    fn index(&self, id: MentionId) -> &Mention {
        &self[id.index()]
    }
}

/// A person named in the text whom no gazetteer knows, found because a gazetteer's surname is
/// his (`Jonah Adeyemo`, then `Adeyemo`): a name, linked to nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownPerson {
    /// The name's bytes in the document text.
    pub span: Span,
    /// The sentence the name starts in.
    pub sentence: SentenceId,
}

/// Everything recognised in one document.
#[derive(Debug, Clone, Default)]
pub struct Recognition {
    /// In document order.
    pub mentions: Vec<Mention>,
    /// The match the report's header names, if it names one.
    pub context: MatchContext,
    /// People named whom no gazetteer knows, in document order, apart from the mentions (which
    /// are all of gazetteer entities).
    pub unknown_people: Vec<UnknownPerson>,
}

/// Finds and links the mentions of one document; `date` is the document's, if known (see
/// [`MatchContext::date`]).
pub fn recognize(
    gazetteer: &Gazetteer,
    document: &Segmented<'_>,
    date: Option<Date>,
) -> Recognition {
    let mut selected = candidates::leftmost_longest(gazetteer, document.text, &document.sentences);
    let mut filter = NameFilter::new(gazetteer, document, &selected);
    let mut unknown_people = Vec::new();
    selected.retain(|m| match filter.judge(m) {
        Verdict::Name => true,
        Verdict::NotAName => false,
        Verdict::UnknownPerson(span) => {
            unknown_people.push(UnknownPerson {
                span,
                sentence: sentence_at(&document.sentences, span.start()),
            });
            false
        }
    });
    // Its tables of every match's offsets are not held while the mentions are made.
    drop(filter);
    let context = context::match_context(gazetteer, document, date, &selected);
    let mut mentions = link::link(gazetteer, &context, &document.sentences, selected);
    describe::describe(gazetteer, document, &context, &mut mentions);
    Recognition {
        mentions,
        context,
        unknown_people,
    }
}

/// The sentence holding a byte offset (the last one for an offset past the end).
fn sentence_at(sentences: &[Sentence], offset: usize) -> SentenceId {
    let index = sentences
        .partition_point(|s| s.span.end() <= offset)
        .min(sentences.len().saturating_sub(1));
    SentenceId::new(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gazetteer::{Entity, EntityKind};

    /// A gazetteer entity for a test.
    pub(super) fn entity(
        id: &str,
        kind: EntityKind,
        name: &str,
        aliases: &[&str],
        attrs: &[(&str, &str)],
    ) -> Entity {
        Entity {
            id: id.into(),
            kind,
            name: name.into(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            attrs: attrs
                .iter()
                .map(|(c, v)| (c.to_string(), v.to_string()))
                .collect(),
        }
    }

    /// A small gazetteer: clubs, a national team, players sharing a surname, an official.
    pub(super) fn small() -> Gazetteer {
        Gazetteer::from_entities(vec![
            entity(
                "club:tottenham",
                EntityKind::Club,
                "Tottenham Hotspur",
                &["Tottenham", "Spurs"],
                &[("city", "London")],
            ),
            entity(
                "club:city",
                EntityKind::Club,
                "Manchester City",
                &["City", "Manchester"],
                &[("city", "Manchester")],
            ),
            entity("club:rbk", EntityKind::Club, "Rosenborg", &["RBK"], &[]),
            entity(
                "organisation:fifa",
                EntityKind::Organisation,
                "Fifa",
                &[],
                &[],
            ),
            entity(
                "national:italia",
                EntityKind::NationalTeam,
                "Italia",
                &[],
                &[("adjective", "italiensk"), ("demonym", "italiener")],
            ),
            entity(
                "player:king",
                EntityKind::Player,
                "Ledley King",
                &["King"],
                &[("club", "club:tottenham")],
            ),
            entity(
                "player:ogs",
                EntityKind::Player,
                "Ole Gunnar Solskjær",
                &["Solskjær"],
                &[],
            ),
            entity(
                "official:hans",
                EntityKind::Official,
                "Hans Backe",
                &[],
                &[],
            ),
            entity(
                "player:yaya",
                EntityKind::Player,
                "Yaya Touré",
                &["Touré"],
                &[("club", "club:city")],
            ),
            entity(
                "player:kolo",
                EntityKind::Player,
                "Kolo Touré",
                &["Touré"],
                &[("club", "club:rbk")],
            ),
            entity(
                "player:balotelli",
                EntityKind::Player,
                "Mario Balotelli",
                &["Balotelli"],
                &[
                    ("club", "club:city"),
                    ("nationality", "national:italia"),
                    ("position", "FW"),
                ],
            ),
        ])
    }

    /// (surface, entity ids, how)
    pub(super) type Row = (String, String, &'static str);

    /// The mentions recognised in a text with the [`small`] gazetteer.
    pub(super) fn mentions(text: &str) -> Vec<Row> {
        let gazetteer = small();
        let recognition = recognize(&gazetteer, &Segmented::new(text).unwrap(), None);
        recognition
            .mentions
            .iter()
            .map(|m| {
                let ids: Vec<&str> = m
                    .entities
                    .iter()
                    .map(|&e| gazetteer.entity(e).id.as_str())
                    .collect();
                (text[m.span].to_string(), ids.join("|"), m.how.as_str())
            })
            .collect()
    }

    /// A row of a table of expected mentions.
    pub(super) fn m(surface: &str, id: &str, how: &'static str) -> Row {
        (surface.to_string(), id.to_string(), how)
    }

    /// Checks a table of texts and the mentions expected in each.
    pub(super) fn check(table: Vec<(&str, Vec<Row>)>) {
        for (text, expected) in table {
            assert_eq!(mentions(text), expected, "input: {text:?}");
        }
    }

    #[test]
    fn one_entity_is_held_inline() {
        assert_eq!(std::mem::size_of::<Mention>(), 32);
        // A mention is made in its match's memory: as large, none of it is left over.
        assert_eq!(std::mem::size_of::<candidates::RawMatch>(), 32);
        let entities = Entities::from(vec![EntityId::new(7)]);
        assert!(matches!(entities.0, OneOrMore::One(_)));
        assert_eq!(entities.as_slice(), [EntityId::new(7)]);
        let several = Entities::from(vec![EntityId::new(1), EntityId::new(2)]);
        assert_eq!(&several[..], [EntityId::new(1), EntityId::new(2)]);
        assert!(Entities::from(Vec::new()).is_empty());
    }

    #[test]
    fn forms_of_names() {
        check(vec![
            (
                "Tottenhams forsvar",
                vec![m("Tottenhams", "club:tottenham", "genitive")],
            ),
            (
                "Alene med Spurs-keeper Friedel",
                vec![m("Spurs", "club:tottenham", "compound")],
            ),
            (
                "RBK-spillerne jublet",
                vec![m("RBK", "club:rbk", "compound")],
            ),
            (
                "Ole Gunnar Solskjær scoret",
                vec![m("Ole Gunnar Solskjær", "player:ogs", "exact")],
            ),
            (
                "Ledley King felte",
                vec![m("Ledley King", "player:king", "exact")],
            ),
            (
                "Citys midtbanejuvel",
                vec![m("Citys", "club:city", "genitive")],
            ),
            (
                "TOTTENHAM VANT",
                vec![m("TOTTENHAM", "club:tottenham", "alias")],
            ),
            // A web address is not the name.
            (
                "Tottenham.com melder at Tottenham vant.",
                vec![m("Tottenham", "club:tottenham", "alias")],
            ),
        ]);
    }

    #[test]
    fn a_name_may_be_wrapped_or_spaced_twice_but_not_cut_by_a_paragraph_or_a_sentence() {
        check(vec![
            (
                "Tittel\nKampen ble avgjort sent i andre omgang da Ole Gunnar \nSolskjær scoret",
                vec![m("Ole Gunnar \nSolskjær", "player:ogs", "exact")],
            ),
            (
                "og Ledley  King felte",
                vec![m("Ledley  King", "player:king", "exact")],
            ),
            (
                "Tittel\nKampen ble avgjort sent i andre omgang da kapteinen Ledley\r\nKing felte",
                vec![m("Ledley\r\nKing", "player:king", "exact")],
            ),
            (
                "Ledley\n\nKing felte",
                vec![m("King", "player:king", "alias")],
            ),
            // A line of its own is a sentence: the name starting the next is that name.
            (
                "Ledley \nKing felte ham.",
                vec![m("King", "player:king", "alias")],
            ),
        ]);
    }

    #[test]
    fn a_surname_after_a_first_name_the_gazetteers_do_not_pair_is_an_unknown_person() {
        let unknown = |text: &str| -> Vec<String> {
            let recognition = recognize(&small(), &Segmented::new(text).unwrap(), None);
            assert!(recognition.mentions.is_empty(), "{text:?}");
            let people = recognition.unknown_people.iter();
            people.map(|p| text[p.span].to_string()).collect()
        };
        assert_eq!(
            unknown("Hos Molde var spissen Ole Kristian King farlig. Senere nikket King inn."),
            ["Ole Kristian King", "King"]
        );
        // Not a first name of the gazetteers' people: a street or a place, no one.
        assert!(unknown("Han jobbet i Wall King hele livet.").is_empty());
    }

    #[test]
    fn a_club_named_after_its_place_is_the_club_after_a_transfer_word() {
        let king = || m("Ledley King", "player:king", "exact");
        check(vec![
            ("Ledley King bor i Manchester.", vec![king()]),
            (
                "Ledley King kom på overgang fra Manchester i sommer.",
                vec![king(), m("Manchester", "club:city", "alias")],
            ),
        ]);
    }

    #[test]
    fn case_must_fit() {
        check(vec![
            ("kongen er king, ikke Kingston", vec![]),
            ("rbk vant", vec![]),
        ]);
    }
}
