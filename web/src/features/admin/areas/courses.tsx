import * as z from 'zod/mini';

import { CourseInput } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';

import { CellValue } from '../components/cell-value';
import { CourseDisruptionSection } from '../components/course-disruption';
import { CourseDisruptionCell } from '../components/course-disruption-cell';
import { CourseGenerate } from '../components/course-generate';
import { CourseLoadSection } from '../components/course-load';
import { CoursePassengersSection } from '../components/course-passengers';
import { useCourseRouteOptions, useRouteFilterOptions } from '../hooks/use-route-options';
import { defineArea } from '../lib/define-area';
import { fromLocalInput, intText, toLocalInput } from '../lib/validation';
import { areaTitles } from '../messages/area-titles';
import { fields } from '../messages/field-messages';

type Course = ApiSchema<'Course'>;

const schema = z.object({
  route_id: z.string().check(z.minLength(1, 'required')),
  departure_at: z.string().check(z.minLength(1, 'required')),
  seats: intText(CourseInput.seats.minimum, CourseInput.seats.maximum),
  sale_open: z.boolean(),
});

/**
 * Courses: filtered by route and dates; capacity and sale open/closed (a saved course changes only
 * those), its load per segment and its passenger list (each ticket with its order); generated from the
 * timetables with a preview of what the timetables call for.
 */
export const coursesArea = defineArea<Course, z.infer<typeof schema>>({
  path: 'course/course',
  title: areaTitles.courses,
  newTitle: fields.newCourse,
  recordTitle: (course) => `${course.route_name}, ${toLocalInput(course.departure_at).replace('T', ' ')}`,
  idOf: (course) => course.id,
  defaultSort: 'departure_at',
  columns: [
    { key: 'departure_at', label: fields.departureAt, sortable: true, cell: (course) => <CellValue value={course.departure_at} /> },
    { key: 'route_name', label: fields.route },
    { key: 'seats', label: fields.seats, sortable: true, numeric: true },
    { key: 'sale_open', label: fields.saleOpen, sortable: true },
    { key: 'disruption', label: fields.courseDisruption, cell: (course) => <CourseDisruptionCell course={course} /> },
    { key: 'inventory_opened', label: fields.inventoryOpened },
  ],
  filters: [
    { field: 'route_id', op: 'eq', label: fields.route, kind: 'select', useOptions: useRouteFilterOptions },
    { field: 'date', op: 'gte', label: fields.dateFrom, kind: 'date' },
    { field: 'date', op: 'lte', label: fields.dateTo, kind: 'date' },
  ],
  listActions: () => <CourseGenerate />,
  sections: [
    ({ model }) => <CourseLoadSection courseId={model.id} />,
    ({ model }) => <CoursePassengersSection courseId={model.id} />,
    ({ model }) => <CourseDisruptionSection course={model} />,
  ],
  form: {
    schema,
    fields: [
      { name: 'route_id', label: fields.route, kind: 'select', required: true, useOptions: useCourseRouteOptions, readOnlyOnEdit: true },
      { name: 'departure_at', label: fields.departureAt, kind: 'datetime', required: true, readOnlyOnEdit: true, hint: fields.courseEditHint },
      { name: 'seats', label: fields.seats, kind: 'number', required: true },
      { name: 'sale_open', label: fields.saleOpen, kind: 'checkbox' },
    ],
    toValues: (course) => ({
      route_id: course ? String(course.route_id) : '',
      departure_at: toLocalInput(course?.departure_at),
      seats: String(course?.seats ?? 49),
      sale_open: course?.sale_open ?? true,
    }),
    // A saved course changes only its capacity and sale (the route and departure are shown, disabled).
    toInput: (values, course) =>
      course
        ? { seats: Number(values.seats), sale_open: values.sale_open }
        : {
            route_id: Number(values.route_id),
            departure_at: fromLocalInput(values.departure_at) ?? '',
            seats: Number(values.seats),
            sale_open: values.sale_open,
          },
  },
});
