//! Stage 3a: the gazetteer, editable CSV files of players, clubs, national teams, officials and
//! media.
//!
//! A gazetteer folder holds any of `players.csv`, `clubs.csv`, `national_teams.csv`,
//! `officials.csv` and `media.csv`: UTF-8 (byte-order mark allowed), comma-separated, a header
//! row, extra columns left out with a warning, columns in any order.
//!
//! - every file: `id` (unique in the folder; when empty, `<kind>:<slug of name>`), `name`
//!   (required), `aliases` (optional, `|`-separated surface forms);
//! - `players.csv`: `club` (a club id or name, with the years he was there if known:
//!   `club:arsenal@2004-2012`; `|`-separated for a player listed at several clubs, the document's
//!   year and the match context pick the one that plays), `nationality` (a national-team id or name),
//!   `position` (GK, DF, MF, FW or free text), `birth_date` (YYYY-MM-DD or YYYY);
//! - `clubs.csv`: `country`, `city`; `national_teams.csv`: `country_code`, and the Norwegian
//!   `adjective` (italiensk) and `demonym` (italiener) used to recognise descriptions of players;
//!   `officials.csv`: `role` (referee, manager, coach); `media.csv`: `country`. Media are the
//!   newspapers and channels a report quotes (`sier han til VG`, `Haugesunds Avis`): the sources
//!   of what is said, never a team.
//!
//! Folders are layered: a row in a later folder replaces an earlier row with the same id. The
//! shipped defaults are embedded in the binary. Every problem of every file is reported at once,
//! each with `file:line`. What does not break a run is a warning ([`Gazetteer::warnings`]): a
//! club or national team that no folder defines becomes an entity of its own, with the closest
//! known ids; a column not read, an alias left out.

mod cache;
mod csv_rows;
mod descriptors;
mod entity;
mod form_index;
mod id_index;
mod lazy_rows;
mod load;
mod near_duplicates;
mod profile;
mod references;
mod snapshot;
mod write;
mod years;

use crate::ids::EntityId;
pub(crate) use csv_rows::{is_risky_alias, list_field};
pub(crate) use descriptors::Descriptors;
pub use entity::{slug, Entity, EntityKind};
pub use load::GazetteerBuilder;
pub use near_duplicates::Likeness;
pub use profile::{ClubProfile, ClubSpell, NationalTeamProfile, PlayerProfile, Position};
pub use write::{append_row, write_folder};
pub use years::{Date, Years};

use crate::error::Result;
use crate::segment::{fold, Folded};
use crate::span::Span;
use form_index::FormIndex;
use id_index::IdIndex;
use lazy_rows::LazyRows;
use profile::Profile;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// One surface form an entity can be written as.
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
pub(crate) struct Candidate {
    /// The entity written this way.
    pub entity: EntityId,
    /// Whether the form is the entity's full name (not an alias).
    pub is_name: bool,
    /// Which of its aliases, when it is not the name ([`Gazetteer::written_form`]).
    alias: u32,
}

/// The index of a surface form in the gazetteer (see [`Gazetteer::candidates`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct FormId(usize);

/// A surface form found by [`Gazetteer::forms_at`]: which form, and its byte span in the folded
/// text (the same span in the original text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FormMatch {
    form: FormId,
    span: Span,
}

impl FormMatch {
    /// Which form was found: its entities are [`Gazetteer::candidates`].
    pub(crate) fn pattern(&self) -> FormId {
        self.form
    }

    /// Where the form is in the text.
    pub(crate) fn span(&self) -> Span {
        self.span
    }
}

/// The loaded entities, what their rows say about them, and the index that finds them.
///
/// Its snapshot (`src/gazetteer/snapshot.rs`) holds the fields serde skips apart: the indexes,
/// to be read in place, and the rows, to be decoded when first read.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Gazetteer {
    #[serde(skip)]
    entities: LazyRows<Entity>,
    /// Per entity: its columns read and resolved once, so recognition never parses a column.
    #[serde(skip)]
    profiles: LazyRows<Profile>,
    /// The words built from the profiles that describe entities without naming them.
    descriptors: Descriptors,
    /// The entity of each id, and of each id merged into another.
    #[serde(skip)]
    ids: IdIndex,
    /// Finds the folded surface forms at a word start.
    #[serde(skip)]
    forms: FormIndex,
    /// The entities written as each form: those of form `i` are
    /// `candidates[candidate_ends[i - 1]..candidate_ends[i]]`.
    candidates: Vec<Candidate>,
    candidate_ends: Vec<u32>,
    /// The first words of people's full names, folded: "Hans" before a surname is a first name,
    /// not a genitive.
    first_names: HashSet<String>,
    /// Rows with the same kind and name under two ids: merged across folders, or kept apart.
    duplicates: Vec<(String, String)>,
    /// What the rows lost without being unusable (an alias that is a common word), by
    /// `file:line`.
    warnings: Vec<crate::error::Problem>,
}

impl Gazetteer {
    /// The shipped gazetteers.
    pub fn new() -> Result<Gazetteer> {
        Gazetteer::builder().defaults().build()
    }

    /// The shipped gazetteers built from their CSV files, without their compiled snapshot.
    pub(crate) fn from_csv_defaults() -> Result<Gazetteer> {
        Gazetteer::builder().defaults().build_from_csv()
    }

    /// The compiled snapshot of the shipped gazetteers, built from their CSV files: what
    /// `data/gazetteers.snapshot` must hold (`kampfakta gazetteer compile` writes it).
    pub fn compile_shipped() -> Result<Vec<u8>> {
        let built = Gazetteer::from_csv_defaults()?;
        Ok(snapshot::write(&built, load::embedded_fingerprint()))
    }

    /// Options: which folders and files, in which order (see [`GazetteerBuilder`]).
    pub fn builder() -> GazetteerBuilder {
        GazetteerBuilder::default()
    }

    /// Builds a gazetteer from entities already resolved (club and nationality hold ids).
    pub fn from_entities(entities: Vec<Entity>) -> Gazetteer {
        Gazetteer::with_merged_ids(entities, &[])
    }

    /// [`Gazetteer::from_entities`], where each `(dropped, kept)` id pair also resolves the
    /// dropped id to the kept id's entity.
    fn with_merged_ids(entities: Vec<Entity>, merged: &[(String, String)]) -> Gazetteer {
        let by_id: HashMap<String, EntityId> = entities
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id.clone(), EntityId::new(i)))
            .collect();
        let profiles: Vec<Profile> = entities.iter().map(|e| Profile::of(e, &by_id)).collect();
        let descriptors = Descriptors::new(&profiles);
        let (patterns, per_form) = surface_forms(&entities);
        let forms = FormIndex::build(&patterns);
        let mut candidate_ends = Vec::with_capacity(per_form.len());
        let mut candidates = Vec::new();
        for form in per_form {
            candidates.extend(form);
            candidate_ends.push(u32::try_from(candidates.len()).expect("under 4 G candidates"));
        }
        let first_names = entities
            .iter()
            .filter(|e| e.kind.is_person())
            .filter_map(|e| e.name.split_once(' ').map(|(first, _)| fold(first)))
            .collect();
        let mut id_pairs: Vec<(&str, EntityId)> =
            by_id.iter().map(|(id, &e)| (id.as_str(), e)).collect();
        id_pairs.extend(
            merged
                .iter()
                .filter_map(|(dropped, kept)| Some((dropped.as_str(), *by_id.get(kept)?))),
        );
        let ids = IdIndex::build(id_pairs);
        Gazetteer {
            entities: LazyRows::decoded(entities),
            profiles: LazyRows::decoded(profiles),
            descriptors,
            ids,
            forms,
            candidates,
            candidate_ends,
            first_names,
            duplicates: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// Every entity, in load order; an entity's [`EntityId`] is its position here.
    pub fn entities(&self) -> impl ExactSizeIterator<Item = &Entity> + '_ {
        self.entities.iter()
    }

    /// The entity with an id (from [`Gazetteer::index_of`], a mention or a profile).
    pub fn entity(&self, entity: EntityId) -> &Entity {
        self.entities.get(entity.index())
    }

    /// A candidate's form as the gazetteer writes it (for the case check).
    pub(crate) fn written_form(&self, candidate: &Candidate) -> &str {
        let entity = self.entity(candidate.entity);
        match candidate.is_name {
            true => &entity.name,
            false => &entity.aliases[candidate.alias as usize],
        }
    }

    /// What a player's row says (clubs, national teams, position, birth year); `None` when the
    /// entity is not a player.
    pub fn player(&self, entity: EntityId) -> Option<&PlayerProfile> {
        match self.profiles.get(entity.index()) {
            Profile::Player(player) => Some(player),
            _ => None,
        }
    }

    /// The clubs a player was at on `date` (all of them when it is not known) and his national
    /// teams; none for an entity that is not a player.
    pub fn teams_of(
        &self,
        entity: EntityId,
        date: Option<Date>,
    ) -> impl Iterator<Item = EntityId> + '_ {
        self.player(entity)
            .into_iter()
            .flat_map(move |player| player.teams_at(date))
    }

    /// What a club's row says (its home city); `None` when the entity is not a club.
    pub fn club(&self, entity: EntityId) -> Option<&ClubProfile> {
        match self.profiles.get(entity.index()) {
            Profile::Club(club) => Some(club),
            _ => None,
        }
    }

    /// What a national team's row says (its adjective and demonym); `None` when the entity is
    /// not a national team.
    pub fn national_team(&self, entity: EntityId) -> Option<&NationalTeamProfile> {
        match self.profiles.get(entity.index()) {
            Profile::NationalTeam(nation) => Some(nation),
            _ => None,
        }
    }

    /// The words built from the entities that describe them without naming them (demonyms,
    /// adjectives, cities, squads).
    pub(crate) fn descriptors(&self) -> &Descriptors {
        &self.descriptors
    }

    /// The index of the entity with an id (an id merged into another resolves to the kept one).
    pub fn index_of(&self, id: &str) -> Option<EntityId> {
        self.ids.get(id)
    }

    /// Every form that starts at document offset `start` and ends inside the window of
    /// `folded`, shortest first. A run of white space with at most one line break stands for the
    /// one space of a form: `Thomas \nMüller` in a text wrapped by `fold -s`, `Ole  Gunnar`
    /// typed twice.
    pub(crate) fn forms_at(&self, folded: &Folded, start: usize, found: &mut Vec<FormMatch>) {
        found.clear();
        // Every form at the start, not only the longest: the recogniser picks the longest that
        // passes the word-boundary and case checks. The index reads the window's bytes; spans
        // are given at document offsets.
        let base = folded.window().start();
        let Some(start) = start.checked_sub(base) else {
            return;
        };
        self.forms
            .forms_at(folded.window_bytes(), base, start, |form, span| {
                found.push(FormMatch { form, span })
            });
    }

    /// Whether a word is the first word of a person's full name in the gazetteer.
    pub fn is_first_name(&self, word: &str) -> bool {
        self.first_names.contains(&fold(word))
    }

    /// The entities written as one form ([`FormMatch::pattern`]).
    pub(crate) fn candidates(&self, form: FormId) -> &[Candidate] {
        let start = match form.0 {
            0 => 0,
            i => self.candidate_ends[i - 1] as usize,
        };
        &self.candidates[start..self.candidate_ends[form.0] as usize]
    }

    /// Number of entities of each kind.
    pub fn counts(&self) -> Vec<(EntityKind, usize)> {
        EntityKind::ALL
            .iter()
            .map(|k| (*k, self.entities().filter(|e| e.kind == *k).count()))
            .collect()
    }

    /// Pairs of ids that may be one entity though their names are not written alike (accents,
    /// ø/ö, a club name cut short), for a person to check.
    pub fn near_duplicates(&self) -> Vec<(String, String, Likeness)> {
        near_duplicates::near_duplicates(&self.entities().collect::<Vec<_>>())
    }

    /// Probable duplicates: pairs of ids of the same kind named alike, by name or full-name alias
    /// (merged into the later one when they came from different folders, kept apart within one;
    /// pairs whose birth dates or national teams differ are neither).
    pub fn probable_duplicates(&self) -> &[(String, String)] {
        &self.duplicates
    }

    /// What the rows lost or left to guess without being unusable, as `file:line` problems:
    /// aliases left out as common words or too short, clubs and national teams that no folder
    /// defines (taken as entities of their own), columns that are not read (see `gazetteer
    /// check`).
    pub fn warnings(&self) -> &[crate::error::Problem] {
        &self.warnings
    }

    /// Surface forms written for more than one entity, with their ids: these need context to link.
    pub fn shared_forms(&self) -> Vec<(String, Vec<&str>)> {
        let mut shared: Vec<(String, Vec<&str>)> = (0..self.candidate_ends.len())
            .map(|form| self.candidates(FormId(form)))
            .filter(|c| c.len() > 1)
            .map(|c| {
                (
                    self.written_form(&c[0]).to_string(),
                    c.iter()
                        .map(|c| self.entity(c.entity).id.as_str())
                        .collect(),
                )
            })
            .collect();
        shared.sort();
        shared
    }
}

/// Every folded surface form (names and aliases) once, in the order entities first write it, with
/// the entities written that way (each once, in entity order).
fn surface_forms(entities: &[Entity]) -> (Vec<String>, Vec<Vec<Candidate>>) {
    let mut pattern_index: HashMap<String, usize> = HashMap::default();
    let mut patterns: Vec<String> = Vec::new();
    let mut candidates: Vec<Vec<Candidate>> = Vec::new();
    for (index, e) in entities.iter().enumerate() {
        let entity = EntityId::new(index);
        let forms = std::iter::once((&e.name, true, 0))
            .chain((e.aliases.iter().zip(0..)).map(|(alias, index)| (alias, false, index)));
        for (form, is_name, alias) in forms {
            let folded = fold(form);
            let slot = *pattern_index.entry(folded.clone()).or_insert_with(|| {
                patterns.push(folded);
                candidates.push(Vec::new());
                candidates.len() - 1
            });
            if !candidates[slot].iter().any(|c| c.entity == entity) {
                candidates[slot].push(Candidate {
                    entity,
                    is_name,
                    alias,
                });
            }
        }
    }
    (patterns, candidates)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        let table = [
            ("Erling Braut Haaland", "erling-braut-haaland"),
            ("Manchester City", "manchester-city"),
            ("Bodø/Glimt", "bodø-glimt"),
            ("İlhan Mansız", "ilhan-mansız"),
            ("  N'Golo Kanté ", "n-golo-kanté"),
        ];
        for (name, expected) in table {
            assert_eq!(slug(name), expected);
        }
    }

    #[test]
    fn defaults_load_with_every_kind() {
        let gazetteer = Gazetteer::new().unwrap();
        for (kind, count) in gazetteer.counts() {
            assert!(count > 0, "{kind:?}");
        }
        let balotelli = gazetteer.entity(gazetteer.index_of("player:mario-balotelli").unwrap());
        assert!(
            balotelli.attr("club").is_some_and(
                |c| c.starts_with("club:manchester-city@2010-2013|club:ac-milan@2012-2016|")
            ),
            "the sample's clubs first, then the other sources' by season, with their years: {:?}",
            balotelli.attr("club")
        );
        assert_eq!(balotelli.attr("nationality"), Some("national:italia"));
        let index = |id: &str| gazetteer.index_of(id).unwrap();
        let profile = gazetteer.player(index("player:mario-balotelli")).unwrap();
        let clubs = &profile.clubs_at(None)[..2];
        assert_eq!(
            clubs,
            [index("club:manchester-city"), index("club:ac-milan")],
            "resolved once, in the order written"
        );
        let in_2011 = Some(Date {
            year: 2011,
            month: None,
        });
        let in_2011 = profile.clubs_at(in_2011);
        assert_eq!(in_2011, [index("club:manchester-city")]);
        assert_eq!(profile.nationality(), Some(index("national:italia")));
        assert!(gazetteer.club(index("national:italia")).is_none());
        let italia = gazetteer.national_team(index("national:italia")).unwrap();
        let italians = gazetteer.descriptors().nation_of_demonym("italieneren");
        assert_eq!(
            (italia.demonym.as_deref(), italians),
            (Some("italiener"), Some(index("national:italia")))
        );
    }
}
