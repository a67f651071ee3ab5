//! A small drawing surface over a PDF content stream: text in our two faces (placed
//! left, right or centred, shrunk or shortened to fit a width), filled rectangles and
//! stroked outlines. Coordinates are PDF points from the bottom left of the page.

use crate::font::Font;
use pdf_writer::{Content, Name, Str};

/// The resource names the pages give the two faces.
pub(crate) const REGULAR_NAME: Name<'static> = Name(b"F1");
pub(crate) const BOLD_NAME: Name<'static> = Name(b"F2");

/// Which face a text uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    Regular,
    Bold,
}

/// An RGB colour, components from 0 to 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Rgb(pub f32, pub f32, pub f32);

/// A text style: face, size in points and colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Style {
    pub face: Face,
    pub size: f32,
    pub color: Rgb,
}

/// Where a text's `x` is: its left edge, its right edge or its centre.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Align {
    Left,
    Right,
    Center,
}

/// Smallest size [`Canvas::text_fit`] shrinks to before it shortens the text instead.
const MIN_FIT_SIZE: f32 = 8.0;

pub(crate) struct Canvas<'f> {
    content: Content,
    regular: &'f mut Font,
    bold: &'f mut Font,
}

impl<'f> Canvas<'f> {
    pub(crate) fn new(regular: &'f mut Font, bold: &'f mut Font) -> Self {
        Canvas { content: Content::new(), regular, bold }
    }

    /// The page drawn so far, leaving the canvas empty for the next one (a document
    /// that runs over several pages keeps one canvas, and so one pair of fonts).
    pub(crate) fn take_page(&mut self) -> Vec<u8> {
        std::mem::replace(&mut self.content, Content::new()).finish().to_vec()
    }

    fn font(&self, face: Face) -> &Font {
        match face {
            Face::Regular => self.regular,
            Face::Bold => self.bold,
        }
    }

    pub(crate) fn width(&self, text: &str, style: Style) -> f32 {
        self.font(style.face).width(text, style.size)
    }

    /// One line of text with its baseline at `y`.
    pub(crate) fn text(&mut self, x: f32, y: f32, align: Align, style: Style, text: &str) {
        let width = self.width(text, style);
        let left = match align {
            Align::Left => x,
            Align::Right => x - width,
            Align::Center => x - width / 2.0,
        };
        let (name, font) = match style.face {
            Face::Regular => (REGULAR_NAME, &mut *self.regular),
            Face::Bold => (BOLD_NAME, &mut *self.bold),
        };
        let bytes = font.encode(text);
        let Rgb(r, g, b) = style.color;
        self.content.set_fill_rgb(r, g, b);
        self.content.begin_text().set_font(name, style.size).next_line(left, y).show(Str(&bytes)).end_text();
    }

    /// Left-aligned text no wider than `max_width`: shrunk down to 8 pt if need be, then
    /// shortened with an ellipsis (long stop names must not run into the QR code).
    pub(crate) fn text_fit(&mut self, x: f32, y: f32, max_width: f32, style: Style, text: &str) {
        let mut style = style;
        let width = self.width(text, style);
        if width > max_width {
            style.size = (style.size * max_width / width).max(MIN_FIT_SIZE.min(style.size));
        }
        let mut shown = text.to_string();
        if self.width(&shown, style) > max_width {
            let mut chars: Vec<char> = text.chars().collect();
            while !chars.is_empty() {
                chars.pop();
                shown = format!("{}…", chars.iter().collect::<String>().trim_end());
                if self.width(&shown, style) <= max_width {
                    break;
                }
            }
        }
        self.text(x, y, Align::Left, style, &shown);
    }

    /// `text` broken at spaces into lines no wider than `max_width` (a word wider than
    /// that is broken between characters), for names that must be printed in full.
    pub(crate) fn wrap(&self, text: &str, max_width: f32, style: Style) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if self.width(&candidate, style) <= max_width {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            for c in word.chars() {
                line.push(c);
                if self.width(&line, style) > max_width && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, c.to_string()));
                }
            }
        }
        if !line.is_empty() || lines.is_empty() {
            lines.push(line);
        }
        lines
    }

    /// A horizontal line from `x1` to `x2`.
    pub(crate) fn hline(&mut self, x1: f32, x2: f32, y: f32, line: f32, color: Rgb) {
        let Rgb(r, g, b) = color;
        self.content.set_line_width(line).set_stroke_rgb(r, g, b).move_to(x1, y).line_to(x2, y).stroke();
    }

    /// A filled rectangle; `(x, y)` is its bottom-left corner.
    pub(crate) fn fill_rect(&mut self, x: f32, y: f32, width: f32, height: f32, color: Rgb) {
        let Rgb(r, g, b) = color;
        self.content.set_fill_rgb(r, g, b).rect(x, y, width, height).fill_nonzero();
    }

    /// Many rectangles filled as one path: where they touch, no anti-aliasing seam shows
    /// (the QR code's runs). Each is `[x, y, width, height]`.
    pub(crate) fn fill_rects(&mut self, rects: &[[f32; 4]], color: Rgb) {
        let Rgb(r, g, b) = color;
        self.content.set_fill_rgb(r, g, b);
        for &[x, y, width, height] in rects {
            self.content.rect(x, y, width, height);
        }
        self.content.fill_nonzero();
    }

    /// The outline of a rectangle.
    pub(crate) fn stroke_rect(&mut self, x: f32, y: f32, width: f32, height: f32, line: f32, color: Rgb) {
        let Rgb(r, g, b) = color;
        self.content.set_line_width(line).set_stroke_rgb(r, g, b).rect(x, y, width, height).stroke();
    }

    /// A dashed horizontal line (where to cut between printed tickets).
    pub(crate) fn dashed_line(&mut self, x1: f32, x2: f32, y: f32, color: Rgb) {
        let Rgb(r, g, b) = color;
        self.content.save_state();
        self.content.set_line_width(0.5).set_stroke_rgb(r, g, b).set_dash_pattern([4.0, 3.0], 0.0);
        self.content.move_to(x1, y).line_to(x2, y).stroke();
        self.content.restore_state();
    }
}
