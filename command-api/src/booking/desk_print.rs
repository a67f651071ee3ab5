//! `GET /order/order/print?id=&format=a4|receipt` (admin): what the office hands a
//! walk-in passenger, the order's valid tickets with their QR codes and a receipt-style
//! confirmation of the payment, as a PDF for the 80 mm receipt printer (`receipt`) or
//! for A4 (`a4`, the default). It lives on the command side because it signs the
//! tickets' codes (as the tickets e-mail does), and it changes nothing.

use api_core::auth::AdminUser;
use api_core::{ApiError, Params};
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use documents::{DeskPrint, Paper, PaymentNote};
use domain::money::format_pln;
use domain::order::OrderState;
use uuid::Uuid;

use crate::aggregate::{self, OrderAgg};
use crate::streams::order_stream;
use crate::CommandState;

/// The tickets and the confirmation of payment of a paid order, as a PDF (admin).
#[utoipa::path(get, path = "/api/order/order/print", tag = "order", security(("bearer" = [])),
    params(("id" = Uuid, Query, description = "the order's id"),
        ("format" = Option<String>, Query, pattern = "^(a4|receipt)$", description = "`a4` (the default) or `receipt`: the 80 mm roll of a receipt printer"),
        ("lang" = Option<String>, Query, pattern = "^(pl|en)$", description = "the panel's language, which names the file: `pl` (the default, `bilety-…pdf`) or `en` (`tickets-…pdf`)")),
    responses((status = 200, description = "the PDF", content_type = "application/pdf", body = Vec<u8>),
        (status = 401, description = "no token"), (status = 403, description = "not an admin"),
        (status = 404, description = "no such order"),
        (status = 409, description = "the order is not paid or has no valid tickets"),
        (status = 422, description = "id is missing or not a UUID, format is neither a4 nor receipt, or lang is neither pl nor en")))]
#[tracing::instrument(skip(state, params))]
pub async fn print(State(state): State<CommandState>, _: AdminUser, params: Params) -> Result<Response, ApiError> {
    let order_id = Uuid::parse_str(params.required("id")?.trim())
        .map_err(|_| ApiError::invalid_field("id", api_core::codes::FIELD_NOT_ID, "id must be an order id (a UUID)"))?;
    let paper = match params.raw("format").map(str::trim) {
        None | Some("a4") => Paper::A4,
        Some("receipt") => Paper::Receipt80,
        Some(_) => {
            return Err(ApiError::invalid_field(
                "format",
                api_core::codes::FIELD_INVALID_CHOICE,
                "format must be a4 or receipt",
            ))
        }
    };
    // The file is named in the panel's language (issue 29); its content is the carrier's.
    let stem = match params.raw("lang").map(str::trim) {
        None | Some("pl") => "bilety",
        Some("en") => "tickets",
        Some(_) => {
            return Err(ApiError::invalid_field("lang", api_core::codes::FIELD_INVALID_CHOICE, "lang must be pl or en"))
        }
    };
    let not_found = || ApiError::NotFound("There is no such order.".into());
    let loaded = aggregate::load::<OrderAgg>(state.store.as_ref(), &order_stream(order_id)?).await?;
    let order = loaded.state.placed().ok_or_else(not_found)?;
    let print = desk_print(&state, order).await?;
    let bytes = documents::desk_pdf(&print, paper).map_err(|e| match e {
        documents::DocumentError::NoTickets => no_tickets(),
        other => ApiError::Unavailable(format!("the tickets could not be rendered: {other}")),
    })?;
    let suffix = if paper == Paper::Receipt80 { "-80mm" } else { "" };
    let name = format!("{stem}-{}{suffix}.pdf", order.display_number().replace(['/', '"', '\\'], "-"));
    Ok((
        [
            (CONTENT_TYPE, "application/pdf".to_owned()),
            (CONTENT_DISPOSITION, format!("inline; filename=\"{name}\"")),
            (CACHE_CONTROL, "no-store".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

fn no_tickets() -> ApiError {
    ApiError::Conflict("The order has no valid tickets to print: it is not paid, or they were returned.".into())
}

/// The order's tickets and payment as printed.
async fn desk_print(state: &CommandState, order: &OrderState) -> Result<DeskPrint, ApiError> {
    let paid = order.paid.as_ref().ok_or_else(no_tickets)?;
    let settings = state.settings.get(&state.pool).await?;
    let seller = &settings.seller;
    let place = format!("{}, {} {}", seller.address.trim(), seller.postal_code.trim(), seller.city.trim());
    let tax_id = (!seller.tax_id.trim().is_empty()).then(|| format!("NIP {}", seller.tax_id.trim()));
    let seller_lines = [Some(seller.name.trim().to_owned()), Some(place.trim_matches([',', ' ']).to_owned()), tax_id];
    Ok(DeskPrint {
        tickets: super::send::printed_tickets(state, order),
        payment: PaymentNote {
            seller: seller_lines.into_iter().flatten().collect(),
            paid_at: paid.paid_at.with_timezone(&chrono_tz::Europe::Warsaw).format("%d.%m.%Y %H:%M").to_string(),
            method: method_words(&order.payment.provider).to_owned(),
            total: format_pln(paid.amount),
        },
    })
}

/// How the order was paid, in Polish and English.
fn method_words(provider: &str) -> &'static str {
    match provider {
        "cash" => "Gotówka / Cash",
        "card_terminal" => "Karta, terminal / Card terminal",
        "none" => "Kupon / Coupon",
        _ => "Online",
    }
}
