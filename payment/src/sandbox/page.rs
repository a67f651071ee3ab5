//! The sandbox's HTML: one self-contained page per transaction (inline CSS, no script,
//! nothing fetched), in the transaction's language. Every interpolated value goes
//! through [`escape`].

use crate::gateway::Language;

use super::{SandboxStatus, SandboxTransaction};

struct Texts {
    title: &'static str,
    notice: &'static str,
    amount: &'static str,
    description: &'static str,
    order: &'static str,
    pay: &'static str,
    fail: &'static str,
    paid: &'static str,
    failed: &'static str,
    back: &'static str,
}

const PL: Texts = Texts {
    title: "Bramka płatności (sandbox)",
    notice: "To jest testowa bramka płatności: żadne pieniądze nie zostaną pobrane.",
    amount: "Kwota",
    description: "Opis",
    order: "Identyfikator płatności",
    pay: "Zapłać",
    fail: "Odrzuć płatność",
    paid: "Ta płatność została opłacona.",
    failed: "Ta płatność została odrzucona.",
    back: "Wróć do sklepu",
};

const EN: Texts = Texts {
    title: "Payment gateway (sandbox)",
    notice: "This is a test payment gateway: no money will be taken.",
    amount: "Amount",
    description: "Description",
    order: "Payment id",
    pay: "Pay",
    fail: "Fail payment",
    paid: "This payment has been paid.",
    failed: "This payment has been rejected.",
    back: "Back to the shop",
};

const STYLE: &str = "\
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f3f4f6;color:#111827;line-height:1.5}\
main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}\
h1{font-size:1.4rem;margin:0 0 1rem}\
.notice{background:#fff7d6;border:1px solid #b58900;border-radius:.5rem;padding:.5rem .75rem}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;align-items:baseline}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}\
.amount{font-size:1.25rem;font-weight:700}\
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}form{margin:0}\
button,.back{display:inline-flex;align-items:center;box-sizing:border-box;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}\
.pay{background:#166534;color:#fff;border:2px solid #166534}\
.fail{background:#fff;color:#9f1239;border:2px solid #9f1239}\
.back{background:#1e3a8a;color:#fff}\
button:focus-visible,.back:focus-visible{outline:3px solid #2563eb;outline-offset:2px}";

/// `&`, `<`, `>`, `"` and `'` as entities: safe in text and in quoted attributes.
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An amount in grosz as the customer reads it: `39,00 zł` in Polish, `PLN 39.00` in
/// English (other currencies: `39,00 EUR` / `EUR 39.00`).
pub fn format_amount(grosz: i64, currency: &str, language: Language) -> String {
    let sign = if grosz < 0 { "-" } else { "" };
    let (whole, fraction) = (grosz.unsigned_abs() / 100, grosz.unsigned_abs() % 100);
    match language {
        Language::Pl => {
            let unit = if currency == "PLN" { "zł" } else { currency };
            format!("{sign}{whole},{fraction:02} {unit}")
        }
        Language::En => format!("{currency} {sign}{whole}.{fraction:02}"),
    }
}

/// `url` with `failed=1` added to its query (before any `#fragment`).
pub fn with_failed_flag(url: &str) -> String {
    let (base, fragment) = match url.find('#') {
        Some(at) => url.split_at(at),
        None => (url, ""),
    };
    let joiner = match base.find('?') {
        None => "?",
        Some(_) if base.ends_with('?') || base.ends_with('&') => "",
        Some(_) => "&",
    };
    format!("{base}{joiner}failed=1{fragment}")
}

fn document(lang: &str, title: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\">\
<title>{title}</title><style>{STYLE}</style></head><body><main>{body}</main></body></html>\n",
        lang = escape(lang),
        title = escape(title),
    )
}

/// The gateway page of a transaction: its details and, while it is open, the two
/// buttons; once settled, what happened and a link back to the shop.
pub fn transaction(t: &SandboxTransaction) -> String {
    let texts = match t.language {
        Language::Pl => &PL,
        Language::En => &EN,
    };
    let details = format!(
        "<h1>{title}</h1><p class=\"notice\" role=\"note\">{notice}</p><dl>\
<dt>{amount_label}</dt><dd class=\"amount\">{amount}</dd>\
<dt>{description_label}</dt><dd>{description}</dd>\
<dt>{order_label}</dt><dd>{order}</dd></dl>",
        title = escape(texts.title),
        notice = escape(texts.notice),
        amount_label = escape(texts.amount),
        amount = escape(&format_amount(t.amount, &t.currency, t.language)),
        description_label = escape(texts.description),
        description = escape(&t.description),
        order_label = escape(texts.order),
        order = escape(&t.session_id),
    );
    let token = escape(&t.token);
    let actions = match t.status {
        SandboxStatus::Registered => format!(
            "<div class=\"actions\">\
<form method=\"post\" action=\"/api/payment/sandbox/{token}/pay\"><button type=\"submit\" class=\"pay\">{pay}</button></form>\
<form method=\"post\" action=\"/api/payment/sandbox/{token}/fail\"><button type=\"submit\" class=\"fail\">{fail}</button></form>\
</div>",
            pay = escape(texts.pay),
            fail = escape(texts.fail),
        ),
        SandboxStatus::Paid => settled(texts.paid, texts.back, &t.url_return),
        SandboxStatus::Failed => settled(texts.failed, texts.back, &with_failed_flag(&t.url_return)),
    };
    document(t.language.as_str(), texts.title, &format!("{details}{actions}"))
}

fn settled(message: &str, back: &str, url: &str) -> String {
    format!(
        "<p role=\"status\">{message}</p><div class=\"actions\"><a class=\"back\" href=\"{url}\">{back}</a></div>",
        message = escape(message),
        url = escape(url),
        back = escape(back),
    )
}

/// The page for a token we do not know (or a failure), in both languages.
pub fn message(title_pl: &str, title_en: &str) -> String {
    let body = format!("<h1>{pl}</h1><p lang=\"en\">{en}</p>", pl = escape(title_pl), en = escape(title_en));
    document("pl", title_pl, &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_as_customers_expect() {
        assert_eq!(format_amount(3900, "PLN", Language::Pl), "39,00 zł");
        assert_eq!(format_amount(3900, "PLN", Language::En), "PLN 39.00");
        assert_eq!(format_amount(5, "PLN", Language::Pl), "0,05 zł");
        assert_eq!(format_amount(123456, "EUR", Language::En), "EUR 1234.56");
    }

    #[test]
    fn escape_neutralises_markup_and_quotes() {
        assert_eq!(escape(r#"<a href="x">'&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }

    #[test]
    fn the_failed_flag_joins_the_query_correctly() {
        assert_eq!(with_failed_flag("http://shop/after"), "http://shop/after?failed=1");
        assert_eq!(with_failed_flag("http://shop/after?hash_id=ab"), "http://shop/after?hash_id=ab&failed=1");
        assert_eq!(with_failed_flag("http://shop/after?"), "http://shop/after?failed=1");
        assert_eq!(with_failed_flag("http://shop/a?x=1#top"), "http://shop/a?x=1&failed=1#top");
    }
}
