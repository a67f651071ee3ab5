// A correction invoice's line as the office reads it. A returned ticket's correction takes off what was
// given back (the ticket's price less the return fee kept), so its line alone ("−1 × 35,10 zł" against a
// 39,00 zł ticket) hides the fee: here it is spelt out from the correction's reason (the server writes
// "Zwrot biletu NK-…"), its amount and the ticket's price on the order.

/** A returned ticket's correction: the ticket's price, the fee kept and what was given back (grosz). */
export interface ReturnCorrection {
  number: string;
  price: number;
  fee: number;
  back: number;
}

/** The correction of a returned ticket, or null when `reason` names none of `tickets` (another kind of
 * correction) or the amounts do not add up. `gross` is the correction's own (negative: less). */
export function returnCorrection(reason: string | null | undefined, gross: number, tickets: readonly { number: string; price: number }[]): ReturnCorrection | null {
  const number = /^Zwrot biletu (NK-[\w-]+)$/.exec((reason ?? '').trim())?.[1];
  const ticket = number ? tickets.find((candidate) => candidate.number === number) : undefined;
  if (!number || !ticket) return null;
  const back = -gross;
  const fee = ticket.price - back;
  return back > 0 && fee >= 0 ? { number, price: ticket.price, fee, back } : null;
}
