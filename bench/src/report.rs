//! The printed table: figure | store | raw PostgreSQL | ratio | target | result.

use std::fmt::Write as _;

/// How a figure fares against its target.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Fail,
    /// No target: shown for context.
    Info,
}

pub struct Row {
    pub figure: String,
    pub store: String,
    pub raw: String,
    pub ratio: Option<f64>,
    pub target: String,
    pub verdict: Verdict,
}

impl Row {
    pub fn info(
        figure: impl Into<String>,
        store: impl Into<String>,
        raw: impl Into<String>,
        ratio: Option<f64>,
    ) -> Row {
        Row {
            figure: figure.into(),
            store: store.into(),
            raw: raw.into(),
            ratio,
            target: "-".into(),
            verdict: Verdict::Info,
        }
    }

    pub fn checked(
        figure: impl Into<String>,
        store: impl Into<String>,
        raw: impl Into<String>,
        ratio: Option<f64>,
        target: impl Into<String>,
        pass: bool,
    ) -> Row {
        Row {
            figure: figure.into(),
            store: store.into(),
            raw: raw.into(),
            ratio,
            target: target.into(),
            verdict: if pass { Verdict::Pass } else { Verdict::Fail },
        }
    }
}

/// The rows as an aligned Markdown table.
pub fn table(rows: &[Row]) -> String {
    let header = ["figure", "store", "raw PostgreSQL", "ratio", "target", "result"];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.figure.clone(),
                r.store.clone(),
                r.raw.clone(),
                r.ratio.map_or_else(|| "-".to_owned(), |x| format!("{x:.2}")),
                r.target.clone(),
                match r.verdict {
                    Verdict::Pass => "PASS".to_owned(),
                    Verdict::Fail => "FAIL".to_owned(),
                    Verdict::Info => "-".to_owned(),
                },
            ]
        })
        .collect();
    markdown(&header, &cells)
}

/// Any rows of cells under `header`, aligned, as Markdown.
pub fn markdown(header: &[&str], cells: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    let line = |out: &mut String, row: &[String]| {
        out.push('|');
        for (c, w) in row.iter().zip(&widths) {
            let pad = w - c.chars().count();
            let _ = write!(out, " {c}{} |", " ".repeat(pad));
        }
        out.push('\n');
    };
    line(&mut out, &header.iter().map(|h| (*h).to_owned()).collect::<Vec<_>>());
    out.push('|');
    for w in &widths {
        let _ = write!(out, "{}|", "-".repeat(w + 2));
    }
    out.push('\n');
    for row in cells {
        line(&mut out, row);
    }
    out
}

/// A whole number with thousands separators: 1234567.8 -> "1,234,568".
pub fn thousands(x: f64) -> String {
    if !x.is_finite() {
        return "n/a".into();
    }
    let digits = format!("{:.0}", x.abs());
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if x < 0.0 {
        out.insert(0, '-');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0.0), "0");
        assert_eq!(thousands(999.4), "999");
        assert_eq!(thousands(1234567.8), "1,234,568");
        assert_eq!(thousands(-12345.0), "-12,345");
    }
}
