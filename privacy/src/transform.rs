//! Whole events: seal a new event's personal values (one JSON pass, only for the event
//! types the policy names) and open a stored event's (a scan of its text for sealed
//! values, with no JSON pass, so an event without any costs one substring search).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use serde_json::Value;

use crate::policy::{self, Erased};
use crate::seal::{self, Key, SealError, Sealed, MARK};
use crate::Subject;

/// The keys at hand: `None` for a subject that was erased (or never had a key).
pub type Keys = HashMap<Subject, Option<Arc<Key>>>;

#[derive(Debug, thiserror::Error)]
pub enum TransformError {
    #[error("the event's data is not JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Seal(#[from] SealError),
}

/// A new event with personal values: its data and the subjects they belong to.
#[derive(Debug)]
pub struct Plan {
    event_type: String,
    data: Value,
    subjects: Vec<Subject>,
}

impl Plan {
    /// The plan for an event of `event_type`, or `None` when it carries no personal value
    /// to seal (not a type the policy names, or the values are empty or sealed already).
    pub fn new(event_type: &str, data: &str) -> Result<Option<Plan>, TransformError> {
        let fields = policy::fields(event_type);
        if fields.is_empty() {
            return Ok(None);
        }
        let mut value: Value = serde_json::from_str(data)?;
        let mut subjects = Vec::new();
        for field in fields {
            let Some(subject) = field.owner.subject(&value) else { continue };
            let mut personal = false;
            policy::visit(&mut value, field.path, &mut |v| personal |= to_seal(v));
            if personal && !subjects.contains(&subject) {
                subjects.push(subject);
            }
        }
        Ok((!subjects.is_empty()).then(|| Plan { event_type: event_type.to_string(), data: value, subjects }))
    }

    /// The subjects whose keys sealing needs.
    pub fn subjects(&self) -> &[Subject] {
        &self.subjects
    }

    /// The event's data with every personal value sealed with its subject's key, or
    /// written erased when the subject has none (it was erased before this event).
    pub fn seal(mut self, keys: &Keys) -> Result<String, TransformError> {
        let mut failed = None;
        for field in policy::fields(&self.event_type) {
            let Some(subject) = field.owner.subject(&self.data) else { continue };
            let key = keys.get(&subject).and_then(Option::as_deref);
            policy::visit(&mut self.data, field.path, &mut |v| {
                if to_seal(v) {
                    match seal_value(v, key, &subject, field.erased) {
                        Ok(sealed) => *v = sealed,
                        Err(e) => failed = Some(e),
                    }
                }
            });
        }
        match failed {
            Some(e) => Err(e),
            None => Ok(serde_json::to_string(&self.data)?),
        }
    }
}

/// Whether a value is personal data still readable: not null, not empty, not sealed,
/// not erased.
fn to_seal(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::String(s) => !s.is_empty() && !s.starts_with(MARK) && s != policy::ERASED_TEXT,
        _ => true,
    }
}

fn seal_value(value: &Value, key: Option<&Key>, subject: &Subject, erased: Erased) -> Result<Value, TransformError> {
    let Some(key) = key else { return Ok(serde_json::from_str(erased.json())?) };
    Ok(Value::String(seal::seal(key, subject, erased, &value.to_string())?))
}

/// Every sealed value in an event's data: where it is (the quoted text's range) and what.
fn sealed_values(data: &str) -> impl Iterator<Item = (std::ops::Range<usize>, Sealed<'_>)> {
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let start = from + data.get(from..)?.find(QUOTED_MARK)?;
        let body = start + 1;
        let end = body + data[body..].find('"')?;
        from = end + 1;
        if let Some(sealed) = Sealed::parse(&data[body..end]) {
            return Some((start..end + 1, sealed));
        }
    })
}

/// [`MARK`] as it starts a JSON string.
const QUOTED_MARK: &str = "\"sealed/v1/";

/// The subjects an event's sealed values belong to.
pub fn sealed_subjects(data: &str) -> Vec<Subject> {
    let mut subjects: Vec<Subject> = Vec::new();
    for (_, sealed) in sealed_values(data) {
        if !subjects.contains(&sealed.subject) {
            subjects.push(sealed.subject);
        }
    }
    subjects
}

/// The event's data with every sealed value opened, or read as erased where its
/// subject's key is gone (or the value does not open: logged, never fatal, so a rebuild
/// never fails on it).
pub fn open_event<'a>(data: &'a str, keys: &Keys) -> Cow<'a, str> {
    let mut out: Option<String> = None;
    let mut copied = 0;
    for (range, sealed) in sealed_values(data) {
        let out = out.get_or_insert_with(|| String::with_capacity(data.len()));
        out.push_str(&data[copied..range.start]);
        copied = range.end;
        match keys.get(&sealed.subject).and_then(Option::as_deref).map(|key| sealed.open(key)) {
            Some(Ok(plain)) => out.push_str(&plain),
            Some(Err(e)) => {
                tracing::error!(subject = %sealed.subject, error = %e, "a sealed value does not open: read as erased");
                out.push_str(sealed.erased.json());
            }
            None => out.push_str(sealed.erased.json()),
        }
    }
    match out {
        Some(mut out) => {
            out.push_str(&data[copied..]);
            Cow::Owned(out)
        }
        None => Cow::Borrowed(data),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use uuid::Uuid;

    use super::*;

    fn keys_for(subjects: &[Subject]) -> Keys {
        subjects
            .iter()
            .map(|s| (s.clone(), Some(Arc::new(Key::from_bytes(&Key::generate().unwrap()).unwrap()))))
            .collect()
    }

    fn placed(order_id: Uuid) -> String {
        json!({
            "type": "OrderPlaced", "order_id": order_id, "number": "NB-1",
            "customer": {"first_name": "Anna", "last_name": "Kowalska", "email": "anna@example.pl", "phone": "", "notify_by_sms": false},
            "invoice": {"country": "PL", "vat_number": "5260250274", "company_name": "Firma", "address": "Długa 1", "postal_code": "00-001", "city": "Kraków"},
            "lines": [{"line": 1, "passengers": ["Ewa Nowak", ""]}],
            "total": 7800
        })
        .to_string()
    }

    #[test]
    fn an_order_placed_is_sealed_for_its_customer_and_buyer_and_opens_as_it_was() {
        let id = Uuid::new_v4();
        let data = placed(id);
        let plan = Plan::new("OrderPlaced", &data).unwrap().unwrap();
        assert_eq!(plan.subjects(), [Subject::order_customer(id), Subject::order_buyer(id)]);
        let keys = keys_for(plan.subjects());
        let sealed = plan.seal(&keys).unwrap();
        for personal in
            ["Anna", "Kowalska", "anna@example.pl", "5260250274", "Firma", "Długa", "00-001", "Kraków", "Ewa"]
        {
            assert!(!sealed.contains(personal), "{personal} in {sealed}");
        }
        assert!(sealed.contains("NB-1") && sealed.contains("7800") && sealed.contains("\"phone\":\"\""), "{sealed}");
        assert_eq!(sealed_subjects(&sealed), [Subject::order_customer(id), Subject::order_buyer(id)]);
        let opened: Value = serde_json::from_str(&open_event(&sealed, &keys)).unwrap();
        assert_eq!(opened, serde_json::from_str::<Value>(&data).unwrap());
    }

    #[test]
    fn an_erased_subject_reads_as_erased_and_the_other_as_it_was() {
        let id = Uuid::new_v4();
        let plan = Plan::new("OrderPlaced", &placed(id)).unwrap().unwrap();
        let mut keys = keys_for(plan.subjects());
        let sealed = plan.seal(&keys).unwrap();
        keys.insert(Subject::order_customer(id), None);
        let opened: Value = serde_json::from_str(&open_event(&sealed, &keys)).unwrap();
        assert_eq!(opened["customer"]["first_name"], "[usunięto]");
        assert_eq!(opened["customer"]["email"], "");
        assert_eq!(opened["lines"][0]["passengers"], json!(["[usunięto]", ""]));
        assert_eq!(opened["invoice"]["company_name"], "Firma");
        assert_eq!(opened["number"], "NB-1");
    }

    #[test]
    fn an_event_for_an_erased_subject_is_written_erased() {
        let id = Uuid::new_v4();
        let plan = Plan::new("OrderPlaced", &placed(id)).unwrap().unwrap();
        let keys: Keys = plan.subjects().iter().map(|s| (s.clone(), None)).collect();
        let written: Value = serde_json::from_str(&plan.seal(&keys).unwrap()).unwrap();
        assert_eq!(written["customer"]["last_name"], "[usunięto]");
        assert_eq!(written["invoice"]["city"], "[usunięto]");
    }

    #[test]
    fn the_quoted_mark_is_the_mark() {
        assert_eq!(QUOTED_MARK, format!("\"{MARK}"));
    }

    #[test]
    fn events_without_personal_values_are_left_as_they_are() {
        let id = Uuid::new_v4();
        assert!(Plan::new("OrderPaid", &json!({"order_id": id}).to_string()).unwrap().is_none());
        let no_invoice = json!({"order_id": id, "customer": {"first_name": "", "email": null}, "invoice": null});
        assert!(Plan::new("OrderPlaced", &no_invoice.to_string()).unwrap().is_none());
        let data = json!({"order_id": id, "reason": "sealed/v1/ is only text here"}).to_string();
        assert!(matches!(open_event(&data, &Keys::new()), Cow::Borrowed(_)));
    }

    #[test]
    fn a_complaint_is_sealed_for_its_complainant() {
        let id = Uuid::new_v4();
        let data =
            json!({"complaint_id": id, "email": "a@b.pl", "text": "Autobus się spóźnił", "number": "R-1"}).to_string();
        let plan = Plan::new("ComplaintFiled", &data).unwrap().unwrap();
        assert_eq!(plan.subjects(), [Subject::complaint(id)]);
        let sealed = plan.seal(&keys_for(&[Subject::complaint(id)])).unwrap();
        assert!(!sealed.contains("spóźnił") && !sealed.contains("a@b.pl") && sealed.contains("R-1"));
    }
}
