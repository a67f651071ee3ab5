//! 500 clients race for the last 40 seats of a course on overlapping stretches.

use std::sync::Arc;

use futures::future::join_all;
use serde_json::json;

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn five_hundred_clients_never_oversell_forty_seats(pool: PgPool) {
    let app = Arc::new(spawn(pool).await);
    let line = line(&app.pool).await;
    let course = course(&app, &line, tomorrow(), 40).await;
    // A → B, B → C and A → C: every segment is wanted by two of the three stretches.
    let stretches = [(0usize, 1usize), (1, 2), (0, 2)];
    let clients = (0..500).map(|i| {
        let app = app.clone();
        let (from, to) = stretches[i % 3];
        let order = booking(course, &line, from, to, json!([{ "qty": 1 + (i % 2) }]));
        async move {
            let response = app.place(&order).await;
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            (status, body, from, to, 1 + (i % 2) as u32)
        }
    });
    let outcomes = join_all(clients).await;

    let mut expected = [0u32; 2];
    let mut placed = 0;
    for (status, body, from, to, seats) in &outcomes {
        match status {
            201 => {
                placed += 1;
                for segment in &mut expected[*from..*to] {
                    *segment += seats;
                }
            }
            409 => assert!(body["message"].as_str().is_some_and(|m| m.contains("seats")), "{body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    let (seats, loads) = app.loads(course).await;
    assert_eq!(seats, 40);
    assert!(loads.iter().all(|l| *l <= 40), "oversold: {loads:?}");
    assert_eq!(loads, expected.to_vec(), "the inventory holds exactly what the winners were told");
    assert!(placed > 0 && placed < 500, "{placed} placed");
    // Full: at least one segment cannot take another 2-seat order.
    assert!(loads.iter().any(|l| *l >= 39), "{loads:?}");

    // The read model the search uses agrees once the projections catch up.
    eventually("the availability read model", || async {
        let row: Option<Vec<i32>> =
            sqlx::query_scalar("select segment_loads from rm_course_availability where course_id = $1")
                .bind(course)
                .fetch_optional(&app.pool)
                .await
                .expect("read");
        row.is_some_and(|r| r.iter().map(|l| *l as u32).collect::<Vec<_>>() == loads)
    })
    .await;
}
