//! A change to a dearer course through real HTTP (docs/returns.md, 'A dearer course is paid first':
//! the difference is paid
//! like a new payment): the new seat is held and a transaction registered for the
//! difference; the ticket stays, and its old seat stays taken, until the sandbox pays; then
//! it moves, costs the new price, and the old seat is free. A change not paid in time is
//! dropped and its seat released; a payment that arrives after that is paid back.

use domain::order::Order;
use serde_json::json;

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_dearer_course_is_paid_first_and_the_old_seat_freed_only_then(pool: PgPool) {
    let app = spawn(pool).await;
    let line = line(&app.pool).await;
    let first = course(&app, &line, tomorrow(), 10).await;
    let second = course(&app, &line, tomorrow() + chrono::Duration::hours(2), 10).await;
    let third = course(&app, &line, tomorrow() + chrono::Duration::hours(4), 10).await;
    let order = booking(first, &line, 0, 2, json!([{ "qty": 2 }]));
    let (status, placed) = body(app.post("/api/order/order/place", &order, Some(&app.user_token), None).await).await;
    assert_eq!(status, 201, "{placed}");
    let order_id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    assert_eq!(app.pay(placed["data"]["payment_url"].as_str().expect("url")).await.status(), 303);
    let Order::Placed(state) = app.order(order_id).await else { panic!("placed") };
    let ticket = state.tickets[0].ticket.clone();

    // The fare rises by 5 zł after the payment: the change asks for the difference.
    sqlx::query("update route_prices set price = price + 500 where route_id = $1")
        .bind(line.route_id)
        .execute(&app.pool)
        .await
        .expect("a dearer fare");
    let change = json!({ "number": ticket.number, "course_id": second });
    let (status, asked) =
        body(app.post("/api/order/order/change-course", &change, Some(&app.user_token), None).await).await;
    assert_eq!(status, 200, "{asked}");
    assert_eq!(asked["data"]["status"], "awaiting_payment");
    assert_eq!(asked["data"]["price_difference"], 500);
    let payment_url = asked["data"]["payment_url"].as_str().expect("where to pay").to_owned();
    assert!(asked["data"]["pay_by"].is_string(), "{asked}");

    // Until it is paid: both seats taken, the ticket where it was, a second change refused.
    assert_eq!(app.loads(first).await.1, vec![2, 2]);
    assert_eq!(app.loads(second).await.1, vec![1, 1]);
    let Order::Placed(waiting) = app.order(order_id).await else { panic!("placed") };
    let before = waiting.ticket_by_number(&ticket.number).expect("ticket");
    assert_eq!((before.course.course_id, before.course_changed, before.price), (first, false, ticket.price));
    let (status, pending) = body(
        app.post(
            "/api/order/order/change-course",
            &json!({ "number": ticket.number, "course_id": third }),
            Some(&app.user_token),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((status, pending["code"].as_str()), (409, Some("change.pending")), "{pending}");
    let options = format!("/api/order/ticket/change-options?number={}", ticket.number);
    eventually("the waiting change on the ticket's options", || async {
        let (_, answer) =
            body(app.client.get(app.url(&options)).bearer_auth(&app.user_token).send().await.unwrap()).await;
        answer["data"]["reason"] == "payment_pending"
            && answer["data"]["pending"]["payment_url"] == payment_url.as_str()
    })
    .await;

    // Paid in the sandbox: the ticket moves, costs 5 zł more, and its old seat is free.
    assert_eq!(app.pay(&payment_url).await.status(), 303);
    let Order::Placed(after) = app.order(order_id).await else { panic!("placed") };
    let moved = after.ticket_by_number(&ticket.number).expect("ticket");
    assert_eq!((moved.course.course_id, moved.course_changed, moved.price), (second, true, ticket.price + 500));
    assert!(moved.pending_change.is_none());
    assert_eq!(app.loads(first).await.1, vec![1, 1], "the old seat is free once paid");
    assert_eq!(app.loads(second).await.1, vec![1, 1]);
    // The same notification again changes nothing (the sandbox page is paid already).
    let timeline = format!("/api/order/order/timeline?id={order_id}");
    eventually("the paid change in the history", || async {
        let (_, entries) =
            body(app.client.get(app.url(&timeline)).bearer_auth(&app.admin_token).send().await.unwrap()).await;
        let types: Vec<String> = entries["data"]
            .as_array()
            .map(|e| e.iter().filter_map(|x| x["type"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        ["TicketChangeRequested", "TicketChangePaid", "TicketCourseChanged"]
            .iter()
            .all(|t| types.contains(&(*t).to_owned()))
    })
    .await;
    // Changed once.
    let again = json!({ "number": ticket.number, "course_id": third });
    let (status, refused) =
        body(app.post("/api/order/order/change-course", &again, Some(&app.user_token), None).await).await;
    assert_eq!((status, refused["code"].as_str()), (409, Some("ticket.already_changed")), "{refused}");

    // The other ticket's change is not paid in time: dropped, its seat released, the ticket
    // as it was; a payment arriving after that is paid back.
    let other = state.tickets[1].ticket.clone();
    let change = json!({ "number": other.number, "course_id": third });
    let (status, asked) =
        body(app.post("/api/order/order/change-course", &change, Some(&app.user_token), None).await).await;
    assert_eq!(status, 200, "{asked}");
    let late_url = asked["data"]["payment_url"].as_str().expect("where to pay").to_owned();
    assert_eq!(app.loads(third).await.1, vec![1, 1]);
    let commands = app.command_state().await;
    let later = Utc::now() + chrono::Duration::minutes(16);
    let other_id = state.tickets[1].ticket.ticket_id;
    assert!(command_api::processes::expiry::expire_change(&commands, order_id, other_id, later).await.expect("expiry"));
    assert_eq!(app.loads(third).await.1, vec![0, 0], "the unpaid change's seat goes back");
    let Order::Placed(dropped) = app.order(order_id).await else { panic!("placed") };
    let stayed = dropped.ticket_by_number(&other.number).expect("ticket");
    assert_eq!((stayed.course.course_id, stayed.course_changed, stayed.pending_change.is_none()), (first, false, true));
    assert_eq!(app.pay(&late_url).await.status(), 303);
    let Order::Placed(refunded) = app.order(order_id).await else { panic!("placed") };
    assert_eq!(refunded.refunded_transactions.len(), 1, "the late payment of the difference is paid back");
    let still = refunded.ticket_by_number(&other.number).expect("ticket");
    assert_eq!((still.course.course_id, still.course_changed), (first, false));

    // The moved ticket is returned, then the order cancelled: more money goes back than
    // the order's own payment took, so the moved ticket's money goes back through the
    // difference's payment first, and each payment is refunded at most what it took.
    let (status, returned) = body(
        app.post("/api/order/order/return-ticket", &json!({ "number": ticket.number }), Some(&app.user_token), None)
            .await,
    )
    .await;
    assert_eq!(status, 200, "{returned}");
    let cancel = json!({ "id": order_id, "reason": "Kurs odwołany" });
    let (status, cancelled) =
        body(app.post("/api/order/order/cancel", &cancel, Some(&app.admin_token), None).await).await;
    assert_eq!(status, 200, "{cancelled}");
    let money_back = returned["data"]["money_refund"].as_i64().expect("n") + still.price;
    let paid = refunded.paid.as_ref().expect("paid").amount;
    assert!(money_back > paid, "the case where one payment cannot give everything back: {money_back} > {paid}");
    let change_session = format!("{order_id}-c1");
    let refunds = || async {
        sqlx::query_as::<_, (String, i64, String)>(
            "select session_id, amount, status from refunds where order_id = $1 and reason not like 'Zwrot płatności%' \
             order by session_id, amount",
        )
        .bind(order_id)
        .fetch_all(&app.pool)
        .await
        .expect("refunds")
    };
    eventually("every refund accepted by the gateway", || async {
        let rows = refunds().await;
        rows.len() == 3 && rows.iter().all(|(_, _, status)| status == "sent")
    })
    .await;
    let rows = refunds().await;
    let through = |session: &str| rows.iter().filter(|r| r.0 == session).map(|r| r.1).sum::<i64>();
    assert_eq!(through(&change_session), 500, "{rows:?}");
    assert_eq!(through(&order_id.to_string()), money_back - 500, "{rows:?}");
    assert!(through(&order_id.to_string()) <= paid);
}
