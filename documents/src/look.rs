//! The house style of the A4 documents (the invoice, the cash report, the ticket cards):
//! the page's margins, the colours and the text styles they share, and where a table
//! cell's text is anchored. Each document adds its own sizes for what only it prints.

use crate::layout::{Align, Face, Rgb, Style};
use crate::pdf::PAGE_W;

/// The invoice's and the cash report's page margin.
pub(crate) const MARGIN: f32 = 40.0;
pub(crate) const WIDTH: f32 = PAGE_W - 2.0 * MARGIN;
pub(crate) const RIGHT: f32 = PAGE_W - MARGIN;

pub(crate) const INK: Rgb = Rgb(0.10, 0.10, 0.12);
pub(crate) const MUTED: Rgb = Rgb(0.42, 0.42, 0.45);
pub(crate) const BRAND: Rgb = Rgb(0.07, 0.25, 0.47);
pub(crate) const RULE: Rgb = Rgb(0.75, 0.75, 0.78);
pub(crate) const SHADE: Rgb = Rgb(0.93, 0.94, 0.96);

pub(crate) const fn style(face: Face, size: f32, color: Rgb) -> Style {
    Style { face, size, color }
}
pub(crate) const TITLE: Style = style(Face::Bold, 17.0, BRAND);
pub(crate) const LABEL: Style = style(Face::Bold, 8.0, MUTED);
pub(crate) const TEXT: Style = style(Face::Regular, 9.0, INK);
pub(crate) const STRONG: Style = style(Face::Bold, 9.0, INK);
pub(crate) const HEAD: Style = style(Face::Bold, 7.0, INK);
pub(crate) const FOOT: Style = style(Face::Regular, 7.0, MUTED);

/// Where a cell's text is anchored for `align`, `pad` in from its edges.
pub(crate) fn anchor(x: f32, width: f32, align: Align, pad: f32) -> f32 {
    match align {
        Align::Left => x + pad,
        Align::Right => x + width - pad,
        Align::Center => x + width / 2.0,
    }
}
