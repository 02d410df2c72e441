//! The years a player was at a club: a `club` reference of `players.csv` may end with them
//! (`club:arsenal@2004-2012`, `club:molde-fk@2021`), so that a document's year chooses the club
//! he played for then (`Van Persie` in an Arsenal - Manchester United match of 2011 is Arsenal's,
//! of 2013 United's). A reference without years holds at any time.

/// Calendar years, both ends included: a season `2011-12` is `2011-2012`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

/// The last month of a season's first half: players move between seasons, in the summer.
const SEASON_TURN_MONTH: u32 = 6;

impl Years {
    /// Whether a player there in these years was there at `date`. Years of several seasons run
    /// from the summer of the first to the summer of the last (`2004-2012`: July 2004 to June
    /// 2012), so that in a transfer year the month tells the old club from the new one; one
    /// year, or a date without a month, holds for the whole year.
    pub fn holds(self, date: Date) -> bool {
        let in_years = (self.first..=self.last).contains(&date.year);
        match date.month {
            Some(month) if self.first < self.last => {
                let after_the_start = date.year > self.first || month > SEASON_TURN_MONTH;
                let before_the_end = date.year < self.last || month <= SEASON_TURN_MONTH;
                in_years && after_the_start && before_the_end
            }
            _ => in_years,
        }
    }
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
const YEARS_MARK: char = '@';

/// A reference and its years, if it gives them (`club:arsenal@2004-2012`); an error that says
/// what is wrong when the part after `@` is no `YYYY` or `YYYY-YYYY` in order.
pub(crate) fn split_years(value: &str) -> Result<(&str, Option<Years>), String> {
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
        _ => Err(format!(
            "{years:?} after @ are no years: write them as YYYY or YYYY-YYYY, first year first \
             (club:arsenal@2004-2012)"
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
    fn the_month_tells_the_clubs_of_a_transfer_year_apart() {
        let arsenal = Years {
            first: 2004,
            last: 2012,
        };
        let united = Years {
            first: 2012,
            last: 2015,
        };
        let at = |year, month| Date { year, month };
        for (date, arsenals, uniteds) in [
            (at(2012, None), true, true),
            (at(2012, Some(3)), true, false),
            (at(2012, Some(11)), false, true),
            (at(2004, Some(3)), false, false),
            (at(2008, Some(1)), true, false),
            (at(2015, Some(5)), false, true),
            (at(2016, None), false, false),
        ] {
            assert_eq!(arsenal.holds(date), arsenals, "{date:?}");
            assert_eq!(united.holds(date), uniteds, "{date:?}");
        }
        let one_year = Years {
            first: 2021,
            last: 2021,
        };
        assert!(one_year.holds(at(2021, Some(3))) && one_year.holds(at(2021, Some(10))));
    }
}
