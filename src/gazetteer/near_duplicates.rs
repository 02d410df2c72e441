//! Entities that may be one though their names are not written alike, for `gazetteer check`:
//! accents (`Modric` / `Modrić`), the ways sources write ø, æ and å (`Sörloth`, `Solskjaer`,
//! `Haaland`), and club names that squad lists cut short (`Feyenoo` beside `Feyenoord`). The
//! loader merges only rows named alike (see `load`); these are for a person to decide.

use super::{Entity, EntityKind};
// Built once per run from trusted rows: a fast hasher matters, keys are not hostile.
use rustc_hash::FxHashMap as HashMap;

/// Why two entities may be one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Likeness {
    /// The names differ only in accents or in how ø, æ and å are written.
    Spelling,
    /// A club's name is the start of exactly one other club's name.
    CutName,
}

impl Likeness {
    /// How `gazetteer check` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Likeness::Spelling => "spelled alike",
            Likeness::CutName => "cut name",
        }
    }
}

/// Shortest name a cut club name may have: shorter starts are common to many clubs.
const MIN_CUT_NAME: usize = 4;

/// Pairs of ids of one kind that may be one entity, in entity order: names that are one
/// [`loose_key`], where neither birth date nor national team tells them apart, and clubs whose
/// name starts exactly one other club's name.
pub fn near_duplicates(entities: &[&Entity]) -> Vec<(String, String, Likeness)> {
    let mut pairs = Vec::new();
    let mut first_by_key: HashMap<(EntityKind, String), usize> = HashMap::default();
    for (index, entity) in entities.iter().enumerate() {
        let key = (entity.kind, loose_key(&entity.name));
        match first_by_key.get(&key) {
            Some(&first) => {
                let earlier = entities[first];
                if earlier.name != entity.name && !told_apart(earlier, entity) {
                    pairs.push((earlier.id.clone(), entity.id.clone(), Likeness::Spelling));
                }
            }
            None => {
                first_by_key.insert(key, index);
            }
        }
    }
    let clubs: Vec<(&Entity, String)> = entities
        .iter()
        .copied()
        .filter(|e| e.kind == EntityKind::Club)
        .map(|e| (e, loose_key(&e.name)))
        .collect();
    for (club, key) in &clubs {
        if key.chars().count() < MIN_CUT_NAME {
            continue;
        }
        let mut longer = clubs
            .iter()
            .filter(|(other, other_key)| other.id != club.id && other_key.len() > key.len())
            .filter(|(_, other_key)| other_key.starts_with(key.as_str()));
        if let (Some((other, _)), None) = (longer.next(), longer.next()) {
            pairs.push((club.id.clone(), other.id.clone(), Likeness::CutName));
        }
    }
    pairs
}

/// Whether the rows say they are different people: different birth dates or national teams.
fn told_apart(a: &Entity, b: &Entity) -> bool {
    ["birth_date", "nationality"]
        .iter()
        .any(|column| matches!((a.attr(column), b.attr(column)), (Some(x), Some(y)) if x != y))
}

/// The name lower-cased, without accents, with ø, ö and ó alike, æ and ä alike, and å, aa and a
/// alike. Text is never matched this way (Bø is not Bo); only names are compared.
pub fn loose_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        match c {
            'á' | 'à' | 'â' | 'ã' | 'å' | 'ā' | 'ą' => key.push('a'),
            'æ' | 'ä' => key.push_str("ae"),
            'ø' | 'ö' | 'ó' | 'ò' | 'ô' | 'õ' | 'ő' => key.push('o'),
            'é' | 'è' | 'ê' | 'ë' | 'ę' | 'ě' => key.push('e'),
            'í' | 'ì' | 'î' | 'ï' | 'ı' => key.push('i'),
            'ú' | 'ù' | 'û' | 'ü' | 'ű' | 'ů' => key.push('u'),
            'ç' | 'ć' | 'č' => key.push('c'),
            'ñ' | 'ń' => key.push('n'),
            'š' | 'ś' | 'ş' => key.push('s'),
            'ž' | 'ź' | 'ż' => key.push('z'),
            'đ' | 'ď' => key.push('d'),
            'ł' => key.push('l'),
            'ř' => key.push('r'),
            'ý' => key.push('y'),
            'ğ' => key.push('g'),
            'ß' => key.push_str("ss"),
            c if c.is_alphanumeric() => key.push(c),
            _ if !key.ends_with(' ') && !key.is_empty() => key.push(' '),
            _ => {}
        }
    }
    key.trim_end().replace("aa", "a")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entity(kind: EntityKind, id: &str, name: &str, attrs: &[(&str, &str)]) -> Entity {
        Entity {
            id: id.into(),
            kind,
            name: name.into(),
            aliases: Vec::new(),
            attrs: attrs
                .iter()
                .map(|(c, v)| (c.to_string(), v.to_string()))
                .collect(),
        }
    }

    #[test]
    fn loose_keys() {
        let table = [
            ("accents", "Luka Modrić", "luka modric"),
            ("ö for ø", "Alexander Sörloth", "alexander sorloth"),
            ("ae for æ", "Ole Gunnar Solskjaer", "ole gunnar solskjaer"),
            ("aa for å", "Erling Haaland", "erling haland"),
            ("punctuation", "Bodø/Glimt", "bodo glimt"),
        ];
        for (row, name, key) in table {
            assert_eq!(loose_key(name), key, "{row}");
        }
    }

    #[test]
    fn spellings_and_cut_club_names() {
        let p = EntityKind::Player;
        let c = EntityKind::Club;
        let entities = vec![
            entity(p, "player:modric", "Luka Modric", &[]),
            entity(
                p,
                "player:modrić",
                "Luka Modrić",
                &[("birth_date", "1985-09-09")],
            ),
            entity(
                p,
                "player:so-1",
                "Alexander Sørloth",
                &[("birth_date", "1995-12-05")],
            ),
            entity(
                p,
                "player:so-2",
                "Alexander Sörloth",
                &[("birth_date", "1990-01-01")],
            ),
            entity(c, "club:feyenoo", "Feyenoo", &[]),
            entity(c, "club:feyenoord", "Feyenoord Rotterdam", &[]),
            entity(c, "club:molde", "Molde", &[]),
            entity(c, "club:molde-fk", "Molde FK", &[]),
            entity(c, "club:molde-2", "Molde 2", &[]),
        ];
        assert_eq!(
            near_duplicates(&entities.iter().collect::<Vec<_>>()),
            [
                (
                    "player:modric".into(),
                    "player:modrić".into(),
                    Likeness::Spelling
                ),
                (
                    "club:feyenoo".into(),
                    "club:feyenoord".into(),
                    Likeness::CutName
                ),
            ],
            "born on different days: two people; Molde starts two names"
        );
    }
}
