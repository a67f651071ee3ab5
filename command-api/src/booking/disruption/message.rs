//! The words of a disruption's message (docs/disruptions.md, "What the passenger is
//! told"): one e-mail and one text per order and announcement, in the order's language,
//! saying what happened, the new expected time, what the passenger may choose and until
//! when, what a refund gives back (the return leg too), the compensation owed, and where
//! their rights and the complaint form are. Pure: [`words`] from [`Facts`].

use chrono::{DateTime, Utc};
use domain::order::Language;
use domain::rights::Rights;

/// What the message is about.
#[derive(Debug, Clone)]
pub struct Facts<'a> {
    pub language: Language,
    pub first_name: &'a str,
    pub order_number: &'a str,
    pub route: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    /// The passenger's scheduled departure from their stop.
    pub departure: DateTime<Utc>,
    /// `None`: cancelled; `Some(0)`: back on time; `Some(m)`: `m` minutes late.
    pub delay_minutes: Option<u32>,
    /// Cancelled from this stop onward (the course ends there).
    pub cut_at: Option<&'a str>,
    pub reason: &'a str,
    /// The choice is offered, open until then.
    pub choice_until: Option<DateTime<Utc>>,
    /// The passenger had been offered the choice before, and this notice takes it away.
    pub choice_withdrawn: bool,
    /// What a full refund gives back, formatted.
    pub refund: &'a str,
    /// The refund includes the return leg (its purpose is gone).
    pub includes_return: bool,
    /// An order still waiting for payment, cancelled with the course.
    pub order_cancelled: bool,
    /// Compensation owed (art. 19(2)), formatted.
    pub compensation: Option<&'a str>,
    pub rights: Rights,
    pub link: &'a str,
    /// The site with the language's prefix, e.g. `https://…/en`.
    pub site: &'a str,
}

/// The message: subject, e-mail text, SMS text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Words {
    pub subject: String,
    pub text: String,
    pub sms: String,
}

fn local(at: DateTime<Utc>) -> String {
    api_core::time::warsaw(at).format("%d.%m.%Y %H:%M").to_string()
}

fn clock(at: DateTime<Utc>) -> String {
    api_core::time::warsaw(at).format("%H:%M").to_string()
}

/// The message's words.
pub fn words(f: &Facts<'_>) -> Words {
    match f.language {
        Language::Pl => polish(f),
        Language::En => english(f),
    }
}

fn polish(f: &Facts<'_>) -> Words {
    let when = local(f.departure);
    let expected = f.delay_minutes.map(|m| f.departure + chrono::Duration::minutes(i64::from(m)));
    let course = format!("{} ({} → {}) z odjazdem {when}", f.route, f.from, f.to);
    let (subject, what) = match (f.delay_minutes, f.cut_at) {
        (None, Some(stop)) => (
            "Kurs odwołany",
            format!("kurs {course} został odwołany od przystanku {stop}: nie dojedzie do Twojego celu."),
        ),
        (None, None) => ("Kurs odwołany", format!("kurs {course} został odwołany.")),
        (Some(0), _) => ("Kurs zgodnie z rozkładem", format!("kurs {course} odjedzie zgodnie z rozkładem.")),
        (Some(m), _) => (
            "Kurs opóźniony",
            format!(
                "kurs {course} jest opóźniony o {m} min. Przewidywany odjazd: {}.",
                expected.map(local).unwrap_or_default()
            ),
        ),
    };
    let mut text = format!("Dzień dobry {},\n\n{what}\n", f.first_name);
    if !f.reason.trim().is_empty() {
        text.push_str(&format!("Powód: {}\n", f.reason.trim()));
    }
    text.push_str(&format!("Zamówienie {}\n\n", f.order_number));
    if f.order_cancelled {
        text.push_str(&format!(
            "Twoje zamówienie nie było jeszcze opłacone, więc zostało anulowane: nic nie zostanie pobrane.\nSzczegóły: {}\n",
            f.link
        ));
    } else if let Some(until) = f.choice_until {
        let back = if f.includes_return { " – razem z biletami powrotnymi" } else { "" };
        text.push_str(&format!(
            "Do {} możesz wybrać:\n\
             - inny kurs między tymi samymi przystankami (także innej linii, teraz albo w późniejszym terminie) bez dopłaty,\n\
             - albo pełny zwrot ceny biletów ({}{back}) bez żadnych opłat.\n",
            local(until),
            f.refund
        ));
        if f.delay_minutes.is_some() {
            text.push_str("Możesz też po prostu pojechać tym kursem – bilet pozostaje ważny.\n");
        }
        text.push_str(&format!("Wybierz tutaj: {}\n", f.link));
    } else {
        if f.choice_withdrawn {
            text.push_str(
                "Opóźnienie jest teraz krótsze niż 120 minut, więc wybór innego kursu lub zwrotu bez opłat nie jest już dostępny. \
                 Bilet pozostaje ważny.\n",
            );
        }
        text.push_str(&format!("Szczegóły: {}\n", f.link));
    }
    if let Some(amount) = f.compensation {
        text.push_str(&format!(
            "\nPonieważ wybór zaproponowaliśmy dopiero po planowym odjeździe, należy Ci się odszkodowanie {amount} \
             (50% ceny biletu, art. 19 ust. 2 rozporządzenia UE 181/2011). Wypłacimy je na konto, z którego zapłacono.\n"
        ));
    }
    if f.rights.assistance && f.delay_minutes.is_none_or(|m| m > 90) {
        text.push_str(
            "\nW podróży dłuższej niż 3 godziny zapewniamy przekąski i posiłki, a w razie potrzeby nocleg (do 2 nocy).\n",
        );
    }
    text.push_str(&format!(
        "\nTwoje prawa pasażera: {}/prawa-pasazera\nReklamacja: {}/reklamacje\n\
         Organ nadzoru: Główny Inspektorat Transportu Drogowego (GITD), www.gitd.gov.pl.\n",
        f.site, f.site
    ));
    let sms = polish_sms(f, &when, expected);
    Words { subject: format!("{subject} – zamówienie {}", f.order_number), text, sms }
}

fn english(f: &Facts<'_>) -> Words {
    let when = local(f.departure);
    let expected = f.delay_minutes.map(|m| f.departure + chrono::Duration::minutes(i64::from(m)));
    let trip = format!("{} ({} → {}) departing {when}", f.route, f.from, f.to);
    let (subject, what) = match (f.delay_minutes, f.cut_at) {
        (None, Some(stop)) => (
            "Trip cancelled",
            format!(
                "your trip {trip} has been cancelled from the stop {stop} onward: it will not reach your destination."
            ),
        ),
        (None, None) => ("Trip cancelled", format!("your trip {trip} has been cancelled.")),
        (Some(0), _) => ("Trip back on time", format!("your trip {trip} will leave on time.")),
        (Some(m), _) => (
            "Trip delayed",
            format!(
                "your trip {trip} is running {m} minutes late. Expected departure: {}.",
                expected.map(local).unwrap_or_default()
            ),
        ),
    };
    let mut text = format!("Hello {},\n\n{what}\n", f.first_name);
    if !f.reason.trim().is_empty() {
        text.push_str(&format!("Reason: {}\n", f.reason.trim()));
    }
    text.push_str(&format!("Order {}\n\n", f.order_number));
    if f.order_cancelled {
        text.push_str(&format!(
            "Your order had not been paid yet, so it has been cancelled: nothing will be charged.\nDetails: {}\n",
            f.link
        ));
    } else if let Some(until) = f.choice_until {
        let back = if f.includes_return { " – your return tickets included" } else { "" };
        text.push_str(&format!(
            "Until {} you may choose:\n\
             - another departure between the same two stops (on any line, now or at a later date) at no extra cost,\n\
             - or a full refund of your tickets ({}{back}) with no fee.\n",
            local(until),
            f.refund
        ));
        if f.delay_minutes.is_some() {
            text.push_str("You may also simply travel on this departure: your ticket stays valid.\n");
        }
        text.push_str(&format!("Choose here: {}\n", f.link));
    } else {
        if f.choice_withdrawn {
            text.push_str(
                "The delay is now under 120 minutes, so the choice of another departure or a fee-free refund is no longer \
                 available. Your ticket stays valid.\n",
            );
        }
        text.push_str(&format!("Details: {}\n", f.link));
    }
    if let Some(amount) = f.compensation {
        text.push_str(&format!(
            "\nAs we offered the choice only after the scheduled departure, you are owed compensation of {amount} \
             (50% of the ticket price, art. 19(2) of Regulation (EU) 181/2011). We will pay it to the account you paid from.\n"
        ));
    }
    if f.rights.assistance && f.delay_minutes.is_none_or(|m| m > 90) {
        text.push_str("\nOn journeys over 3 hours we provide snacks and meals, and accommodation (up to 2 nights) where needed.\n");
    }
    text.push_str(&format!(
        "\nYour passenger rights: {}/prawa-pasazera\nComplaints: {}/complaints\n\
         Enforcement body: the Road Transport Inspectorate (GITD), www.gitd.gov.pl.\n",
        f.site, f.site
    ));
    let sms = english_sms(f, &when, expected);
    Words { subject: format!("{subject} – order {}", f.order_number), text, sms }
}

/// The Polish text message: short, without diacritics (one SMS part).
fn polish_sms(f: &Facts<'_>, when: &str, expected: Option<DateTime<Utc>>) -> String {
    match (f.delay_minutes, f.choice_until) {
        _ if f.order_cancelled => {
            format!("Nisko Bus: kurs {when} odwolany, nieoplacone zamowienie {} anulowane.", f.order_number)
        }
        (None, Some(until)) => {
            format!("Nisko Bus: kurs {when} odwolany. Inny kurs lub zwrot do {}: {}", local(until), f.link)
        }
        (None, None) => format!("Nisko Bus: kurs {when} odwolany. {}", f.link),
        (Some(0), _) => format!("Nisko Bus: kurs {when} odjedzie zgodnie z rozkladem."),
        (Some(m), _) => format!(
            "Nisko Bus: kurs {when} opozniony o {m} min, odjazd ok. {}. {}",
            expected.map(clock).unwrap_or_default(),
            f.link
        ),
    }
}

/// The English text message.
fn english_sms(f: &Facts<'_>, when: &str, expected: Option<DateTime<Utc>>) -> String {
    match (f.delay_minutes, f.choice_until) {
        _ if f.order_cancelled => {
            format!("Nisko Bus: trip {when} cancelled, unpaid order {} cancelled.", f.order_number)
        }
        (None, Some(until)) => {
            format!("Nisko Bus: trip {when} cancelled. Other trip or refund until {}: {}", local(until), f.link)
        }
        (None, None) => format!("Nisko Bus: trip {when} cancelled. {}", f.link),
        (Some(0), _) => format!("Nisko Bus: trip {when} will leave on time."),
        (Some(m), _) => format!(
            "Nisko Bus: trip {when} {m} min late, leaving about {}. {}",
            expected.map(clock).unwrap_or_default(),
            f.link
        ),
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn facts(language: Language) -> Facts<'static> {
        Facts {
            language,
            first_name: "Anna",
            order_number: "NB-2026-000123",
            route: "Nisko – Kraków",
            from: "Nisko",
            to: "Kraków",
            departure: Utc.with_ymd_and_hms(2026, 12, 7, 11, 0, 0).single().expect("a time"),
            delay_minutes: Some(150),
            cut_at: None,
            reason: "Wypadek na trasie",
            choice_until: Some(Utc.with_ymd_and_hms(2026, 12, 21, 10, 0, 0).single().expect("a time")),
            choice_withdrawn: false,
            refund: "78,00 zł",
            includes_return: true,
            order_cancelled: false,
            compensation: None,
            rights: Rights { statutory: true, assistance: true },
            link: "https://x/odwolany-kurs/T",
            site: "https://x",
        }
    }

    #[test]
    fn a_delay_gives_the_new_time_the_deadline_the_return_leg_and_keeping_the_ticket() {
        let w = words(&facts(Language::Pl));
        assert_eq!(w.subject, "Kurs opóźniony – zamówienie NB-2026-000123");
        // 12:00 in Warsaw (winter), 150 minutes later 14:30.
        assert!(w.text.contains("Przewidywany odjazd: 07.12.2026 14:30."), "{}", w.text);
        assert!(w.text.contains("Do 21.12.2026 11:00 możesz wybrać"), "{}", w.text);
        assert!(w.text.contains("(78,00 zł – razem z biletami powrotnymi)"), "{}", w.text);
        assert!(w.text.contains("bilet pozostaje ważny"), "{}", w.text);
        assert!(w.text.contains("GITD") && w.text.contains("/prawa-pasazera") && w.text.contains("/reklamacje"));
        assert!(w.text.contains("nocleg"), "assistance on a long journey");
        assert!(w.sms.contains("odjazd ok. 14:30"), "{}", w.sms);
    }

    #[test]
    fn english_says_trip_and_a_reduced_delay_says_the_choice_is_gone() {
        let f = Facts { delay_minutes: Some(40), choice_until: None, choice_withdrawn: true, ..facts(Language::En) };
        let w = words(&f);
        assert_eq!(w.subject, "Trip delayed – order NB-2026-000123");
        assert!(w.text.starts_with("Hello Anna,"), "{}", w.text);
        assert!(w.text.contains("no longer available"), "{}", w.text);
        assert!(w.text.contains("/complaints"), "{}", w.text);
        let cancelled = words(&Facts { delay_minutes: None, ..facts(Language::En) });
        assert_eq!(cancelled.subject, "Trip cancelled – order NB-2026-000123");
        assert!(!cancelled.text.contains("simply travel"), "a cancelled trip cannot be kept");
    }

    #[test]
    fn an_unpaid_order_is_told_it_was_cancelled_not_offered_a_refund() {
        let f = Facts { delay_minutes: None, order_cancelled: true, ..facts(Language::Pl) };
        let w = words(&f);
        assert!(w.text.contains("nie było jeszcze opłacone"), "{}", w.text);
        assert!(!w.text.contains("zwrot ceny"), "{}", w.text);
        let on_time = words(&Facts { delay_minutes: Some(0), choice_until: None, ..facts(Language::Pl) });
        assert_eq!(on_time.subject, "Kurs zgodnie z rozkładem – zamówienie NB-2026-000123");
    }
}
