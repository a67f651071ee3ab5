// The addresses a passenger is sent to about a journey's problems, without the language prefix
// (useLocalizedPath adds `/en`): the choice page of a cancelled or late course (issue 28), the
// complaint form and the content page on passenger rights (EU Regulation 181/2011, issue 39). The
// choice page and the complaint form have an English address of their own.

/** The content page "Prawa pasażera" (seeded with this slug, in both languages). */
export const PASSENGER_RIGHTS_PATH = '/prawa-pasazera';

/** The complaint form: /reklamacje, /en/complaints. */
export function complaintsPath(locale: string): string {
  return locale === 'en' ? '/complaints' : '/reklamacje';
}

/** The page of the choice for a link's token, in the page's language. */
export function disruptionPath(locale: string, token: string): string {
  return `${locale === 'en' ? '/disrupted-course' : '/odwolany-kurs'}/${encodeURIComponent(token)}`;
}

/** An instant as the passenger pages write a deadline or a new departure: "27.11.2026 14:30" (Warsaw). */
export function shortDateTime(format: { date: (instant: string, style: 'short') => string; time: (instant: string) => string }, instant: string): string {
  return `${format.date(instant, 'short')} ${format.time(instant)}`;
}

/** `instant` plus `minutes`, as an ISO instant. */
export function minutesLater(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * 60_000).toISOString();
}
