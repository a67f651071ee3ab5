//! The batch session's bodies (`sesja-wsadowa.md`), field for field as `open-api.json`
//! names them; beside `wire` so that file stays small.

use crate::wire::{EncryptionInfo, FormCode};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `BatchFilePartInfo`: one encrypted part of the package.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchFilePartInfo {
    pub ordinal_number: i64,
    /// The encrypted part's size in bytes.
    pub file_size: i64,
    /// SHA-256 of the encrypted part, Base64.
    pub file_hash: String,
}

/// `BatchFileInfo`: the whole package (the ZIP before it is split and encrypted).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchFileInfo {
    pub file_size: i64,
    pub file_hash: String,
    pub file_parts: Vec<BatchFilePartInfo>,
}

/// `OpenBatchSessionRequest`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenBatchSessionRequest {
    pub form_code: FormCode,
    pub batch_file: BatchFileInfo,
    pub encryption: EncryptionInfo,
    /// Every invoice of the package issued in offline mode (one flag per batch session).
    #[serde(default)]
    pub offline_mode: bool,
}

/// `PartUploadRequest`: where and how one part goes (no access token with it).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartUploadRequest {
    pub ordinal_number: i64,
    pub method: String,
    pub url: String,
    pub headers: BTreeMap<String, Option<String>>,
}

/// `OpenBatchSessionResponse`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenBatchSessionResponse {
    pub reference_number: String,
    pub part_upload_requests: Vec<PartUploadRequest>,
}
