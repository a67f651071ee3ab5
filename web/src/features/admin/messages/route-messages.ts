import { defineMessages } from 'react-intl';

export const routeTexts = defineMessages({
  stops: { id: 'admin.route.stops', defaultMessage: 'Przystanki trasy', description: 'Heading: the ordered stops of a route' },
  stopsHint: { id: 'admin.route.stopsHint', defaultMessage: 'Kolejność zmienisz przyciskami w górę/w dół albo przeciągając wiersz. Minuty liczone od pierwszego przystanku muszą rosnąć.', description: 'Hint above the stops editor' },
  stop: { id: 'admin.route.stop', defaultMessage: 'Przystanek', description: 'Column: stop' },
  minutes: { id: 'admin.route.minutes', defaultMessage: 'Minuty od startu', description: 'Column: minutes from the first stop' },
  moveUp: { id: 'admin.route.moveUp', defaultMessage: 'W górę', description: 'Button: move a stop up' },
  moveDown: { id: 'admin.route.moveDown', defaultMessage: 'W dół', description: 'Button: move a stop down' },
  remove: { id: 'admin.route.remove', defaultMessage: 'Usuń', description: 'Button: remove a stop from the route' },
  addStop: { id: 'admin.route.addStop', defaultMessage: 'Dodaj przystanek', description: 'Button: add a stop to the route' },
  chooseStop: { id: 'admin.route.chooseStop', defaultMessage: 'Wybierz przystanek', description: 'Select placeholder: choose a stop' },
  saveStops: { id: 'admin.route.saveStops', defaultMessage: 'Zapisz przystanki', description: 'Button: save the stops of a route' },
  minutesOrder: { id: 'admin.route.minutesOrder', defaultMessage: 'Minuty muszą rosnąć wzdłuż trasy, od 0 na pierwszym przystanku (najwyżej 10000).', description: 'Error: minutes not increasing' },
  stopsRefused: { id: 'admin.route.stopsRefused', defaultMessage: 'Nie zapisano przystanków; nic nie zostało zmienione. Popraw zaznaczone wiersze.', description: 'Error above the stops editor: the server refused the whole list' },
  pricesRefused: { id: 'admin.route.pricesRefused', defaultMessage: 'Nie zapisano cen; nic nie zostało zmienione. Popraw zaznaczone komórki.', description: 'Error above the price grid: the server refused the whole grid' },
  prices: { id: 'admin.route.prices', defaultMessage: 'Ceny (zł) dla par przystanków', description: 'Heading: the price grid of a route' },
  pricesHint: { id: 'admin.route.pricesHint', defaultMessage: 'Wiersz: skąd, kolumna: dokąd. Pusta komórka: brak sprzedaży na tym odcinku.', description: 'Hint above the price grid' },
  from: { id: 'admin.route.from', defaultMessage: 'Skąd \\ dokąd', description: 'Corner header of the price grid' },
  rate: { id: 'admin.route.rate', defaultMessage: 'Stawka (zł za minutę jazdy)', description: 'Field: rate used to fill the price grid' },
  minimum: { id: 'admin.route.minimum', defaultMessage: 'Cena minimalna (zł)', description: 'Field: the lowest price when filling from a rate' },
  fill: { id: 'admin.route.fill', defaultMessage: 'Wypełnij puste ze stawki', description: 'Button: fill empty price cells from the rate' },
  savePrices: { id: 'admin.route.savePrices', defaultMessage: 'Zapisz ceny', description: 'Button: save the price grid' },
  needStops: { id: 'admin.route.needStops', defaultMessage: 'Dodaj co najmniej dwa przystanki, aby ustalić ceny.', description: 'Price grid without enough stops' },
  timetables: { id: 'admin.route.timetables', defaultMessage: 'Rozkłady jazdy', description: 'Heading: timetables (route course settings)' },
  newTimetable: { id: 'admin.route.newTimetable', defaultMessage: 'Nowy rozkład', description: 'Heading: form for a new timetable' },
  duplicate: { id: 'admin.route.duplicate', defaultMessage: 'Powiel', description: 'Button: duplicate a timetable' },
  times: { id: 'admin.route.times', defaultMessage: 'Godziny odjazdów', description: 'Field: departure times' },
  timesHint: { id: 'admin.route.timesHint', defaultMessage: 'Czas warszawski, np. 07:30, 15:00.', description: 'Hint of the departure times' },
  weekDays: { id: 'admin.route.weekDays', defaultMessage: 'Dni tygodnia', description: 'Field: week days' },
  daysAhead: { id: 'admin.route.daysAhead', defaultMessage: 'Generuj na dni naprzód', description: 'Field: days ahead to generate courses' },
  courses: { id: 'admin.route.courses', defaultMessage: 'Kursy tej trasy', description: 'Link from a route to the list of its courses' },
  saved: { id: 'admin.route.saved', defaultMessage: 'Zapisano.', description: 'Toast: a part of the route was saved' },
});

/** Week days, 0 = Sunday (docs/web.md, 'Week days'). */
export const weekDayNames = defineMessages({
  d1: { id: 'admin.weekDay.1', defaultMessage: 'pon', description: 'Monday, short' },
  d2: { id: 'admin.weekDay.2', defaultMessage: 'wt', description: 'Tuesday, short' },
  d3: { id: 'admin.weekDay.3', defaultMessage: 'śr', description: 'Wednesday, short' },
  d4: { id: 'admin.weekDay.4', defaultMessage: 'czw', description: 'Thursday, short' },
  d5: { id: 'admin.weekDay.5', defaultMessage: 'pt', description: 'Friday, short' },
  d6: { id: 'admin.weekDay.6', defaultMessage: 'sob', description: 'Saturday, short' },
  d0: { id: 'admin.weekDay.0', defaultMessage: 'nd', description: 'Sunday, short' },
});

export const routeValues = defineMessages<{
  priceFor: { from: string; to: string };
  pricesInvalid: { count: number };
  stopPriced: { text: string };
}>({
  pricesInvalid: {
    id: 'admin.route.pricesInvalid',
    defaultMessage: 'Nie zapisano: {count, plural, one {# cena jest błędna} few {# ceny są błędne} other {# cen jest błędnych}}. Popraw komórki z opisem błędu (pustą komórkę zostaw dla trasy bez ceny).',
    description: 'Error above the save button of the price grid: {count} cells have a bad amount; each cell says why',
  },
  priceFor: { id: 'admin.route.priceFor', defaultMessage: 'Cena {from} → {to}', description: 'Accessible name of one price cell' },
  stopPriced: { id: 'admin.route.stopPriced', defaultMessage: 'Usunięty przystanek ma jeszcze ceny: najpierw wyczyść je w siatce cen ({text}).', description: 'Error: a stop removed from the route still has prices; {text} is the server message in English' },
});

export const detailTexts = defineMessages({
  stopDetails: { id: 'admin.route.stopDetails', defaultMessage: 'Szczegóły przystanków', description: 'Heading: platform and notes per stop of a route' },
  platform: { id: 'admin.route.platform', defaultMessage: 'Stanowisko', description: 'Field: platform at a stop' },
  notes: { id: 'admin.route.notes', defaultMessage: 'Uwagi', description: 'Field: notes about a stop' },
  saveRow: { id: 'admin.route.saveRow', defaultMessage: 'Zapisz', description: 'Button: save one row' },
  actions: { id: 'admin.route.actions', defaultMessage: 'Akcje', description: 'Column header: row actions' },
  exceptions: { id: 'admin.route.exceptions', defaultMessage: 'Wyjątki rozkładu', description: 'Heading: exceptions of a timetable (route-course-details)' },
  exceptionsHint: { id: 'admin.route.exceptionsHint', defaultMessage: 'W wybrany dzień: brak kursów albo inna liczba miejsc.', description: 'Hint: what a timetable exception does' },
  date: { id: 'admin.route.date', defaultMessage: 'Data', description: 'Field: date of an exception' },
  excluded: { id: 'admin.route.excluded', defaultMessage: 'Bez kursów', description: 'Field: no courses on this date' },
  note: { id: 'admin.route.note', defaultMessage: 'Notatka', description: 'Field: note of an exception' },
  addException: { id: 'admin.route.addException', defaultMessage: 'Dodaj wyjątek', description: 'Heading: add a timetable exception' },
  noExceptions: { id: 'admin.route.noExceptions', defaultMessage: 'Brak wyjątków.', description: 'A timetable has no exceptions' },
});
