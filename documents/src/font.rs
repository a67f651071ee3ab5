//! The embedded fonts: measuring text, encoding it for a content stream, and writing the
//! used glyphs into the PDF as a subset.
//!
//! Each font is written as a Type 0 font over a CIDFontType2 (TrueType) descendant with
//! `Identity-H` encoding: a content stream shows 2-byte glyph ids. `subsetter` renumbers
//! the glyphs we keep (its [`GlyphRemapper`]), and we encode text with those new ids as
//! we go, so the CIDs in the content stream, the widths (`/W`) and the `ToUnicode` map
//! (which makes the text searchable and copyable) all use one numbering.
//!
//! A document's faces ([`Font::regular`], [`Font::bold`]) start with [`COMMON`] already
//! numbered, in its order: a document that prints nothing else (nearly every ticket,
//! invoice and receipt in Polish or English) embeds the same subset, which is cut and
//! compressed once per process instead of once per document. Cutting and deflating the
//! two subsets was most of a ticket PDF's cost (about 1.0 of 1.74 ms); the subsets of
//! the whole set make a ticket PDF about 13 KB larger (43 against 30 KB, pages at level 6
//! in both; measured by `examples/ticket_cost.rs`). The bold face alone: 0.42 ms for 7 KB.

use crate::DocumentError;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Pdf, Rect, Ref, Str};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use subsetter::GlyphRemapper;
use ttf_parser::{Face, GlyphId};

pub(crate) const REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub(crate) const BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// The characters numbered first in every document's faces: printable ASCII, the Polish
/// letters, the no-break space of every amount in złoty (`domain::money::format_pln`),
/// and the dashes, quotes and arrow our documents print.
pub(crate) const COMMON: &str = concat!(
    " ,.:;-/()%+&@'\"",
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ\u{a0}–…→„”",
);

/// A face with [`COMMON`] numbered, and its subset of exactly that, cut and compressed
/// when first written.
struct Prepared {
    font: Font,
    file: OnceLock<Result<FontFile, String>>,
}

/// A subset as written: compressed, and its length before (`/Length1`).
#[derive(Clone)]
struct FontFile {
    compressed: Vec<u8>,
    length: i32,
}

impl FontFile {
    fn cut(data: &[u8], remapper: &GlyphRemapper) -> Result<Self, String> {
        let subset = subsetter::subset(data, 0, remapper).map_err(|e| e.to_string())?;
        Ok(FontFile { compressed: miniz_oxide::deflate::compress_to_vec_zlib(&subset, 6), length: subset.len() as i32 })
    }
}

fn prepared(
    cell: &'static OnceLock<Result<Prepared, String>>,
    data: &'static [u8],
    postscript_name: &'static str,
) -> Result<Font, DocumentError> {
    let prepared = cell.get_or_init(|| {
        let mut font = Font::new(data, postscript_name).map_err(|e| e.to_string())?;
        font.encode(COMMON);
        Ok(Prepared { font, file: OnceLock::new() })
    });
    let prepared = prepared.as_ref().map_err(|e| DocumentError::Font(e.clone()))?;
    Ok(Font { common: Some(prepared), ..prepared.font.clone() })
}

/// One font face and the glyphs a document has used from it so far.
#[derive(Clone)]
pub(crate) struct Font {
    data: &'static [u8],
    postscript_name: &'static str,
    face: Face<'static>,
    remapper: GlyphRemapper,
    /// New glyph id -> the character it was first used for (for `ToUnicode`).
    chars: BTreeMap<u16, char>,
    /// The face this one started from, when it started with [`COMMON`] numbered.
    common: Option<&'static Prepared>,
}

/// The objects one font needs in the PDF.
pub(crate) struct FontRefs {
    pub type0: Ref,
    pub cid: Ref,
    pub descriptor: Ref,
    pub file: Ref,
    pub to_unicode: Ref,
}

impl Font {
    pub(crate) fn new(data: &'static [u8], postscript_name: &'static str) -> Result<Self, DocumentError> {
        let face = Face::parse(data, 0).map_err(|e| DocumentError::Font(e.to_string()))?;
        Ok(Font { data, postscript_name, face, remapper: GlyphRemapper::new(), chars: BTreeMap::new(), common: None })
    }

    /// DejaVu Sans, with [`COMMON`] numbered.
    pub(crate) fn regular() -> Result<Self, DocumentError> {
        static CELL: OnceLock<Result<Prepared, String>> = OnceLock::new();
        prepared(&CELL, REGULAR, "DejaVuSans")
    }

    /// DejaVu Sans Bold, with [`COMMON`] numbered.
    pub(crate) fn bold() -> Result<Self, DocumentError> {
        static CELL: OnceLock<Result<Prepared, String>> = OnceLock::new();
        prepared(&CELL, BOLD, "DejaVuSans-Bold")
    }

    fn glyph(&self, c: char) -> GlyphId {
        // A character the font lacks shows as the font's "missing glyph" box.
        self.face.glyph_index(c).unwrap_or(GlyphId(0))
    }

    /// The width of `text` at `size` points.
    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        let units: u32 = text.chars().map(|c| u32::from(self.face.glyph_hor_advance(self.glyph(c)).unwrap_or(0))).sum();
        units as f32 * size / f32::from(self.face.units_per_em())
    }

    /// `text` as the bytes of a content-stream string (big-endian new glyph ids),
    /// recording the glyphs for the subset.
    pub(crate) fn encode(&mut self, text: &str) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(text.len() * 2);
        for c in text.chars() {
            let new = self.remapper.remap(self.glyph(c).0);
            self.chars.entry(new).or_insert(c);
            bytes.extend_from_slice(&new.to_be_bytes());
        }
        bytes
    }

    /// Advance width of a glyph (original id) in PDF text space units (1/1000 em).
    fn advance(&self, old: u16) -> f32 {
        self.to_pdf_units(self.face.glyph_hor_advance(GlyphId(old)).unwrap_or(0) as f32)
    }

    fn to_pdf_units(&self, font_units: f32) -> f32 {
        font_units * 1000.0 / f32::from(self.face.units_per_em())
    }

    /// A subset tag (six capital letters) derived from the glyphs used, as PDF asks for
    /// subset fonts; deterministic, so the same document gives the same bytes.
    fn subset_tag(&self) -> String {
        let mut hash: u32 = 2166136261;
        for gid in self.remapper.remapped_gids() {
            for b in gid.to_be_bytes() {
                hash = (hash ^ u32::from(b)).wrapping_mul(16777619);
            }
        }
        (0..6).map(|i| char::from(b'A' + ((hash >> (i * 5)) % 26) as u8)).collect()
    }

    /// The subset this document embeds: the one of [`COMMON`], cut once, when it numbered
    /// nothing beyond what it started with; else its own.
    fn file(&self) -> Result<Cow<'static, FontFile>, DocumentError> {
        match self.common {
            Some(common) if common.font.remapper.num_gids() == self.remapper.num_gids() => {
                match common.file.get_or_init(|| FontFile::cut(self.data, &self.remapper)) {
                    Ok(file) => Ok(Cow::Borrowed(file)),
                    Err(e) => Err(DocumentError::Font(e.clone())),
                }
            }
            _ => FontFile::cut(self.data, &self.remapper).map(Cow::Owned).map_err(DocumentError::Font),
        }
    }

    /// Writes the font's objects; the page resources refer to `refs.type0`.
    pub(crate) fn write(&self, pdf: &mut Pdf, refs: &FontRefs) -> Result<(), DocumentError> {
        let base_font = format!("{}+{}", self.subset_tag(), self.postscript_name);
        let base_font = Name(base_font.as_bytes());
        let system_info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

        pdf.type0_font(refs.type0)
            .base_font(base_font)
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(refs.cid)
            .to_unicode(refs.to_unicode);

        let widths: Vec<f32> = self.remapper.remapped_gids().map(|old| self.advance(old)).collect();
        let mut cid = pdf.cid_font(refs.cid);
        cid.subtype(CidFontType::Type2)
            .base_font(base_font)
            .system_info(system_info)
            .font_descriptor(refs.descriptor)
            .default_width(0.0)
            .cid_to_gid_map_predefined(Name(b"Identity"));
        cid.widths().consecutive(0, widths);
        cid.finish();

        let bbox = self.face.global_bounding_box();
        let units = |v: i16| self.to_pdf_units(f32::from(v));
        let ascent = units(self.face.ascender());
        pdf.font_descriptor(refs.descriptor)
            .name(base_font)
            .flags(FontFlags::SYMBOLIC)
            .bbox(Rect::new(units(bbox.x_min), units(bbox.y_min), units(bbox.x_max), units(bbox.y_max)))
            .italic_angle(self.face.italic_angle())
            .ascent(ascent)
            .descent(units(self.face.descender()))
            .cap_height(self.face.capital_height().map(units).unwrap_or(ascent))
            .stem_v(if self.face.is_bold() { 120.0 } else { 80.0 })
            .font_file2(refs.file);

        let file = self.file()?;
        pdf.stream(refs.file, &file.compressed).filter(Filter::FlateDecode).pair(Name(b"Length1"), file.length);

        let mut cmap = UnicodeCmap::new(Name(b"Custom"), system_info);
        for (&new, &c) in &self.chars {
            cmap.pair(new, c);
        }
        pdf.cmap(refs.to_unicode, &cmap.finish());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_faces_have_every_polish_letter_and_every_common_character() {
        for (data, name) in [(REGULAR, "DejaVuSans"), (BOLD, "DejaVuSans-Bold")] {
            let font = Font::new(data, name).unwrap();
            for c in "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ→".chars().chain(COMMON.chars()) {
                assert_ne!(font.glyph(c), GlyphId(0), "{name} lacks {c}");
            }
        }
    }

    #[test]
    fn a_document_face_starts_with_the_common_characters_numbered_in_order() {
        let font = Font::regular().unwrap();
        let common: Vec<char> = COMMON.chars().collect();
        // Glyph 0 is the missing-glyph box; then COMMON, each character once.
        assert_eq!(usize::from(font.remapper.num_gids()), common.len() + 1);
        assert_eq!(font.chars.values().copied().collect::<Vec<_>>(), common);
        let mut font = font;
        assert_eq!(font.encode(" "), vec![0, 1], "the first of COMMON is glyph 1");
        let before = font.remapper.num_gids();
        font.encode("Zażółć gęślą jaźń, 12:30 – 1\u{a0}239,00\u{a0}zł");
        assert_eq!(font.remapper.num_gids(), before, "all of it is common");
        font.encode("Ø");
        assert_eq!(font.remapper.num_gids(), before + 1);
    }

    /// Every glyph id a document shows names, in the subset it embeds, the glyph of the
    /// character it was numbered for: the subset cut once for the common characters, and
    /// one cut for a document that numbered more after them.
    #[test]
    fn the_subset_holds_each_numbered_glyph_under_its_number() {
        for mut font in [Font::regular().unwrap(), Font::bold().unwrap()] {
            for text in ["Zażółć gęślą jaźń 12:30 – 39,00\u{a0}zł", "Søren Ørsted, Ω"] {
                font.encode(text);
                let file = font.file().unwrap();
                let subset = miniz_oxide::inflate::decompress_to_vec_zlib(&file.compressed).unwrap();
                assert_eq!(subset.len(), file.length as usize);
                let cut = Face::parse(&subset, 0).unwrap();
                // After the numbered glyphs come the parts of composite ones (ą is a and an ogonek).
                assert!(cut.number_of_glyphs() >= font.remapper.num_gids());
                for (&new, &c) in &font.chars {
                    let old = font.glyph(c);
                    assert_eq!(cut.glyph_bounding_box(GlyphId(new)), font.face.glyph_bounding_box(old), "{c:?}");
                    assert_eq!(cut.glyph_hor_advance(GlyphId(new)), font.face.glyph_hor_advance(old), "{c:?}");
                }
            }
        }
    }

    #[test]
    fn encoding_numbers_glyphs_in_order_of_first_use() {
        let mut font = Font::new(REGULAR, "DejaVuSans").unwrap();
        assert_eq!(font.encode("ała"), vec![0, 1, 0, 2, 0, 1]);
        assert_eq!(font.chars.get(&2), Some(&'ł'));
        assert!(font.width("ała", 10.0) > font.width("ał", 10.0));
    }
}
