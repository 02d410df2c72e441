//! The years a player was at a club: a `club` reference of `players.csv` may end with them
//! (`club:arsenal@2004-2012`, `club:molde-fk@2021`), so that a document's year chooses the club
//! he played for then (`Van Persie` in an Arsenal - Manchester United match of 2011 is Arsenal's,
//! of 2013 United's). A reference without years holds at any time.

/// Calendar years, both ends included: a season `2011-12` is `2011-2012`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Years {
    /// The first year.
    pub first: i32,
    /// The last year, not before the first.
    pub last: i32,
}

/// When a document was written or its match played: a year, and the month when known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// 1 to 12.
    pub month: Option<u32>,
}

/// The last month before the summer, when players move between clubs: in the year of a move,
/// a date up to it is at the club he leaves, a later one at the club he joins.
const SEASON_TURN_MONTH: u32 = 6;

impl Years {
    /// Whether `year` is one of them.
    pub fn contains(self, year: i32) -> bool {
        (self.first..=self.last).contains(&year)
    }

    /// Whether a player there in these years is leaving in `year`: they end then.
    fn end_in(self, year: i32) -> bool {
        self.last == year && self.first < year
    }

    /// Whether a player there in these years is arriving in `year`: they start then.
    fn start_in(self, year: i32) -> bool {
        self.first == year && self.last > year
    }
}

/// Which of a player's clubs (their years, in the order of his row) hold at `date`: those that
/// contain its year (and those without years), and in the year of a move (one club's years end,
/// another's start) the one the month tells; `None` when no club's years contain it, so that
/// the caller reads the row as undated.
pub(crate) fn holding_at(spells: &[Option<Years>], date: Date) -> Option<Vec<bool>> {
    let year = date.year;
    if !spells.iter().flatten().any(|y| y.contains(year)) {
        return None;
    }
    let leaving = spells.iter().flatten().any(|y| y.end_in(year));
    let arriving = spells.iter().flatten().any(|y| y.start_in(year));
    let moved = |years: &Years| match date.month {
        Some(month) if leaving && arriving => {
            (month > SEASON_TURN_MONTH && years.end_in(year))
                || (month <= SEASON_TURN_MONTH && years.start_in(year))
        }
        _ => false,
    };
    let holds = |years: &Option<Years>| years.is_none_or(|y| y.contains(year) && !moved(&y));
    Some(spells.iter().map(holds).collect())
}

impl std::fmt::Display for Years {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.first == self.last {
            true => write!(f, "{}", self.first),
            false => write!(f, "{}-{}", self.first, self.last),
        }
    }
}

/// The mark between a reference and its years.
pub(crate) const YEARS_MARK: char = '@';

/// A reference and its years, if it gives them (`club:arsenal@2004-2012`); when the part after
/// `@` is no `YYYY` or `YYYY-YYYY` in order, the reference without it and what is wrong.
pub(crate) fn split_years(value: &str) -> Result<(&str, Option<Years>), (&str, String)> {
    let Some((reference, years)) = value.rsplit_once(YEARS_MARK) else {
        return Ok((value, None));
    };
    let year = |s: &str| {
        let s = s.trim();
        let digits = s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| s.parse::<i32>().ok()).flatten()
    };
    let parsed = match years.split_once('-') {
        Some((first, last)) => year(first).zip(year(last)),
        None => year(years).map(|y| (y, y)),
    };
    match parsed {
        Some((first, last)) if first <= last => Ok((reference.trim(), Some(Years { first, last }))),
        _ => Err((
            reference.trim(),
            format!(
                "{years:?} after @ are no years: write them as YYYY or YYYY-YYYY, first year \
                 first (club:arsenal@2004-2012)"
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_may_end_with_its_years() {
        let years = |first, last| Some(Years { first, last });
        for (value, expected) in [
            ("club:arsenal", Ok(("club:arsenal", None))),
            (
                "club:arsenal@2004-2012",
                Ok(("club:arsenal", years(2004, 2012))),
            ),
            ("Molde FK @ 2021", Ok(("Molde FK", years(2021, 2021)))),
        ] {
            assert_eq!(split_years(value), expected, "{value}");
        }
        for wrong in [
            "club:a@2012-2004",
            "club:a@12",
            "club:a@2004-",
            "club:a@+2004",
        ] {
            assert!(split_years(wrong).is_err(), "{wrong}");
        }
        let (several, one) = (
            Years {
                first: 2004,
                last: 2012,
            },
            Years {
                first: 2021,
                last: 2021,
            },
        );
        assert_eq!(
            (several.to_string(), one.to_string()),
            ("2004-2012".into(), "2021".into())
        );
    }

    #[test]
    fn the_date_chooses_the_clubs_and_the_month_a_move() {
        let years = |first, last| Some(Years { first, last });
        // Arsenal 2004-2012, United 2012-2015, a club without years.
        let spells = [years(2004, 2012), years(2012, 2015), None];
        let at = |year, month| Date { year, month };
        for (date, holding) in [
            (at(2012, None), Some(vec![true, true, true])),
            (at(2012, Some(3)), Some(vec![true, false, true])),
            (at(2012, Some(11)), Some(vec![false, true, true])),
            (at(2004, Some(3)), Some(vec![true, false, true])),
            (at(2015, Some(5)), Some(vec![false, true, true])),
            (at(2016, None), None),
            (at(1990, Some(5)), None),
        ] {
            assert_eq!(holding_at(&spells, date), holding, "{date:?}");
        }
        // A Norwegian season (March to November) is a calendar year: May is in it.
        let molde = [years(2021, 2022)];
        assert_eq!(holding_at(&molde, at(2021, Some(5))), Some(vec![true]));
    }
}
