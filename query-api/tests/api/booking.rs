//! The booking read endpoints through HTTP: events written straight to the store (as the
//! command API would), the projections caught up, then each endpoint's answer, the list
//! conventions, and who may see what.

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::coupon::{CouponEvent, CouponOrigin};
use domain::money::Reduction;
use domain::order::{AppliedDiscount, CouponUse, Customer, Leg, LegKind, OrderEvent, PaymentRef, Ticket, TicketLine};
use domain::stamp_card::StampCardEvent;
use event_store::postgres::PgEventStore;
use event_store::{EventStore, ExpectedVersion, Metadata, NewEvent, StreamName};
use projections::coupons::CouponsProjection;
use projections::orders::OrdersProjection;
use projections::stamps::StampsProjection;
use projections::{Runner, RunnerConfig};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::PgPool;
use uuid::Uuid;

use crate::helpers::{assert_error, create_user, spawn_app, TestApp};

// --- Arrange: events in the store, projections caught up --------------------------------

fn store(app: &TestApp) -> PgEventStore {
    PgEventStore::new(app.pool.clone())
}

/// Append `events` to `stream` after `after` events, as `user` (metadata).
async fn append<E: Serialize>(app: &TestApp, stream: String, after: u64, events: &[(&str, &E)], user: Option<Uuid>) {
    let expected = if after == 0 { ExpectedVersion::NoStream } else { ExpectedVersion::Exact(after - 1) };
    let metadata = Metadata { user_id: user.map(|u| u.to_string()), occurred_at: at(-60), ..Metadata::default() };
    let new = events.iter().map(|(t, e)| NewEvent::json(Uuid::new_v4(), t, e, metadata.clone()).unwrap()).collect();
    store(app).append(&StreamName::parse(stream).unwrap(), expected, new).await.unwrap();
}

async fn order_events(app: &TestApp, order: Uuid, after: u64, events: &[OrderEvent], user: Option<Uuid>) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(app, domain::order::stream_name(order), after, &typed, user).await;
}

/// Bring the booking read models up to date.
async fn project(app: &TestApp) {
    let store: Arc<dyn EventStore> = Arc::new(store(app));
    let runner = Runner::new(store, app.pool.clone(), RunnerConfig::default());
    runner.catch_up(&OrdersProjection).await.unwrap();
    runner.catch_up(&CouponsProjection).await.unwrap();
    runner.catch_up(&StampsProjection).await.unwrap();
}

/// A fixed instant in summer (Warsaw is UTC+2), `minutes` later.
fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 7, 10, 6, 0, 0).unwrap() + Duration::minutes(minutes)
}

fn leg(kind: LegKind, departs: i64) -> Leg {
    Leg {
        kind,
        course_id: Uuid::new_v4(),
        hold_id: Uuid::new_v4(),
        route_id: 7,
        route_name: "Nisko – Kraków".into(),
        from_waypoint_id: 1,
        from_name: "Nisko, Dworzec".into(),
        to_waypoint_id: 3,
        to_name: "Kraków MDA".into(),
        departure_at: at(departs),
        arrival_at: at(departs + 190),
        unit_price: 3900,
    }
}

/// An order being placed: one full-fare and one student passenger, one way.
struct Booking {
    order: Uuid,
    hash_id: String,
    user: Option<Uuid>,
    email: String,
    coupon: Option<(String, i64)>,
    placed_minutes: i64,
}

impl Booking {
    fn new(user: Option<Uuid>, email: &str) -> Self {
        let order = Uuid::new_v4();
        Booking {
            order,
            hash_id: format!("h{}", order.simple()),
            user,
            email: email.into(),
            coupon: None,
            placed_minutes: 0,
        }
    }

    fn placed(&self) -> OrderEvent {
        let student =
            AppliedDiscount { discount_id: 3, name: "Studencka 51%".into(), reduction: Reduction::Percent(51) };
        let lines = vec![
            TicketLine { line: 1, quantity: 1, discount: None, outbound_price: 3900, back_price: None, total: 3900 },
            TicketLine {
                line: 2,
                quantity: 1,
                discount: Some(student),
                outbound_price: 1911,
                back_price: None,
                total: 1911,
            },
        ];
        let coupon = self.coupon.as_ref().map(|(code, amount)| CouponUse { code: code.clone(), amount: *amount });
        OrderEvent::OrderPlaced {
            order_id: self.order,
            hash_id: self.hash_id.clone(),
            number: "NB-2026-000042".into(),
            placed_at: at(self.placed_minutes),
            expires_at: at(self.placed_minutes + 15),
            user_id: self.user,
            customer: Customer {
                first_name: "Jan".into(),
                last_name: "Kowalski".into(),
                email: self.email.clone(),
                phone: "+48600100200".into(),
                notify_by_sms: true,
            },
            invoice: None,
            outbound: leg(LegKind::Outbound, 24 * 60),
            back: None,
            lines,
            to_pay: 5811 - coupon.as_ref().map_or(0, |c| c.amount),
            coupon,
            total: 5811,
            payment: PaymentRef {
                provider: "sandbox".into(),
                session_id: self.order.to_string(),
                token: format!("tok-{}", self.order.simple()),
            },
        }
    }

    fn tickets(&self) -> Vec<Ticket> {
        let n = self.order.as_u128() % 1_000_000;
        [(1, 3900), (2, 1911)]
            .into_iter()
            .map(|(line, price)| Ticket {
                ticket_id: Uuid::new_v4(),
                number: format!("NK-2026-{n:06}-{line}"),
                code: format!("CODE{line}ABCDEFGH"),
                leg: LegKind::Outbound,
                line,
                price,
                coupon_part: 0,
            })
            .collect()
    }

    /// Placed and, if `paid`, paid: its tickets.
    async fn write(&self, app: &TestApp, paid: bool) -> Vec<Ticket> {
        order_events(app, self.order, 0, &[self.placed()], self.user).await;
        if !paid {
            return vec![];
        }
        let tickets = self.tickets();
        let paid = OrderEvent::OrderPaid {
            order_id: self.order,
            paid_at: at(self.placed_minutes + 3),
            amount: 5811,
            transaction_id: "300000001".into(),
            session_id: self.order.to_string(),
            tickets: tickets.clone(),
            reheld: vec![],
        };
        order_events(app, self.order, 1, &[paid], None).await;
        tickets
    }
}

/// The `data` of a `200` answer.
async fn data(response: reqwest::Response) -> Value {
    let status = response.status().as_u16();
    let body: Value = response.json().await.expect("a JSON body");
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn invalid_fields(response: reqwest::Response) -> Vec<String> {
    let body = assert_error(response, 422).await;
    body["errors"].as_array().expect("errors").iter().map(|e| e["field"].as_str().unwrap_or("").to_string()).collect()
}

fn numbers(list: &Value) -> Vec<String> {
    list["models"].as_array().unwrap().iter().map(|m| m["number"].as_str().unwrap().to_string()).collect()
}

// --- success-data ------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn success_data_shows_a_pending_order_with_where_to_pay(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut booking = Booking::new(None, "guest@example.test");
    booking.coupon = Some(("LATO".into(), 1000));
    booking.write(&app, false).await;
    project(&app).await;

    let order = data(app.get(&format!("/order/order/success-data?hash_id={}", booking.hash_id), None).await).await;

    assert_eq!(order["id"], booking.order.to_string());
    assert_eq!(order["status"], "pending_payment");
    assert_eq!(order["payment_url"], format!("http://127.0.0.1:8080/payment/sandbox/tok-{}", booking.order.simple()));
    assert_eq!(
        (
            order["total"].clone(),
            order["total_formatted"].clone(),
            order["to_pay"].clone(),
            order["to_pay_formatted"].clone()
        ),
        (json!(5811), json!("58,11\u{a0}zł"), json!(4811), json!("48,11\u{a0}zł"))
    );
    assert_eq!(order["coupon"], json!({"code": "LATO", "amount": 1000, "amount_formatted": "10,00\u{a0}zł"}));
    assert_eq!(order["customer"]["email"], "guest@example.test");
    assert_eq!(order["invoice"], Value::Null);
    assert_eq!(order["back"], Value::Null);
    assert_eq!(order["outbound"]["departure_at"], "2026-07-11T08:00:00+02:00", "Warsaw time");
    assert_eq!(order["outbound"]["arrival_at"], "2026-07-11T11:10:00+02:00");
    assert_eq!(
        (order["outbound"]["from_name"].clone(), order["outbound"]["kind"].clone()),
        (json!("Nisko, Dworzec"), json!("outbound"))
    );
    assert_eq!(order["lines"][1]["discount"]["reduction"], json!({"kind": "percent", "value": 51}));
    assert_eq!(order["lines"][1]["total_formatted"], "19,11\u{a0}zł");
    assert_eq!(order["expires_at"], "2026-07-10T06:15:00Z");
    assert_eq!(order["tickets"], json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn success_data_of_a_paid_order_has_its_tickets_with_qr_codes(pool: PgPool) {
    let app = spawn_app(pool).await;
    let booking = Booking::new(Some(app.user_id), "user@example.test");
    let tickets = booking.write(&app, true).await;
    project(&app).await;

    let order = data(app.get(&format!("/order/order/success-data?hash_id={}", booking.hash_id), None).await).await;

    assert_eq!(order["status"], "paid");
    assert_eq!(order["payment_url"], Value::Null, "nothing more to pay");
    assert_eq!(order["paid_at"], "2026-07-10T06:03:00Z");
    let got = order["tickets"].as_array().unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0]["number"], tickets[0].number);
    assert_eq!(got[0]["code"], tickets[0].code);
    assert_eq!(
        (got[0]["leg"].clone(), got[0]["status"].clone(), got[0]["course_changed"].clone()),
        (json!("outbound"), json!("valid"), json!(false))
    );
    assert_eq!((got[1]["price"].clone(), got[1]["price_formatted"].clone()), (json!(1911), json!("19,11\u{a0}zł")));
    let svg = got[0]["qr_svg"].as_str().unwrap();
    assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
    assert_ne!(got[0]["qr_svg"], got[1]["qr_svg"], "each ticket has its own code");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn success_data_needs_a_known_hash_id(pool: PgPool) {
    let app = spawn_app(pool).await;

    assert_eq!(invalid_fields(app.get("/order/order/success-data", None).await).await, vec!["hash_id"]);
    assert_eq!(invalid_fields(app.get("/order/order/success-data?hash_id=", None).await).await, vec!["hash_id"]);
    assert_error(app.get("/order/order/success-data?hash_id=nope", None).await, 404).await;
}

// --- my-tickets ---------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn my_tickets_are_the_users_own_and_nobody_elses(pool: PgPool) {
    let app = spawn_app(pool).await;
    let (other, other_token) = create_user(&app.pool, "other@example.test", "Ola", api_core::auth::Role::User).await;
    let mine = Booking::new(Some(app.user_id), "user@example.test");
    let my_tickets = mine.write(&app, true).await;
    let theirs = Booking::new(Some(other), "other@example.test");
    let their_tickets = theirs.write(&app, true).await;
    Booking::new(None, "user@example.test").write(&app, true).await; // a guest order, same e-mail
    project(&app).await;

    let list = data(app.post("/user/user/my-tickets?sort=number", &json!({}), Some(&app.user_token)).await).await;

    assert_eq!(numbers(&list), my_tickets.iter().map(|t| t.number.clone()).collect::<Vec<_>>());
    assert_eq!(list["pagination"], json!({"page": 1, "perPage": 20, "totalCount": 2, "pageCount": 1}));
    let first = &list["models"][0];
    assert_eq!(
        (
            first["order_id"].clone(),
            first["hash_id"].clone(),
            first["order_status"].clone(),
            first["price_formatted"].clone()
        ),
        (json!(mine.order.to_string()), json!(mine.hash_id), json!("paid"), json!("39,00\u{a0}zł"))
    );
    assert_eq!(first["departure_at"], "2026-07-11T08:00:00+02:00");
    assert_eq!(first["route_name"], "Nisko – Kraków");

    let theirs_seen = data(app.post("/user/user/my-tickets", &json!({}), Some(&other_token)).await).await;
    assert_eq!(numbers(&theirs_seen).len(), their_tickets.len());
    // A filter cannot reach past the owner: another user's ticket number finds nothing.
    let path = format!("/user/user/my-tickets?filter[number][eq]={}", their_tickets[0].number);
    let none = data(app.post(&path, &json!({}), Some(&app.user_token)).await).await;
    assert_eq!(none["pagination"]["totalCount"], 0);
    let path = format!("/user/user/my-tickets?filter[order_id][eq]={}", theirs.order);
    assert_eq!(data(app.post(&path, &json!({}), Some(&app.user_token)).await).await["models"], json!([]));
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn my_tickets_follow_the_list_conventions(pool: PgPool) {
    let app = spawn_app(pool).await;
    let booking = Booking::new(Some(app.user_id), "user@example.test");
    let tickets = booking.write(&app, true).await;
    let returned = OrderEvent::TicketReturned {
        order_id: booking.order,
        ticket_id: tickets[1].ticket_id,
        number: tickets[1].number.clone(),
        returned_at: at(30),
        by_user_id: Some(app.user_id),
        price: 1911,
        fee: 191,
        coupon_refund: 0,
        money_refund: 1720,
    };
    order_events(&app, booking.order, 2, &[returned], Some(app.user_id)).await;
    project(&app).await;
    let token = Some(app.user_token.as_str());

    let page2 = data(app.post("/user/user/my-tickets?per-page=1&page=2&sort=-number", &json!({}), token).await).await;
    assert_eq!(numbers(&page2), vec![tickets[0].number.clone()]);
    assert_eq!(page2["pagination"], json!({"page": 2, "perPage": 1, "totalCount": 2, "pageCount": 2}));

    let back = data(app.post("/user/user/my-tickets?filter[status][eq]=returned", &json!({}), token).await).await;
    assert_eq!(numbers(&back), vec![tickets[1].number.clone()]);
    let later = "/user/user/my-tickets?filter[departure_at][gte]=2026-07-11 08:00:00&filter[price][gt]=2000";
    assert_eq!(numbers(&data(app.post(later, &json!({}), token).await).await), vec![tickets[0].number.clone()]);

    assert_eq!(
        invalid_fields(app.post("/user/user/my-tickets?sort=code", &json!({}), token).await).await,
        vec!["sort"]
    );
    assert_eq!(
        invalid_fields(app.post("/user/user/my-tickets?filter[user_id][eq]=x", &json!({}), token).await).await,
        vec!["filter[user_id][eq]"]
    );
    assert_error(app.post("/user/user/my-tickets?page=0", &json!({}), token).await, 400).await;
    assert_error(app.post("/user/user/my-tickets", &json!({}), None).await, 401).await;
    assert_error(app.post("/user/user/my-tickets", &json!({}), Some("not-a-token")).await, 401).await;
}

// --- Admin --------------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_admin_lists_are_for_admins_only(pool: PgPool) {
    let app = spawn_app(pool).await;
    let id = Uuid::new_v4();
    for path in [
        "/order/order/all".to_string(),
        format!("/order/order/one?id={id}"),
        format!("/order/order/history?id={id}"),
        "/order/ticket/all".to_string(),
        "/order/coupon/all".to_string(),
        "/order/coupon/one?id=LATO".to_string(),
        "/course/stamp/all".to_string(),
    ] {
        assert_error(app.get(&path, None).await, 401).await;
        assert_error(app.get(&path, Some(&app.user_token)).await, 403).await;
    }
    assert_error(app.get("/course/stamp/user-stamps", None).await, 401).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_list_filter_and_sort_orders(pool: PgPool) {
    let app = spawn_app(pool).await;
    let paid = Booking::new(Some(app.user_id), "jan@example.test");
    paid.write(&app, true).await;
    let mut pending = Booking::new(None, "ewa@example.test");
    pending.placed_minutes = 60;
    pending.write(&app, false).await;
    let mut expired = Booking::new(None, "ola@example.test");
    expired.placed_minutes = 120;
    expired.write(&app, false).await;
    order_events(
        &app,
        expired.order,
        1,
        &[OrderEvent::OrderExpired { order_id: expired.order, expired_at: at(140) }],
        None,
    )
    .await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());
    let ids = |list: &Value| -> Vec<String> {
        list["models"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap().to_string()).collect()
    };

    let all = data(app.get("/order/order/all", admin).await).await;
    assert_eq!(
        ids(&all),
        vec![expired.order.to_string(), pending.order.to_string(), paid.order.to_string()],
        "newest first"
    );
    assert_eq!(all["pagination"]["totalCount"], 3);
    let first = &all["models"][2];
    assert_eq!(
        (first["status"].clone(), first["passengers"].clone(), first["total_formatted"].clone()),
        (json!("paid"), json!(2), json!("58,11\u{a0}zł"))
    );
    assert_eq!(first["user_id"], app.user_id.to_string());

    let by_status = data(app.get("/order/order/all?filter[status][in]=paid,expired&sort=placed_at", admin).await).await;
    assert_eq!(ids(&by_status), vec![paid.order.to_string(), expired.order.to_string()]);
    let by_email = data(app.get("/order/order/all?filter[email][like]=EWA@", admin).await).await;
    assert_eq!(ids(&by_email), vec![pending.order.to_string()]);
    let since = data(app.get("/order/order/all?filter[placed_at][gte]=2026-07-10T07:00:00Z", admin).await).await;
    assert_eq!(ids(&since), vec![expired.order.to_string(), pending.order.to_string()]);
    assert_eq!(
        invalid_fields(app.get("/order/order/all?filter[code][eq]=x", admin).await).await,
        vec!["filter[code][eq]"]
    );
    assert_eq!(
        invalid_fields(app.get("/order/order/all?filter[placed_at][gte]=yesterday", admin).await).await,
        vec!["filter[placed_at][gte]"]
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_see_one_order_and_its_history(pool: PgPool) {
    let app = spawn_app(pool).await;
    let booking = Booking::new(Some(app.user_id), "jan@example.test");
    let tickets = booking.write(&app, true).await;
    let admin_id = Uuid::new_v4();
    let cancelled = OrderEvent::OrderCancelled {
        order_id: booking.order,
        cancelled_at: at(90),
        by_user_id: admin_id,
        reason: "the course does not run".into(),
        refund: 5811,
        coupon_refund: 0,
    };
    order_events(&app, booking.order, 2, &[cancelled], Some(admin_id)).await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());

    let one = data(app.get(&format!("/order/order/one?id={}", booking.order), admin).await).await;
    assert_eq!(one["status"], "cancelled");
    assert_eq!(
        (one["cancel_reason"].clone(), one["money_refunded"].clone()),
        (json!("the course does not run"), json!(5811))
    );
    assert_eq!(one["cancelled_by"], admin_id.to_string());
    assert_eq!((one["user_id"].clone(), one["version"].clone()), (json!(app.user_id.to_string()), json!(2)));
    assert_eq!(one["tickets"].as_array().unwrap().len(), tickets.len());
    assert_eq!(one["hash_id"], booking.hash_id);

    let history = data(app.get(&format!("/order/order/history?id={}", booking.order), admin).await).await;
    let types: Vec<&str> = history.as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(types, vec!["OrderPlaced", "OrderPaid", "OrderCancelled"]);
    assert_eq!(history[0]["version"], 0);
    assert_eq!(history[0]["user_id"], app.user_id.to_string());
    assert_eq!(history[1]["user_id"], Value::Null, "the payment came from the gateway");
    assert_eq!(history[2]["user_id"], admin_id.to_string());
    assert_eq!(history[2]["data"]["reason"], "the course does not run");
    assert_eq!(history[0]["data"]["type"], "OrderPlaced", "the event as the domain wrote it");
    assert_eq!(history[0]["occurred_at"], "2026-07-10T05:00:00Z");

    for path in ["/order/order/one", "/order/order/history"] {
        assert_eq!(invalid_fields(app.get(path, admin).await).await, vec!["id"]);
        assert_eq!(invalid_fields(app.get(&format!("{path}?id=12"), admin).await).await, vec!["id"]);
        assert_error(app.get(&format!("{path}?id={}", Uuid::new_v4()), admin).await, 404).await;
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_list_every_ticket(pool: PgPool) {
    let app = spawn_app(pool).await;
    let first = Booking::new(Some(app.user_id), "jan@example.test");
    let first_tickets = first.write(&app, true).await;
    let second = Booking::new(None, "ewa@example.test");
    second.write(&app, true).await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());

    let all = data(app.get("/order/ticket/all?per-page=3", admin).await).await;
    assert_eq!(all["pagination"], json!({"page": 1, "perPage": 3, "totalCount": 4, "pageCount": 2}));
    let path = format!("/order/ticket/all?filter[number][eq]={}", first_tickets[1].number);
    let one = data(app.get(&path, admin).await).await;
    assert_eq!(numbers(&one), vec![first_tickets[1].number.clone()]);
    let t = &one["models"][0];
    assert_eq!(
        (t["email"].clone(), t["hash_id"].clone(), t["order_status"].clone(), t["price"].clone()),
        (json!("jan@example.test"), json!(first.hash_id), json!("paid"), json!(1911))
    );
    let guests = data(app.get("/order/ticket/all?filter[email][eq]=ewa@example.test", admin).await).await;
    assert_eq!(guests["pagination"]["totalCount"], 2);
}

// --- Coupons ------------------------------------------------------------------------------

async fn coupon_events(app: &TestApp, code: &str, after: u64, events: &[CouponEvent]) {
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(app, domain::coupon::stream_name(code), after, &typed, None).await;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn admins_list_coupons_and_see_who_spent_them(pool: PgPool) {
    let app = spawn_app(pool).await;
    let mut booking = Booking::new(None, "jan@example.test");
    booking.coupon = Some(("LATO".into(), 1500));
    booking.write(&app, false).await;
    let issued = |code: &str, value| CouponEvent::CouponIssued {
        code: code.into(),
        value,
        expires_at: None,
        user_id: None,
        origin: CouponOrigin::Admin,
    };
    coupon_events(
        &app,
        "LATO",
        0,
        &[
            issued("LATO", 2000),
            CouponEvent::CouponSpent { code: "LATO".into(), order_id: booking.order, amount: 1500 },
        ],
    )
    .await;
    coupon_events(&app, "ZIMA", 0, &[issued("ZIMA", 1000)]).await;
    coupon_events(&app, "ZIMA", 1, &[CouponEvent::CouponExpired { code: "ZIMA".into(), at: at(10) }]).await;
    project(&app).await;
    let admin = Some(app.admin_token.as_str());

    let all = data(app.get("/order/coupon/all?sort=code", admin).await).await;
    let codes: Vec<&str> = all["models"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap()).collect();
    assert_eq!(codes, vec!["LATO", "ZIMA"]);
    let lato = &all["models"][0];
    assert_eq!(
        (lato["initial_value"].clone(), lato["current_value"].clone(), lato["current_value_formatted"].clone()),
        (json!(2000), json!(500), json!("5,00\u{a0}zł"))
    );
    assert_eq!(
        (lato["usages"].clone(), lato["used"].clone(), lato["expired"].clone()),
        (json!(1), json!(false), json!(false))
    );
    assert_eq!(all["models"][1]["expired"], true);
    let spent = data(app.get("/order/coupon/all?filter[usages][gte]=1", admin).await).await;
    assert_eq!(spent["pagination"]["totalCount"], 1);

    let one = data(app.get("/order/coupon/one?id=%20lato%20", admin).await).await;
    assert_eq!(one["code"], "LATO");
    assert_eq!(
        one["orders"],
        json!([{"order_id": booking.order.to_string(), "hash_id": booking.hash_id, "amount": 1500, "refunded": 0,
                "spent_at": one["orders"][0]["spent_at"]}])
    );
    assert_error(app.get("/order/coupon/one?id=NOPE", admin).await, 404).await;
    assert_eq!(invalid_fields(app.get("/order/coupon/one", admin).await).await, vec!["id"]);
}

// --- Stamps -------------------------------------------------------------------------------

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_user_sees_their_stamps_and_what_the_next_reward_needs(pool: PgPool) {
    let app = spawn_app(pool).await;
    sqlx::query("insert into companies (name, stamps_per_reward, reward_value) values ('Nisko Bus', 3, 1500)")
        .execute(&app.pool)
        .await
        .unwrap();
    let user = app.user_id;
    let added =
        |n: u128| StampCardEvent::StampAdded { user_id: user, ticket_id: Uuid::from_u128(n), order_id: Uuid::nil() };
    let events = [
        added(1),
        added(2),
        added(3),
        StampCardEvent::RewardEarned { user_id: user, coupon_code: "NAGRODA-7Q2K".into(), value: 1500 },
        added(4),
    ];
    let typed: Vec<_> = events.iter().map(|e| (e.event_type(), e)).collect();
    append(&app, domain::stamp_card::stream_name(user), 0, &typed, None).await;
    let reward = CouponEvent::CouponIssued {
        code: "NAGRODA-7Q2K".into(),
        value: 1500,
        expires_at: None,
        user_id: Some(user),
        origin: CouponOrigin::StampReward,
    };
    let spent = CouponEvent::CouponSpent { code: "NAGRODA-7Q2K".into(), order_id: Uuid::new_v4(), amount: 500 };
    coupon_events(&app, "NAGRODA-7Q2K", 0, &[reward, spent]).await;
    project(&app).await;

    let card = data(app.get("/course/stamp/user-stamps", Some(&app.user_token)).await).await;

    assert_eq!(
        (card["stamps"].clone(), card["stamps_per_reward"].clone(), card["needed"].clone()),
        (json!(4), json!(3), json!(2))
    );
    assert_eq!(
        (card["reward_value"].clone(), card["reward_value_formatted"].clone()),
        (json!(1500), json!("15,00\u{a0}zł"))
    );
    let rewards = card["rewards"].as_array().unwrap();
    assert_eq!(rewards.len(), 1);
    assert_eq!(
        (rewards[0]["code"].clone(), rewards[0]["value"].clone(), rewards[0]["current_value"].clone()),
        (json!("NAGRODA-7Q2K"), json!(1500), json!(1000))
    );

    // Another user's card is not shown to them: theirs is empty.
    let (_, other_token) = create_user(&app.pool, "other@example.test", "Ola", api_core::auth::Role::User).await;
    let empty = data(app.get("/course/stamp/user-stamps", Some(&other_token)).await).await;
    assert_eq!(
        (empty["stamps"].clone(), empty["needed"].clone(), empty["rewards"].clone()),
        (json!(0), json!(3), json!([]))
    );

    let all = data(app.get("/course/stamp/all", Some(&app.admin_token)).await).await;
    assert_eq!(all["pagination"]["totalCount"], 1);
    let row = &all["models"][0];
    assert_eq!(
        (row["email"].clone(), row["stamps"].clone(), row["rewards"].clone(), row["needed"].clone()),
        (json!("user@example.test"), json!(4), json!(1), json!(2))
    );
}
