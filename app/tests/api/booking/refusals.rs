//! Every bad input gets a clear error and leaves nothing half-written.

use domain::order::Order;
use serde_json::json;

use super::*;

async fn assert_refused(app: &BookingApp, order: &Value, status: u16, field: Option<&str>) -> Value {
    let (got, body) = body(app.place(order).await).await;
    assert_eq!(got, status, "{body}");
    if let Some(field) = field {
        let fields: Vec<&str> = body["errors"]
            .as_array()
            .map(|e| e.iter().filter_map(|x| x["field"].as_str()).collect())
            .unwrap_or_default();
        assert!(fields.contains(&field), "expected an error on {field}: {body}");
    }
    body
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn bad_orders_are_refused_and_hold_nothing(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;

    for qty in [json!(0), json!(-1), json!(1_000_000_000_000i64), json!(51)] {
        assert_refused(&app, &booking(course, &line, 0, 2, json!([{ "qty": qty }])), 422, Some("tickets.0.qty")).await;
    }
    let body = assert_refused(&app, &booking(course, &line, 0, 2, json!([])), 422, Some("tickets")).await;
    assert!(body.to_string().contains("There should be at least one ticket in the order"));
    let mut no_course = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    no_course["course"] = json!({});
    let body = assert_refused(&app, &no_course, 422, Some("course")).await;
    assert!(body.to_string().contains("Please select a ticket."));
    // Unknown course, unknown stop, stops in the wrong order.
    assert_refused(&app, &booking(Uuid::new_v4(), &line, 0, 2, json!([{ "qty": 1 }])), 422, Some("course")).await;
    let mut unknown_stop = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    unknown_stop["course"]["to"]["id"] = json!(999_999);
    assert_refused(&app, &unknown_stop, 422, Some("course")).await;
    assert_refused(&app, &booking(course, &line, 2, 0, json!([{ "qty": 1 }])), 422, Some("course")).await;
    // Consents.
    let mut no_consent = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    no_consent["customer"]["consent_gdpr"] = json!(0);
    assert_refused(&app, &no_consent, 422, Some("customer.consent_gdpr")).await;
    // A bad NIP on a requested invoice.
    let mut bad_nip = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    bad_nip["invoice"] = json!({ "is_selected": 1, "country": "PL", "vat_number": "1234567890",
        "company_name": "X", "address": "Y", "postal_code": "37-400", "city": "Nisko" });
    assert_refused(&app, &bad_nip, 422, Some("invoice.vat_number")).await;
    // An unknown discount.
    assert_refused(
        &app,
        &booking(course, &line, 0, 2, json!([{ "qty": 1, "discount_id": 987_654 }])),
        422,
        Some("tickets.0.discount_id"),
    )
    .await;
    // Not JSON at all.
    let raw = app
        .client
        .post(app.url("/api/order/order/place"))
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .expect("send");
    assert_eq!(raw.status(), 400);

    // A course closed for sale.
    sqlx::query("update courses set sale_open = false where id = $1")
        .bind(course)
        .execute(&app.pool)
        .await
        .expect("close");
    assert_refused(&app, &booking(course, &line, 0, 2, json!([{ "qty": 1 }])), 422, Some("course")).await;

    // A course leaving in five minutes: sales closed 10 minutes before.
    let soon = super::course(&app, &line, Utc::now() + chrono::Duration::minutes(5), 10).await;
    assert_refused(&app, &booking(soon, &line, 0, 2, json!([{ "qty": 1 }])), 422, Some("course")).await;

    assert_eq!(app.loads(course).await.1, vec![0, 0], "nothing held");
    assert_eq!(app.loads(soon).await.1, vec![0, 0], "nothing held");
    let orders: i64 = sqlx::query_scalar("select count(*) from es_events where stream_id like 'order-%'")
        .fetch_one(&app.pool)
        .await
        .expect("count the order events");
    assert_eq!(orders, 0, "no order recorded");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn bad_coupons_are_refused_and_the_seats_go_back(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let with = |code: &str| {
        let mut o = booking(course, &line, 0, 2, json!([{ "qty": 2 }]));
        o["coupon"] = json!({ "code": code });
        o
    };
    assert_refused(&app, &with("NOSUCHCODE"), 422, Some("coupon.code")).await;
    // Expired: issued to expire later, then ended by the office (an expiry in the past).
    let later = (Utc::now() + chrono::Duration::days(1)).to_rfc3339();
    let issued = app
        .post(
            "/api/order/coupon/save",
            &json!({ "code": "OLD", "value": 500, "expires_at": later }),
            Some(&app.admin_token),
            None,
        )
        .await;
    assert_eq!(issued.status(), 201);
    let past = (Utc::now() - chrono::Duration::days(1)).to_rfc3339();
    let ended = app
        .client
        .put(app.url("/api/order/coupon/save?id=OLD"))
        .bearer_auth(&app.admin_token)
        .json(&json!({ "expires_at": past }))
        .send()
        .await
        .expect("end");
    assert_eq!(ended.status(), 200);
    assert_refused(&app, &with("OLD"), 422, Some("coupon.code")).await;
    // Spent: a 10 zł coupon on a 36 zł order is used up; the next order cannot use it.
    assert_eq!(
        app.post("/api/order/coupon/save", &json!({ "code": "TEN", "value": 1000 }), Some(&app.admin_token), None)
            .await
            .status(),
        201
    );
    let (status, first) = body(app.place(&with("TEN")).await).await;
    assert_eq!(status, 201, "{first}");
    assert_eq!(first["data"]["coupon_amount"], 1000);
    assert_refused(&app, &with("TEN"), 422, Some("coupon.code")).await;
    assert_eq!(app.loads(course).await.1, vec![2, 2], "only the first order holds seats");
    // Only an admin issues coupons.
    let denied =
        app.post("/api/order/coupon/save", &json!({ "code": "MINE", "value": 100 }), Some(&app.user_token), None).await;
    assert_eq!(denied.status(), 403);
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn returns_are_refused_for_strangers_and_after_the_cutoff_and_changes_happen_once(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let second = course(&app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;
    let (status, placed) = body(
        app.post(
            "/api/order/order/place",
            &booking(first, &line, 0, 2, json!([{ "qty": 2 }])),
            Some(&app.user_token),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = state.tickets[0].ticket.clone();

    // Someone else, logged in, without the code: forbidden. A guest with a wrong code: 422.
    let (_, stranger) = super::user(&app.pool, "other@example.test", "User").await;
    let ret = json!({ "number": ticket.number });
    assert_eq!(app.post("/api/order/order/return-ticket", &ret, Some(&stranger), None).await.status(), 403);
    let wrong = json!({ "number": ticket.number, "code": "WRONGCODE22" });
    assert_eq!(app.post("/api/order/order/return-ticket", &wrong, None, None).await.status(), 422);
    assert_eq!(
        app.post("/api/order/order/return-ticket", &ret, None, None).await.status(),
        422,
        "a guest needs the code"
    );

    // The owner changes the course once; a second change is refused. (A dearer course's
    // change waits for its difference: change_payment.rs.)
    let change = json!({ "number": ticket.number, "course_id": second });
    let (status, changed) =
        body(app.post("/api/order/order/change-course", &change, Some(&app.user_token), None).await).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(app.loads(first).await.1, vec![1, 1]);
    assert_eq!(app.loads(second).await.1, vec![1, 1]);
    let back = json!({ "number": ticket.number, "course_id": first });
    assert_eq!(app.post("/api/order/order/change-course", &back, Some(&app.user_token), None).await.status(), 409);
    assert_eq!(app.loads(first).await.1, vec![1, 1], "the refused change holds nothing");

    // After the cutoff (the setting raised to 2 days): refused.
    sqlx::query("update companies set return_cutoff_minutes = 2880").execute(&app.pool).await.expect("setting");
    if sqlx::query_scalar::<_, i64>("select count(*) from companies").fetch_one(&app.pool).await.unwrap_or(0) == 0 {
        sqlx::query("insert into companies (name, return_cutoff_minutes) values ('Nisko Bus', 2880)")
            .execute(&app.pool)
            .await
            .expect("company");
    }
    tokio::time::sleep(std::time::Duration::from_millis(5100)).await; // the settings cache
    let other = state.tickets[1].ticket.clone();
    let (status, late) = body(
        app.post("/api/order/order/return-ticket", &json!({ "number": other.number }), Some(&app.user_token), None)
            .await,
    )
    .await;
    assert_eq!(status, 422, "{late}");
    // The minutes the message states come as a number, for the web to word its own message.
    assert_eq!(late["code"], "return.too_late", "{late}");
    assert_eq!(late["params"], json!({ "minutes": 2880 }), "{late}");
    assert_eq!(late["errors"][0]["params"], json!({ "minutes": 2880 }), "{late}");
    assert_eq!(app.loads(first).await.1, vec![1, 1], "nothing released");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_coupon_expiring_in_the_past_is_refused_at_its_field(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = Some(app.admin_token.as_str());
    let past = (chrono::Utc::now() - chrono::Duration::days(1)).to_rfc3339();
    let ask = json!({ "code": "STARY", "value": 500, "expires_at": past });
    let (status, refused) = body(app.post("/api/order/coupon/save", &ask, admin, None).await).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"][0]["field"], "expires_at", "{refused}");
    assert_eq!(refused["code"], "coupon.expiry_passed", "{refused}");
    let (status, _) = body(
        app.client
            .get(app.url("/api/order/coupon/one?id=STARY"))
            .bearer_auth(&app.admin_token)
            .send()
            .await
            .expect("one"),
    )
    .await;
    assert_eq!(status, 404, "nothing was issued");

    // A coupon that expires later is issued.
    let later = (chrono::Utc::now() + chrono::Duration::days(30)).to_rfc3339();
    let ask = json!({ "code": "NOWY", "value": 500, "expires_at": later });
    let (status, issued) = body(app.post("/api/order/coupon/save", &ask, admin, None).await).await;
    assert_eq!(status, 201, "{issued}");
}
