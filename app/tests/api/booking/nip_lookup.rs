//! `GET /api/company/nip-lookup` through real HTTP against the register's stand-in
//! (`--wl-api-url sandbox`, issue 40): a known company's name and address split into the
//! form's fields, a NIP the register does not know, a malformed NIP never sent, an
//! unreachable register, and the day's answers kept (the register is asked once a NIP).

use super::*;

async fn lookup(app: &BookingApp, nip: &str) -> (u16, serde_json::Value) {
    let url = app.url(&format!("/api/company/nip-lookup?nip={}", urlencode(nip)));
    body(app.client.get(url).send().await.expect("lookup")).await
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'-' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

#[sqlx::test(migrator = "schema::MIGRATOR")]
async fn a_nip_fills_in_the_company_from_the_register_or_says_why_not(pool: PgPool) {
    let app = spawn_with(pool, &["--wl-api-url", "sandbox"]).await;

    let (status, found) = lookup(&app, "PL 526-025-02-74").await;
    assert_eq!(status, 200, "{found}");
    let t = &found["data"];
    assert_eq!(t["nip"], "5260250274");
    assert_eq!(t["name"], "MINISTERSTWO FINANSÓW");
    assert_eq!(
        (t["address"].as_str(), t["postal_code"].as_str(), t["city"].as_str()),
        (Some("ul. Świętokrzyska 12"), Some("00-916"), Some("Warszawa"))
    );
    assert_eq!(t["status_vat"], "Czynny");

    // A valid NIP no VAT payer has.
    let (status, unknown) = lookup(&app, "1234563218").await;
    assert_eq!((status, unknown["code"].as_str()), (404, Some("nip.not_in_register")), "{unknown}");

    // Malformed: refused here, on the field.
    for bad in ["", "123", "5260250275"] {
        let (status, refused) = lookup(&app, bad).await;
        assert_eq!(status, 422, "{bad}: {refused}");
        assert_eq!(refused["errors"][0]["field"], "nip", "{refused}");
    }

    // The register unreachable: a clear 503, and nothing kept.
    let (status, down) = lookup(&app, taxpayers::stand_in::DOWN).await;
    assert_eq!((status, down["code"].as_str()), (503, Some("nip.register_unavailable")), "{down}");
    let kept: i64 = sqlx::query_scalar("select count(*) from nip_lookups where nip = $1")
        .bind(taxpayers::stand_in::DOWN)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(kept, 0);

    // The day's answer is kept: asked again, it is answered from there.
    sqlx::query("update nip_lookups set answer = jsonb_set(answer, '{name}', '\"KEPT\"') where nip = '5260250274'")
        .execute(&app.pool)
        .await
        .unwrap();
    let (_, again) = lookup(&app, "5260250274").await;
    assert_eq!(again["data"]["name"], "KEPT");
}
