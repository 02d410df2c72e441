//! The match as a timeline: goals, penalties, fouls (cards) and chances by minute, the home team's
//! above the axis and the away team's below (a mark whose team is unknown sits on it), each mark a
//! link to its sentence; and the same marks as a list, for screen readers and print.
//!
//! The axis runs from 0 to 90, or to 120 when a mark falls in extra time, with a few minutes past
//! its end for added time (`90+`, `90+3`). Marks closer than a mark's width on one side are
//! stacked away from the axis, so that none hides another.

use super::escape::escaped;
use crate::classify::Minute;

/// Which side of the axis a mark is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Home,
    Away,
    /// The team is not known, or plays in another match: on the axis.
    Unknown,
}

impl Side {
    fn as_str(self) -> &'static str {
        match self {
            Side::Home => "home",
            Side::Away => "away",
            Side::Unknown => "unknown",
        }
    }
}

/// One mark: an event (or a goal of the match facts) at its minute.
pub(super) struct Mark {
    /// `goal`, `penalty`, `foul` or `chance`.
    pub kind: &'static str,
    /// For a goal, `penalty` or `own goal`; otherwise empty.
    pub detail: &'static str,
    pub minute: Option<Minute>,
    pub side: Side,
    /// The index of the sentence that tells it.
    pub sentence: usize,
    /// Who, and for which team, as the page says it (`Samir Nasri (Manchester City)`).
    pub who: String,
}

impl Mark {
    /// `56′ goal (penalty): Samir Nasri (Manchester City)`; without the kind (`56′ (penalty):
    /// ...`) where a label beside it says it.
    fn description(&self, with_kind: bool) -> String {
        let mut description = String::new();
        if let Some(minute) = self.minute {
            put!(description, "{minute}′");
        }
        if with_kind {
            put!(description, " {}", self.kind);
        }
        if !self.detail.is_empty() {
            put!(description, " ({})", self.detail);
        }
        if !self.who.is_empty() {
            let colon = if with_kind || !self.detail.is_empty() {
                ":"
            } else {
                ""
            };
            put!(description, "{colon} {}", self.who);
        }
        description.trim_start().to_string()
    }
}

/// The last regular minute of normal time and of extra time.
const FULL_TIME: u16 = 90;
const EXTRA_FULL_TIME: u16 = 120;
/// Minutes drawn past the axis's end, for added time; `90+7` is drawn at `90+` this many.
const ADDED_ROOM: u16 = 6;
/// Where the minutes of a half's added time are drawn past its end (`45+2` at 45.6): not on the
/// second half's first minutes.
const HALF_ADDED: f32 = 0.6;

/// The width of the drawing, and its margins: the left one holds the side labels.
const WIDTH: f32 = 1000.0;
const LEFT: f32 = 64.0;
const RIGHT: f32 = 12.0;
/// How far apart stacked marks are, and a mark's half size.
const ROW: f32 = 21.0;
const HALF: f32 = 8.5;
/// Above the first row of home marks, and below the last away row for the minute labels.
const TOP: f32 = 6.0;
const BOTTOM: f32 = 22.0;

/// Where on the axis a minute is drawn, in minutes: a span (`91-120`) at its middle, added time
/// just past its period's end.
fn position(minute: Minute) -> f32 {
    match (minute.added, minute.until) {
        (Some(added), _) => {
            let regular = f32::from(minute.regular);
            if minute.regular == FULL_TIME || minute.regular == EXTRA_FULL_TIME {
                regular + f32::from(added.unwrap_or(1).clamp(1, ADDED_ROOM - 1))
            } else {
                regular + HALF_ADDED
            }
        }
        (None, Some(until)) => (f32::from(minute.regular) + f32::from(until)) / 2.0,
        (None, None) => f32::from(minute.regular),
    }
}

/// 120 when a mark falls in extra time, otherwise 90.
fn axis_end(marks: &[&Mark]) -> u16 {
    let extra = marks
        .iter()
        .filter_map(|m| m.minute)
        .any(|m| m.until.unwrap_or(m.regular) > FULL_TIME);
    if extra {
        EXTRA_FULL_TIME
    } else {
        FULL_TIME
    }
}

/// The marks with a minute, in timeline order (by minute, then as told).
pub(super) fn placed(marks: &[Mark]) -> Vec<&Mark> {
    let mut placed: Vec<&Mark> = marks.iter().filter(|m| m.minute.is_some()).collect();
    placed.sort_by(|a, b| key(a).total_cmp(&key(b)));
    placed
}

fn key(mark: &Mark) -> f32 {
    mark.minute.map_or(0.0, position)
}

/// Writes the timeline of the placed marks as an inline SVG, with the team names for its
/// caption. It is hidden from screen readers, which get [`write_list`].
pub(super) fn write_svg(out: &mut String, marks: &[&Mark]) {
    let end = axis_end(marks);
    let domain = f32::from(end + ADDED_ROOM);
    let x = |minutes: f32| LEFT + minutes.min(domain) / domain * (WIDTH - LEFT - RIGHT);
    let levels = stack(marks, |m| x(key(m)));
    let rows = |side: Side| {
        marks
            .iter()
            .zip(&levels)
            .filter(|(m, _)| m.side == side)
            .map(|(_, &level)| level + 1)
            .max()
            .unwrap_or(1)
    };
    let (home_rows, away_rows) = (rows(Side::Home) as f32, rows(Side::Away) as f32);
    let axis = TOP + home_rows * ROW + HALF;
    let height = axis + HALF + away_rows * ROW + BOTTOM;
    put!(
        out,
        "<svg class=\"tl\" viewBox=\"0 0 {WIDTH} {height:.0}\" role=\"img\" aria-hidden=\"true\" \
         focusable=\"false\">"
    );
    // Shading past the axis's end: added time.
    put!(
        out,
        "<rect class=\"added\" x=\"{:.1}\" y=\"{TOP}\" width=\"{:.1}\" height=\"{:.1}\"/>",
        x(f32::from(end)),
        x(domain) - x(f32::from(end)),
        height - TOP - BOTTOM
    );
    for minute in (0..=end).step_by(15) {
        let major = minute % 45 == 0 || minute == 105;
        let at = x(f32::from(minute));
        put!(
            out,
            "<line class=\"{}\" x1=\"{at:.1}\" x2=\"{at:.1}\" y1=\"{TOP}\" y2=\"{:.1}\"/>\
             <text class=\"tick\" x=\"{at:.1}\" y=\"{:.1}\">{minute}</text>",
            if major { "grid major" } else { "grid" },
            height - BOTTOM,
            height - 6.0
        );
    }
    put!(
        out,
        "<text class=\"tick\" x=\"{:.1}\" y=\"{:.1}\">+</text>\
         <line class=\"axis\" x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{axis:.1}\" y2=\"{axis:.1}\"/>\
         <text class=\"side\" x=\"4\" y=\"{:.1}\">home</text>\
         <text class=\"side\" x=\"4\" y=\"{:.1}\">away</text>",
        (x(f32::from(end)) + x(domain)) / 2.0,
        height - 6.0,
        x(domain),
        axis - HALF - 2.0,
        axis + HALF + 11.0,
    );
    for (mark, &level) in marks.iter().zip(&levels) {
        let minute = mark.minute.expect("placed marks have a minute");
        let level = level as f32;
        let (cx, cy) = match mark.side {
            Side::Home => (x(key(mark)), axis - HALF - 4.0 - HALF - level * ROW),
            Side::Away => (x(key(mark)), axis + HALF + 4.0 + HALF + level * ROW),
            // On the axis there is no room to stack away from it: along it instead.
            Side::Unknown => (x(key(mark)) + level * 2.0 * HALF, axis),
        };
        put!(
            out,
            "<a href=\"#s{}\" tabindex=\"-1\" class=\"mk {}\" data-kind=\"{}\" data-minute=\"{minute}\" \
             data-side=\"{}\"",
            mark.sentence,
            mark.kind,
            mark.kind,
            mark.side.as_str()
        );
        if !mark.detail.is_empty() {
            put!(out, " data-detail=\"{}\"", mark.detail);
        }
        put!(out, "><title>{}</title>", escaped(&mark.description(true)));
        if let (None, Some(until)) = (minute.added, minute.until) {
            put!(
                out,
                "<line class=\"span\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{cy:.1}\" y2=\"{cy:.1}\"/>",
                x(f32::from(minute.regular)),
                x(f32::from(until))
            );
        }
        write_shape(out, mark, cx, cy);
        out.push_str("</a>");
    }
    out.push_str("</svg>");
}

/// A mark's shape, distinct for each kind (and a letter in it), so that colour is not all that
/// tells them apart.
fn write_shape(out: &mut String, mark: &Mark, cx: f32, cy: f32) {
    let h = HALF;
    let (shape, letter) = match mark.kind {
        "goal" => (
            format!("<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{h}\"/>"),
            "G",
        ),
        "penalty" => (
            format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{}\" height=\"{}\"/>",
                cx - h,
                cy - h,
                2.0 * h,
                2.0 * h
            ),
            "P",
        ),
        "foul" => (
            format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{}\" height=\"{}\" rx=\"2\"/>",
                cx - 0.7 * h,
                cy - h,
                1.4 * h,
                2.0 * h
            ),
            "F",
        ),
        _ => (
            format!(
                "<path d=\"M{cx:.1} {:.1}L{:.1} {cy:.1}L{cx:.1} {:.1}L{:.1} {cy:.1}Z\"/>",
                cy - h - 1.0,
                cx + h + 1.0,
                cy + h + 1.0,
                cx - h - 1.0
            ),
            "C",
        ),
    };
    out.push_str(&shape);
    if !mark.detail.is_empty() {
        // A penalty goal or an own goal: a ring around the goal's circle.
        put!(
            out,
            "<circle class=\"ring\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\"/>",
            h + 2.5
        );
    }
    put!(
        out,
        "<text class=\"l\" x=\"{cx:.1}\" y=\"{cy:.1}\">{letter}</text>"
    );
}

/// The row of each mark away from the axis (0 nearest it): the lowest row on its side where no
/// mark before it lies closer than two half sizes.
fn stack(marks: &[&Mark], x: impl Fn(&Mark) -> f32) -> Vec<usize> {
    let mut levels: Vec<usize> = Vec::with_capacity(marks.len());
    for (i, mark) in marks.iter().enumerate() {
        let at = x(mark);
        let taken: Vec<usize> = marks[..i]
            .iter()
            .zip(&levels)
            .filter(|(other, _)| other.side == mark.side && (x(other) - at).abs() < 2.2 * HALF)
            .map(|(_, &level)| level)
            .collect();
        let level = (0..).find(|l| !taken.contains(l)).expect("a free row");
        levels.push(level);
    }
    levels
}

/// The marks as a list of links to their sentences: the placed ones in timeline order, with
/// their side, then those without a minute.
pub(super) fn write_list(out: &mut String, placed: &[&Mark], marks: &[Mark]) {
    if !placed.is_empty() {
        out.push_str("<h3>On the timeline</h3><ol class=\"marks\">");
        for mark in placed {
            write_item(out, mark);
        }
        out.push_str("</ol>");
    }
    let unplaced: Vec<&Mark> = marks.iter().filter(|m| m.minute.is_none()).collect();
    if !unplaced.is_empty() {
        out.push_str("<h3>Without a minute</h3><ul class=\"marks\">");
        for mark in unplaced {
            write_item(out, mark);
        }
        out.push_str("</ul>");
    }
}

fn write_item(out: &mut String, mark: &Mark) {
    let side = match mark.side {
        Side::Unknown => "",
        Side::Home => ", home",
        Side::Away => ", away",
    };
    put!(
        out,
        "<li><a href=\"#s{}\"><span class=\"lab {}\">{}</span> {}{side}</a> \
         <small>sentence {}</small></li>",
        mark.sentence,
        mark.kind,
        mark.kind,
        escaped(&mark.description(false)),
        mark.sentence
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minute(regular: u16, added: Option<Option<u16>>, until: Option<u16>) -> Minute {
        Minute {
            regular,
            added,
            until,
        }
    }

    #[test]
    fn minutes_are_drawn_in_order_with_added_time_after_its_period() {
        let table: &[(&str, Minute, f32)] = &[
            ("a minute", Minute::at(56), 56.0),
            ("90+", minute(90, Some(None), None), 91.0),
            ("90+3", minute(90, Some(Some(3)), None), 93.0),
            (
                "90+12 stays in the room",
                minute(90, Some(Some(12)), None),
                95.0,
            ),
            (
                "45+2 before the 46th",
                minute(45, Some(Some(2)), None),
                45.6,
            ),
            ("a span at its middle", minute(91, None, Some(120)), 105.5),
        ];
        for (name, minute, expected) in table {
            assert_eq!(position(*minute), *expected, "{name}");
        }
    }

    fn mark(minute: Minute, side: Side) -> Mark {
        Mark {
            kind: "goal",
            detail: "",
            minute: Some(minute),
            side,
            sentence: 0,
            who: String::new(),
        }
    }

    #[test]
    fn extra_time_extends_the_axis() {
        let table: &[(&str, Minute, u16)] = &[
            ("normal time", Minute::at(89), 90),
            ("added time", minute(90, Some(Some(4)), None), 90),
            (
                "added time in extra time",
                minute(105, Some(Some(1)), None),
                120,
            ),
            ("extra time", Minute::at(104), 120),
            (
                "extra time told as a span",
                minute(91, None, Some(120)),
                120,
            ),
        ];
        for (name, minute, expected) in table {
            let marks = [mark(*minute, Side::Home)];
            let marks: Vec<&Mark> = marks.iter().collect();
            assert_eq!(axis_end(&marks), *expected, "{name}");
        }
    }

    #[test]
    fn close_marks_on_one_side_are_stacked() {
        let marks = [
            mark(Minute::at(10), Side::Home),
            mark(Minute::at(11), Side::Home),
            mark(Minute::at(11), Side::Away),
            mark(Minute::at(12), Side::Home),
            mark(Minute::at(40), Side::Home),
        ];
        let marks: Vec<&Mark> = marks.iter().collect();
        let x = |m: &Mark| f32::from(m.minute.unwrap().regular) * 5.0;
        assert_eq!(stack(&marks, x), [0, 1, 0, 2, 0]);
    }
}
