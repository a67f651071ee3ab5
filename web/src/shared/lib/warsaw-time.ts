// Warsaw wall-clock time as the API writes it: days as 'YYYY-MM-DD', and its filters take
// 'YYYY-MM-DD HH:MM:SS' (docs/conventions.md, 'Times are Warsaw times').

// One formatter for both, made on first use (not when the module loads) and kept: making an Intl
// formatter costs far more than using one. en-CA writes the parts in ISO order.
let formatter: Intl.DateTimeFormat | undefined;
const options: Intl.DateTimeFormatOptions = {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

function warsawParts(date: Date): Record<string, string> {
  formatter ??= new Intl.DateTimeFormat('en-CA', options);
  return Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
}

/** `date` in Warsaw time as 'YYYY-MM-DD HH:MM:SS'. */
export function formatApiDateTime(date: Date): string {
  const parts = warsawParts(date);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `YYYY-MM-DD` of `now` in Warsaw: the value of a date input defaulting to "today". */
export function warsawDate(now: Date = new Date()): string {
  const parts = warsawParts(now);
  return `${parts.year}-${parts.month}-${parts.day}`;
}
