//! The scaled-out topology with real processes on one database: two `--role command`
//! nodes, a `--role query` node and two `--role projector` nodes (one leads, one waits).
//!
//! 500 clients race for the 40 seats of a course on overlapping stretches, sent to both
//! command nodes (the first 100 at once, the rest a few milliseconds apart); one command node is killed (SIGKILL) in the middle of the race
//! and started again. Then the leading projector is killed in the middle of its replay of
//! the history and the standby takes over. Nothing may be oversold, lost or sold twice:
//! every placement ends completed or undone, every seat held belongs to an order that
//! holds it, and every read table equals a rebuild from the events.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use domain::order::{Order, OrderStatus};
use domain::seat_inventory::SeatInventory;
use futures::future::join_all;
use futures::StreamExt;
use serde_json::json;
use tokio::process::Child;

use super::*;
use crate::helpers::{free_port, wait_ready};

const SEATS: u32 = 40;
const CLIENTS: usize = 500;
/// Answers of the doomed node before it is killed (and at least one "placed" answer from
/// either node): the rest of its share is in flight.
const KILL_AFTER: usize = 40;
/// Clients sent at once (the race for the seats, on both nodes); the rest follow a few
/// milliseconds apart, so some of the doomed node's share is still to come when it dies.
/// (All sent at once, a busy test process read the 40th answer only after the node, a
/// process of its own, had answered its whole share.)
const BURST: usize = 100;
const PACE: Duration = Duration::from_millis(4);
/// History that only the `streams` projection follows, so that its replay lasts long
/// enough to be interrupted.
const NOISE_STREAMS: usize = 40;
const NOISE_PER_STREAM: usize = 1_000;

/// A `coach serve` process of one role on `port`.
pub(super) fn start(url: &str, role: &str, port: u16) -> Child {
    tokio::process::Command::new(env!("CARGO_BIN_EXE_coach"))
        .args(["serve", "--role", role, "--port", &port.to_string(), "--database-url", url])
        .args(["--public-url", &format!("http://127.0.0.1:{port}")])
        .env("PLACEMENT_STALE_SECONDS", "3")
        // Its mail goes where the test's `BookingApp` reads it, not into `app/.data` of the checkout.
        .env("DATA_DIR", std::env::temp_dir())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("the coach binary starts")
}

/// Every order stream in the store, with its state.
async fn orders(app: &BookingApp) -> BTreeMap<Uuid, Order> {
    let ids: Vec<String> =
        sqlx::query_scalar("select distinct stream_id from es_events where stream_id like 'order-%'")
            .fetch_all(&app.pool)
            .await
            .expect("order streams");
    let mut orders = BTreeMap::new();
    for id in ids {
        let order_id: Uuid = id.trim_start_matches("order-").parse().expect("an order stream's id");
        orders.insert(order_id, app.order(order_id).await);
    }
    orders
}

/// Every `rm_` table as JSON rows in a stable order.
async fn read_tables(pool: &PgPool) -> BTreeMap<String, Value> {
    let names: Vec<String> = sqlx::query_scalar(
        "select table_name::text from information_schema.tables \
          where table_schema = 'public' and table_name like 'rm\\_%' order by 1",
    )
    .fetch_all(pool)
    .await
    .expect("table names");
    let mut tables = BTreeMap::new();
    for name in names {
        let rows: Option<Value> = sqlx::query_scalar(&format!("select json_agg(t order by t::text) from {name} t"))
            .fetch_one(pool)
            .await
            .expect("rows");
        tables.insert(name, rows.unwrap_or(Value::Null));
    }
    tables
}

async fn processed(pool: &PgPool, projection: &str) -> i64 {
    sqlx::query_scalar("select events_processed from projection_checkpoints where name = $1")
        .bind(projection)
        .fetch_optional(pool)
        .await
        .expect("checkpoint")
        .unwrap_or(0)
}

async fn total_events(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select count(*) from es_events").fetch_one(pool).await.expect("count")
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn command_and_projector_nodes_die_without_losing_or_doubling_a_seat(pool: PgPool) {
    let url = database_url(&pool);
    let client = reqwest::Client::new();
    let ports = [free_port(), free_port(), free_port()];
    let [command_a, command_b, query] = ports;
    let mut doomed = start(&url, "command", command_a);
    let _survivor = start(&url, "command", command_b);
    let _query = start(&url, "query", query);
    for port in ports {
        wait_ready(&client, port).await;
    }
    let (_, admin_token) = user(&pool, "admin@example.test", "SuperAdmin").await;
    let (user_id, user_token) = user(&pool, "jan@example.test", "User").await;
    let app = |port: u16| BookingApp {
        address: format!("http://127.0.0.1:{port}"),
        client: client.clone(),
        pool: pool.clone(),
        store: privacy::SealingStore::over_postgres(pool.clone()),
        admin_token: admin_token.clone(),
        user_token: user_token.clone(),
        user_id,
        data_dir: std::env::temp_dir(),
        _running: crate::helpers::Running::elsewhere(),
    };
    let nodes = [Arc::new(app(command_a)), Arc::new(app(command_b))];
    let line = line(&pool).await;
    let course = course(&nodes[0], &line, tomorrow(), SEATS).await;

    // The race: every other client goes to the node that dies once it has answered
    // KILL_AFTER of them and some client was told "placed". (Refusals answer faster than
    // placements: killed after its first refusals alone, the node could take every seat
    // with placements it never finished, leaving no "placed" answer to check below.)
    let answered = Arc::new(AtomicUsize::new(0));
    let placed_told = Arc::new(AtomicBool::new(false));
    let killed = Arc::new(AtomicBool::new(false));
    // The client whose answer reaches the count kills the node itself, at once: a kill
    // handed to another task could come only after the node (its seats gone, refusing
    // fast) had answered its whole share, on a busy machine.
    let doomed_pid = doomed.id().expect("the doomed node runs").to_string();
    let stretches = [(0usize, 1usize), (1, 2), (0, 2)];
    let clients = (0..CLIENTS).map(|i| {
        let node = nodes[i % 2].clone();
        let (answered, placed_told, killed, doomed_pid) =
            (answered.clone(), placed_told.clone(), killed.clone(), doomed_pid.clone());
        let (from, to) = stretches[i % 3];
        let order = booking(course, &line, from, to, json!([{ "qty": 1 + (i % 2) }]));
        async move {
            if let Some(later) = i.checked_sub(BURST) {
                tokio::time::sleep(PACE * u32::try_from(later).unwrap_or(u32::MAX)).await;
            }
            let outcome = node.client.post(node.url("/api/order/order/place")).json(&order).send().await;
            let outcome = match outcome {
                Ok(response) => Some(body(response).await),
                Err(_) => None, // the node died with the request
            };
            if matches!(outcome, Some((201, _))) {
                placed_told.store(true, Ordering::SeqCst);
            }
            let doomed_answers =
                if i % 2 == 0 { answered.fetch_add(1, Ordering::SeqCst) + 1 } else { answered.load(Ordering::SeqCst) };
            let time = doomed_answers >= KILL_AFTER && placed_told.load(Ordering::SeqCst);
            if time && !killed.swap(true, Ordering::SeqCst) {
                let status = std::process::Command::new("kill").args(["-KILL", &doomed_pid]).status();
                assert!(status.is_ok_and(|s| s.success()), "SIGKILL to the doomed node");
            }
            (i, outcome)
        }
    });
    let race = tokio::spawn(join_all(clients));
    let outcomes = race.await.expect("the race");
    assert!(killed.load(Ordering::SeqCst), "the doomed node was never killed: no placement was told");
    doomed.wait().await.expect("the killed node reaped");
    let doomed_answers = outcomes.iter().filter(|(i, o)| i % 2 == 0 && o.is_some()).count();
    assert!(doomed_answers < CLIENTS / 2, "the node was killed in the middle of its share ({doomed_answers} answers)");

    // Told placed: their orders must exist and hold their seats.
    let mut told_placed = BTreeSet::new();
    for (_, outcome) in &outcomes {
        match outcome {
            Some((201, body)) => {
                let id: Uuid = body["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
                told_placed.insert(id);
            }
            Some((409, body)) => assert!(body["message"].as_str().is_some_and(|m| m.contains("seats")), "{body}"),
            Some((status, body)) => panic!("unexpected {status}: {body}"),
            None => {}
        }
    }
    assert!(!told_placed.is_empty(), "some placements succeeded");

    // The dead node comes back; the placements it left half-done are undone (by it or by
    // the other node) and no placement is left running.
    let _restarted = start(&url, "command", command_a);
    wait_ready(&client, command_a).await;
    eventually("every interrupted placement to be completed or undone", || async {
        let running: i64 =
            sqlx::query_scalar("select count(*) from placements").fetch_one(&pool).await.expect("placements");
        running == 0
    })
    .await;

    let (seats, loads) = nodes[1].loads(course).await;
    assert_eq!(seats, SEATS);
    assert!(loads.iter().all(|l| *l <= SEATS), "oversold: {loads:?}");
    let SeatInventory::Opened(inventory) =
        load::<InventoryAgg>(&nodes[1].store, &course_stream(course)).await.expect("load").state
    else {
        panic!("no inventory")
    };
    let mut from_holds = vec![0u32; loads.len()];
    for hold in inventory.holds.values() {
        for load in &mut from_holds[hold.from as usize..hold.to as usize] {
            *load += hold.seats_left;
        }
    }
    assert_eq!(from_holds, loads, "the loads are the sum of the holds");
    let orders = orders(&nodes[1]).await;
    let holding: BTreeSet<Uuid> = orders
        .values()
        .filter_map(Order::placed)
        .filter(|o| o.status == OrderStatus::PendingPayment)
        .map(|o| o.outbound.hold_id)
        .collect();
    let held: BTreeSet<Uuid> = inventory.holds.iter().filter(|(_, h)| h.seats_left > 0).map(|(id, _)| *id).collect();
    assert_eq!(held, holding, "every seat held belongs to a placed order, and every placed order holds its seats");
    for id in &told_placed {
        let state = orders.get(id).and_then(Order::placed).expect("a client told 'placed' has an order");
        assert_eq!(state.status, OrderStatus::PendingPayment, "order {id}");
    }
    let placed = orders.values().filter(|o| o.placed().is_some()).count();
    let abandoned = orders.values().filter(|o| matches!(o, Order::Abandoned)).count();
    eprintln!(
        "race: {} placed answers, {doomed_answers} answers from the killed node, {placed} orders, {abandoned} order ids burned by the recovery, loads {loads:?}",
        told_placed.len()
    );
    assert!(placed >= told_placed.len(), "{placed} orders for {} placed answers", told_placed.len());

    // A history that only the `streams` projection reads, so its replay lasts.
    let store = privacy::SealingStore::over_postgres(pool.clone());
    futures::stream::iter(0..NOISE_STREAMS)
        .for_each_concurrent(8, |_| {
            let store = store.clone();
            async move {
                let stream = StreamName::parse(format!("noise-{}", Uuid::new_v4())).expect("stream");
                let events = (0..NOISE_PER_STREAM)
                    .map(|n| NewEvent::json(Uuid::new_v4(), "Tested", &json!({ "n": n }), Metadata::default()))
                    .collect::<Result<Vec<_>, _>>()
                    .expect("events");
                store.append(&stream, ExpectedVersion::NoStream, events).await.expect("append");
            }
        })
        .await;
    let total = total_events(&pool).await;

    // The projectors: the first leads and replays everything; the standby waits. The
    // leader dies in the middle of the replay and the standby finishes it.
    let mut leader = start(&url, "projector", free_port());
    eventually("the leader's first batches", || async { processed(&pool, "streams").await > 0 }).await;
    let mut standby = start(&url, "projector", free_port());
    leader.kill().await.expect("SIGKILL");
    let at_death = processed(&pool, "streams").await;
    assert!(at_death < total, "killed in the middle of the replay ({at_death} of {total} events)");
    eprintln!("replay: the leader died after {at_death} of {total} events");
    eventually("the standby to finish the replay", || async { processed(&pool, "streams").await == total }).await;
    eventually("the booking projections to catch up", || async {
        let orders: i64 =
            sqlx::query_scalar("select count(*) from rm_orders").fetch_one(&pool).await.expect("rm_orders");
        availability_loads(&pool, course).await.as_ref() == Some(&loads) && orders == placed as i64
    })
    .await;
    // Every read table is compared with its rebuild below, so every projection (the holds,
    // the orders' history, the timeline…, each at its own pace), not only the two read
    // above, must have followed the whole store first.
    let head = store.head().await.expect("the store's head").expect("events").position;
    let every: Vec<&'static str> = app::ops::registry().iter().map(|p| p.name()).collect();
    eventually("every projection to reach the store's head", || async {
        for name in &every {
            if !projections::reached(&pool, name, head).await.expect("a checkpoint") {
                return false;
            }
        }
        true
    })
    .await;

    // The query node reads what the projectors wrote: an order a client was told about.
    let any = told_placed.iter().next().expect("a placed order");
    let hash = orders[any].placed().expect("placed").hash_id.clone();
    let answer = client
        .get(format!("http://127.0.0.1:{query}/api/order/order/success-data?hash_id={hash}"))
        .send()
        .await
        .expect("success data");
    assert_eq!(answer.status(), 200);

    // Every read table equals a rebuild from the events.
    let projected = read_tables(&pool).await;
    standby.kill().await.expect("stop the standby");
    // A killed node's session lets its projections' advisory locks go only once PostgreSQL
    // sees it gone (a statement under way first runs to its end): until then a rebuild here
    // would hand the projection over to it.
    // (Only the projections' own locks: the live nodes' processes hold locks of their own.)
    let names: Vec<String> = app::ops::registry().iter().map(|p| p.name().to_owned()).collect();
    eventually("the killed nodes' projection locks released", || async {
        let held: i64 = sqlx::query_scalar(
            "select count(*) from pg_locks l join unnest($1::text[]) n on \
               ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended(n, 0) \
             where l.locktype = 'advisory' and l.granted and l.objsubid = 1",
        )
        .bind(&names)
        .fetch_one(&pool)
        .await
        .expect("locks");
        held == 0
    })
    .await;
    let store: Arc<dyn EventStore> = Arc::new(privacy::SealingStore::over_postgres(pool.clone()));
    let runner = projections::Runner::new(store, pool.clone(), projections::RunnerConfig::default());
    for projection in app::ops::registry() {
        let outcome = tokio::time::timeout(Duration::from_secs(60), runner.rebuild(projection.as_ref()))
            .await
            .expect("the rebuild finishes")
            .expect("rebuild");
        assert!(matches!(outcome, projections::RebuildOutcome::Rebuilt { .. }), "{}", projection.name());
    }
    let rebuilt = read_tables(&pool).await;
    assert_eq!(projected.keys().collect::<Vec<_>>(), rebuilt.keys().collect::<Vec<_>>());
    for (table, rows) in &projected {
        assert!(rows == &rebuilt[table], "{table} differs from its rebuild");
    }
}

fn course_stream(course: Uuid) -> StreamName {
    StreamName::parse(domain::seat_inventory::stream_name(course)).expect("stream")
}
