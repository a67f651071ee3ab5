//! The office's till, read (docs/till.md): a day's movements, its figures and its close
//! from the `till` projection (`rm_till_movements`, `rm_till_days`), the refunds waiting
//! at the desk, and the day's cash report ("raport kasowy") as CSV and PDF.
//!
//! [`figures`] is also what the close command counts against (the command API reads it
//! once the projection has caught up), so the page, the report and the close agree.

pub mod http;
mod report;
mod view;

pub use report::{report_csv, report_pdf};
pub use view::{day, figures, waiting_refunds, TillClosing, TillDayView, TillMovement, WaitingRefund};
