//! Recording a step of a document on its order's stream (load, decide, append with the
//! expected version; a lost race decides again on the new state).

use chrono::Utc;
use domain::order::{decide_ksef, KsefStep, KsefStepError, Order, OrderEvent};
use event_store::{EventStore, Metadata};
use uuid::Uuid;

use crate::aggregate::{self, stream_of, ExecuteError, OrderAgg};

/// Why a step was not recorded.
#[derive(Debug, thiserror::Error)]
pub(super) enum RecordError {
    #[error("the order refused the step: {0}")]
    Refused(KsefStepError),
    #[error(transparent)]
    Store(#[from] event_store::StoreError),
}

/// Record `step` on order `order_id`; the events appended (none when it was already)
/// and the order after them.
pub(super) async fn record(
    store: &dyn EventStore,
    order_id: Uuid,
    step: &KsefStep,
) -> Result<(Vec<OrderEvent>, Order), RecordError> {
    let stream = stream_of::<OrderAgg>(&order_id)?;
    let command_id = Uuid::new_v5(&order_id, format!("ksef/{step:?}").as_bytes());
    let metadata =
        Metadata { correlation_id: Some(order_id), causation_id: None, user_id: None, occurred_at: Utc::now() };
    aggregate::execute::<OrderAgg, _, _>(store, &stream, command_id, &metadata, |o| decide_ksef(step, o)).await.map_err(
        |e| match e {
            ExecuteError::Refused(e) => RecordError::Refused(e),
            ExecuteError::Store(e) => RecordError::Store(e),
        },
    )
}
