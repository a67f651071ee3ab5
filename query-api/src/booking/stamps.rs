//! Stamps: `GET /course/stamp/user-stamps` (the logged-in user's card) and
//! `GET /course/stamp/all` (every card, admin), `GET /course/stamp/one?id={user id}` (one
//! card as the list shows it, admin). How many tickets are still needed is the
//! domain's rule (`StampCard::needed`) over the stamps and rewards the read model keeps,
//! with the company's settings (`stamps_per_reward`, `reward_value`).

use api_core::auth::{AdminUser, AuthUser};
use api_core::list::{FieldType, ListField, ListSpec, Page, RawListQuery};
use api_core::{ApiError, Data, Params};
use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::money::format_pln;
use domain::stamp_card::{Reward, Stamp, StampCard};
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use utoipa::ToSchema;
use uuid::Uuid;

use super::settings::settings_in_force;
use crate::QueryState;
use api_core::resource::{fetch_page, Scope};

/// A stamped ticket, as `rm_stamp_cards.tickets` keeps it.
#[derive(Debug, Clone, Copy, Deserialize)]
struct StampedTicket {
    ticket_id: Uuid,
    order_id: Uuid,
}

/// A reward coupon of the user's card.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct StampReward {
    pub code: String,
    /// What the coupon was worth when earned.
    pub value: i64,
    #[sqlx(skip)]
    pub value_formatted: String,
    /// What is left of it now.
    pub current_value: i64,
    #[sqlx(skip)]
    pub current_value_formatted: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub earned_at: DateTime<Utc>,
}

/// The user's stamp card.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct UserStamps {
    /// Stamps on the card (paid tickets not returned).
    pub stamps: u32,
    pub stamps_per_reward: u32,
    /// Tickets still needed for the next reward.
    pub needed: u32,
    /// What the next reward coupon is worth.
    pub reward_value: i64,
    pub reward_value_formatted: String,
    pub rewards: Vec<StampReward>,
}

/// `needed` by the domain's rule for a card with `stamps` stamps and `rewards` rewards
/// (only their numbers count).
fn needed(stamps: usize, rewards: usize, stamps_per_reward: u32) -> u32 {
    let card = StampCard {
        stamps: vec![Stamp { ticket_id: Uuid::nil(), order_id: Uuid::nil() }; stamps],
        rewards: vec![Reward { coupon_code: String::new(), value: 0 }; rewards],
    };
    card.needed(stamps_per_reward)
}

/// The company's `(stamps_per_reward, reward_value)`.
async fn reward_settings(state: &QueryState) -> Result<(u32, i64), ApiError> {
    let settings = settings_in_force(&state.pool).await?;
    Ok((u32::try_from(settings.stamps_per_reward).unwrap_or(0), settings.reward_value))
}

/// The logged-in user's stamps, what the next reward needs, and the rewards earned (user).
#[utoipa::path(get, path = "/api/course/stamp/user-stamps", tag = "course", security(("bearer" = [])),
    responses((status = 200, description = "`{\"data\": UserStamps}`", body = Data<UserStamps>),
        (status = 401, description = "no token")))]
#[tracing::instrument(skip(state, user), fields(user_id = %user.id))]
pub async fn user_stamps(user: AuthUser, State(state): State<QueryState>) -> Result<Data<UserStamps>, ApiError> {
    let (stamps_per_reward, reward_value) = reward_settings(&state).await?;
    let tickets: Vec<StampedTicket> =
        sqlx::query_scalar::<_, Json<Vec<StampedTicket>>>("select tickets from rm_stamp_cards where user_id = $1")
            .bind(user.id)
            .fetch_optional(&state.pool)
            .await?
            .map(|Json(t)| t)
            .unwrap_or_default();
    // The coupon may not be issued yet (the reward process follows the event): its value
    // is then the whole reward.
    let mut rewards: Vec<StampReward> = sqlx::query_as(
        "select r.coupon_code as code, r.value, coalesce(c.current_value, r.value) as current_value, \
                c.expires_at, r.earned_at \
         from rm_stamp_rewards r left join rm_coupons c on c.code = r.coupon_code \
         where r.user_id = $1 order by r.earned_at, r.coupon_code",
    )
    .bind(user.id)
    .fetch_all(&state.pool)
    .await?;
    for r in &mut rewards {
        r.value_formatted = format_pln(r.value);
        r.current_value_formatted = format_pln(r.current_value);
    }
    let stamps = StampCard {
        stamps: tickets.iter().map(|t| Stamp { ticket_id: t.ticket_id, order_id: t.order_id }).collect(),
        rewards: rewards.iter().map(|r| Reward { coupon_code: r.code.clone(), value: r.value }).collect(),
    };
    Ok(Data::new(UserStamps {
        stamps: stamps.count(),
        stamps_per_reward,
        needed: stamps.needed(stamps_per_reward),
        reward_value,
        reward_value_formatted: format_pln(reward_value),
        rewards,
    }))
}

const FIELDS: &[ListField] = &[
    ListField { name: "user_id", column: "c.user_id", kind: FieldType::Uuid },
    ListField { name: "email", column: "u.email", kind: FieldType::Text },
    ListField { name: "first_name", column: "u.first_name", kind: FieldType::Text },
    ListField { name: "last_name", column: "u.last_name", kind: FieldType::Text },
    ListField { name: "stamps", column: "c.stamps", kind: FieldType::Integer },
    ListField { name: "rewards", column: "c.rewards", kind: FieldType::Integer },
    ListField { name: "updated_at", column: "c.updated_at", kind: FieldType::Timestamp },
];
const SPEC: ListSpec = ListSpec { fields: FIELDS, default_order: "c.updated_at desc, c.user_id" };
const COLUMNS: &str = "c.user_id, u.email, u.first_name, u.last_name, c.stamps, c.rewards, c.updated_at";
const FROM: &str = "rm_stamp_cards c left join users u on u.id = c.user_id";

/// A user's stamp card, in the admin's list.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct StampCardView {
    pub user_id: Uuid,
    /// `null` for a user that no longer exists.
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub stamps: i32,
    pub rewards: i32,
    #[sqlx(skip)]
    pub needed: u32,
    pub updated_at: DateTime<Utc>,
}

/// Every stamp card (admin).
#[utoipa::path(get, path = "/api/course/stamp/all", tag = "course", security(("bearer" = [])),
    params(("page" = Option<u32>, Query, minimum = 1), ("per-page" = Option<u32>, Query, minimum = 1, maximum = 1000),
        ("sort" = Option<String>, Query, description = "user_id, email, first_name, last_name, stamps, rewards, updated_at; -field descends", pattern = "^-?(user_id|email|first_name|last_name|stamps|rewards|updated_at)(,-?(user_id|email|first_name|last_name|stamps|rewards|updated_at))*$")),
    responses((status = 200, description = "`{\"data\": {\"models\": [StampCardView], \"pagination\": …}}`", body = Data<Page<StampCardView>>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 422, description = "unknown sort or filter field")))]
#[tracing::instrument(skip(state, query))]
pub async fn all(
    _: AdminUser,
    State(state): State<QueryState>,
    query: RawListQuery,
) -> Result<Data<Page<StampCardView>>, ApiError> {
    let q = query.parse(SPEC)?;
    let (stamps_per_reward, _) = reward_settings(&state).await?;
    let mut page = fetch_page::<StampCardView>(&state.pool, COLUMNS, FROM, Scope::All, &q).await?;
    for card in &mut page.models {
        card.needed = needed(card.stamps.max(0) as usize, card.rewards.max(0) as usize, stamps_per_reward);
    }
    Ok(Data::new(page))
}

/// One user's stamp card, as the list shows it (admin).
#[utoipa::path(get, path = "/api/course/stamp/one", tag = "course", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the user")),
    responses((status = 200, description = "`{\"data\": StampCardView}`", body = Data<StampCardView>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "the user has no stamp card (no stamped ticket yet)"),
        (status = 422, description = "id is missing or not a UUID")))]
#[tracing::instrument(skip(state, params))]
pub async fn one(
    _: AdminUser,
    State(state): State<QueryState>,
    params: Params,
) -> Result<Data<StampCardView>, ApiError> {
    let id = Uuid::parse_str(params.required("id")?)
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be a user id (a UUID)"))?;
    let (stamps_per_reward, _) = reward_settings(&state).await?;
    let mut card: StampCardView = sqlx::query_as(&format!("select {COLUMNS} from {FROM} where c.user_id = $1"))
        .bind(id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("the user {id} has no stamp card")))?;
    card.needed = needed(card.stamps.max(0) as usize, card.rewards.max(0) as usize, stamps_per_reward);
    Ok(Data::new(card))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_next_reward_counts_from_the_rewards_earned() {
        assert_eq!(super::needed(0, 0, 10), 10);
        assert_eq!(super::needed(9, 0, 10), 1);
        assert_eq!(super::needed(10, 1, 10), 10);
        // A returned ticket lost its stamp after the reward: the next is still at 20.
        assert_eq!(super::needed(9, 1, 10), 11);
    }
}
