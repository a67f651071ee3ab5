import { defineMessages } from 'react-intl';

/** Texts of the panel's frame and of the shared list and form screens. */
export const common = defineMessages({
  panel: { id: 'admin.panel', defaultMessage: 'Panel administracyjny', description: 'Name of the admin panel (header, breadcrumbs)' },
  backToSite: { id: 'admin.backToSite', defaultMessage: 'Strona sklepu', description: 'Header link from the admin panel back to the public site' },
  navLabel: { id: 'admin.nav.label', defaultMessage: 'Nawigacja panelu', description: 'Accessible name of the admin side navigation' },
  menuToggle: { id: 'admin.nav.toggle', defaultMessage: 'Menu panelu', description: 'Button that opens the admin navigation on small screens' },
  breadcrumbs: { id: 'admin.breadcrumbs', defaultMessage: 'Ścieżka', description: 'Accessible name of the breadcrumbs' },
  groupRoute: { id: 'admin.group.route', defaultMessage: 'Trasy', description: 'Admin navigation group: routes and stops' },
  groupCourse: { id: 'admin.group.course', defaultMessage: 'Kursy', description: 'Admin navigation group: courses, discounts, coupons' },
  groupOrder: { id: 'admin.group.order', defaultMessage: 'Zamówienia', description: 'Admin navigation group: orders and invoices' },
  groupApp: { id: 'admin.group.app', defaultMessage: 'Strona', description: 'Admin navigation group: banners, menus, content pages' },
  groupCompany: { id: 'admin.group.company', defaultMessage: 'Firma', description: 'Admin navigation group: company settings' },
  orders: { id: 'admin.orders.title', defaultMessage: 'Zamówienia', description: 'Admin page title: orders' },
  invoices: { id: 'admin.invoices.title', defaultMessage: 'Faktury', description: 'Admin page title: invoices' },
  notFound: { id: 'admin.notFound', defaultMessage: 'Nie ma takiej strony panelu.', description: 'Admin path that matches no area' },
  // Lists.
  add: { id: 'admin.list.add', defaultMessage: 'Dodaj', description: 'Button that opens the form for a new record' },
  filters: { id: 'admin.list.filters', defaultMessage: 'Filtry', description: 'Accessible name of the list filters form' },
  applyFilters: { id: 'admin.list.applyFilters', defaultMessage: 'Filtruj', description: 'Button that applies the list filters' },
  clearFilters: { id: 'admin.list.clearFilters', defaultMessage: 'Wyczyść', description: 'Button that clears the list filters' },
  anyOption: { id: 'admin.list.anyOption', defaultMessage: 'Wszystkie', description: 'Select option: no filter on this field' },
  loading: { id: 'admin.list.loading', defaultMessage: 'Wczytywanie…', description: 'A list or record is loading' },
  empty: { id: 'admin.list.empty', defaultMessage: 'Brak pozycji spełniających warunki.', description: 'A list has no rows' },
  loadFailed: { id: 'admin.list.loadFailed', defaultMessage: 'Nie udało się wczytać danych.', description: 'A list or record could not be loaded' },
  retry: { id: 'admin.list.retry', defaultMessage: 'Spróbuj ponownie', description: 'Button that loads again after a failure' },
  previous: { id: 'admin.list.previous', defaultMessage: 'Poprzednia', description: 'Pagination: previous page' },
  next: { id: 'admin.list.next', defaultMessage: 'Następna', description: 'Pagination: next page' },
  perPage: { id: 'admin.list.perPage', defaultMessage: 'Na stronie', description: 'Pagination: rows per page select' },
  pagination: { id: 'admin.list.pagination', defaultMessage: 'Stronicowanie', description: 'Accessible name of the pagination' },
  open: { id: 'admin.list.open', defaultMessage: 'Otwórz', description: 'Link that opens a record from a list row' },
  yes: { id: 'admin.yes', defaultMessage: 'Tak', description: 'Boolean value: yes' },
  no: { id: 'admin.no', defaultMessage: 'Nie', description: 'Boolean value: no' },
  none: { id: 'admin.none', defaultMessage: '—', description: 'An empty value in a list cell' },
  // Forms.
  save: { id: 'admin.form.save', defaultMessage: 'Zapisz', description: 'Button that saves a form' },
  saving: { id: 'admin.form.saving', defaultMessage: 'Zapisywanie…', description: 'The save button while saving' },
  cancel: { id: 'admin.form.cancel', defaultMessage: 'Anuluj', description: 'Button that closes a dialog without acting' },
  delete: { id: 'admin.form.delete', defaultMessage: 'Usuń', description: 'Button that deletes a record' },
  backToList: { id: 'admin.form.backToList', defaultMessage: 'Wróć do listy', description: 'Link from a record back to its list' },
  saved: { id: 'admin.form.saved', defaultMessage: 'Zapisano zmiany.', description: 'Toast after a successful save' },
  saveFailed: { id: 'admin.form.saveFailed', defaultMessage: 'Nie zapisano zmian. Popraw zaznaczone pola.', description: 'Toast after a save the server refused with field errors' },
  deleted: { id: 'admin.form.deleted', defaultMessage: 'Usunięto.', description: 'Toast after a successful delete' },
  confirmDeleteTitle: { id: 'admin.form.confirmDeleteTitle', defaultMessage: 'Usunąć ten wpis?', description: 'Title of the delete confirmation dialog' },
  confirmDeleteText: { id: 'admin.form.confirmDeleteText', defaultMessage: 'Tej operacji nie można cofnąć.', description: 'Text of the delete confirmation dialog' },
  leaveTitle: { id: 'admin.form.leaveTitle', defaultMessage: 'Masz niezapisane zmiany', description: 'Title of the dialog before leaving a form with unsaved changes' },
  leaveText: { id: 'admin.form.leaveText', defaultMessage: 'Jeśli wyjdziesz, wpisane zmiany przepadną.', description: 'Text of the dialog before leaving a form with unsaved changes' },
  leave: { id: 'admin.form.leave', defaultMessage: 'Wyjdź bez zapisu', description: 'Button that leaves a form and drops the changes' },
  stay: { id: 'admin.form.stay', defaultMessage: 'Zostań', description: 'Button that stays on a form with unsaved changes' },
  formErrors: { id: 'admin.form.errors', defaultMessage: 'Serwer nie przyjął zapisu:', description: 'Heading of errors the server gave for fields the form does not show' },
  required: { id: 'admin.form.required', defaultMessage: '(wymagane)', description: 'Marks a required field for screen readers' },
  preview: { id: 'admin.form.preview', defaultMessage: 'Podgląd', description: 'Heading of a preview beside a form' },
  publicPage: { id: 'admin.form.publicPage', defaultMessage: 'Zobacz na stronie', description: 'Link from a record to its public page' },
  id: { id: 'admin.field.id', defaultMessage: 'ID', description: 'Column: record id' },
  createdAt: { id: 'admin.field.createdAt', defaultMessage: 'Utworzono', description: 'Column: when a record was created' },
  updatedAt: { id: 'admin.field.updatedAt', defaultMessage: 'Zmieniono', description: 'Column: when a record was last changed' },
  active: { id: 'admin.field.active', defaultMessage: 'Aktywny', description: 'Field: the record is active' },
  name: { id: 'admin.field.name', defaultMessage: 'Nazwa', description: 'Field: name' },
  nameEn: { id: 'admin.field.nameEn', defaultMessage: 'Nazwa (angielska)', description: 'Field: English name' },
  validFrom: { id: 'admin.field.validFrom', defaultMessage: 'Ważny od', description: 'Field: valid from' },
  validTo: { id: 'admin.field.validTo', defaultMessage: 'Ważny do', description: 'Field: valid to' },
  sortOrder: { id: 'admin.field.sortOrder', defaultMessage: 'Kolejność', description: 'Field: sort order' },
});

/** Client-side validation messages, keyed by what the zod schemas return (lib/validation.ts). */
export const validation = defineMessages({
  required: { id: 'admin.validation.required', defaultMessage: 'To pole jest wymagane.', description: 'Validation: a required field is empty' },
  integer: { id: 'admin.validation.integer', defaultMessage: 'Podaj liczbę całkowitą.', description: 'Validation: not a whole number' },
  number: { id: 'admin.validation.number', defaultMessage: 'Podaj liczbę.', description: 'Validation: not a number' },
  money: { id: 'admin.validation.money', defaultMessage: 'Podaj kwotę w złotych, np. 39,00.', description: 'Validation: not an amount of money' },
  times: { id: 'admin.validation.times', defaultMessage: 'Podaj godziny GG:MM oddzielone przecinkami, np. 07:30, 15:00.', description: 'Validation: departure times list' },
  weekDays: { id: 'admin.validation.weekDays', defaultMessage: 'Wybierz co najmniej jeden dzień.', description: 'Validation: no week day chosen' },
  slug: { id: 'admin.validation.slug', defaultMessage: 'Tylko małe litery, cyfry i myślniki.', description: 'Validation: a page slug' },
  coordinates: { id: 'admin.validation.coordinates', defaultMessage: 'Podaj obie współrzędne albo żadnej.', description: 'Validation: only one of latitude and longitude' },
  dateOrder: { id: 'admin.validation.dateOrder', defaultMessage: 'Data końca nie może być przed datą początku.', description: 'Validation: valid to before valid from' },
  menuItems: { id: 'admin.validation.menuItems', defaultMessage: 'Każda pozycja menu musi mieć nazwę i odnośnik.', description: 'Validation: a menu item without a name or link' },
  consent: { id: 'admin.validation.consent', defaultMessage: 'Klient musi wyrazić tę zgodę.', description: 'Validation: a consent the sale needs is not ticked' },
  invalid: { id: 'admin.validation.invalid', defaultMessage: 'Nieprawidłowa wartość.', description: 'Validation: any other invalid value' },
});

/** The frame's texts with values. */
export const commonValues = defineMessages<{ total: { count: number }; pageOf: { page: number; pages: number } }>({
  total: { id: 'admin.list.total', defaultMessage: '{count, plural, one {# pozycja} few {# pozycje} many {# pozycji} other {# pozycji}}', description: 'How many records a list has in total' },
  pageOf: { id: 'admin.list.pageOf', defaultMessage: 'Strona {page} z {pages}', description: 'Pagination: the current page' },
});

/** Validation messages with values (`range|1|1000`, `tooLong|100`). */
export const validationValues = defineMessages<{ range: { min: string; max: string }; tooLong: { max: number }; moneyMax: { max: string }; nul: { field: string } }>({
  range: { id: 'admin.validation.range', defaultMessage: 'Podaj wartość od {min} do {max}.', description: 'Validation: a number outside its range' },
  tooLong: {
    id: 'admin.validation.tooLong',
    defaultMessage: 'Najwyżej {max, plural, one {# znak} few {# znaki} many {# znaków} other {# znaku}}.',
    description: 'Validation: text too long',
  },
  nul: {
    id: 'admin.validation.nul',
    defaultMessage: '{field}: pole zawiera niewidoczny znak (NUL), zwykle wklejony z innego programu. Usuń go (np. wpisz tekst ponownie).',
    description: 'Validation: a text holds a NUL character; {field} is the field’s label',
  },
  moneyMax: { id: 'admin.validation.moneyMax', defaultMessage: 'Podaj kwotę najwyżej {max} zł.', description: 'Validation: an amount above the largest the server takes ({max} in złoty, e.g. 10 000,00)' },
});

export type ValidationKey = keyof typeof validation;

