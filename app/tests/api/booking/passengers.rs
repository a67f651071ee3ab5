//! Passengers' names per ticket (issue 30): optional on the order form, checked by the
//! buyer's name's rule, and shown on the ticket wherever it is read (the order's page,
//! the driver's manifest, the driver's check).

use serde_json::json;

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_named_passenger_s_ticket_carries_the_name_and_the_others_the_buyer_s(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let course_id = course(&app, &line, tomorrow(), 10).await;

    // A control character (a line break) is refused on its own field, and nothing is placed.
    let bad = booking(course_id, &line, 0, 2, json!([{ "qty": 2, "passengers": ["Anna\nNowak"] }]));
    let (status, refused) = body(app.place(&bad).await).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"][0]["field"], "tickets.0.passengers.0", "{refused}");
    let too_many = booking(course_id, &line, 0, 2, json!([{ "qty": 1, "passengers": ["Anna Nowak", "Ewa Nowak"] }]));
    let (status, refused) = body(app.place(&too_many).await).await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["errors"][0]["code"], "order.too_many_passenger_names", "{refused}");
    assert_eq!(app.loads(course_id).await.1.iter().sum::<u32>(), 0, "no seat held by a refusal");

    let order = booking(course_id, &line, 0, 2, json!([{ "qty": 2, "passengers": [" Anna Nowak ", ""] }]));
    let (status, placed) = body(app.place(&order).await).await;
    assert_eq!(status, 201, "{placed}");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("a payment url")).await.status(), 303);
    let hash_id = placed["data"]["hash_id"].as_str().expect("hash id").to_owned();
    let page = format!("/api/order/order/success-data?hash_id={hash_id}");
    let tickets = eventually_tickets(&app, &page).await;
    let mut names: Vec<Value> = tickets.iter().map(|t| t["passenger_name"].clone()).collect();
    names.sort_by_key(|n| n.to_string());
    assert_eq!(names, vec![json!("Anna Nowak"), Value::Null], "{tickets:#?}");

    let manifest = app
        .client
        .get(app.url(&format!("/api/order/driver/manifest?course_id={course_id}")))
        .bearer_auth(&app.admin_token)
        .send()
        .await
        .expect("manifest");
    let (status, manifest) = body(manifest).await;
    assert_eq!(status, 200, "{manifest}");
    let mut on_board: Vec<&str> = manifest["data"]["tickets"]
        .as_array()
        .expect("tickets")
        .iter()
        .filter_map(|t| t["passenger"].as_str())
        .collect();
    on_board.sort_unstable();
    assert_eq!(on_board, vec!["Anna Nowak", "Jan Kowalski"]);
}

/// The order page's tickets, once the payment has issued them.
async fn eventually_tickets(app: &BookingApp, page: &str) -> Vec<Value> {
    let read = || async {
        let (_, shown) = body(app.client.get(app.url(page)).send().await.expect("page")).await;
        shown["data"]["tickets"].as_array().cloned().unwrap_or_default()
    };
    eventually("the tickets on the order's page", || async { read().await.len() == 2 }).await;
    read().await
}
