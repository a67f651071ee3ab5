//! The bytes the sender sends: a document's stored XML (`issued_xml`), stored first by
//! the sender itself when no reader did yet, and the new version of a rejected offline
//! document that goes again as a technical correction.

use domain::order::{OrderEvent, OrderState};

use super::issued_xml::{self, FixError};
use super::render::{self, Rendered};
use super::round::RoundError;
use super::steps::Sender;

impl Sender<'_> {
    /// The current version of `number`'s XML, stored if it was not; `None` when there is
    /// nothing to send (no such document, or bytes that cannot be sent: logged).
    pub(super) async fn fixed(
        &self,
        order: &OrderState,
        events: &[OrderEvent],
        number: &str,
    ) -> Result<Option<Rendered>, RoundError> {
        match issued_xml::ensure(self.pool, order.order_id, events, number).await {
            Ok(fixed) => Ok(fixed.map(issued_xml::Fixed::rendered)),
            Err(FixError::Database(e)) => Err(e.into()),
            Err(e) => {
                tracing::error!(document = %number, error = %e, "the document's XML cannot be had; not sent");
                Ok(None)
            }
        }
    }

    /// Whether a rejected offline document (KSeF rejected the bytes hashed `rejected`) has
    /// other bytes to send as its technical correction: its current version is not the
    /// rejected one, or the program renders other bytes now, which are then stored as a
    /// new version fixed at the rejection. The same bytes never go twice.
    pub(super) async fn technical_version(
        &self,
        order: &OrderState,
        events: &[OrderEvent],
        number: &str,
        rejected: &str,
    ) -> Result<bool, RoundError> {
        let Some(current) = self.fixed(order, events, number).await? else { return Ok(false) };
        if current.sha256 != rejected {
            return Ok(true);
        }
        let Some(at) = render::rejection_position(events, number) else { return Ok(false) };
        match render::render_at(events, number, at) {
            Some(Ok(made)) if made.sha256 != rejected => {}
            _ => return Ok(false),
        }
        match issued_xml::ensure_at(self.pool, order.order_id, events, number, at).await {
            Ok(stored) => Ok(stored.is_some_and(|s| s.sha256 != rejected)),
            Err(FixError::Database(e)) => Err(e.into()),
            Err(e) => {
                tracing::error!(document = %number, error = %e, "the technical correction's XML is not stored");
                Ok(false)
            }
        }
    }
}
