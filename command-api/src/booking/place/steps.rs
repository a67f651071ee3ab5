//! The placement's steps, in order, and what undoes each (see the table in
//! [`super`]). [`run`] is the process: it runs [`steps`] and, when one fails, gives back
//! what the ones before it took ([`Taken::undo`]), in reverse.

use api_core::codes;
use api_core::ApiError;
use domain::coupon;
use domain::ids::{coupon_spend_command_id, placement_undo_id};
use domain::money::format_pln;
use domain::order::{self, CouponUse, Leg, OrderState, PaymentRef, PlaceOrder};
use domain::seat_inventory::{HoldSeats, ReleaseReason, ReleaseSeats};
use payment::RegisterTransaction;
use uuid::Uuid;

use super::prepare::{PlacedLeg, Placement};
use super::Placed;
use super::Sale;
use crate::aggregate::{self, CouponAgg, ExecuteError, OrderAgg};
use crate::booking::language::{language_prefix, order_language};
use crate::coupons::spend_error;
use crate::holds::Holds;
use crate::streams::order_stream;

/// Run the steps; on a failure, undo what was taken and answer the failure.
pub(super) async fn run(p: &Placement<'_>) -> Result<Placed, ApiError> {
    let holds = Holds::new(p.state, p.metadata.clone());
    let mut taken = Taken::default();
    let recorded = match steps(p, &holds, &mut taken).await {
        Ok(recorded) => recorded,
        Err(e) => {
            taken.undo(p, &holds).await;
            return Err(e);
        }
    };
    let placed = match recorded {
        Recorded::Now(placed) => placed,
        // A retry of a placement that finished: answer it as it was.
        Recorded::Before(placed) => return Ok(answer(p, &placed)),
        // Whether an earlier run placed the order is unknown: undoing could take the
        // seats of a placed order, so nothing is undone (the recovery sweep will see).
        Recorded::Unsure(e) => return Err(e),
    };
    // A fully coupon-paid order needs no gateway: it is paid at once; so is an order
    // sold at the office, paid there.
    if placed.to_pay == 0 {
        crate::payments::pay_without_gateway(p.state, p.order_id).await?;
    } else if let Sale::Office { admin, method } = p.sale {
        crate::payments::pay_at_office(p.state, p.order_id, placed.to_pay, method.provider(), admin).await?;
    }
    let mut answer = answer(p, &placed);
    if matches!(p.sale, Sale::Office { .. }) {
        answer.status = "paid";
    }
    Ok(answer)
}

/// The steps. Each adds what it took to `taken`, so a later failure can give it back.
async fn steps(p: &Placement<'_>, holds: &Holds, taken: &mut Taken) -> Result<Recorded, ApiError> {
    // 1. The seats, outbound then back.
    for leg in p.legs() {
        hold_seats(p, holds, leg).await?;
        taken.holds.push((leg.course.course_id, leg.hold_id));
    }
    crate::failpoint("place-after-hold");
    // 2. The coupon.
    let coupon = match &p.coupon_code {
        Some(code) => {
            let used = spend_coupon(p, code).await?;
            taken.coupon = Some(used.code.clone());
            Some(used)
        }
        None => None,
    };
    let to_pay = p.total - coupon.as_ref().map_or(0, |c| c.amount);
    // 3. The payment.
    let payment = register_payment(p, to_pay).await?;
    // 4. The order.
    record_order(p, coupon, to_pay, payment).await
}

/// What the steps took so far, to give back when a later one fails.
#[derive(Default)]
struct Taken {
    /// `(course, hold)` of the seats held.
    holds: Vec<(Uuid, Uuid)>,
    /// The coupon spent.
    coupon: Option<String>,
}

impl Taken {
    /// Give back what was taken, the last first. Failures are logged: the recovery sweep
    /// finishes the job (the holds and the spend are recorded under the order id, and it
    /// uses the same release id, [`placement_undo_id`]).
    async fn undo(&self, p: &Placement<'_>, holds: &Holds) {
        let order_id = p.order_id;
        let release_id = placement_undo_id(order_id);
        if let Some(code) = &self.coupon {
            if let Err(e) = crate::coupons::refund_spend(p.state, code, order_id, release_id).await {
                tracing::warn!(%order_id, code, error = %e, "could not give back the coupon of a failed placement");
            }
        }
        for (course_id, hold_id) in self.holds.iter().rev() {
            let release = ReleaseSeats { hold_id: *hold_id, release_id, seats: None, reason: ReleaseReason::Abandoned };
            if let Err(e) = holds.release(*course_id, release).await {
                tracing::warn!(%order_id, %course_id, error = %e, "could not release the seats of a failed placement");
            }
        }
    }
}

/// Step 1: hold the order's seats on one leg's course, through its single writer.
async fn hold_seats(p: &Placement<'_>, holds: &Holds, leg: &PlacedLeg) -> Result<(), ApiError> {
    let field = match leg.kind {
        order::LegKind::Outbound => "course",
        order::LegKind::Back => "courseReturn",
    };
    let command = HoldSeats {
        course_id: leg.course.course_id,
        hold_id: leg.hold_id,
        from_waypoint: leg.course.from_waypoint_id,
        to_waypoint: leg.course.to_waypoint_id,
        seats: p.seats,
        expires_at: p.expires_at,
        now: p.now,
        sale_cutoff_minutes: p.settings.sales_close.get(),
    };
    holds.hold(command).await.map(|_| ()).map_err(|e| e.for_field(field))
}

/// Step 2: spend the coupon, `min(value left, total)`.
async fn spend_coupon(p: &Placement<'_>, code: &str) -> Result<CouponUse, ApiError> {
    let code = coupon::normalize_code(code);
    let stream = aggregate::stream_of::<CouponAgg>(&code).map_err(|_| {
        ApiError::refusal_on(
            "coupon.code",
            domain::ErrorCode::code(&domain::coupon::CouponError::NotFound),
            "This coupon code does not exist.",
        )
    })?;
    let command = coupon::SpendCoupon { code: code.clone(), order_id: p.order_id, wanted: p.total, now: p.now };
    let command_id = coupon_spend_command_id(p.order_id);
    let (_, after) =
        aggregate::execute::<CouponAgg, _, _>(p.state.store.as_ref(), &stream, command_id, &p.metadata, |c| {
            coupon::decide_spend(&command, c)
        })
        .await
        .map_err(|e| e.into_api(spend_error))?;
    let amount = match &after {
        coupon::Coupon::Issued(c) => c.spent_by(p.order_id).map_or(0, |s| s.spent),
        coupon::Coupon::Unissued => 0,
    };
    Ok(CouponUse { code, amount })
}

/// Step 3: register the payment with the gateway (nothing to register when the coupon
/// paid it all).
async fn register_payment(p: &Placement<'_>, to_pay: i64) -> Result<PaymentRef, ApiError> {
    let session_id = p.order_id.to_string();
    if to_pay <= 0 {
        return Ok(PaymentRef { provider: "none".into(), session_id, token: String::new() });
    }
    if let Sale::Office { method, .. } = p.sale {
        return Ok(PaymentRef { provider: method.provider().into(), session_id, token: String::new() });
    }
    let state = p.state;
    let registration = state
        .gateway
        .register(RegisterTransaction {
            session_id: session_id.clone(),
            amount: to_pay,
            currency: "PLN".into(),
            description: crate::payments::description(
                &p.settings.company_name,
                &p.number,
                p.legs().map(|l| (l.course.from_name.as_str(), l.course.to_name.as_str())),
                p.language,
            ),
            email: p.input.customer.email.kept().to_owned(),
            url_return: format!(
                "{}{}/order/after-payment?hash_id={}",
                state.public_url,
                language_prefix(p.language),
                p.hash_id
            ),
            url_status: format!("{}/api/payment/notify/{}", state.public_url, state.gateway.provider()),
            language: p.language,
        })
        .await
        .map_err(|e| ApiError::Unavailable(format!("registering the payment: {e}")))?;
    Ok(PaymentRef { provider: state.gateway.provider().to_owned(), session_id, token: registration.token })
}

/// What recording the order found.
enum Recorded {
    /// This placement recorded it.
    Now(Box<OrderState>),
    /// An earlier run with the same order id did (a retried request).
    Before(Box<OrderState>),
    /// The stream exists but could not be read.
    Unsure(ApiError),
}

/// Step 4: record `OrderPlaced` in the new order stream (expected: no stream). The
/// order stream is the arbiter: a stream already there is either this order, placed by
/// an earlier run, or an id the recovery sweep burnt.
async fn record_order(
    p: &Placement<'_>,
    coupon: Option<CouponUse>,
    to_pay: i64,
    payment: PaymentRef,
) -> Result<Recorded, ApiError> {
    let leg = |l: &PlacedLeg| order_leg(l);
    let customer = p.input.customer.customer(order_language(p.language));
    // The form's check refused a customer whose names do not parse, before any step.
    let customer = customer.ok_or_else(|| ApiError::Internal("the customer was not checked".into()))?;
    let command = PlaceOrder {
        order_id: p.order_id,
        hash_id: p.hash_id.clone(),
        number: p.number.clone(),
        now: p.now,
        expires_at: p.expires_at,
        user_id: p.user_id,
        customer,
        invoice: p.input.invoice.request(),
        outbound: leg(&p.outbound),
        back: p.back.as_ref().map(leg),
        lines: p.lines.clone(),
        coupon,
        total: p.total,
        to_pay,
        payment,
    };
    let stream = order_stream(p.order_id)?;
    let store = p.state.store.as_ref();
    let recorded = aggregate::execute_new::<OrderAgg, _, _>(store, &stream, p.order_id, &p.metadata, |order| {
        order::decide_place(&command, order)
    })
    .await;
    match recorded {
        Ok((_, order::Order::Placed(placed))) => Ok(Recorded::Now(placed)),
        Ok(_) => Err(ApiError::Internal("the order was recorded in an unexpected state".into())),
        Err(ExecuteError::Refused(order::PlaceOrderError::AlreadyExists)) => {
            let loaded = match aggregate::load::<OrderAgg>(store, &stream).await {
                Ok(loaded) => loaded,
                Err(e) => return Ok(Recorded::Unsure(e.into())),
            };
            match loaded.state {
                order::Order::Placed(placed) => Ok(Recorded::Before(placed)),
                _ => Err(ApiError::Conflict(
                    "The reservation took too long and was cancelled; please order again.".into(),
                )
                .with_code(codes::TOOK_TOO_LONG)),
            }
        }
        Err(e) => Err(e.into_api(|e| ApiError::Internal(format!("the order's figures do not hold together: {e}")))),
    }
}

fn answer(p: &Placement<'_>, placed: &OrderState) -> Placed {
    let coupon_amount = placed.coupon.as_ref().map_or(0, |c| c.amount);
    Placed {
        order_id: placed.order_id,
        hash_id: placed.hash_id.clone(),
        number: placed.display_number().to_owned(),
        status: "pending_payment",
        total: placed.total,
        total_formatted: format_pln(placed.total),
        coupon_amount,
        coupon_amount_formatted: format_pln(coupon_amount),
        to_pay: placed.to_pay,
        to_pay_formatted: format_pln(placed.to_pay),
        expires_at: placed.expires_at,
        payment_url: crate::payments::payment_url(p.state, &placed.payment),
    }
}

fn order_leg(leg: &PlacedLeg) -> Leg {
    leg.course.clone().leg(leg.kind, leg.hold_id)
}
