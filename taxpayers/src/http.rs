//! `GET /api/company/nip-lookup?nip=`: a company's name and address from its NIP, for the
//! forms that take an invoice's buyer (public: the customer's order form needs it too).
//!
//! The NIP is checked first (its check digit): a malformed one never reaches the register.
//! Each NIP's answer (found, or not in the register) is kept for the Warsaw day in
//! `nip_lookups` and answered from there, since the register counts its requests; an
//! unreachable register is not kept. A client address asks at most
//! [`PER_CLIENT_PER_HOUR`] times an hour (`429` past it), so nobody spends the register's
//! allowance for everyone.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use api_core::{ApiError, Data, FieldError, Params};
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::routing::get;
use axum::Router;
use sqlx::types::Json;
use sqlx::PgPool;

use crate::client::{LookupError, Taxpayer, WhiteList};

/// Lookups one client address may ask for in an hour.
pub const PER_CLIENT_PER_HOUR: u32 = 30;

/// What the route needs.
#[derive(Clone)]
pub struct TaxpayersState {
    pub pool: PgPool,
    /// The register's client; `None`: lookups are off (every answer says so).
    pub register: Option<WhiteList>,
    limits: Arc<Mutex<HashMap<IpAddr, (Instant, u32)>>>,
}

impl TaxpayersState {
    pub fn new(pool: PgPool, register: Option<WhiteList>) -> Self {
        TaxpayersState { pool, register, limits: Arc::default() }
    }

    /// Whether `client` may ask once more now (and count it).
    fn allow(&self, client: Option<IpAddr>) -> bool {
        let Some(client) = client else { return true };
        let mut limits = self.limits.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        limits.retain(|_, (since, _)| now.duration_since(*since) < Duration::from_secs(3600));
        let entry = limits.entry(client).or_insert((now, 0));
        entry.1 += 1;
        entry.1 <= PER_CLIENT_PER_HOUR
    }
}

/// The client's address (the TCP peer; forwarded headers are anyone's to write).
struct Client(Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Client(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip())))
    }
}

/// The route, under `/api`.
pub fn router(state: TaxpayersState) -> Router {
    Router::new().route("/company/nip-lookup", get(lookup)).with_state(state)
}

/// The route's part of `/api/openapi.json`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(lookup), components(schemas(Taxpayer)))]
pub struct TaxpayersApi;

fn refused(nip_code: &'static str, message: &str) -> ApiError {
    ApiError::Validation {
        message: "the NIP is not valid".into(),
        errors: vec![FieldError::new("nip", nip_code, message)],
    }
}

/// A company's name and address from its NIP (the register of VAT payers).
#[utoipa::path(get, path = "/api/company/nip-lookup", tag = "company",
    params(("nip" = String, Query, description = "a Polish NIP (ten digits whose check digit adds up; `PL`, spaces and dashes allowed)", max_length = 30)),
    responses((status = 200, description = "`{\"data\": Taxpayer}`", body = Data<Taxpayer>),
        (status = 404, description = "`nip.not_in_register`: no VAT payer has this NIP"),
        (status = 422, description = "no NIP, or not a valid one (`field.invalid_vat_number`)"),
        (status = 429, description = "too many lookups from this address: try within the hour"),
        (status = 503, description = "`nip.register_unavailable`: the register cannot be reached (type the data in)")))]
async fn lookup(
    State(state): State<TaxpayersState>,
    Client(client): Client,
    params: Params,
) -> Result<Data<Taxpayer>, ApiError> {
    let text = params.optional("nip").unwrap_or("");
    if text.trim().is_empty() {
        return Err(refused(api_core::codes::FIELD_BLANK, "Please enter the NIP."));
    }
    let nip = values::Nip::parse(text)
        .map_err(|_| refused(api_core::codes::FIELD_INVALID_VAT_NUMBER, "This is not a valid NIP (10 digits)."))?;
    let nip = nip.as_str().to_owned();
    let today = api_core::time::warsaw_today();
    let kept: Option<Option<Json<Taxpayer>>> =
        sqlx::query_scalar("select answer from nip_lookups where nip = $1 and day = $2")
            .bind(&nip)
            .bind(today)
            .fetch_optional(&state.pool)
            .await?;
    let answer = match kept {
        Some(answer) => answer.map(|Json(t)| t),
        None => {
            if !state.allow(client) {
                return Err(ApiError::TooManyRequests(
                    "Too many NIP lookups from this address: please type the data in, or try within the hour.".into(),
                ));
            }
            let register = state.register.as_ref().ok_or_else(unavailable)?;
            let answer = match register.lookup(&nip, today).await {
                Ok(t) => Some(t),
                Err(LookupError::NotFound) => None,
                Err(LookupError::Refused(why)) => {
                    tracing::warn!(%why, "the register of VAT payers refused a lookup");
                    return Err(refused(
                        api_core::codes::FIELD_INVALID_VAT_NUMBER,
                        "The register does not accept this NIP.",
                    ));
                }
                Err(LookupError::Unavailable(why)) => {
                    tracing::warn!(%why, "the register of VAT payers cannot be reached");
                    return Err(unavailable());
                }
            };
            sqlx::query("insert into nip_lookups (nip, day, answer) values ($1, $2, $3) on conflict do nothing")
                .bind(&nip)
                .bind(today)
                .bind(answer.as_ref().map(Json))
                .execute(&state.pool)
                .await?;
            answer
        }
    };
    answer.map(Data::new).ok_or_else(|| {
        ApiError::NotFound("The register of VAT payers has no entry for this NIP.".into())
            .with_code(api_core::codes::NIP_NOT_IN_REGISTER)
    })
}

fn unavailable() -> ApiError {
    ApiError::Unavailable("The register of VAT payers cannot be reached now: please type the company's data in.".into())
        .with_code(api_core::codes::NIP_REGISTER_UNAVAILABLE)
}
