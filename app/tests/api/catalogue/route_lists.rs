//! The public search while an admin rewrites a route's stops (`save-list`): it sees the
//! old list or the new one, never stops parked at 5,000 minutes and never half a list,
//! and a refused list leaves the old one in place.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use serde_json::{json, Value};
use sqlx::PgPool;

use super::helpers::spawn_app;
use super::support::{data, in_days, network, warsaw};

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_search_sees_the_old_stops_or_the_new_never_a_half(pool: PgPool) {
    let app = Arc::new(spawn_app(pool).await);
    let net = network(&app).await;
    app.course(net.north, warsaw(in_days(1), 8, 0), 49).await;
    // The network's list, and the same stops later.
    let old = json!([
        {"waypoint_id": net.nisko, "minutes_from_start": 0},
        {"waypoint_id": net.rzeszow, "minutes_from_start": 75},
        {"waypoint_id": net.krakow, "minutes_from_start": 190},
    ]);
    let new = json!([
        {"waypoint_id": net.nisko, "minutes_from_start": 0},
        {"waypoint_id": net.rzeszow, "minutes_from_start": 80},
        {"waypoint_id": net.krakow, "minutes_from_start": 200},
    ]);
    // Good rows first, then one that goes back in time: refused as a whole.
    let bad = json!([
        {"waypoint_id": net.nisko, "minutes_from_start": 0},
        {"waypoint_id": net.rzeszow, "minutes_from_start": 300},
        {"waypoint_id": net.krakow, "minutes_from_start": 250},
    ]);
    let path = format!("/route/route-waypoint/save-list?route_id={}", net.north);

    let done = Arc::new(AtomicBool::new(false));
    let writer = {
        let (app, done, path, old, new) = (app.clone(), done.clone(), path.clone(), old.clone(), new.clone());
        tokio::spawn(async move {
            for round in 0..12 {
                let list = if round % 2 == 0 { &new } else { &old };
                let saved = app.put(&path, &json!({ "stops": list }), app.admin()).await;
                assert_eq!(saved.status(), 200);
                let refused = app.put(&path, &json!({ "stops": bad }), app.admin()).await;
                assert_eq!(refused.status(), 422);
            }
            done.store(true, Ordering::SeqCst);
        })
    };

    let search = json!({"start": net.nisko, "end": net.krakow, "date": in_days(1).to_string()});
    let stops_path = format!("/route/route-waypoint/all?filter[route_id][eq]={}&sort=position", net.north);
    let (mut durations, mut lists) = (BTreeSet::new(), BTreeSet::new());
    let mut reads = 0;
    while !done.load(Ordering::SeqCst) || reads < 5 {
        let found = data(app.post("/search/search/index", &search, None).await).await;
        let outbound = found["outbound"].as_array().expect("outbound");
        assert_eq!(outbound.len(), 1, "the course is always found: {found}");
        durations.insert(outbound[0]["duration_minutes"].as_i64().expect("minutes"));
        let stops = data(app.get(&stops_path, None).await).await["models"].clone();
        let seen: Vec<(Value, Value)> = stops
            .as_array()
            .expect("stops")
            .iter()
            .map(|s| (s["waypoint_id"].clone(), s["minutes_from_start"].clone()))
            .collect();
        lists.insert(format!("{seen:?}"));
        reads += 1;
    }
    writer.await.expect("the writer");

    assert!(durations.iter().all(|d| [190, 200].contains(d)), "Nisko → Kraków took {durations:?} minutes");
    let whole = |list: &Value| {
        let rows: Vec<(Value, Value)> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["waypoint_id"].clone(), s["minutes_from_start"].clone()))
            .collect();
        format!("{rows:?}")
    };
    let expected: BTreeSet<String> = [whole(&old), whole(&new)].into();
    assert!(lists.is_subset(&expected), "lists seen: {lists:?}");
    assert_eq!(
        app.count("select count(*) from route_waypoints where minutes_from_start >= 5000 or position >= 5000").await,
        0
    );
}
