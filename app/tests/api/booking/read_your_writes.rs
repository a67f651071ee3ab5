//! A write answers once what a client reads next shows it: the read model's projection has
//! passed the write (`command_api::visible`). Before, a coupon fetched right after it was
//! issued was a 404 198 times in 200 (the projector had not run yet), which is what a
//! client that creates and then opens a resource meets, schemathesis's stateful phase
//! included.

use serde_json::json;

use super::*;

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_coupon_is_there_to_read_as_soon_as_it_is_issued_or_changed(pool: PgPool) {
    let app = spawn(pool).await;
    let admin = Some(app.admin_token.as_str());
    for i in 0..20 {
        let (status, issued) =
            body(app.post("/api/order/coupon/save", &json!({ "value": 1000 + i }), admin, None).await).await;
        assert_eq!(status, 201, "{issued}");
        let code = issued["data"]["code"].as_str().expect("a code").to_string();
        let read = app.client.get(app.url(&format!("/api/order/coupon/one?id={code}"))).bearer_auth(&app.admin_token);
        let (status, one) = body(read.send().await.expect("request")).await;
        assert_eq!(status, 200, "coupon {i} read right after it was issued: {one}");
        assert_eq!(one["data"]["current_value"], json!(1000 + i), "{one}");

        let change = app
            .client
            .put(app.url(&format!("/api/order/coupon/save?id={code}")))
            .bearer_auth(&app.admin_token)
            .json(&json!({ "current_value": 7 }));
        let (status, changed) = body(change.send().await.expect("request")).await;
        assert_eq!(status, 200, "{changed}");
        let read = app.client.get(app.url(&format!("/api/order/coupon/one?id={code}"))).bearer_auth(&app.admin_token);
        let (_, one) = body(read.send().await.expect("request")).await;
        assert_eq!(one["data"]["current_value"], json!(7), "coupon {i} read right after it was changed: {one}");
    }
}
