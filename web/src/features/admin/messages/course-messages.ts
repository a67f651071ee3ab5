import { defineMessages } from 'react-intl';

export const courseTexts = defineMessages({
  generate: { id: 'admin.course.generate', defaultMessage: 'Generowanie kursów z rozkładów', description: 'Heading: generate courses from timetables' },
  allRoutes: { id: 'admin.course.allRoutes', defaultMessage: 'Wszystkie aktywne trasy', description: 'Option: generate for every active route' },
  days: { id: 'admin.course.days', defaultMessage: 'Dni naprzód (puste: z rozkładu)', description: 'Field: how many days ahead to generate' },
  preview: { id: 'admin.course.preview', defaultMessage: 'Pokaż, co powstanie', description: 'Button: preview what generate will create' },
  run: { id: 'admin.course.run', defaultMessage: 'Generuj', description: 'Button: generate the courses' },
  timetable: { id: 'admin.course.timetable', defaultMessage: 'Rozkład', description: 'Column: timetable' },
  newCourses: { id: 'admin.course.newCourses', defaultMessage: 'Nowe kursy', description: 'Column: courses a generate would create' },
  existingCourses: { id: 'admin.course.existingCourses', defaultMessage: 'Już istnieją', description: 'Column: courses that exist already' },
  firstDeparture: { id: 'admin.course.firstDeparture', defaultMessage: 'Pierwszy nowy odjazd', description: 'Column: first new departure' },
  lastDeparture: { id: 'admin.course.lastDeparture', defaultMessage: 'Ostatni nowy odjazd', description: 'Column: last new departure' },
  daysRange: { id: 'admin.course.daysRange', defaultMessage: 'Podaj liczbę dni od 1 do 366 albo zostaw puste.', description: 'Error: days ahead out of range' },
  nothing: { id: 'admin.course.nothing', defaultMessage: 'Żaden aktywny rozkład nie wymaga kursów w tym okresie.', description: 'Generate preview is empty' },
});

export const courseValues = defineMessages<{
  done: { created: number; existing: number; opened: number };
  previewTotal: { created: number; existing: number };
  skipped: { routes: string };
}>({
  previewTotal: {
    id: 'admin.course.previewTotal',
    defaultMessage: 'Generowanie utworzy kursów: {created}; już istnieje: {existing}.',
    description: 'Summary of the generate preview',
  },
  skipped: {
    id: 'admin.course.skipped',
    defaultMessage: 'Pominięte trasy (mniej niż dwa przystanki): {routes}.',
    description: 'Routes a generate leaves alone',
  },
  done: {
    id: 'admin.course.done',
    defaultMessage: 'Utworzono kursów: {created}; istniało już: {existing}; otwarto sprzedaż miejsc: {opened}.',
    description: 'Result of a generate',
  },
});
