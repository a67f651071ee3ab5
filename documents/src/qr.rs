//! QR codes: one module matrix, drawn either as SVG (for the web) or as PDF rectangles
//! (see `ticket.rs`), so the two always carry the same code.

use crate::layout::{Canvas, Rgb};
use crate::DocumentError;
use fast_qr::{QRBuilder, ECL};
use std::fmt::Write;

/// SVG pixels per module. The web scales the image anyway (it has a `viewBox`); this only
/// gives a sensible size to an SVG opened on its own.
pub(crate) const SVG_MODULE_PX: u32 = 4;

/// The light margin around a code, in modules, that readers need (the standard's 4).
pub(crate) const QUIET_ZONE: usize = 4;

/// A QR code as a square of modules, `true` for dark, rows top to bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QrMatrix {
    width: usize,
    dark: Vec<bool>,
}

impl QrMatrix {
    /// The code of `text` at error correction level M, in the one mode that suits all of
    /// it, with the mask of the lowest penalty (ISO/IEC 18004's four rules).
    pub(crate) fn encode(text: &str) -> Result<Self, DocumentError> {
        let code = QRBuilder::new(text.as_bytes()).ecl(ECL::M).build().map_err(|_| DocumentError::QrTooLong)?;
        let width = code.size;
        Ok(QrMatrix { width, dark: code.data[..width * width].iter().map(|m| m.value()).collect() })
    }

    /// Modules per side, without the quiet zone.
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// Horizontal runs of dark modules as `(x, y, length)`, in modules from the top left.
    /// Drawing runs instead of single squares keeps files small and leaves no hairline
    /// seams between neighbouring squares in anti-aliasing viewers.
    pub(crate) fn dark_runs(&self) -> Vec<(usize, usize, usize)> {
        let mut runs = Vec::new();
        for (y, row) in self.dark.chunks(self.width).enumerate() {
            let mut x = 0;
            while x < row.len() {
                if row[x] {
                    let start = x;
                    while x < row.len() && row[x] {
                        x += 1;
                    }
                    runs.push((start, y, x - start));
                } else {
                    x += 1;
                }
            }
        }
        runs
    }
}

/// Draws `matrix` as black vector squares (one rectangle per run) in the square of
/// `side` points whose top left corner is at (`left`, `top`), the quiet zone included:
/// sharp at any zoom and on any printer, unlike a bitmap.
pub(crate) fn draw(canvas: &mut Canvas<'_>, matrix: &QrMatrix, left: f32, top: f32, side: f32) {
    let module = side / (matrix.width() + 2 * QUIET_ZONE) as f32;
    let rects: Vec<[f32; 4]> = matrix
        .dark_runs()
        .into_iter()
        .map(|(mx, my, len)| {
            let x = left + (QUIET_ZONE + mx) as f32 * module;
            let y = top - (QUIET_ZONE + my + 1) as f32 * module;
            [x, y, len as f32 * module, module]
        })
        .collect();
    canvas.fill_rects(&rects, Rgb(0.0, 0.0, 0.0));
}

/// The QR code of `text` as a standalone SVG document: black modules on a white square
/// with the standard quiet zone, 4 px per module, with a `viewBox` so it scales.
///
/// Text too long for a QR code (over 2,331 bytes; a ticket's `"{number}:{code}"` is a
/// few dozen) gives an SVG with the white square only; use [`try_qr_svg`] to be told.
pub fn qr_svg(text: &str) -> String {
    try_qr_svg(text).unwrap_or_else(|_| blank_svg())
}

/// [`qr_svg`], refusing text that does not fit in a QR code.
pub fn try_qr_svg(text: &str) -> Result<String, DocumentError> {
    let matrix = QrMatrix::encode(text)?;
    let px = SVG_MODULE_PX as usize;
    let mut path = String::new();
    // One rectangle per run of dark modules, as the PDF draws them.
    for (x, y, len) in matrix.dark_runs() {
        let (left, top, width) = ((x + QUIET_ZONE) * px, (y + QUIET_ZONE) * px, len * px);
        // Writing to a String cannot fail.
        let _ = write!(path, "M{left} {top}h{width}v{px}H{left}V{top}");
    }
    Ok(svg_square(matrix.width(), &path))
}

/// The white square of a code `modules` wide with its quiet zone, dark where `path` draws.
fn svg_square(modules: usize, path: &str) -> String {
    let side = (modules + 2 * QUIET_ZONE) * SVG_MODULE_PX as usize;
    format!(
        r##"<?xml version="1.0" standalone="yes"?><svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{side}" height="{side}" viewBox="0 0 {side} {side}" shape-rendering="crispEdges"><rect x="0" y="0" width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{path}"/></svg>"##
    )
}

/// The smallest code's white square (21 modules), nothing drawn.
fn blank_svg() -> String {
    svg_square(21, "")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(left, top, width, height)` in pixels.
    type PixelRect = (usize, usize, usize, usize);

    /// Reads back the SVG [`try_qr_svg`] writes: its size and its dark rectangles
    /// (`M{x} {y}h{w}v{h}H{x}V{y}` segments).
    fn parse_svg(svg: &str) -> (usize, usize, Vec<PixelRect>) {
        let attr = |name: &str| -> usize {
            let start = svg.find(&format!(" {name}=\"")).expect("attribute") + name.len() + 3;
            svg[start..].split('"').next().and_then(|v| v.parse().ok()).expect("number")
        };
        let path = svg.split(" d=\"").nth(1).and_then(|p| p.split('"').next()).unwrap_or("");
        let rects = path
            .split('M')
            .filter(|s| !s.is_empty())
            .map(|seg| {
                let nums: Vec<usize> = seg
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|s| !s.is_empty())
                    .map(|n| n.parse().unwrap())
                    .collect();
                (nums[0], nums[1], nums[2], nums[3])
            })
            .collect();
        (attr("width"), attr("height"), rects)
    }

    fn decode(width: usize, height: usize, rects: &[PixelRect]) -> String {
        let dark = |x: usize, y: usize| rects.iter().any(|&(l, t, w, h)| x >= l && x < l + w && y >= t && y < t + h);
        let mut image = rqrr::PreparedImage::prepare_from_bitmap(width, height, dark);
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1, "one QR code in the image");
        grids[0].decode().expect("a readable code").1
    }

    #[test]
    fn the_svg_has_the_size_of_the_code_and_decodes_to_the_text() {
        let text = "NB-2025-000123:K7QX9P";
        let svg = qr_svg(text);
        let modules = QrMatrix::encode(text).unwrap().width();
        let side = (modules + 2 * QUIET_ZONE) * SVG_MODULE_PX as usize;
        let (width, height, rects) = parse_svg(&svg);
        assert_eq!((width, height), (side, side));
        assert!(svg.contains(&format!(r#"viewBox="0 0 {side} {side}""#)));
        assert_eq!(decode(width, height, &rects), text);
    }

    #[test]
    fn a_signed_ticket_code_decodes_from_its_svg() {
        // The size of a real ticket's signed code: version 10, with alignment patterns and
        // the version's own blocks, which short texts never have.
        let text =
            format!("NB1.{}.{}", "eyJuIjoiTkIyNTA1MTIwMDAxIiwiYyI6Iks3UVgwMSJ9".repeat(3), "c2lnbmF0dXJl_-".repeat(4));
        let (width, height, rects) = parse_svg(&qr_svg(&text));
        assert!(QrMatrix::encode(&text).unwrap().width() >= 45, "version 7 or above");
        assert_eq!(decode(width, height, &rects), text);
    }

    #[test]
    fn the_pdf_runs_cover_exactly_the_dark_modules() {
        let matrix = QrMatrix::encode("1234:ABCD").unwrap();
        let covered: usize = matrix.dark_runs().iter().map(|r| r.2).sum();
        assert_eq!(covered, matrix.dark.iter().filter(|d| **d).count());
        let q = QUIET_ZONE;
        let side = matrix.width() + 2 * q;
        let px = 4;
        let rects: Vec<_> =
            matrix.dark_runs().iter().map(|&(x, y, len)| ((x + q) * px, (y + q) * px, len * px, px)).collect();
        assert_eq!(decode(side * px, side * px, &rects), "1234:ABCD");
    }

    #[test]
    fn text_too_long_for_a_qr_code_is_refused() {
        let long = "x".repeat(3000);
        assert_eq!(try_qr_svg(&long), Err(DocumentError::QrTooLong));
        assert!(qr_svg(&long).starts_with("<?xml"));
    }
}
