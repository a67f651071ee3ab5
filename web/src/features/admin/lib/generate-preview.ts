// What "generate" will call for, worked out from the timetables before anything is created: the API's
// generate has no dry run, so the panel counts the departures the active timetables ask for in the
// coming days (the server skips the ones that exist already).
import type { ApiSchema } from '@/shared/api/schema';

type Settings = ApiSchema<'CourseSettings'>;

export interface PreviewLine {
  settings: Settings;
  days: number;
  departures: number;
}

/** `YYYY-MM-DD` plus `days`. */
function addDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function generatePreview(timetables: Settings[], today: string, days: number | null): PreviewLine[] {
  return timetables
    .filter((settings) => settings.active)
    .map((settings) => {
      const span = days ?? settings.days_before_generate;
      const weekDays = new Set(settings.week_days.split(',').map(Number));
      let matching = 0;
      for (let offset = 0; offset < span; offset += 1) {
        const day = addDays(today, offset);
        if (settings.valid_from && day < settings.valid_from) continue;
        if (settings.valid_to && day > settings.valid_to) continue;
        if (weekDays.has(new Date(`${day}T12:00:00Z`).getUTCDay())) matching += 1;
      }
      return { settings, days: matching, departures: matching * settings.departure_times.length };
    });
}
