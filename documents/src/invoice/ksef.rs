//! The KSeF block of an invoice's PDF, as `kody-qr.md` (the Ministry's guide to the
//! verification codes) asks for an invoice that goes to KSeF:
//!
//! - KOD I, the link to the invoice's verification page, with the invoice's KSeF number
//!   printed under it once KSeF gave one, else the word OFFLINE (an invoice issued in
//!   offline mode, or one still waiting for its number);
//! - for an invoice issued offline, also KOD II, the link to the issuer's certificate,
//!   with the word CERTYFIKAT under it.
//!
//! The codes are vector squares like the tickets' (`qr::draw`), at least 2 pt (0.7 mm)
//! a module, which a phone reads from paper comfortably.

use super::{Sheet, LABEL, MARGIN, RIGHT, RULE};
use crate::layout::{Align, Face, Rgb, Style};
use crate::model::KsefMark;
use crate::qr::{self, QrMatrix, QUIET_ZONE};
use crate::DocumentError;

/// Points per module.
const MODULE: f32 = 2.0;
/// The smallest side of a code: wide enough for a KSeF number (35 characters) under it.
const MIN_SIDE: f32 = 150.0;
/// Between two codes side by side.
const GAP: f32 = 28.0;
/// What is printed under each code.
const MARK: Style = Style { face: Face::Bold, size: 8.0, color: Rgb(0.0, 0.0, 0.0) };
const CAPTION: Style = Style { face: Face::Regular, size: 7.0, color: Rgb(0.42, 0.42, 0.45) };

/// The label under KOD I of an invoice without its KSeF number yet.
pub(crate) const OFFLINE: &str = "OFFLINE";
/// The label under KOD II.
pub(crate) const CERTIFICATE: &str = "CERTYFIKAT";

/// One code to print: its modules, the label under it and what it is for.
struct Code {
    matrix: QrMatrix,
    label: String,
    caption: &'static str,
}

impl Code {
    fn side(&self) -> f32 {
        ((self.matrix.width() + 2 * QUIET_ZONE) as f32 * MODULE).max(MIN_SIDE)
    }
}

impl Sheet<'_, '_> {
    /// The KSeF heading and the codes of `mark`, side by side, on a new page if they
    /// do not fit on this one.
    pub(super) fn ksef_codes(&mut self, mark: &KsefMark) -> Result<(), DocumentError> {
        let mut codes = vec![Code {
            matrix: QrMatrix::encode(&mark.kod_i)?,
            label: mark.number.as_deref().map(str::trim).unwrap_or(OFFLINE).to_string(),
            caption: "KOD I: weryfikacja faktury w KSeF",
        }];
        if let Some(kod_ii) = &mark.kod_ii {
            codes.push(Code {
                matrix: QrMatrix::encode(kod_ii)?,
                label: CERTIFICATE.to_string(),
                caption: "KOD II: weryfikacja wystawcy",
            });
        }
        let tallest = codes.iter().map(Code::side).fold(0.0, f32::max);
        self.room(26.0 + tallest + 30.0);
        self.y -= 18.0;
        self.canvas.text(MARGIN, self.y, Align::Left, LABEL, "Krajowy System e-Faktur (KSeF)");
        self.canvas.hline(MARGIN, RIGHT, self.y - 3.0, 0.5, RULE);
        let top = self.y - 8.0;
        let mut x = MARGIN;
        for code in &codes {
            let side = code.side();
            qr::draw(&mut self.canvas, &code.matrix, x, top, side);
            let centre = x + side / 2.0;
            // Shrunk, never shortened: the number must be printed whole.
            let mut style = MARK;
            let natural = self.canvas.width(&code.label, style);
            if natural > side {
                style.size *= side / natural;
            }
            self.canvas.text(centre, top - side - 4.0, Align::Center, style, &code.label);
            self.canvas.text(centre, top - side - 15.0, Align::Center, CAPTION, code.caption);
            x += side + GAP;
        }
        self.y = top - tallest - 24.0;
        Ok(())
    }
}
