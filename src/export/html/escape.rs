//! HTML escaping: every piece of a report, a gazetteer or an id goes through [`escaped`] on its
//! way into a page, so that a report holding `<script>` shows it as text.

use std::fmt;

/// Text made safe for HTML content and for a quoted attribute value: `&`, `<`, `>`, `"` and `'`
/// become character references. Written straight into the page, without an intermediate string.
pub(super) struct Escaped<'a>(&'a str);

/// `text`, escaped when displayed.
pub(super) fn escaped(text: &str) -> Escaped<'_> {
    Escaped(text)
}

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rest = self.0;
        while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
            f.write_str(&rest[..at])?;
            f.write_str(match rest.as_bytes()[at] {
                b'&' => "&amp;",
                b'<' => "&lt;",
                b'>' => "&gt;",
                b'"' => "&quot;",
                _ => "&#39;",
            })?;
            rest = &rest[at + 1..];
        }
        f.write_str(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::escaped;

    #[test]
    fn markup_characters_become_references() {
        let table: &[(&str, &str, &str)] = &[
            ("plain", "Bø – Brann 3-2", "Bø – Brann 3-2"),
            (
                "a script",
                "<script>alert(1)</script>",
                "&lt;script&gt;alert(1)&lt;/script&gt;",
            ),
            (
                "an attribute breakout",
                "\" onmouseover='x'",
                "&quot; onmouseover=&#39;x&#39;",
            ),
            ("an entity", "&amp;", "&amp;amp;"),
            ("empty", "", ""),
        ];
        for (name, text, expected) in table {
            assert_eq!(escaped(text).to_string(), *expected, "{name}");
        }
    }
}
