//! Putting drawn pages together into a PDF file: catalog, page tree, document info, the
//! pages' compressed content streams and the two embedded font subsets. Every document
//! of this crate is in the same two faces, so one writer serves; pages are A4 unless a
//! document gives each its own size (the 80 mm receipt roll, [`assemble_sized`]).

use crate::font::{Font, FontRefs};
use crate::layout::{BOLD_NAME, REGULAR_NAME};
use crate::DocumentError;
use pdf_writer::{Filter, Finish, Pdf, Rect, Ref, TextStr};

/// A4 in points.
pub(crate) const PAGE_W: f32 = 595.28;
pub(crate) const PAGE_H: f32 = 841.89;

/// The PDF of `pages` (content streams as [`crate::layout::Canvas`] draws them), titled
/// `title`, with the glyphs the pages used from `regular` and `bold`.
pub(crate) fn assemble(pages: &[Vec<u8>], regular: &Font, bold: &Font, title: &str) -> Result<Vec<u8>, DocumentError> {
    let sized: Vec<(Vec<u8>, f32, f32)> = pages.iter().map(|p| (p.clone(), PAGE_W, PAGE_H)).collect();
    assemble_sized(&sized, regular, bold, title)
}

/// As [`assemble`], each page `(content, width, height)` of its own size in points.
pub(crate) fn assemble_sized(
    pages: &[(Vec<u8>, f32, f32)],
    regular: &Font,
    bold: &Font,
    title: &str,
) -> Result<Vec<u8>, DocumentError> {
    let mut pdf = Pdf::new();
    let mut next = 1;
    let mut alloc = || {
        let id = Ref::new(next);
        next += 1;
        id
    };
    let catalog = alloc();
    let tree = alloc();
    let info = alloc();
    let mut font_refs =
        || FontRefs { type0: alloc(), cid: alloc(), descriptor: alloc(), file: alloc(), to_unicode: alloc() };
    let regular_refs = font_refs();
    let bold_refs = font_refs();
    let page_refs: Vec<(Ref, Ref)> = pages.iter().map(|_| (alloc(), alloc())).collect();

    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree).kids(page_refs.iter().map(|(page, _)| *page)).count(page_refs.len() as i32);
    pdf.document_info(info).title(TextStr(title));
    for ((page_id, content_id), (content, width, height)) in page_refs.iter().zip(pages) {
        let mut page = pdf.page(*page_id);
        page.media_box(Rect::new(0.0, 0.0, *width, *height)).parent(tree).contents(*content_id);
        page.resources().fonts().pair(REGULAR_NAME, regular_refs.type0).pair(BOLD_NAME, bold_refs.type0);
        page.finish();
        // Level 1: a page of a ticket is mostly its QR code's rectangles, which level 6
        // packed 5 % smaller for twice the time (see `examples/ticket_cost.rs`).
        let compressed = miniz_oxide::deflate::compress_to_vec_zlib(content, 1);
        pdf.stream(*content_id, &compressed).filter(Filter::FlateDecode);
    }
    regular.write(&mut pdf, &regular_refs)?;
    bold.write(&mut pdf, &bold_refs)?;
    Ok(pdf.finish())
}
