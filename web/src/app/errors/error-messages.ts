import { defineMessages } from 'react-intl';

export const errorMessages = defineMessages({
  notFoundTitle: {
    id: 'errors.notFound.title',
    defaultMessage: 'Nie znaleziono strony',
    description: 'Title of the 404 page (spec: "page not found")',
  },
  notFoundMessage: {
    id: 'errors.notFound.message',
    defaultMessage: 'Nie można znaleźć tej strony',
    description: 'Text of the 404 page (spec: "This page could not be found")',
  },
  errorTitle: {
    id: 'errors.generic.title',
    defaultMessage: 'Wystąpił błąd',
    description: 'Title of the page shown when a page fails with anything other than 404',
  },
  errorMessage: {
    id: 'errors.generic.message',
    defaultMessage: 'Coś poszło nie tak. Spróbuj ponownie za chwilę.',
    description: 'Text of the generic error page',
  },
  backHome: {
    id: 'errors.backHome',
    defaultMessage: 'Wróć na stronę główną',
    description: 'Button on error pages that leads back to the home page',
  },
});
