//! A stand-in for the register of VAT payers' `GET /api/search/nip/{nip}?date=`, speaking
//! its documented answers (as the KSeF and SMSAPI stand-ins do theirs), so the lookup is
//! tested end to end and works in development without the network:
//!
//! - a NIP of its list ([`KNOWN`]): `200` with the subject (name, NIP, `statusVat`,
//!   `workingAddress`, REGON), `requestId`, `requestDateTime`;
//! - any other valid NIP: `200` with `"subject": null`;
//! - a NIP not of ten digits, or no date: `400 {"code": "WL-113" | "WL-103", "message"}`;
//! - [`DOWN`]: `503`, as an unreachable register (for the message the forms show then).

use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

/// The taxpayers it knows: NIP, name, address.
pub const KNOWN: [(&str, &str, &str); 3] = [
    ("5260250274", "MINISTERSTWO FINANSÓW", "ul. Świętokrzyska 12, 00-916 Warszawa"),
    ("8652556348", "NISKO BUS SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ", "ul. Kolejowa 12, 37-400 Nisko"),
    ("1132853869", "KOLEJ I AUTOBUS SPÓŁKA AKCYJNA", "Aleje Jerozolimskie 1/3, 00-001 Warszawa"),
];

/// The NIP whose lookup answers as an unreachable register (its check digit adds up).
pub const DOWN: &str = "1111111111";

#[derive(Deserialize)]
struct DateQuery {
    date: Option<String>,
}

async fn search(Path(nip): Path<String>, Query(q): Query<DateQuery>) -> Response {
    if nip == DOWN {
        return (StatusCode::SERVICE_UNAVAILABLE, "Service Unavailable").into_response();
    }
    if nip.len() != 10 || !nip.bytes().all(|b| b.is_ascii_digit()) {
        let body = json!({ "code": "WL-113", "message": "Pole 'NIP' ma nieprawidłową długość. Wymagane 10 znaków." });
        return (StatusCode::BAD_REQUEST, Json(body)).into_response();
    }
    let Some(date) = q.date.filter(|d| !d.is_empty()) else {
        let body = json!({ "code": "WL-103", "message": "Pole 'date' nie może być puste." });
        return (StatusCode::BAD_REQUEST, Json(body)).into_response();
    };
    let subject = KNOWN.iter().find(|(n, _, _)| *n == nip).map(|(nip, name, address)| {
        json!({ "name": name, "nip": nip, "statusVat": "Czynny", "regon": "000000000", "pesel": null, "krs": null,
                "residenceAddress": null, "workingAddress": address, "representatives": [],
                "authorizedClerks": [], "partners": [], "registrationLegalDate": "2004-05-01",
                "accountNumbers": [], "hasVirtualAccounts": false })
    });
    let body = json!({ "result": { "subject": subject, "requestId": "stand-in", "requestDateTime": format!("{date} 12:00:00") } });
    Json(body).into_response()
}

/// The stand-in's routes (`/api/search/nip/{nip}`), to nest where it is served.
pub fn router() -> Router {
    Router::new().route("/api/search/nip/{nip}", get(search))
}
