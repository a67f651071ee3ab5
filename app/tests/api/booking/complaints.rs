//! Complaints through HTTP: a guest files one with a picture and gets its number and a
//! confirmation e-mail; the admin sees it by its deadline, downloads the picture,
//! accepts and answers it, and the answer goes to the guest; files that are not pictures
//! or PDF, or too large, are refused and nothing is stored; nobody but the admin and the
//! customer who filed it reads a complaint or its attachment.

use base64::Engine;
use serde_json::{json, Value};

use super::mailbox::mails_to;
use super::*;

const GUEST: &str = "jan.kowalski@example.test";

/// A small PNG picture (its signature and a header: what a PNG starts with).
pub(super) fn picture() -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0".to_vec();
    png.extend_from_slice(&[0x1f, 0x15, 0xc4, 0x89]);
    png
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// A complaint about order `number` from `email`, with `files` (name, bytes).
pub(super) fn complaint(number: &str, email: &str, files: &[(&str, Vec<u8>)]) -> Value {
    let attachments: Vec<Value> =
        files.iter().map(|(name, bytes)| json!({ "name": name, "content": base64(bytes) })).collect();
    json!({ "number": number, "email": email, "text": "Autobus przyjechał 40 minut po czasie.",
        "language": "pl", "attachments": attachments })
}

/// An order placed (with `token`, or as a guest) on a course of tomorrow; its id and number.
pub(super) async fn an_order(app: &BookingApp, token: Option<&str>) -> (Uuid, String) {
    let line = line(&app.pool).await;
    let course = course(app, &line, tomorrow(), 10).await;
    let order = booking(course, &line, 0, 2, json!([{ "qty": 1 }]));
    let (status, placed) = body(app.post("/api/order/order/place", &order, token, None).await).await;
    assert_eq!(status, 201, "{placed}");
    let id: Uuid = placed["data"]["order_id"].as_str().expect("id").parse().expect("uuid");
    let number = std::cell::RefCell::new(String::new());
    eventually("the order in the read model", || async {
        let found: Option<String> = sqlx::query_scalar("select number from rm_orders where order_id = $1")
            .bind(id)
            .fetch_optional(&app.pool)
            .await
            .expect("read");
        found.map(|n| *number.borrow_mut() = n).is_some()
    })
    .await;
    (id, number.into_inner())
}

impl BookingApp {
    async fn get_with(&self, path: &str, token: Option<&str>) -> reqwest::Response {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        request.send().await.expect("request")
    }

    async fn file_complaint(&self, complaint: &Value, token: Option<&str>) -> (u16, Value) {
        body(self.post("/api/complaint/complaint/save", complaint, token, None).await).await
    }

    /// What is stored of complaints: files, read rows, streams.
    pub(super) async fn complaints_stored(&self) -> (i64, i64, i64) {
        let count = |sql: &'static str| async move {
            sqlx::query_scalar::<_, i64>(sql).fetch_one(&self.pool).await.expect("count")
        };
        (
            count("select count(*) from complaint_attachments").await,
            count("select count(*) from rm_complaints").await,
            count("select count(*) from es_events where stream_id like 'complaint-%'").await,
        )
    }
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_guest_files_a_complaint_with_a_picture_the_admin_answers_and_the_guest_is_told(pool: PgPool) {
    let app = spawn(pool).await;
    let (order_id, number) = an_order(&app, None).await;

    let (status, filed) = app.file_complaint(&complaint(&number, GUEST, &[("zdjęcie.png", picture())]), None).await;
    assert_eq!(status, 201, "{filed}");
    let id = filed["data"]["id"].as_str().expect("id").to_owned();
    let complaint_number = filed["data"]["number"].as_str().expect("number").to_owned();
    let today = api_core::time::warsaw_today();
    assert!(complaint_number.starts_with(&format!("RK-{}-", chrono::Datelike::year(&today))), "{filed}");
    let month = today.checked_add_months(chrono::Months::new(1)).expect("a day").to_string();
    assert_eq!(filed["data"]["respond_by"], month.as_str());

    let confirmation = format!("Otrzymaliśmy reklamację {complaint_number}");
    eventually("the confirmation e-mail", || async {
        mails_to(&app.data_dir, GUEST).iter().any(|m| m.subject == confirmation)
    })
    .await;

    // The admin's list: the complaint, its days left to respond, its picture.
    let (status, list) =
        body(app.get_with("/api/complaint/complaint/all?filter[state][eq]=received", Some(&app.admin_token)).await)
            .await;
    assert_eq!(status, 200, "{list}");
    let row = &list["data"]["models"][0];
    assert_eq!(row["number"], complaint_number.as_str());
    assert_eq!(row["order_id"], order_id.to_string().as_str());
    let days = (today.checked_add_months(chrono::Months::new(1)).expect("a day") - today).num_days();
    assert_eq!(row["days_left"], days, "{row}");
    let attachment = row["attachments"][0]["id"].as_str().expect("an attachment").to_owned();
    assert_eq!(row["attachments"][0]["kind"], "png");

    // Its picture: a download of the bytes as filed, never rendered.
    let download =
        app.get_with(&format!("/api/complaint/attachment/download?id={attachment}"), Some(&app.admin_token)).await;
    assert_eq!(download.status(), 200);
    let header = |name: &str| download.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert_eq!(header("content-type"), "image/png");
    assert!(header("content-disposition").starts_with("attachment;"), "{}", header("content-disposition"));
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(download.bytes().await.expect("bytes").to_vec(), picture());

    // One with its order, then accepted and answered.
    let (status, one) =
        body(app.get_with(&format!("/api/complaint/complaint/one?id={id}"), Some(&app.admin_token)).await).await;
    assert_eq!((status, &one["data"]["order"]["number"]), (200, &json!(number)), "{one}");
    let step = |path: &'static str, body: Value| {
        let app = &app;
        async move { super::body(app.post(path, &body, Some(&app.admin_token), None).await).await }
    };
    let (status, answer) = step("/api/complaint/complaint/answer", json!({ "id": id, "text": "Przepraszamy." })).await;
    assert_eq!((status, &answer["code"]), (409, &json!("complaint.not_decided")), "{answer}");
    let (status, accepted) = step("/api/complaint/complaint/accept", json!({ "id": id })).await;
    assert_eq!((status, &accepted["data"]["state"]), (200, &json!("accepted")), "{accepted}");
    let text = "Przepraszamy za spóźnienie. Zwracamy 20 zł na konto.";
    let (status, answered) = step("/api/complaint/complaint/answer", json!({ "id": id, "text": text })).await;
    assert_eq!((status, &answered["data"]["state"]), (200, &json!("answered")), "{answered}");
    let (status, again) = step("/api/complaint/complaint/answer", json!({ "id": id, "text": "Jednak nie." })).await;
    assert_eq!((status, &again["code"]), (409, &json!("complaint.already_answered")), "{again}");
    let (status, _) = step("/api/complaint/complaint/reject", json!({ "id": id })).await;
    assert_eq!(status, 409, "a decided complaint is not rejected");

    let subject = format!("Odpowiedź na reklamację {complaint_number}");
    eventually("the answer e-mail", || async {
        mails_to(&app.data_dir, GUEST).iter().any(|m| m.subject == subject && m.text.contains(text))
    })
    .await;
    let (_, one) =
        body(app.get_with(&format!("/api/complaint/complaint/one?id={id}"), Some(&app.admin_token)).await).await;
    assert_eq!((&one["data"]["answer"], &one["data"]["days_left"]), (&json!(text), &Value::Null), "{one}");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn files_that_are_not_pictures_or_pdf_or_too_large_are_refused_and_nothing_is_stored(pool: PgPool) {
    let app = spawn(pool).await;
    let (_, number) = an_order(&app, None).await;
    let page = b"<html><script>alert(1)</script></html>".to_vec();
    let (status, refused) = app.file_complaint(&complaint(&number, GUEST, &[("photo.png", page)]), None).await;
    assert_eq!((status, &refused["code"]), (422, &json!("complaint.attachment_not_allowed")), "{refused}");
    assert_eq!(refused["errors"][0]["field"], "attachments[0]", "{refused}");

    let mut large = picture();
    large.resize(5 * 1024 * 1024 + 1, 0);
    let (status, refused) = app.file_complaint(&complaint(&number, GUEST, &[("big.png", large)]), None).await;
    assert_eq!((status, &refused["code"]), (422, &json!("complaint.attachment_too_large")), "{refused}");

    let four: Vec<(&str, Vec<u8>)> = (0..4).map(|_| ("a.png", picture())).collect();
    let (status, refused) = app.file_complaint(&complaint(&number, GUEST, &four), None).await;
    assert_eq!((status, &refused["code"]), (422, &json!("complaint.too_many_attachments")), "{refused}");

    let (status, refused) = app.file_complaint(&complaint(&number, "someone@example.test", &[]), None).await;
    assert_eq!((status, &refused["code"]), (422, &json!("complaint.unknown_order")), "{refused}");
    let (status, refused) = app.file_complaint(&complaint("NB-1999-000001", GUEST, &[]), None).await;
    assert_eq!((status, &refused["code"]), (422, &json!("complaint.unknown_order")), "{refused}");

    let mut blank = complaint(&number, GUEST, &[("a.png", picture())]);
    blank["text"] = json!("   ");
    let (status, refused) = app.file_complaint(&blank, None).await;
    assert_eq!((status, &refused["code"]), (422, &json!("complaint.empty_text")), "{refused}");

    assert_eq!(app.complaints_stored().await, (0, 0, 0), "a refused complaint stores nothing");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn only_the_admin_and_the_customer_who_filed_it_read_a_complaint_and_its_attachment(pool: PgPool) {
    let app = spawn(pool).await;
    let (_, number) = an_order(&app, Some(&app.user_token)).await;
    // Logged in, the account's order needs no matching e-mail.
    let (status, filed) = app
        .file_complaint(
            &complaint(&number, "other.address@example.test", &[("a.png", picture())]),
            Some(&app.user_token),
        )
        .await;
    assert_eq!(status, 201, "{filed}");
    let id = filed["data"]["id"].as_str().expect("id").to_owned();

    let (status, mine) = body(app.get_with("/api/complaint/complaint/my", Some(&app.user_token)).await).await;
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["data"]["models"][0]["id"], id.as_str(), "{mine}");
    assert_eq!(mine["data"]["models"][0]["state"], "received");
    let attachment = mine["data"]["models"][0]["attachments"][0]["id"].as_str().expect("attachment").to_owned();

    let other = user(&app.pool, "stranger@example.test", "User").await.1;
    let (status, theirs) = body(app.get_with("/api/complaint/complaint/my", Some(&other)).await).await;
    assert_eq!((status, &theirs["data"]["models"]), (200, &json!([])), "{theirs}");
    let one = format!("/api/complaint/complaint/one?id={id}");
    let file = format!("/api/complaint/attachment/download?id={attachment}");
    for path in [&one, &file] {
        assert_eq!(app.get_with(path, Some(&other)).await.status(), 403, "{path}: another user");
        assert_eq!(app.get_with(path, None).await.status(), 401, "{path}: a guest");
        assert_eq!(app.get_with(path, Some(&app.user_token)).await.status(), 200, "{path}: the owner");
        assert_eq!(app.get_with(path, Some(&app.admin_token)).await.status(), 200, "{path}: the admin");
    }
    let (status, _) =
        body(app.post("/api/complaint/complaint/accept", &json!({ "id": id }), Some(&app.user_token), None).await)
            .await;
    assert_eq!(status, 403, "a customer does not accept their own complaint");
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn the_daily_report_names_the_complaints_near_their_deadline(pool: PgPool) {
    use command_api::processes::complaint_report;

    let app = spawn(pool).await;
    let (_, number) = an_order(&app, None).await;
    let (status, filed) = app.file_complaint(&complaint(&number, GUEST, &[]), None).await;
    assert_eq!(status, 201, "{filed}");
    let complaint_number = filed["data"]["number"].as_str().expect("number").to_owned();
    let yesterday = api_core::time::warsaw_today().pred_opt().expect("a day");
    // A month to respond: far from the deadline, the report says nothing of it.
    let section = complaint_report::section(&app.pool, yesterday).await.expect("the section");
    assert!(!section.contains(&complaint_number), "{section}");

    // Three days before its deadline (as if filed almost a month ago), the report names it.
    sqlx::query("update rm_complaints set respond_by = current_date + 3")
        .execute(&app.pool)
        .await
        .expect("an older complaint");
    let section = complaint_report::section(&app.pool, yesterday).await.expect("the section");
    assert!(section.contains(&format!("{complaint_number} (zamówienie {number}): odpowiedź wstępna")), "{section}");
}

/// Issue 39: a filing retried with its key files once; an attachment named to look like a
/// page is kept under a safe name of its real type; a complaint filed as a guest is in the
/// account of the same e-mail; the office files one for a passenger who phoned, which a
/// customer cannot do.
#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_complaint_is_filed_once_named_safely_seen_in_the_account_and_filed_by_the_office(pool: PgPool) {
    let app = spawn(pool).await;
    let (_, number) = an_order(&app, None).await;
    let form = complaint(&number, GUEST, &[("faktura.pdf.html", b"%PDF-1.4 a pdf".to_vec())]);
    let file = |key: &'static str| {
        let app = &app;
        let form = form.clone();
        async move { body(app.post("/api/complaint/complaint/save", &form, None, Some(key)).await).await }
    };
    let (status, first) = file("form-1").await;
    assert_eq!(status, 201, "{first}");
    let (status, again) = file("form-1").await;
    assert_eq!((status, &again["data"]["number"]), (201, &first["data"]["number"]), "the same complaint: {again}");
    assert_eq!(app.complaints_stored().await.1, 1, "filed once");
    let id = first["data"]["id"].as_str().expect("id").to_owned();
    let (_, one) =
        body(app.get_with(&format!("/api/complaint/complaint/one?id={id}"), Some(&app.admin_token)).await).await;
    assert_eq!(one["data"]["attachments"][0]["name"], "faktura.pdf", "{one}");
    assert_eq!(one["data"]["attachments"][0]["kind"], "pdf");

    // The account of the same e-mail sees the guest's complaint, and may open it.
    let (_, token) = user(&app.pool, GUEST, "User").await;
    let (status, mine) = body(app.get_with("/api/complaint/complaint/my", Some(&token)).await).await;
    assert_eq!((status, mine["data"]["models"][0]["id"].as_str()), (200, Some(id.as_str())), "{mine}");
    let (status, _) = body(app.get_with(&format!("/api/complaint/complaint/one?id={id}"), Some(&token)).await).await;
    assert_eq!(status, 200);
    let (status, _) =
        body(app.get_with(&format!("/api/complaint/complaint/one?id={id}"), Some(&app.user_token)).await).await;
    assert_eq!(status, 403, "another account does not");

    // The office files one for a passenger who phoned: the order by its number alone.
    let mut phoned = complaint(&number, "rodzina@example.test", &[]);
    phoned["received_via"] = json!("phone");
    let (status, refused) = app.file_complaint(&phoned, Some(&app.user_token)).await;
    assert_eq!(status, 403, "only the office: {refused}");
    let (status, by_office) = app.file_complaint(&phoned, Some(&app.admin_token)).await;
    assert_eq!(status, 201, "{by_office}");
    let office_id = by_office["data"]["id"].as_str().expect("id").to_owned();
    eventually("the office's complaint in the list", || async {
        let (_, one) =
            body(app.get_with(&format!("/api/complaint/complaint/one?id={office_id}"), Some(&app.admin_token)).await)
                .await;
        one["data"]["received_via"] == "phone"
    })
    .await;
    eventually("its confirmation to the address given", || async {
        mails_to(&app.data_dir, "rodzina@example.test").iter().any(|m| m.subject.starts_with("Otrzymaliśmy reklamację"))
    })
    .await;
}
