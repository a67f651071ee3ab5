//! The ids a process derives from the id of what it works for, so a retried step
//! decides the same ids and appends nothing new (idempotent by construction:
//! docs/booking-rules.md, 'Placement is a process that undoes itself').
//!
//! These are the ids that cross streams: the placement of an order holds seats on the
//! courses, spends the coupon and records the order under ids derived from the order id,
//! and the recovery of an interrupted placement undoes them under the same ids. So do a
//! complaint's attachments (from the complaint id) and a coupon batch's coupons (from the
//! batch id), and the change of a ticket's course, from the id of its record (the seat it
//! holds, the release that undoes it) and from the ticket (the release of its old seat).
//! The ids of the events themselves are derived by the store glue from these command ids.
//!
//! Changing one of these derivations makes a retry after an upgrade a new command:
//! the tests below pin them.

use uuid::Uuid;

use crate::order::LegKind;

/// The seat hold of an order's leg.
pub fn hold_id(order_id: Uuid, kind: LegKind) -> Uuid {
    match kind {
        LegKind::Outbound => Uuid::new_v5(&order_id, b"hold-outbound"),
        LegKind::Back => Uuid::new_v5(&order_id, b"hold-back"),
    }
}

/// The command that spends an order's coupon.
pub fn coupon_spend_command_id(order_id: Uuid) -> Uuid {
    Uuid::new_v5(&order_id, b"coupon-spend")
}

/// The release of the seats, and the refund of the coupon, of a placement that failed or
/// was abandoned (the placement's own undo and the recovery sweep share it, so the two
/// never give back twice).
pub fn placement_undo_id(order_id: Uuid) -> Uuid {
    Uuid::new_v5(&order_id, b"placement-undone")
}

/// The command that burns the id of an interrupted placement (`OrderAbandoned`).
pub fn abandon_command_id(order_id: Uuid) -> Uuid {
    Uuid::new_v5(&order_id, b"abandon")
}

/// The seat a change of course holds on the new course: named by the change's record
/// (`change_id`), so each attempt holds a seat of its own (an attempt undone leaves a
/// released hold behind, which holds nothing again).
pub fn change_hold_id(change_id: Uuid) -> Uuid {
    Uuid::new_v5(&change_id, b"change-hold")
}

/// The release of the seat held by a change of course that did not happen (refused, or
/// undone by the recovery sweep: both give it back under this id).
pub fn change_undo_id(change_id: Uuid) -> Uuid {
    Uuid::new_v5(&change_id, b"change-undone")
}

/// The release of a changed ticket's old seat: the change process, its recovery, the
/// payment of a dearer change and the reactions to `TicketCourseChanged` all use it, so
/// the seat goes back once.
pub fn course_changed_release_id(ticket_id: Uuid) -> Uuid {
    Uuid::new_v5(&ticket_id, b"course-changed")
}

/// The command that holds the seats of hold `hold_id`.
pub fn hold_command_id(hold_id: Uuid) -> Uuid {
    Uuid::new_v5(&hold_id, b"hold")
}

/// The command that confirms (sells) the seats of hold `hold_id`.
pub fn confirm_command_id(hold_id: Uuid) -> Uuid {
    Uuid::new_v5(&hold_id, b"confirm")
}

/// The command that releases seats of hold `hold_id` under release `release_id`.
pub fn release_command_id(release_id: Uuid, hold_id: Uuid) -> Uuid {
    Uuid::new_v5(&release_id, hold_id.as_bytes())
}

/// Attachment `index` of complaint `complaint_id`: a filing resumed after a crash, or
/// retried, names the same rows.
pub fn complaint_attachment_id(complaint_id: Uuid, index: usize) -> Uuid {
    Uuid::new_v5(&complaint_id, format!("attachment-{index}").as_bytes())
}

/// The command that issues coupon `index` of batch `batch_id` (a resumed or retried batch
/// issues none twice).
pub fn batch_coupon_command_id(batch_id: Uuid, index: usize) -> Uuid {
    Uuid::new_v5(&batch_id, format!("coupon-{index}").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORDER: Uuid = Uuid::from_u128(0x0de7);

    #[test]
    fn derived_ids_do_not_change() {
        // Pinned: a retried placement after an upgrade must decide the ids it decided before.
        let pinned = [
            (hold_id(ORDER, LegKind::Outbound), "4f2a7aaf-f030-509f-a793-bd5d519d7949"),
            (hold_id(ORDER, LegKind::Back), "32faa67e-8a5d-56ca-a1eb-87546bc1eab6"),
            (coupon_spend_command_id(ORDER), "173448f9-b914-514d-9260-fb6473cc12d0"),
            (placement_undo_id(ORDER), "0021e123-ec20-5f35-af70-05fd1e42230c"),
            (abandon_command_id(ORDER), "b2c41ea3-4523-5be9-b388-5c7b3e1d31d1"),
            (hold_command_id(ORDER), "0d7e75ae-50bb-58c9-a0f3-b360dbcda596"),
            (confirm_command_id(ORDER), "aaa6567f-e700-5098-994a-c2171e05f31e"),
            (release_command_id(ORDER, Uuid::from_u128(1)), "c8467df3-85f5-54c6-92ee-c44a944196c4"),
            (complaint_attachment_id(ORDER, 1), "786e573b-1250-5ab2-a0a2-9eb5ef4fa5da"),
            (batch_coupon_command_id(ORDER, 1), "fd5cb5fe-eed3-5988-a968-c4250ca1b7c6"),
        ];
        for (id, expected) in pinned {
            assert_eq!(id.to_string(), expected);
        }
        // The old seat's release id was `v5(ticket, "course-changed")` before it had a name:
        // releases recorded under it must still count.
        assert_eq!(course_changed_release_id(ORDER), Uuid::new_v5(&ORDER, b"course-changed"));
        let pinned = [
            (change_hold_id(ORDER), "9db4741d-dd61-560f-805f-a747f94e8245"),
            (change_undo_id(ORDER), "daeb1fe4-f8c0-5ecb-bb77-e72991dbcc45"),
        ];
        for (id, expected) in pinned {
            assert_eq!(id.to_string(), expected);
        }
    }

    #[test]
    fn every_step_of_a_placement_has_its_own_id() {
        let ids = [
            hold_id(ORDER, LegKind::Outbound),
            hold_id(ORDER, LegKind::Back),
            coupon_spend_command_id(ORDER),
            placement_undo_id(ORDER),
            abandon_command_id(ORDER),
        ];
        for (i, a) in ids.iter().enumerate() {
            assert!(ids[i + 1..].iter().all(|b| a != b), "{a} appears twice");
        }
        // And of a change of course.
        let ids = [change_hold_id(ORDER), change_undo_id(ORDER), course_changed_release_id(ORDER)];
        for (i, a) in ids.iter().enumerate() {
            assert!(ids[i + 1..].iter().all(|b| a != b), "{a} appears twice");
        }
    }
}
