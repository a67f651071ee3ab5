//! Rows written ahead of the events, in the same database.

/// A one-row relation that turns `synchronous_commit` off until its transaction ends:
/// joined into a statement (`… cross join {COMMIT_AHEAD}`), that statement's transaction
/// commits without waiting for its WAL flush. Run on its own (autocommit), such a statement
/// is a write-ahead commit in one round trip (it took four: `BEGIN`, the setting, the
/// statement, `COMMIT`); in a transaction, the whole transaction commits so.
///
/// For rows that only have to exist before events this store appends afterwards (a key
/// the events are sealed with, the record of a placement about to hold seats, an order's
/// number), and for read models' batches, which are applied again from the checkpoint
/// that survived. PostgreSQL's log is one sequence, and the events' own commit waits for
/// the flush of everything logged before it, these rows included: after a crash either
/// the events and the rows are both there, or the events are not (and rows lost with them
/// were never used). Under load an order wrote three such rows, each paying a flush wait
/// on the customer's time before its events paid their own. Only for events in this
/// store: events in another (KurrentDB) are not behind this log, and their rows must
/// commit as usual.
///
/// The setting is made when the relation is read, so the statement must read it: joined
/// to rows that may be none, it may not be, and that commit then simply waits for its
/// flush, as every commit may.
pub const COMMIT_AHEAD: &str = "(select set_config('synchronous_commit', 'off', true)) as commit_ahead";
