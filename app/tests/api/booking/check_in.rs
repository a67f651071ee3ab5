//! Tickets checked on board through real HTTP: the signed codes of a paid order (given
//! in `success-data`, verified with the public key anyone can fetch), a driver's
//! check-ins by code and by number, the queue sent again, two drivers racing for one
//! ticket, forged and altered codes, every refusal with its code and nothing recorded,
//! the driver's day and passenger list, and who may do what.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Duration, Utc};
use serde_json::json;
use uuid::Uuid;

use super::*;

struct Boarding {
    app: BookingApp,
    driver: String,
    course: Uuid,
    order_id: Uuid,
    hash_id: String,
    /// The tickets' numbers and signed codes.
    tickets: Vec<(String, String)>,
}

/// A course leaving in an hour (boarding is open), and a paid order of `passengers` on it.
async fn boarding(pool: PgPool, passengers: u32) -> Boarding {
    let app = spawn(pool).await;
    let (_, driver) = user(&app.pool, "kierowca@example.test", "Driver").await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, Utc::now() + Duration::hours(1), 10).await;
    let order = booking(course, &line, 0, 2, json!([{ "qty": passengers }]));
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let hash_id = placed["data"]["hash_id"].as_str().expect("hash").to_owned();
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let success = format!("/api/order/order/success-data?hash_id={hash_id}");
    eventually("the tickets in the read model", || async {
        let (_, shown) = body(app.client.get(app.url(&success)).send().await.expect("success")).await;
        shown["data"]["tickets"].as_array().is_some_and(|t| t.len() == passengers as usize)
    })
    .await;
    let (_, shown) = body(app.client.get(app.url(&success)).send().await.expect("success")).await;
    let tickets = shown["data"]["tickets"]
        .as_array()
        .expect("tickets")
        .iter()
        .map(|t| (t["number"].as_str().expect("number").to_owned(), t["qr"].as_str().expect("qr").to_owned()))
        .collect();
    Boarding { app, driver, course, order_id, hash_id, tickets }
}

impl Boarding {
    async fn check(&self, input: Value, token: Option<&str>) -> (u16, Value) {
        body(self.app.post("/api/order/ticket/check-in", &input, token, None).await).await
    }

    async fn as_driver(&self, input: Value) -> (u16, Value) {
        self.check(input, Some(&self.driver)).await
    }

    /// How many `TicketUsed` the order's stream holds.
    async fn used_events(&self) -> usize {
        let stream = StreamName::parse(domain::order::stream_name(self.order_id)).expect("stream");
        let events = self
            .app
            .store
            .read_stream(&stream, event_store::ReadFrom::Start, event_store::Direction::Forwards, 1000)
            .await
            .expect("read");
        events.iter().filter(|e| e.event_type == "TicketUsed").count()
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_driver_checks_a_signed_ticket_once_and_a_forged_one_never(pool: PgPool) {
    let b = boarding(pool, 3).await;
    let (number, qr) = b.tickets[0].clone();

    // The code verifies with the public key anyone can fetch, and says what it is for.
    let (status, key) =
        body(b.app.client.get(b.app.url("/api/order/ticket/verification-key")).send().await.unwrap()).await;
    assert_eq!(status, 200, "{key}");
    assert_eq!(key["data"]["alg"], "Ed25519");
    assert_eq!(key["data"]["jwk"]["crv"], "Ed25519");
    let claims: Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(qr.split('.').nth(1).unwrap()).unwrap()).unwrap();
    assert_eq!(claims["n"], number.as_str());
    assert_eq!(claims["c"], b.course.to_string());
    assert_eq!(claims["k"], key["data"]["kid"]);

    // The scanned code boards; sent again with its id (a queue after the network came
    // back) it is the same answer and nothing new; another check-in of it is refused.
    let check_in_id = Uuid::new_v4();
    let (status, first) = b.as_driver(json!({ "qr": qr, "check_in_id": check_in_id })).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["data"]["number"], number.as_str());
    assert_eq!(first["data"]["passenger"], "Jan Kowalski");
    assert_eq!(first["data"]["again"], false);
    let (status, again) = b.as_driver(json!({ "qr": qr, "check_in_id": check_in_id })).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(
        (again["data"]["again"].clone(), again["data"]["used_at"].clone()),
        (json!(true), first["data"]["used_at"].clone())
    );
    let (status, refused) = b.as_driver(json!({ "qr": qr })).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("ticket.used")), "{refused}");
    assert_eq!(b.used_events().await, 1);

    // Forged: the claims of another ticket under this signature; a bit of the signature
    // flipped; a code signed with another key; a text that is no code.
    let (_, second_qr) = b.tickets[1].clone();
    let parts: Vec<&str> = second_qr.split('.').collect();
    let mut other: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
    other["n"] = json!(b.tickets[2].0);
    let altered = format!("NB1.{}.{}", URL_SAFE_NO_PAD.encode(serde_json::to_vec(&other).unwrap()), parts[2]);
    let mut signature = URL_SAFE_NO_PAD.decode(parts[2]).unwrap();
    signature[0] ^= 0x01;
    let flipped = format!("NB1.{}.{}", parts[1], URL_SAFE_NO_PAD.encode(&signature));
    let facts = ticket_token::TicketFacts {
        number: &b.tickets[1].0,
        course_id: b.course,
        from_waypoint_id: claims["f"].as_i64().unwrap(),
        to_waypoint_id: claims["t"].as_i64().unwrap(),
        discount: None,
        departure_at: Utc::now() + Duration::hours(1),
        arrival_at: Utc::now() + Duration::hours(4),
    };
    let foreign = ticket_token::TicketSigner::from_seed([9; 32]).token(&facts);
    for forged in [altered, flipped, foreign] {
        let (status, refused) = b.as_driver(json!({ "qr": forged })).await;
        assert_eq!((status, refused["code"].as_str()), (422, Some("ticket.forged")), "{refused}");
        assert_eq!(refused["errors"][0]["field"], "qr");
    }
    for text in ["NK-2026-000001", "NB1.abc.def", ""] {
        let (status, refused) = b.as_driver(json!({ "qr": text })).await;
        assert_eq!(status, 422, "{text:?}: {refused}");
    }
    let (status, refused) = b.as_driver(json!({ "qr": "hello" })).await;
    assert_eq!(refused["code"], "ticket.unreadable", "{status} {refused}");
    assert_eq!(b.used_events().await, 1, "nothing recorded for a refused code");

    // Typed: the number with the driver's course; the wrong course is refused.
    let (status, refused) = b.as_driver(json!({ "number": b.tickets[1].0, "course_id": Uuid::new_v4() })).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("check_in.other_course")), "{refused}");
    // The refusal names the ticket's own course (issue 40), so the driver can say which.
    let said = refused["errors"][0]["message"].as_str().unwrap_or_default().to_owned();
    assert!(said.contains("Nisko") && said.contains('→'), "{refused}");
    // Typed as it is read, in groups with spaces and in small letters.
    let spaced: String = b.tickets[1].0.to_lowercase().chars().flat_map(|c| [c, ' ']).collect();
    let (status, typed) = b.as_driver(json!({ "number": spaced, "course_id": b.course })).await;
    assert_eq!(status, 200, "{typed}");
    let (status, refused) = b.as_driver(json!({ "number": "NK-0000-000000", "course_id": b.course })).await;
    assert_eq!((status, refused["code"].as_str()), (404, Some("ticket.not_found")), "{refused}");
    let (status, refused) = b.as_driver(json!({ "number": "  " })).await;
    assert_eq!(status, 422, "{refused}");
    let fields: Vec<&str> = refused["errors"].as_array().unwrap().iter().filter_map(|e| e["field"].as_str()).collect();
    assert_eq!(fields, ["number", "course_id"]);

    // A used ticket is neither returned nor moved afterwards.
    let (status, refused) = body(
        b.app
            .post("/api/order/order/return-ticket", &json!({ "number": number }), Some(&b.app.admin_token), None)
            .await,
    )
    .await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("ticket.used")), "{refused}");

    // Only drivers and admins check tickets in.
    assert_eq!(b.check(json!({ "qr": b.tickets[2].1 }), None).await.0, 401);
    assert_eq!(b.check(json!({ "qr": b.tickets[2].1 }), Some(&b.app.user_token)).await.0, 403);
    assert_eq!(b.used_events().await, 2);

    // The history says the driver did it (once the read model has both).
    let timeline = format!("/api/order/order/timeline?id={}", b.order_id);
    let history = || async {
        let request = b.app.client.get(b.app.url(&timeline)).bearer_auth(&b.app.admin_token);
        body(request.send().await.unwrap()).await.1
    };
    let boardings = |entries: &Value| {
        entries["data"].as_array().map_or(0, |e| e.iter().filter(|x| x["type"] == "TicketUsed").count())
    };
    eventually("both boardings in the history", || async { boardings(&history().await) == 2 }).await;
    let entries = history().await;
    let used: Vec<&Value> = entries["data"].as_array().unwrap().iter().filter(|e| e["type"] == "TicketUsed").collect();
    assert_eq!(used.len(), 2);
    assert_eq!(used[0]["actor"]["kind"], "driver");
    assert_eq!(used[0]["actor"]["email"], "kierowca@example.test");
    let _ = &b.hash_id;
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn two_drivers_checking_one_ticket_at_once_get_one_success(pool: PgPool) {
    let b = boarding(pool, 1).await;
    let (_, other_driver) = user(&b.app.pool, "drugi.kierowca@example.test", "Driver").await;
    let (_, qr) = b.tickets[0].clone();
    for round in 0..5 {
        // Each round a fresh ticket is not available, so the race is run on the first
        // round only and the later rounds check the refusal stays a refusal.
        let one = b.check(json!({ "qr": qr, "check_in_id": Uuid::new_v4() }), Some(&b.driver));
        let two = b.check(json!({ "qr": qr, "check_in_id": Uuid::new_v4() }), Some(&other_driver));
        let ((s1, a1), (s2, a2)) = tokio::join!(one, two);
        let mut statuses = [s1, s2];
        statuses.sort_unstable();
        if round == 0 {
            assert_eq!(statuses, [200, 409], "{a1} {a2}");
        } else {
            assert_eq!(statuses, [409, 409], "{a1} {a2}");
        }
    }
    assert_eq!(b.used_events().await, 1);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_driver_sees_the_day_and_the_passengers_of_a_course(pool: PgPool) {
    let b = boarding(pool, 2).await;
    let (status, _) = b.as_driver(json!({ "qr": b.tickets[0].1 })).await;
    assert_eq!(status, 200);
    let today = api_core::time::warsaw(Utc::now() + Duration::hours(1)).format("%Y-%m-%d").to_string();
    let courses = format!("/api/order/driver/courses?date={today}");
    eventually("the boarding in the driver's list", || async {
        let (_, list) = body(b.app.client.get(b.app.url(&courses)).bearer_auth(&b.driver).send().await.unwrap()).await;
        list["data"].as_array().is_some_and(|l| {
            l.iter().any(|c| c["course_id"] == b.course.to_string() && c["passengers"] == 2 && c["boarded"] == 1)
        })
    })
    .await;
    let manifest = format!("/api/order/driver/manifest?course_id={}", b.course);
    let (status, m) = body(b.app.client.get(b.app.url(&manifest)).bearer_auth(&b.driver).send().await.unwrap()).await;
    assert_eq!(status, 200, "{m}");
    assert_eq!(m["data"]["stops"].as_array().map(Vec::len), Some(3));
    let tickets = m["data"]["tickets"].as_array().expect("tickets");
    assert_eq!(tickets.len(), 2);
    let statuses: Vec<&str> = tickets.iter().filter_map(|t| t["status"].as_str()).collect();
    assert!(statuses.contains(&"used") && statuses.contains(&"valid"), "{statuses:?}");
    assert_eq!(tickets[0]["passenger"], "Jan Kowalski");
    assert_eq!(tickets[0]["from_name"], "Nisko");
    assert_eq!(tickets[0]["to_name"], "Kraków");
    assert!(m["data"]["verification_key"]["public_key"].as_str().is_some_and(|k| k.len() == 43));

    // Bad input and callers.
    let bad = body(
        b.app
            .client
            .get(b.app.url("/api/order/driver/courses?date=2026-13-45"))
            .bearer_auth(&b.driver)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(bad.0, 422, "{}", bad.1);
    let blank =
        b.app.client.get(b.app.url("/api/order/driver/courses?date=")).bearer_auth(&b.driver).send().await.unwrap();
    assert_eq!(blank.status(), 422, "a blank day is no day (found by schemathesis)");
    let unknown = format!("/api/order/driver/manifest?course_id={}", Uuid::new_v4());
    assert_eq!(b.app.client.get(b.app.url(&unknown)).bearer_auth(&b.driver).send().await.unwrap().status(), 404);
    assert_eq!(
        b.app.client.get(b.app.url(&manifest)).bearer_auth(&b.app.user_token).send().await.unwrap().status(),
        403
    );
    assert_eq!(b.app.client.get(b.app.url(&manifest)).send().await.unwrap().status(), 401);
}

/// Issue 29: the driver types what is printed on the ticket, or scans its QR code.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_driver_checks_a_ticket_by_its_number_its_printed_code_or_its_qr_code(pool: PgPool) {
    let b = boarding(pool, 4).await;
    let domain::order::Order::Placed(order) = b.app.order(b.order_id).await else { panic!("placed") };
    let code_of = |number: &str| order.ticket_by_number(number).expect("ticket").ticket.code.clone();
    let course = b.course.to_string();
    let (n0, qr) = b.tickets[0].clone();
    let (n1, n2, n3) = (b.tickets[1].0.clone(), b.tickets[2].0.clone(), b.tickets[3].0.clone());
    assert_eq!(code_of(&n2).len(), 12, "the code printed under the QR code");

    let (status, by_qr) = b.as_driver(json!({ "qr": qr })).await;
    assert_eq!((status, by_qr["data"]["number"].as_str()), (200, Some(n0.as_str())), "{by_qr}");
    let (status, by_number) = b.as_driver(json!({ "number": n1.to_lowercase(), "course_id": course })).await;
    assert_eq!((status, by_number["data"]["number"].as_str()), (200, Some(n1.as_str())), "{by_number}");
    // The printed code, typed as a driver types it (lower case, spaces around).
    let typed = format!("  {}  ", code_of(&n2).to_lowercase());
    let (status, by_code) = b.as_driver(json!({ "code": typed, "course_id": course })).await;
    assert_eq!((status, by_code["data"]["number"].as_str()), (200, Some(n2.as_str())), "{by_code}");
    let (status, again) = b.as_driver(json!({ "code": code_of(&n2), "course_id": course })).await;
    assert_eq!((status, again["code"].as_str()), (409, Some("ticket.used")), "{again}");
    let (status, unknown) = b.as_driver(json!({ "code": "ZZZZZZZZZZZZ", "course_id": course })).await;
    assert_eq!((status, unknown["code"].as_str()), (404, Some("ticket.not_found")), "{unknown}");
    let (status, no_course) = b.as_driver(json!({ "code": code_of(&n3) })).await;
    assert_eq!(status, 422, "{no_course}");

    // A returned ticket is refused as returned, by each of the three.
    let returned = json!({ "number": n3 });
    let (status, _) =
        body(b.app.post("/api/order/order/return-ticket", &returned, Some(&b.app.admin_token), None).await).await;
    assert_eq!(status, 200);
    for shown in [json!({ "code": code_of(&n3), "course_id": course }), json!({ "number": n3, "course_id": course })] {
        let (status, refused) = b.as_driver(shown).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("ticket.already_returned")), "{refused}");
    }

    // The driver's list has each ticket's code as a digest, never the code itself.
    let manifest = format!("/api/order/driver/manifest?course_id={}", b.course);
    let (_, m) = body(b.app.client.get(b.app.url(&manifest)).bearer_auth(&b.driver).send().await.unwrap()).await;
    let listed = m["data"]["tickets"].as_array().expect("tickets");
    assert!(listed.iter().all(|t| t["code_sha256"].as_str().is_some_and(|h| h.len() == 64)), "{m}");
    assert!(!m.to_string().contains(&code_of(&n3)), "the codes stay off the list");
}

/// A returned ticket shown outside its boarding window is refused as returned, not as a
/// later course: the ticket's own state is the true reason.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_returned_ticket_of_a_later_course_is_refused_as_returned(pool: PgPool) {
    let app = spawn(pool).await;
    let (_, driver) = user(&app.pool, "kierowca@example.test", "Driver").await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let (status, placed) = body(app.place(&booking(course, &line, 0, 2, json!([{ "qty": 1 }]))).await).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let domain::order::Order::Placed(order) = app.order(order_id).await else { panic!("placed") };
    let ticket = &order.tickets[0].ticket;
    let (status, _) = body(
        app.post("/api/order/order/return-ticket", &json!({ "number": ticket.number }), Some(&app.admin_token), None)
            .await,
    )
    .await;
    assert_eq!(status, 200);
    for shown in
        [json!({ "code": ticket.code, "course_id": course }), json!({ "number": ticket.number, "course_id": course })]
    {
        let (status, refused) = body(app.post("/api/order/ticket/check-in", &shown, Some(&driver), None).await).await;
        assert_eq!((status, refused["code"].as_str()), (409, Some("ticket.already_returned")), "{refused}");
    }
}
