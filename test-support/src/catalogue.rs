//! Building blocks for the tests that arrange a catalogue (the catalogue API's, the query
//! API's search and the app's course tests): records created through the API, dates in
//! Warsaw, and bodies without their timestamps. Courses are not here: the query API's
//! tests write them as rows, the app's save them through the command API (each in its
//! own `helpers.rs`).

use chrono::{DateTime, Days, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Europe::Warsaw;
use serde_json::{json, Value};

use crate::{assert_error, TestApp};
pub use crate::{data, invalid_fields};

/// `value` without `created_at`/`updated_at` (and with `id` kept).
pub fn without_times(mut value: Value) -> Value {
    if let Some(o) = value.as_object_mut() {
        o.remove("created_at");
        o.remove("updated_at");
    }
    value
}

pub fn today() -> NaiveDate {
    Utc::now().with_timezone(&Warsaw).date_naive()
}

pub fn in_days(n: u64) -> NaiveDate {
    today().checked_add_days(Days::new(n)).unwrap()
}

/// A Warsaw wall-clock time as an instant.
pub fn warsaw(date: NaiveDate, h: u32, m: u32) -> DateTime<Utc> {
    let local = date.and_time(NaiveTime::from_hms_opt(h, m, 0).unwrap());
    Warsaw.from_local_datetime(&local).earliest().unwrap().with_timezone(&Utc)
}

/// The same instant as the API writes it (Warsaw offset).
pub fn rfc3339_warsaw(t: DateTime<Utc>) -> String {
    t.with_timezone(&Warsaw).to_rfc3339()
}

impl TestApp {
    pub fn admin(&self) -> Option<&str> {
        Some(self.admin_token.as_str())
    }

    /// `POST {path}/save` as the admin; the saved record.
    pub async fn create(&self, path: &str, body: Value) -> Value {
        data(self.post(&format!("{path}/save"), &body, self.admin()).await).await
    }

    pub async fn waypoint(&self, name: &str, town: &str) -> i64 {
        self.create("/route/waypoint", json!({"name": name, "town": town})).await["id"].as_i64().unwrap()
    }

    pub async fn route(&self, name: &str) -> i64 {
        self.create("/route/route", json!({"name": name, "show_on_home": true})).await["id"].as_i64().unwrap()
    }

    /// Add stops to a route: `(waypoint, minutes)` at positions 1, 2, …; their ids.
    pub async fn stops(&self, route: i64, stops: &[(i64, i64)]) -> Vec<i64> {
        let mut ids = Vec::new();
        for (i, (waypoint, minutes)) in stops.iter().enumerate() {
            let body =
                json!({"route_id": route, "waypoint_id": waypoint, "position": i + 1, "minutes_from_start": minutes});
            ids.push(self.create("/route/route-waypoint", body).await["id"].as_i64().unwrap());
        }
        ids
    }

    pub async fn price(&self, route: i64, from: i64, to: i64, price: i64) -> i64 {
        let body = json!({"route_id": route, "from_waypoint_id": from, "to_waypoint_id": to, "price": price});
        self.create("/route/route-price", body).await["id"].as_i64().unwrap()
    }

    pub async fn timetable(&self, body: Value) -> i64 {
        self.create("/route/route-course-settings", body).await["id"].as_i64().unwrap()
    }
}

/// Nisko → Rzeszów → Kraków and back, with fares.
pub struct Network {
    pub nisko: i64,
    pub rzeszow: i64,
    pub krakow: i64,
    /// Nisko 0 min, Rzeszów 75 min, Kraków 190 min.
    pub north: i64,
    /// Kraków 0 min, Rzeszów 115 min, Nisko 190 min.
    pub south: i64,
}

pub async fn network(app: &TestApp) -> Network {
    let nisko = app.waypoint("Nisko, Dworzec", "Nisko").await;
    let rzeszow = app.waypoint("Rzeszów, Dworzec PKS", "Rzeszów").await;
    let krakow = app.waypoint("Kraków MDA", "Kraków").await;
    let north = app.route("Nisko – Kraków").await;
    app.stops(north, &[(nisko, 0), (rzeszow, 75), (krakow, 190)]).await;
    app.price(north, nisko, rzeszow, 2500).await;
    app.price(north, nisko, krakow, 3900).await;
    app.price(north, rzeszow, krakow, 2900).await;
    let south = app.route("Kraków – Nisko").await;
    app.stops(south, &[(krakow, 0), (rzeszow, 115), (nisko, 190)]).await;
    app.price(south, krakow, nisko, 3900).await;
    Network { nisko, rzeszow, krakow, north, south }
}

/// `(method, path)` of writes that need a `SuperAdmin`: each answers `401` without a
/// token and `403` with a user's.
pub async fn assert_admin_only(app: &TestApp, endpoints: &[(&str, &str)]) {
    let body = json!({});
    for (method, path) in endpoints {
        for (token, status) in [(None, 401), (Some(app.user_token.as_str()), 403)] {
            let response = match *method {
                "POST" => app.post(path, &body, token).await,
                "PUT" => app.put(path, &body, token).await,
                "DELETE" => app.delete(path, token).await,
                other => panic!("method {other}"),
            };
            assert_eq!(response.status().as_u16(), status, "{method} {path} with token {token:?}");
            assert_error(response, status).await;
        }
    }
}
