// The API's filters take local Warsaw time as 'YYYY-MM-DD HH:MM:SS' (spec §7, DECISIONS "Money and time").

// Made on first use (not when the module loads) and kept.
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

/** `date` in Warsaw time as 'YYYY-MM-DD HH:MM:SS'. */
export function formatApiDateTime(date: Date): string {
  formatter ??= new Intl.DateTimeFormat('en-CA', options);
  const parts = Object.fromEntries(formatter.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
