//! The texts of the account e-mails: Polish first (the default locale), English below,
//! in one plain-text message, because we do not know the reader's language when they
//! register. Each carries one link to a page of the web app with the token in the query.

use api_core::mail::Email;

/// `{public_url}{page}?token={token}`, tolerating a trailing slash in `public_url`.
pub fn link(public_url: &str, page: &str, token: &str) -> String {
    format!("{}{page}?token={token}", public_url.trim_end_matches('/'))
}

/// The registration e-mail with the activation link (`/confirm`, valid 48 hours).
pub fn activation(to: &str, first_name: &str, public_url: &str, token: &str) -> Email {
    let url = link(public_url, "/confirm", token);
    let text = format!(
        "Dzień dobry {first_name},\n\n\
         dziękujemy za rejestrację. Aby aktywować konto, otwórz poniższy link:\n\n\
         {url}\n\n\
         Link jest ważny przez 48 godzin. Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.\n\n\
         ----\n\n\
         Hello {first_name},\n\n\
         thank you for registering. To activate your account, open this link:\n\n\
         {url}\n\n\
         The link is valid for 48 hours. If you did not create an account, please ignore this message.\n"
    );
    Email { to: to.to_string(), subject: "Aktywacja konta / Account activation".into(), text, attachments: Vec::new() }
}

/// The forgot-password e-mail with the link to `/change-password` (valid 1 hour).
pub fn password_reset(to: &str, first_name: &str, public_url: &str, token: &str) -> Email {
    let url = link(public_url, "/change-password", token);
    let text = format!(
        "Dzień dobry {first_name},\n\n\
         otrzymaliśmy prośbę o zmianę hasła do Twojego konta. Aby ustawić nowe hasło, otwórz poniższy link:\n\n\
         {url}\n\n\
         Link jest ważny przez 1 godzinę i można go użyć tylko raz. Jeśli to nie Ty prosiłeś o zmianę, \
         zignoruj tę wiadomość: Twoje hasło się nie zmieni.\n\n\
         ----\n\n\
         Hello {first_name},\n\n\
         we received a request to change the password of your account. To set a new password, open this link:\n\n\
         {url}\n\n\
         The link is valid for 1 hour and can be used once. If you did not ask for this, please ignore this \
         message: your password will not change.\n"
    );
    Email { to: to.to_string(), subject: "Zmiana hasła / Password change".into(), text, attachments: Vec::new() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_point_at_the_web_pages() {
        assert_eq!(
            link("https://bilety.example.pl/", "/confirm", "abc"),
            "https://bilety.example.pl/confirm?token=abc"
        );
        assert_eq!(
            link("http://127.0.0.1:8080", "/change-password", "t"),
            "http://127.0.0.1:8080/change-password?token=t"
        );
    }

    #[test]
    fn polish_comes_first_then_english() {
        let mail = activation("jan@example.pl", "Jan", "http://x", "tok");
        let pl = mail.text.find("Dzień dobry Jan").unwrap();
        let en = mail.text.find("Hello Jan").unwrap();
        assert!(pl < en);
        assert_eq!(mail.text.matches("http://x/confirm?token=tok").count(), 2);
        let reset = password_reset("jan@example.pl", "Jan", "http://x", "tok");
        assert!(reset.text.contains("http://x/change-password?token=tok"));
        assert_eq!(reset.to, "jan@example.pl");
    }
}
