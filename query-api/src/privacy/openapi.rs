//! The personal data's reads in `/api/openapi.json`.

use super::{guest, register, requests};

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(requests::all, requests::export, register::all, guest::data),
    components(schemas(requests::PrivacyRequestView, register::ErasureView)),
    tags((name = "privacy", description = "Personal data (RODO): requests, copies, erasures"))
)]
pub struct PrivacyApi;
