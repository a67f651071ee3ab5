//! Writes a sample ticket PDF, to look at the layout:
//! `cargo run -p documents --example sample_tickets -- /tmp/tickets.pdf [count]`.

use documents::{ticket_pdf, PrintedTicket, TicketDocument};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "tickets.pdf".into());
    let count: u32 = args.next().map(|c| c.parse()).transpose()?.unwrap_or(2);
    let tickets = (1..=count)
        .map(|n| PrintedTicket {
            number: format!("NB250512{n:04}"),
            code: format!("K7QX{n:02}"),
            qr: format!("NB1.eyJuIjoiTkIyNTA1MTJ7bn0ifQ.c2lnbmF0dXJl{n:04}"),
            passenger: "Zażółć Gęślą-Jaźń".into(),
            route_name: "Rzeszów – Nisko – Stalowa Wola – Kraków".into(),
            from_name: "Łańcut, Dworzec Autobusowy".into(),
            to_name: "Kraków, MDA".into(),
            departure: "12.05.2025 08:15".into(),
            arrival: "12.05.2025 10:45".into(),
            price: "39,00 zł".into(),
            discount: (n == 2).then(|| "Student".into()),
        })
        .collect();
    let doc = TicketDocument { carrier: "Nisko Bus".into(), order_ref: "a1b2c3d4".into(), tickets };
    std::fs::write(&path, ticket_pdf(&doc)?)?;
    println!("{path}");
    Ok(())
}
