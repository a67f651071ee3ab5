// A sentence or heading naming a ticket's readable number, with the number kept on one line: on a
// phone a heading broke "NK-2026-000012" at its hyphens ("NK-2026-" / "000012"), which cannot be read
// off or typed in as it is (issue 30's screenshots). The sentence is translated whole; the number is
// found in it.
import './ticket-number.css';

export function WithTicketNumber({ text, number }: { text: string; number: string }) {
  const at = number ? text.indexOf(number) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="ticket-number">{number}</span>
      {text.slice(at + number.length)}
    </>
  );
}
