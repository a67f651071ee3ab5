//! What an order needs from the catalogue: a course on a stretch (route, stops, times,
//! price) and the discounts of its tickets. Read from the catalogue tables, never from
//! the client: the booking state the web app sends names the course and the stops, and
//! everything else is looked up here.

use std::sync::{Arc, Mutex};

use api_core::ApiError;
use batching::Batcher;
use chrono::{DateTime, Duration, Utc};
use domain::money::Reduction;
use sqlx::PgPool;
use uuid::Uuid;

/// A course between two of its stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseLeg {
    pub course_id: Uuid,
    pub route_id: i64,
    pub route_name: String,
    pub sale_open: bool,
    /// The route is archived (issue 29): its courses still run for the tickets sold, but
    /// sell nothing more.
    pub route_archived: bool,
    pub from_waypoint_id: i64,
    pub from_name: String,
    pub to_waypoint_id: i64,
    pub to_name: String,
    /// Leaves the boarding stop.
    pub departure_at: DateTime<Utc>,
    /// Reaches the alighting stop.
    pub arrival_at: DateTime<Utc>,
    /// The route price of the stretch, grosz.
    pub unit_price: i64,
}

impl CourseLeg {
    /// The leg an order travels on this course, `kind` of the order, its seats held
    /// under `hold_id`.
    pub fn leg(self, kind: domain::order::LegKind, hold_id: Uuid) -> domain::order::Leg {
        domain::order::Leg {
            kind,
            course_id: self.course_id,
            hold_id,
            route_id: self.route_id,
            route_name: self.route_name,
            from_waypoint_id: self.from_waypoint_id,
            from_name: self.from_name,
            to_waypoint_id: self.to_waypoint_id,
            to_name: self.to_name,
            departure_at: self.departure_at,
            arrival_at: self.arrival_at,
            unit_price: self.unit_price,
        }
    }
}

#[derive(sqlx::FromRow, Clone)]
struct LegRow {
    route_id: i64,
    route_name: String,
    sale_open: bool,
    route_archived: bool,
    course_departure: DateTime<Utc>,
    from_name: Option<String>,
    from_position: Option<i32>,
    from_minutes: Option<i32>,
    to_name: Option<String>,
    to_position: Option<i32>,
    to_minutes: Option<i32>,
    price: Option<i64>,
}

/// Courses' legs between two stops, one per asked (course, from, to) of the arrays $1, $2
/// and $3, numbered `i` from 1 in their order: the stops' positions and minutes as the
/// course's inventory has them (the route's while the read model has not seen the course
/// yet) and the route's fare between them. A course that does not exist has no row.
const LEGS: &str = "select w.i, c.route_id, r.name as route_name, c.sale_open, r.archived as route_archived, c.departure_at as course_departure, \
             wf.name as from_name, f.position as from_position, f.minutes as from_minutes, \
             wt.name as to_name, t.position as to_position, t.minutes as to_minutes, \
             p.price \
      from unnest($1::uuid[], $2::bigint[], $3::bigint[]) with ordinality as w(course_id, from_id, to_id, i) \
      join courses c on c.id = w.course_id \
      join routes r on r.id = c.route_id \
      left join rm_course_availability a on a.course_id = c.id \
      cross join lateral (select coalesce(array_position(a.stop_ids, w.from_id), rf.position) as position, \
                                 coalesce(a.stop_minutes[array_position(a.stop_ids, w.from_id)], rf.minutes_from_start) as minutes \
                          from (select 1) one \
                          left join route_waypoints rf on a.course_id is null and rf.route_id = c.route_id \
                                                      and rf.waypoint_id = w.from_id) f \
      cross join lateral (select coalesce(array_position(a.stop_ids, w.to_id), rt.position) as position, \
                                 coalesce(a.stop_minutes[array_position(a.stop_ids, w.to_id)], rt.minutes_from_start) as minutes \
                          from (select 1) one \
                          left join route_waypoints rt on a.course_id is null and rt.route_id = c.route_id \
                                                      and rt.waypoint_id = w.to_id) t \
      left join waypoints wf on wf.id = w.from_id and f.position is not null \
      left join waypoints wt on wt.id = w.to_id and t.position is not null \
      left join route_prices p on p.route_id = c.route_id and p.from_waypoint_id = w.from_id and p.to_waypoint_id = w.to_id";

#[derive(sqlx::FromRow)]
struct NumberedLeg {
    i: i64,
    #[sqlx(flatten)]
    leg: LegRow,
}

/// Lookups asked at most in one statement.
const BATCH: usize = 256;
/// Statements running at once.
const READERS: usize = 2;

/// One asked leg, and where the statement leaves what it found.
struct Ask {
    course_id: Uuid,
    from: i64,
    to: i64,
    found: Mutex<Option<LegRow>>,
}

/// Reads courses' legs for many placements in one statement: under load each order
/// would otherwise pay a round trip of its own, the only one of its placement that no
/// other order shares. Every read starts after its caller asked, so an answer is as fresh
/// as a statement of its own would have been.
pub struct CourseLegs {
    batcher: Batcher<Arc<Ask>, String>,
}

impl CourseLegs {
    pub fn new(pool: &PgPool) -> Self {
        let pool = pool.clone();
        CourseLegs { batcher: Batcher::new(READERS, BATCH, move |asks| read_legs(pool.clone(), asks)) }
    }

    /// The leg of `course_id` from `from` to `to`, if the course exists.
    async fn read(&self, course_id: Uuid, from: i64, to: i64) -> Result<Option<LegRow>, ApiError> {
        let ask = Arc::new(Ask { course_id, from, to, found: Mutex::new(None) });
        self.batcher
            .submit(ask.clone())
            .await
            .map_err(|e| ApiError::Unavailable(format!("reading the course: {e}")))?;
        let found = ask.found.lock().unwrap_or_else(|e| e.into_inner()).take();
        Ok(found)
    }
}

async fn read_legs(pool: PgPool, asks: Vec<Arc<Ask>>) -> Result<(), String> {
    let courses: Vec<Uuid> = asks.iter().map(|a| a.course_id).collect();
    let froms: Vec<i64> = asks.iter().map(|a| a.from).collect();
    let tos: Vec<i64> = asks.iter().map(|a| a.to).collect();
    let rows: Vec<NumberedLeg> = sqlx::query_as(LEGS)
        .bind(&courses)
        .bind(&froms)
        .bind(&tos)
        .fetch_all(&pool)
        .await
        .map_err(|e| e.to_string())?;
    for row in rows {
        let ask = usize::try_from(row.i - 1).ok().and_then(|i| asks.get(i));
        if let Some(ask) = ask {
            *ask.found.lock().unwrap_or_else(|e| e.into_inner()) = Some(row.leg);
        }
    }
    Ok(())
}

/// The course `course_id` from stop `from` to stop `to`. `field` names the form field in
/// the `422` answers (`course`, `courseReturn`).
///
/// The stops and times are the course's own: those its seat inventory was opened with
/// (the `availability` read model's `stop_ids`/`stop_minutes`), not the route's current
/// stops, which an admin may have edited since the course was generated; so a stop the
/// course does not serve is refused here (`course.unknown_stop`), as its inventory would.
/// The route's stops only while the read model has not seen the course yet (just
/// generated, opened with them). The price is the route's current fare.
pub async fn course_leg(
    legs: &CourseLegs,
    field: &str,
    course_id: Uuid,
    from: i64,
    to: i64,
) -> Result<CourseLeg, ApiError> {
    let row = legs
        .read(course_id, from, to)
        .await?
        .ok_or_else(|| ApiError::refusal_on(field, api_core::codes::COURSE_NOT_FOUND, "This course does not exist."))?;

    let (Some(from_name), Some(from_position), Some(from_minutes)) =
        (row.from_name, row.from_position, row.from_minutes)
    else {
        return Err(ApiError::refusal_on(
            field,
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::UnknownStop(from)),
            "The boarding stop is not a stop of this course.",
        ));
    };
    let (Some(to_name), Some(to_position), Some(to_minutes)) = (row.to_name, row.to_position, row.to_minutes) else {
        return Err(ApiError::refusal_on(
            field,
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::UnknownStop(to)),
            "The destination stop is not a stop of this course.",
        ));
    };
    if from_position >= to_position {
        return Err(ApiError::refusal_on(
            field,
            domain::ErrorCode::code(&domain::seat_inventory::HoldError::WrongDirection),
            "The destination must come after the boarding stop.",
        ));
    }
    let unit_price = row
        .price
        .ok_or_else(|| ApiError::refusal_on(field, api_core::codes::NO_PRICE, "This stretch has no price."))?;
    Ok(CourseLeg {
        course_id,
        route_id: row.route_id,
        route_name: row.route_name,
        sale_open: row.sale_open,
        route_archived: row.route_archived,
        from_waypoint_id: from,
        from_name,
        to_waypoint_id: to,
        to_name,
        departure_at: row.course_departure + Duration::minutes(i64::from(from_minutes)),
        arrival_at: row.course_departure + Duration::minutes(i64::from(to_minutes)),
        unit_price,
    })
}

/// A discount that may be used now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discount {
    pub id: i64,
    pub name: String,
    pub reduction: Reduction,
}

/// The discounts with these ids that are active and valid now. Unknown or invalid ids
/// are simply absent from the answer (the caller names the ticket that used one).
pub async fn discounts(pool: &PgPool, ids: &[i64]) -> Result<Vec<Discount>, ApiError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64, String, String, i64)> = sqlx::query_as(
        "select id, name, kind, value from discounts \
         where id = any($1) and active \
           and (valid_from is null or valid_from <= now()) and (valid_to is null or valid_to > now())",
    )
    .bind(ids)
    .fetch_all(pool)
    .await
    .map_err(|e| ApiError::Unavailable(format!("reading the discounts: {e}")))?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, name, kind, value)| {
            let reduction = match kind.as_str() {
                "percent" => Reduction::Percent(u8::try_from(value).ok()?),
                _ => Reduction::Amount(value),
            };
            Some(Discount { id, name, reduction })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::{course_leg, CourseLegs};
    use api_core::ApiError;
    use domain::seat_inventory::HoldError;
    use domain::ErrorCode;
    use sqlx::PgPool;
    use uuid::Uuid;

    fn code_of(answer: Result<super::CourseLeg, ApiError>) -> &'static str {
        answer.expect_err("a refusal").code()
    }

    /// Many lookups read together: each caller gets its own course's leg, and the refusals
    /// (no such course, a stop the course does not serve, the wrong way) stay its own.
    #[sqlx::test(migrator = "schema::MIGRATOR")]
    async fn legs_read_together_answer_each_ask_with_its_own_course(pool: PgPool) {
        let store = event_store::postgres::PgEventStore::new(pool.clone());
        fixtures::seed(&pool, &store).await.expect("seed");
        // Courses of every route, each asked from its route's first stop to its last.
        let picks: Vec<(Uuid, i64, i64, i64, String)> = sqlx::query_as(
            "select c.id, c.route_id, f.waypoint_id, l.waypoint_id, r.name from courses c join routes r on r.id = c.route_id \
             cross join lateral (select waypoint_id from route_waypoints where route_id = c.route_id order by position limit 1) f \
             cross join lateral (select waypoint_id from route_waypoints where route_id = c.route_id order by position desc limit 1) l \
             order by c.departure_at, c.id limit 200",
        )
        .fetch_all(&pool)
        .await
        .expect("courses");
        assert!(picks.iter().map(|p| p.1).collect::<std::collections::HashSet<_>>().len() > 1, "several routes");
        let (course, _, first, last, _) = picks[0].clone();

        let legs = CourseLegs::new(&pool);
        let asked = picks.iter().map(|(c, _, f, t, _)| course_leg(&legs, "course", *c, *f, *t));
        let (answers, unknown, foreign, backwards) = tokio::join!(
            futures::future::join_all(asked),
            course_leg(&legs, "course", Uuid::new_v4(), first, last),
            course_leg(&legs, "course", course, 999_999, last),
            course_leg(&legs, "course", course, last, first),
        );
        for ((c, route, f, t, name), answer) in picks.iter().zip(answers) {
            let leg = answer.expect("a leg");
            assert_eq!((leg.course_id, leg.route_id, leg.from_waypoint_id, leg.to_waypoint_id), (*c, *route, *f, *t));
            assert_eq!(&leg.route_name, name);
            assert!(leg.departure_at < leg.arrival_at && leg.unit_price > 0, "{leg:?}");
        }
        assert_eq!(code_of(unknown), api_core::codes::COURSE_NOT_FOUND);
        assert_eq!(code_of(foreign), HoldError::UnknownStop(999_999).code());
        assert_eq!(code_of(backwards), HoldError::WrongDirection.code());
    }
}
