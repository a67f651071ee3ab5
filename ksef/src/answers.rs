//! Every answer KSeF gives about a document, sorted in one place by what the sender does
//! next. The tables are the guide's: an invoice's status
//! (`SessionInvoiceStatusResponse.status` in `open-api.json`), a session's status
//! (`SessionStatusResponse.status`), and the `exceptionCode` of a refused request.
//!
//! | what KSeF says | [`Verdict`] | the sender |
//! | --- | --- | --- |
//! | 100, 150 | `Processing` | reads it again later |
//! | 200 | `Accepted` | records the KSeF number, fetches the UPO |
//! | 440 with `originalKsefNumber` | `Duplicate` | records the original's number (KSeF holds the invoice already), fetches the original session's UPO |
//! | 405, 500, 550 | `Transient` | sends the same document (same number, same bytes) again later, with backoff |
//! | 435 (the file could not be decrypted) | `Transient` | the same, in a new session (a new key) |
//! | 410 (the token's permissions) | `Blocked` | keeps the document, alerts: an admin fixes the token |
//! | 415, 430, 450 | `Rejected` | records the rejection: the document's content must change |
//! | any other code | `Blocked` | keeps the document and alerts: nothing is lost on an answer we do not know |
//!
//! A refused REQUEST (an HTTP 4xx on a send) is never a rejection of the document's
//! content: KSeF did not take the document in. [`refused_send`] says whether the session
//! is the cause (closed, expired, full: open a new one and send again) or something to
//! fix (`Blocked`).

/// What the sender does with a document after one of KSeF's answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// KSeF is still working on it: read its status again later.
    Processing,
    /// Accepted: its KSeF number is in the answer.
    Accepted,
    /// KSeF holds this invoice already (the seller's NIP, the kind and the number are
    /// those of an accepted one): the original's KSeF number and session.
    Duplicate { ksef_number: String, original_session: Option<String> },
    /// KSeF failed, not the document: send it again later (the same bytes, never a new
    /// number). `new_session`: the session itself is spoiled (open another).
    Transient { new_session: bool },
    /// KSeF refused the document's content: it waits for its data to be corrected.
    Rejected,
    /// Neither the content nor KSeF's availability: something an admin must fix (the
    /// token's permissions, a request KSeF refuses, an answer we do not know). The
    /// document stays queued and is tried again with backoff; it is never lost.
    Blocked,
}

/// The invoice status codes the guide lists, with the verdict of each (the module table).
/// `extensions` is the status's `extensions` (a duplicate names its original there).
pub fn invoice_status(code: i64, extensions: Option<&serde_json::Map<String, serde_json::Value>>) -> Verdict {
    match code {
        100 | 150 => Verdict::Processing,
        200 => Verdict::Accepted,
        440 => match extension(extensions, "originalKsefNumber") {
            Some(ksef_number) => Verdict::Duplicate {
                ksef_number,
                original_session: extension(extensions, "originalSessionReferenceNumber"),
            },
            // A duplicate whose original KSeF does not name: we cannot know its number.
            None => Verdict::Blocked,
        },
        405 | 500 | 550 => Verdict::Transient { new_session: code == 405 },
        435 => Verdict::Transient { new_session: true },
        415 | 430 | 450 => Verdict::Rejected,
        _ => Verdict::Blocked,
    }
}

fn extension(extensions: Option<&serde_json::Map<String, serde_json::Value>>, key: &str) -> Option<String> {
    extensions?.get(key)?.as_str().filter(|s| !s.trim().is_empty()).map(str::to_owned)
}

/// A batch session's status codes (`SessionStatusResponse.status`, batch table): whether
/// its package is still to be processed, processed (read each invoice's own status), or
/// failed as a whole (none of its invoices is in KSeF: send them again).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionVerdict {
    /// 100 (open, or closed and not yet picked up), 150 (processing), 170 (closed).
    Pending,
    /// 200, or 445 (no valid invoice: each has its own rejection): read the invoices.
    Processed,
    /// 405, 415, 420, 430, 435, 440 (cancelled), 500 and anything else: the package as a
    /// whole was not processed.
    Failed,
}

pub fn batch_session_status(code: i64) -> SessionVerdict {
    match code {
        100 | 150 | 170 => SessionVerdict::Pending,
        200 | 445 => SessionVerdict::Processed,
        _ => SessionVerdict::Failed,
    }
}

/// The exception codes that refuse a send because of its session (the guide's tables):
/// 21155 the session's invoice limit, 21173 no such session, 21180 a status that does not
/// allow the operation (closed, expired), 21208 the time for uploads ran out.
const SESSION_SPOILED: [i64; 4] = [21155, 21173, 21180, 21208];

/// What a refused send (an HTTP 4xx on `POST …/invoices`, its `exceptionCode`) means for
/// its document: KSeF did not take it in, so it is never recorded as rejected.
pub fn refused_send(exception_code: i64) -> Verdict {
    if SESSION_SPOILED.contains(&exception_code) {
        Verdict::Transient { new_session: true }
    } else {
        Verdict::Blocked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ext(pairs: &[(&str, &str)]) -> serde_json::Map<String, serde_json::Value> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), serde_json::Value::from(*v))).collect()
    }

    #[test]
    fn processing_and_success() {
        assert_eq!(invoice_status(100, None), Verdict::Processing);
        assert_eq!(invoice_status(150, None), Verdict::Processing);
        assert_eq!(invoice_status(200, None), Verdict::Accepted);
    }

    #[test]
    fn a_duplicate_names_its_original() {
        let e = ext(&[
            ("originalKsefNumber", "5265877635-20250826-0100001AF629-AF"),
            ("originalSessionReferenceNumber", "S-1"),
        ]);
        assert_eq!(
            invoice_status(440, Some(&e)),
            Verdict::Duplicate {
                ksef_number: "5265877635-20250826-0100001AF629-AF".into(),
                original_session: Some("S-1".into())
            }
        );
        assert_eq!(invoice_status(440, None), Verdict::Blocked, "a duplicate without its original");
        assert_eq!(invoice_status(440, Some(&ext(&[("originalKsefNumber", " ")]))), Verdict::Blocked);
    }

    #[test]
    fn try_again_codes_are_transient() {
        assert_eq!(invoice_status(405, None), Verdict::Transient { new_session: true });
        assert_eq!(invoice_status(500, None), Verdict::Transient { new_session: false });
        assert_eq!(invoice_status(550, None), Verdict::Transient { new_session: false });
        assert_eq!(invoice_status(435, None), Verdict::Transient { new_session: true });
    }

    #[test]
    fn content_rejections() {
        for code in [415, 430, 450] {
            assert_eq!(invoice_status(code, None), Verdict::Rejected, "{code}");
        }
    }

    #[test]
    fn permissions_and_unknown_codes_block_without_losing_the_document() {
        assert_eq!(invoice_status(410, None), Verdict::Blocked);
        assert_eq!(invoice_status(499, None), Verdict::Blocked);
        assert_eq!(invoice_status(0, None), Verdict::Blocked);
    }

    #[test]
    fn batch_sessions() {
        for code in [100, 150, 170] {
            assert_eq!(batch_session_status(code), SessionVerdict::Pending, "{code}");
        }
        assert_eq!(batch_session_status(200), SessionVerdict::Processed);
        assert_eq!(batch_session_status(445), SessionVerdict::Processed);
        for code in [405, 415, 420, 430, 435, 440, 500] {
            assert_eq!(batch_session_status(code), SessionVerdict::Failed, "{code}");
        }
    }

    #[test]
    fn a_refused_send_is_never_a_rejection() {
        for code in SESSION_SPOILED {
            assert_eq!(refused_send(code), Verdict::Transient { new_session: true }, "{code}");
        }
        for code in [21405, 21401, 21403, 21166, 400] {
            assert_eq!(refused_send(code), Verdict::Blocked, "{code}");
        }
    }
}
