//! What one ticket PDF costs to render, and its size: 300 one-ticket orders with varied
//! passengers and stops (the e-mail after each payment carries one), timed one at a time.
//! `cargo run --release -p documents --example ticket_cost [count]`.

use std::time::Instant;

use documents::{ticket_pdf, PrintedTicket, TicketDocument};

const PASSENGERS: [&str; 8] = [
    "Jan Kowalski",
    "Zofia Wiśniewska",
    "Łukasz Żółkiewski",
    "Agnieszka Dąbrowska-Nowak",
    "Grzegorz Brzęczyszczykiewicz",
    "Małgorzata Ćwik",
    "Paweł Szczęsny",
    "Ewa Źródłowska",
];
const STOPS: [&str; 6] = [
    "Nisko, Dworzec Autobusowy",
    "Kraków, MDA Dworzec Autobusowy",
    "Stalowa Wola, Centrum",
    "Łańcut, Rynek",
    "Rzeszów, Dworzec Lokalny",
    "Tarnobrzeg, ul. Sienkiewicza",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let count: usize = std::env::args().nth(1).map(|c| c.parse()).transpose()?.unwrap_or(300);
    let docs: Vec<TicketDocument> = (0..count)
        .map(|n| TicketDocument {
            carrier: "Nisko Bus".into(),
            order_ref: format!("{:08x}", n * 7919),
            tickets: vec![PrintedTicket {
                number: format!("NK-2026-{:07}", 1_000_000 + n),
                code: format!("K{:05}", n * 31 % 99_999),
                qr: format!("NB1.eyJ0IjoiNWYzYzFkNGUtOWE0Yi00YjI3LWE2ZDYtY2RhNzE0{n:06}.{}", "x".repeat(120)),
                passenger: PASSENGERS[n % PASSENGERS.len()].into(),
                route_name: "Nisko – Kraków".into(),
                from_name: STOPS[n % STOPS.len()].into(),
                to_name: STOPS[(n + 1) % STOPS.len()].into(),
                departure: format!("{:02}.12.2026 {:02}:15", 1 + n % 28, 5 + n % 17),
                arrival: format!("{:02}.12.2026 {:02}:45", 1 + n % 28, 7 + n % 17),
                // As `domain::money::format_pln` writes it, with a no-break space.
                price: format!("{},00\u{a0}zł", 20 + n % 40),
                discount: (n % 5 == 0).then(|| "Student".into()),
            }],
        })
        .collect();
    let mut times = Vec::with_capacity(count);
    let mut bytes = 0;
    for doc in &docs {
        let start = Instant::now();
        let pdf = ticket_pdf(doc)?;
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        bytes += pdf.len();
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / count as f64;
    println!(
        "{count} ticket PDFs: median {:.3} ms, mean {mean:.3} ms, p90 {:.3} ms; {:.1} KB each on average",
        times[count / 2],
        times[count * 9 / 10],
        bytes as f64 / count as f64 / 1024.0
    );
    Ok(())
}
