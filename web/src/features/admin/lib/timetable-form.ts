// The timetable form (route-course-settings): departure times, week days 0-6 (0 = Sunday), seats,
// days ahead to generate, validity. Used for each timetable of a route through the generic form.
import * as z from 'zod/mini';

import { CourseSettingsInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { datesInOrder, intText, text } from './validation';

type Settings = ApiSchema<'CourseSettings'>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function parseTimes(value: string): string[] {
  return value
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export const timetableSchema = z
  .object({
    name: text(CourseSettingsInput.name.maxLength),
    departure_times: z.string().check(
      z.refine((value) => {
        const times = parseTimes(value);
        return times.length > 0 && times.every((time) => TIME.test(time));
      }, 'times'),
    ),
    week_days: z.array(z.string()).check(z.minLength(1, 'weekDays')),
    seats: intText(CourseSettingsInput.seats.minimum, CourseSettingsInput.seats.maximum),
    days_before_generate: intText(CourseSettingsInput.days_before_generate.minimum, CourseSettingsInput.days_before_generate.maximum),
    valid_from: z.string(),
    valid_to: z.string(),
    active: z.boolean(),
  })
  .check(datesInOrder());

export type TimetableValues = z.infer<typeof timetableSchema>;

export function timetableValues(settings: Settings | undefined): TimetableValues {
  return {
    name: settings?.name ?? '',
    departure_times: settings?.departure_times.join(', ') ?? '',
    week_days: settings ? settings.week_days.split(',').filter(Boolean) : ['1', '2', '3', '4', '5'],
    seats: String(settings?.seats ?? 49),
    days_before_generate: String(settings?.days_before_generate ?? 30),
    valid_from: settings?.valid_from ?? '',
    valid_to: settings?.valid_to ?? '',
    active: settings?.active ?? true,
  };
}

export function timetableInput(routeId: number, values: TimetableValues) {
  return {
    route_id: routeId,
    name: values.name.trim(),
    departure_times: [...new Set(parseTimes(values.departure_times))],
    week_days: values.week_days.map(Number).sort(),
    seats: Number(values.seats),
    days_before_generate: Number(values.days_before_generate),
    valid_from: values.valid_from || null,
    valid_to: values.valid_to || null,
    active: values.active,
  };
}
