// Which courses the change of course shows before "more" (issue #30): the list holds up to 30
// courses, soonest first, from now on; a ticket for next week used to open on today's courses, its own
// day hidden behind "Pokaż jeszcze 24 kursy". The first ones shown now start at the ticket's own day.
import { warsawDate } from '@/shared/lib/warsaw-time';

import type { ChangeOption } from '../api/get-change-options';

/**
 * `count` options from the first that leaves on the ticket's day (`ticketDeparture`, RFC 3339) or later
 * (the last `count` when none does), widened to include the chosen one.
 */
export function firstOptions(options: ChangeOption[], ticketDeparture: string, chosenId: string | null, count: number): ChangeOption[] {
  const ticketDay = warsawDate(new Date(ticketDeparture));
  const fromTicketDay = options.findIndex((option) => warsawDate(new Date(option.departure_at)) >= ticketDay);
  let start = fromTicketDay === -1 ? Math.max(0, options.length - count) : fromTicketDay;
  let end = start + count;
  const chosen = options.findIndex((option) => option.course_id === chosenId);
  if (chosen !== -1) {
    start = Math.min(start, chosen);
    end = Math.max(end, chosen + 1);
  }
  return options.slice(start, end);
}
