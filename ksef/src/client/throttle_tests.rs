//! The throttle's table against `open-api.json`, its windows, margin and waits.

use super::*;

fn named(name: &str) -> &'static Operation {
    OPERATIONS.iter().find(|o| o.name == name).expect("an operation of the table")
}

#[test]
fn paths_map_to_their_operations() {
    let name = |m, p| operation(m, p).map(|o| o.name);
    assert_eq!(name("POST", "/sessions/online/R/invoices"), Some("sendInvoice"));
    assert_eq!(name("GET", "/sessions/R/invoices/I"), Some("invoiceStatus"));
    assert_eq!(name("GET", "/sessions/R/invoices?pageSize=1000"), Some("sessionInvoices"));
    assert_eq!(name("GET", "/sessions/R/invoices/failed"), Some("failedInvoices"));
    assert_eq!(name("GET", "/sessions/R/invoices/ksef/K/upo"), Some("invoiceUpoByKsef"));
    assert_eq!(name("GET", "/sessions/R/invoices/I/upo"), Some("invoiceUpo"));
    assert_eq!(name("GET", "/auth/R"), Some("authStatus"));
    assert_eq!(name("POST", "/sessions/batch/R/close"), Some("closeBatch"));
    assert_eq!(name("POST", "/sandbox/faults"), None);
    assert_eq!(name("PUT", "/sandbox/batch-parts/R/1"), None);
}

/// The table is the document's: every operation's limits are its `x-rate-limits` in
/// `open-api.json` (the copy of the Ministry's document in `ksef/api/`), and
/// every limited operation under `/sessions` and `/auth` the client may call is in it.
#[test]
fn the_table_is_the_documents() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/api/open-api.json");
    let text = std::fs::read_to_string(path).expect("ksef/api/open-api.json");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let paths = doc["paths"].as_object().expect("paths");
    let read = |v: &serde_json::Value, k: &str| v.get(k).and_then(serde_json::Value::as_u64).map(|n| n as u32);
    for o in OPERATIONS {
        let documented = &paths[o.path][o.method.to_lowercase()]["x-rate-limits"];
        assert!(documented.is_object(), "{} {}: no x-rate-limits in the document", o.method, o.path);
        let limit = Limit {
            per_second: read(documented, "perSecond"),
            per_minute: read(documented, "perMinute"),
            per_hour: read(documented, "perHour"),
        };
        assert_eq!(o.limit, limit, "{} {}", o.method, o.path);
    }
    for (path, ops) in paths {
        let wanted = (path.starts_with("/sessions") || path.starts_with("/auth/"))
            && !path.starts_with("/auth/sessions")
            && path != "/auth/xades-signature";
        for (method, body) in ops.as_object().into_iter().flatten() {
            if wanted && body.get("x-rate-limits").is_some() {
                let method = method.to_uppercase();
                assert!(
                    OPERATIONS.iter().any(|o| o.path == path && o.method == method),
                    "{method} {path} is limited in the document and missing from the table"
                );
            }
        }
    }
}

#[test]
fn a_minute_is_spent_at_the_margin_and_the_rest_refused_with_its_wait() {
    let throttle = Throttle::new(0.8);
    let open = named("openBatch");
    // 20 a minute at 80 %: 16; the second's limit (10 → 8) is spent first.
    for _ in 0..8 {
        assert_eq!(throttle.try_take(open), Ok(()));
    }
    let wait = throttle.try_take(open).expect_err("the ninth in a second waits");
    assert!(wait <= Duration::from_secs(1), "{wait:?}");
    assert_eq!(throttle.left("openBatch"), 8, "the minute's 16 less 8: the second's is only waited for");
    let snapshot = throttle.snapshot();
    let windows = &snapshot.operations.iter().find(|o| o.operation == "openBatch").expect("listed").windows;
    let minute = windows.iter().find(|w| w.window == "minute").expect("a minute window");
    assert_eq!((minute.limit, minute.budget, minute.used, minute.left), (20, 16, 8, 8));
    let hour = windows.iter().find(|w| w.window == "hour").expect("an hour window");
    assert_eq!((hour.budget, hour.left), (48, 40));
}

#[tokio::test]
async fn a_short_wait_is_waited_and_a_long_one_is_rate_limited_not_an_outage() {
    let throttle = Throttle::new(0.8);
    let send = named("sendInvoice");
    let started = Instant::now();
    for _ in 0..10 {
        throttle.take(send, Duration::from_secs(2)).await.expect("within the minute");
    }
    assert!(started.elapsed() >= Duration::from_millis(900), "the ninth waited for the next second");
    throttle.refused(send, Duration::from_secs(120));
    let refused = throttle.take(send, Duration::from_secs(2)).await.expect_err("blocked");
    assert!(matches!(refused, KsefError::RateLimited { retry_after_s: 119..=120, .. }), "{refused:?}");
    assert!(!refused.is_outage());
    let snapshot = throttle.snapshot();
    let send_left = snapshot.operations.iter().find(|o| o.operation == "sendInvoice").expect("listed");
    assert!(send_left.blocked_until.is_some());
    assert_eq!((send_left.calls, send_left.rate_limited), (10, 1));
}
