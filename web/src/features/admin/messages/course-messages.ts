import { defineMessages } from 'react-intl';

export const courseTexts = defineMessages({
  generate: { id: 'admin.course.generate', defaultMessage: 'Generowanie kursów z rozkładów', description: 'Heading: generate courses from timetables' },
  allRoutes: { id: 'admin.course.allRoutes', defaultMessage: 'Wszystkie aktywne trasy', description: 'Option: generate for every active route' },
  days: { id: 'admin.course.days', defaultMessage: 'Dni naprzód (puste: z rozkładu)', description: 'Field: how many days ahead to generate' },
  preview: { id: 'admin.course.preview', defaultMessage: 'Pokaż, co powstanie', description: 'Button: preview what generate will create' },
  run: { id: 'admin.course.run', defaultMessage: 'Generuj', description: 'Button: generate the courses' },
  timetable: { id: 'admin.course.timetable', defaultMessage: 'Rozkład', description: 'Column: timetable' },
  departures: { id: 'admin.course.departures', defaultMessage: 'Odjazdy', description: 'Column: number of departures' },
  previewNote: { id: 'admin.course.previewNote', defaultMessage: 'Tyle kursów wymagają rozkłady; już istniejące serwer pominie.', description: 'Note under the generate preview' },
  nothing: { id: 'admin.course.nothing', defaultMessage: 'Żaden aktywny rozkład nie wymaga kursów w tym okresie.', description: 'Generate preview is empty' },
});

export const courseValues = defineMessages<{ done: { created: number; existing: number; opened: number } }>({
  done: {
    id: 'admin.course.done',
    defaultMessage: 'Utworzono kursów: {created}; istniało już: {existing}; otwarto sprzedaż miejsc: {opened}.',
    description: 'Result of a generate',
  },
});
