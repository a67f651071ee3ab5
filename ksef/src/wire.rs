//! The request and answer bodies of the API's operations this crate uses, field for field
//! as `open-api.json` names them (`#/components/schemas/...`). Shared by the client and
//! the stand-in, and held to the document by the conformance tests. Absent optional
//! fields are left out rather than sent as `null`.

use serde::{Deserialize, Serialize};

/// `AuthenticationChallengeResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeResponse {
    pub challenge: String,
    pub timestamp: String,
    pub timestamp_ms: i64,
    pub client_ip: String,
}

/// `AuthenticationContextIdentifier`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ContextIdentifier {
    #[serde(rename = "type")]
    pub kind: String,
    pub value: String,
}

/// `InitTokenAuthenticationRequest`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenAuthRequest {
    pub challenge: String,
    pub context_identifier: ContextIdentifier,
    pub encrypted_token: String,
    /// Which public key encrypted the token (`PublicKeyCertificate.publicKeyId`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key_id: Option<String>,
}

/// `TokenInfo`.
#[derive(Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenInfo {
    pub token: String,
    pub valid_until: String,
}

impl std::fmt::Debug for TokenInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenInfo").field("token", &"<hidden>").field("valid_until", &self.valid_until).finish()
    }
}

/// `AuthenticationInitResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthInitResponse {
    pub reference_number: String,
    pub authentication_token: TokenInfo,
}

/// `StatusInfo` (and `InvoiceStatusInfo`, whose `extensions` carry a duplicate's original).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusInfo {
    pub code: i64,
    pub description: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extensions: Option<serde_json::Map<String, serde_json::Value>>,
}

/// `AuthenticationMethodInfo`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthMethodInfo {
    pub category: String,
    pub code: String,
    pub display_name: String,
}

/// `AuthenticationOperationStatusResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthStatusResponse {
    pub start_date: String,
    /// Deprecated in the document (`authenticationMethodInfo` replaces it): read when
    /// given, never needed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authentication_method: Option<String>,
    pub authentication_method_info: AuthMethodInfo,
    pub status: StatusInfo,
}

/// `AuthenticationTokensResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TokensResponse {
    pub access_token: TokenInfo,
    pub refresh_token: TokenInfo,
}

/// `AuthenticationTokenRefreshResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshResponse {
    pub access_token: TokenInfo,
}

/// `PublicKeyCertificate`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicKeyCertificate {
    pub certificate: String,
    pub certificate_id: String,
    pub public_key_id: String,
    pub valid_from: String,
    pub valid_to: String,
    pub usage: Vec<String>,
}

/// `FormCode`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FormCode {
    pub system_code: String,
    pub schema_version: String,
    pub value: String,
}

impl FormCode {
    /// FA (3), schema 1-0E (`OpenOnlineSessionRequest.formCode`'s table).
    pub fn fa3() -> Self {
        Self { system_code: "FA (3)".into(), schema_version: "1-0E".into(), value: "FA".into() }
    }
}

/// `EncryptionInfo`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EncryptionInfo {
    pub encrypted_symmetric_key: String,
    pub initialization_vector: String,
    /// Which public key wrapped the AES key (`PublicKeyCertificate.publicKeyId`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key_id: Option<String>,
}

/// `OpenOnlineSessionRequest`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenSessionRequest {
    pub form_code: FormCode,
    pub encryption: EncryptionInfo,
}

/// `OpenOnlineSessionResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenSessionResponse {
    pub reference_number: String,
    pub valid_until: String,
}

/// `SendInvoiceRequest`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendInvoiceRequest {
    pub invoice_hash: String,
    pub invoice_size: i64,
    pub encrypted_invoice_hash: String,
    pub encrypted_invoice_size: i64,
    pub encrypted_invoice_content: String,
    #[serde(default)]
    pub offline_mode: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash_of_corrected_invoice: Option<String>,
}

/// `SendInvoiceResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SendInvoiceResponse {
    pub reference_number: String,
}

/// `SessionInvoiceStatusResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceStatusResponse {
    pub ordinal_number: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoice_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ksef_number: Option<String>,
    pub reference_number: String,
    pub invoice_hash: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acquisition_date: Option<String>,
    pub invoicing_date: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoicing_mode: Option<String>,
    pub status: StatusInfo,
}

/// `SessionInvoicesResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionInvoicesResponse {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub continuation_token: Option<String>,
    pub invoices: Vec<InvoiceStatusResponse>,
}

/// `SessionStatusResponse` (the fields this crate uses).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionStatusResponse {
    pub status: StatusInfo,
    pub date_created: String,
    pub date_updated: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid_until: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invoice_count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub successful_invoice_count: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_invoice_count: Option<i64>,
}

/// `ExceptionDetails`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExceptionDetails {
    pub exception_code: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exception_description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub details: Option<Vec<String>>,
}

/// `ExceptionInfo`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExceptionInfo {
    #[serde(default)]
    pub exception_detail_list: Vec<ExceptionDetails>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_code: Option<String>,
    pub timestamp: String,
}

/// `ExceptionResponse`: the API's 400 body.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ExceptionResponse {
    pub exception: ExceptionInfo,
}

/// `TooManyRequestsResponse`'s `status`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TooManyStatus {
    pub code: i64,
    pub description: String,
    pub details: Vec<String>,
}

/// `TooManyRequestsResponse`: the 429 body.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TooManyRequestsResponse {
    pub status: TooManyStatus,
}

/// `UnauthorizedProblemDetails` (401) and, with `reason_code`, `ForbiddenProblemDetails` (403).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProblemDetails {
    pub title: String,
    pub status: i64,
    pub detail: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason_code: Option<String>,
    pub timestamp: String,
}
