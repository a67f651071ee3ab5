//! Requests about personal data through HTTP: the office records a request received by
//! letter, sends the person a copy and erases on their behalf (what the law keeps stays,
//! and the request says until when); the home page counts the open ones; the register
//! names what went, when and by whom. A guest asks for a link to their data by an order's
//! number and e-mail, sees and erases them by it, and the link is then dead. Every wrong
//! step is a 4xx that changes nothing.

use serde_json::{json, Value};

use super::mailbox::mails_to;
use super::*;
use crate::helpers::eventually;

/// A guest's order for `email` on tomorrow's course: paid (`true`) or reserved and then
/// cancelled. Its id and number once the read model has it as such.
pub(super) async fn guest_order(app: &BookingApp, email: &str, paid: bool) -> (Uuid, String) {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 10).await;
    let mut order = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    order["customer"]["email"] = json!(email);
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let hash_id = placed["data"]["hash_id"].as_str().expect("hash").to_owned();
    if paid {
        assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    } else {
        eventually("the order's page", || async {
            let page = app.url(&format!("/api/order/order/success-data?hash_id={hash_id}"));
            app.client.get(page).send().await.expect("page").status() == 200
        })
        .await;
        let path = format!("/api/order/order/cancel-reservation?hash_id={hash_id}");
        let (status, cancelled) = body(app.post(&path, &json!({}), None, None).await).await;
        assert_eq!(status, 200, "{cancelled}");
    }
    let want = if paid { "paid" } else { "cancelled" };
    let number = std::cell::RefCell::new(String::new());
    eventually("the order in the read model", || async {
        let row: Option<(String, String)> = sqlx::query_as("select status, number from rm_orders where order_id = $1")
            .bind(order_id)
            .fetch_optional(&app.pool)
            .await
            .expect("read");
        row.filter(|(status, _)| status == want).map(|(_, n)| *number.borrow_mut() = n).is_some()
    })
    .await;
    (order_id, number.into_inner())
}

async fn admin_get(app: &BookingApp, path: &str) -> (u16, Value) {
    body(app.client.get(app.url(path)).bearer_auth(&app.admin_token).send().await.expect("request")).await
}

async fn admin_post(app: &BookingApp, path: &str, input: Value) -> (u16, Value) {
    body(app.post(path, &input, Some(&app.admin_token), None).await).await
}

async fn open_requests(app: &BookingApp) -> Value {
    admin_get(app, "/api/admin/home").await.1["data"]["attention"]["privacy_requests"].clone()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_office_records_a_request_sends_a_copy_and_erases_on_the_persons_behalf(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let email = "anna.listowna@example.test";
    let (gone, gone_number) = guest_order(&app, email, false).await;
    let (_, ahead_number) = guest_order(&app, email, true).await;
    let (other, _) = guest_order(&app, "ktos.inny@example.test", false).await;

    // Bad input changes nothing.
    for wrong in [
        json!({ "kind": "erasure", "channel": "letter", "email": "nie-email" }),
        json!({ "kind": "forget", "channel": "letter", "email": email }),
        json!({ "kind": "erasure", "channel": "account", "email": email }),
    ] {
        let (status, refused) = admin_post(&app, "/api/privacy/request/save", wrong).await;
        assert_eq!(status, 422, "{refused}");
    }
    assert_eq!(open_requests(&app).await, 0);

    // A letter asks for a copy and then for the erasure (the e-mail as the person wrote it).
    let record = |kind: &'static str| {
        admin_post(
            &app,
            "/api/privacy/request/save",
            json!({ "kind": kind, "channel": "letter", "email": "Anna.Listowna@example.test" }),
        )
    };
    let (status, export) = record("export").await;
    assert_eq!(status, 201, "{export}");
    assert!(export["data"]["number"].as_str().is_some_and(|n| n.starts_with("RODO-")), "{export}");
    let (status, erasure) = record("erasure").await;
    assert_eq!(status, 201, "{erasure}");
    assert_eq!(open_requests(&app).await, 2);
    let export_id = export["data"]["request_id"].as_str().expect("id").to_owned();
    let erasure_id = erasure["data"]["request_id"].as_str().expect("id").to_owned();

    // The copy: both of the person's orders, nobody else's; then the request is answered.
    let (status, copy) = admin_get(&app, &format!("/api/privacy/request/export?id={export_id}")).await;
    assert_eq!(status, 200, "{copy}");
    let mut numbers: Vec<&str> =
        copy["data"]["orders"].as_array().expect("orders").iter().filter_map(|o| o["number"].as_str()).collect();
    numbers.sort_unstable();
    let mut expected = vec![gone_number.as_str(), ahead_number.as_str()];
    expected.sort_unstable();
    assert_eq!((numbers, &copy["data"]["account"]), (expected, &Value::Null), "{copy}");
    let consents: Vec<&str> = copy["data"]["orders"][0]["consents"]
        .as_array()
        .expect("consents")
        .iter()
        .filter_map(|c| c["kind"].as_str())
        .collect();
    assert_eq!(consents, ["terms", "personal_data"], "an online order records the form's consents: {copy}");
    assert_eq!(copy["data"]["orders"][0]["consents"][0]["given_at"], copy["data"]["orders"][0]["placed_at"]);
    let (status, refused) = admin_post(&app, "/api/privacy/request/erase", json!({ "id": export_id })).await;
    assert_eq!((status, &refused["code"]), (409, &json!("privacy.not_erasure")), "{refused}");
    let (status, closed) = admin_post(&app, "/api/privacy/request/close", json!({ "id": export_id })).await;
    assert_eq!((status, &closed["data"]["done"]), (200, &json!(true)), "{closed}");
    let (status, refused) = admin_get(&app, &format!("/api/privacy/request/export?id={export_id}")).await;
    assert_eq!((status, &refused["code"]), (409, &json!("privacy.request_done")), "{refused}");

    // The erasure: the cancelled order's data go now, the paid one's wait for its journey.
    let (status, erased) = admin_post(&app, "/api/privacy/request/erase", json!({ "id": erasure_id })).await;
    assert_eq!(status, 200, "{erased}");
    assert_eq!(erased["data"]["orders_erased"], 1, "{erased}");
    let kept = &erased["data"]["kept"];
    assert_eq!(
        (&kept[0]["order_number"], &kept[0]["why"]),
        (&json!(ahead_number), &json!("journey_ahead")),
        "{erased}"
    );
    assert_eq!(open_requests(&app).await, 0);
    let (status, again) = admin_post(&app, "/api/privacy/request/erase", json!({ "id": erasure_id })).await;
    assert_eq!((status, &again["code"]), (409, &json!("privacy.request_done")), "{again}");
    let (status, unknown) = admin_post(&app, "/api/privacy/request/erase", json!({ "id": Uuid::new_v4() })).await;
    assert_eq!((status, &unknown["code"]), (404, &json!("privacy.request_not_found")), "{unknown}");

    let (email_now, last_name): (String, String) =
        sqlx::query_as("select email, last_name from rm_orders where order_id = $1")
            .bind(gone)
            .fetch_one(&pool)
            .await
            .expect("row");
    assert_eq!((email_now.as_str(), last_name.as_str()), ("", "[usunięto]"));
    let (other_email,): (String,) = sqlx::query_as("select email from rm_orders where order_id = $1")
        .bind(other)
        .fetch_one(&pool)
        .await
        .expect("row");
    assert_eq!(other_email, "ktos.inny@example.test", "nobody else's data goes");

    // The list keeps no e-mail once done, and says what was done; the register who and when.
    let (status, list) = admin_get(&app, "/api/privacy/request/all?filter[state][eq]=done").await;
    assert_eq!(status, 200, "{list}");
    let rows = list["data"]["models"].as_array().expect("models");
    assert_eq!(rows.len(), 2, "{list}");
    assert!(rows.iter().all(|r| r["email"].is_null() && r["done_by_email"] == "admin@example.test"), "{list}");
    let done = rows.iter().find(|r| r["kind"] == "erasure").expect("the erasure");
    assert!(
        done["outcome"]
            .as_str()
            .is_some_and(|o| o.contains(&format!("{ahead_number}: dane zamawiającego zachowane do"))
                && o.contains("podróż jeszcze się nie odbyła")),
        "{done}"
    );
    let (status, register) = admin_get(&app, "/api/privacy/erasure/all").await;
    assert_eq!(status, 200, "{register}");
    let entry = &register["data"]["models"][0];
    assert_eq!(
        (&entry["data"], &entry["number"], &entry["by"], &entry["by_email"]),
        (&json!("customer"), &json!(gone_number), &json!("admin"), &json!("admin@example.test")),
        "{register}"
    );
    assert!(!register.to_string().contains("listowna"), "the register holds no value: {register}");
}

fn link_token(app: &BookingApp, email: &str) -> Vec<String> {
    mails_to(&app.data_dir, email)
        .iter()
        .filter_map(|m| m.text.split("personal-data?token=").nth(1))
        .map(|rest| rest.chars().take_while(char::is_ascii_hexdigit).collect())
        .collect()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_guest_sees_and_erases_their_data_by_the_link_e_mailed_to_them(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let email = "gosc.linkowy@example.test";
    let (order_id, number) = guest_order(&app, email, false).await;
    let (other, other_number) = guest_order(&app, "sasiad@example.test", false).await;
    let ask = |number: String, email: &'static str| {
        let app = &app;
        async move {
            body(app.post("/api/privacy/guest/link", &json!({ "number": number, "email": email }), None, None).await)
                .await
        }
    };

    // A wrong e-mail is answered the same and sends nothing; the right one sends one link.
    let (status, answer) = ask(number.clone(), "obcy@example.test").await;
    assert_eq!((status, &answer["data"]["accepted"]), (202, &json!(true)), "{answer}");
    let (status, _) = ask(other_number.to_lowercase(), email).await;
    assert_eq!(status, 202);
    assert!(mails_to(&app.data_dir, "obcy@example.test").is_empty());
    let (status, _) = ask(number.to_lowercase(), email).await;
    assert_eq!(status, 202);
    let (status, _) = ask(number.clone(), email).await;
    assert_eq!(status, 202);
    let tokens = link_token(&app, email);
    assert_eq!(tokens.len(), 1, "one link, not one per click: {tokens:?}");
    let token = &tokens[0];
    let (status, empty) =
        body(app.post("/api/privacy/guest/link", &json!({ "number": " ", "email": email }), None, None).await).await;
    assert_eq!(status, 422, "{empty}");

    // The link shows the guest's orders only.
    let data = |token: String| {
        let app = &app;
        async move {
            body(app.client.get(app.url(&format!("/api/privacy/guest/data?token={token}"))).send().await.expect("get"))
                .await
        }
    };
    let (status, mine) = data(token.clone()).await;
    assert_eq!(status, 200, "{mine}");
    let orders = mine["data"]["orders"].as_array().expect("orders");
    assert_eq!(
        (orders.len(), &orders[0]["number"], &mine["data"]["account"]),
        (1, &json!(number), &Value::Null),
        "{mine}"
    );
    let (status, wrong) = data("00".repeat(32)).await;
    assert_eq!((status, &wrong["code"]), (404, &json!("privacy.link_invalid")), "{wrong}");

    // The erasure by it: the order's data go, the link is dead, a second erasure finds nothing.
    let erase = |token: String| {
        let app = &app;
        async move { body(app.post("/api/privacy/guest/erase", &json!({ "token": token }), None, None).await).await }
    };
    let (status, erased) = erase(token.clone()).await;
    assert_eq!((status, &erased["data"]["orders_erased"]), (200, &json!(1)), "{erased}");
    let (status, again) = erase(token.clone()).await;
    assert_eq!((status, &again["code"]), (404, &json!("privacy.link_invalid")), "{again}");
    let (status, _) = data(token.clone()).await;
    assert_eq!(status, 404);
    let emails: Vec<(Uuid, String)> =
        sqlx::query_as("select order_id, email from rm_orders where order_id = any($1) order by number")
            .bind([order_id, other])
            .fetch_all(&pool)
            .await
            .expect("rows");
    assert!(
        emails.contains(&(order_id, String::new())) && emails.contains(&(other, "sasiad@example.test".into())),
        "{emails:?}"
    );

    let (_, register) = admin_get(&app, "/api/privacy/erasure/all").await;
    assert_eq!(
        (&register["data"]["models"][0]["by"], &register["data"]["models"][0]["by_email"]),
        (&json!("person"), &Value::Null),
        "{register}"
    );

    // The office sees it done, by the link.
    let (_, list) = admin_get(&app, "/api/privacy/request/all").await;
    let row = &list["data"]["models"][0];
    assert_eq!(
        (&row["channel"], &row["state"], &row["orders"]),
        (&json!("link"), &json!("done"), &json!([number])),
        "{list}"
    );
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn an_order_in_an_account_gets_no_guest_link_but_a_way_to_log_in(pool: PgPool) {
    let app = spawn(pool.clone()).await;
    let line = line(&pool).await;
    let course = course(&app, &line, tomorrow(), 10).await;
    let mut order = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    order["customer"]["email"] = json!("jan@example.test");
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(&app.user_token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let number = std::cell::RefCell::new(String::new());
    eventually("the order in the read model", || async {
        let found: Option<String> = sqlx::query_scalar("select number from rm_orders where order_id = $1")
            .bind(order_id)
            .fetch_optional(&pool)
            .await
            .expect("read");
        found.map(|n| *number.borrow_mut() = n).is_some()
    })
    .await;
    let input = json!({ "number": number.into_inner(), "email": "jan@example.test", "language": "en" });
    let (status, _) = body(app.post("/api/privacy/guest/link", &input, None, None).await).await;
    assert_eq!(status, 202);
    let mails = mails_to(&app.data_dir, "jan@example.test");
    assert!(
        mails.iter().any(|m| m.text.contains("belongs to an account") && !m.text.contains("token=")),
        "{:?}",
        mails.iter().map(|m| &m.text).collect::<Vec<_>>()
    );
    let links: i64 = sqlx::query_scalar("select count(*) from privacy_links").fetch_one(&pool).await.expect("count");
    assert_eq!(links, 0);
}
