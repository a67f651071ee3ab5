//! Writes a sample of the desk's print, to look at the layout:
//! `cargo run -p documents --example sample_desk_print -- /tmp/desk.pdf [receipt|a4] [count]`.

use documents::{desk_pdf, DeskPrint, Paper, PaymentNote, PrintedTicket, TicketDocument};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "desk.pdf".into());
    let paper = if args.next().as_deref() == Some("a4") { Paper::A4 } else { Paper::Receipt80 };
    let count: u32 = args.next().map(|c| c.parse()).transpose()?.unwrap_or(2);
    let tickets = (1..=count)
        .map(|n| PrintedTicket {
            number: format!("NK-2026-{n:06}"),
            code: format!("K7QXAB23CD{n:02}"),
            qr: format!("NB1.eyJ2IjoxLCJrIjoiYWJjZGVmMDEyMzQ1Njc4OSIsIm4iOiJOSy0yMDI2LTAwMDEyMyJ9.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJl{n:04}"),
            passenger: "Zażółć Gęślą-Jaźń".into(),
            route_name: "Rzeszów – Nisko – Stalowa Wola – Kraków".into(),
            from_name: "Łańcut, Dworzec Autobusowy".into(),
            to_name: "Kraków, MDA".into(),
            departure: "12.05.2026 08:15".into(),
            arrival: "12.05.2026 10:45".into(),
            price: "39,00 zł".into(),
            discount: (n == 2).then(|| "Student (ustawowa 51%)".into()),
        })
        .collect();
    let doc = DeskPrint {
        tickets: TicketDocument { carrier: "Nisko Bus".into(), order_ref: "NB/2026/000123".into(), tickets },
        payment: PaymentNote {
            seller: vec![
                "Nisko Bus sp. z o.o.".into(),
                "ul. Kolejowa 12, 37-400 Nisko".into(),
                "NIP 8652556348".into(),
            ],
            paid_at: "12.05.2026 07:40".into(),
            method: "Gotówka / Cash".into(),
            total: "58,11 zł".into(),
        },
    };
    std::fs::write(&path, desk_pdf(&doc, paper)?)?;
    println!("{path}");
    Ok(())
}
