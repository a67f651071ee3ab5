// A banner's look as an office chooses it: colours by name, and how long a closed banner stays
// hidden in minutes, hours or days. The API keeps CSS classes (`bg-primary`, `text-white`) and
// seconds; these map one to the other. The classes are the site's (app/styles/notices.css).
import type { MessageDescriptor } from 'react-intl';

import { fields } from '../messages/field-messages';

import type { Option } from './area';

const option = (value: string, label: MessageDescriptor): Option => ({ value, label });

/** The strip's background colours the site has (`bg-*`), by name; none: the site's default. */
export const BACKGROUNDS: Option[] = [
  option('', fields.colourDefault),
  option('bg-primary', fields.colourBrand),
  option('bg-secondary', fields.colourGrey),
  option('bg-success', fields.colourGreen),
  option('bg-danger', fields.colourRed),
  option('bg-warning', fields.colourYellow),
  option('bg-info', fields.colourSea),
  option('bg-light', fields.colourLight),
  option('bg-dark', fields.colourDark),
];

/** The text colours the site has (`text-*`). */
export const TEXT_COLOURS: Option[] = [option('', fields.colourDefault), option('text-white', fields.colourWhite), option('text-dark', fields.colourDark)];

/** A stored class as one of the choices (one the site does not style shows as the default). */
export function colourChoice(options: Option[], stored: string | null | undefined): string {
  const value = (stored ?? '').trim();
  return options.some((choice) => choice.value === value) ? value : '';
}

/** The units a hiding time is typed in, in seconds. */
export const DURATION_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;

export const DURATION_OPTIONS: Option[] = [
  option('minutes', fields.unitMinutes),
  option('hours', fields.unitHours),
  option('days', fields.unitDays),
];

/** Seconds as the largest unit that holds them whole: 86400 -> 1 day, 7200 -> 2 hours, 90 -> 2 minutes (rounded). */
export function fromSeconds(seconds: number): { amount: string; unit: DurationUnit } {
  for (const unit of ['days', 'hours'] as const) {
    if (seconds > 0 && seconds % DURATION_UNITS[unit] === 0) return { amount: String(seconds / DURATION_UNITS[unit]), unit };
  }
  return { amount: String(Math.round(seconds / 60)), unit: 'minutes' };
}

/** An amount of a unit as seconds. */
export function toSeconds(amount: string, unit: string): number {
  return Number(amount.trim()) * (DURATION_UNITS[unit as DurationUnit] ?? 1);
}
