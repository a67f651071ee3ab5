// What every page may need before the table of codes (server-code-texts.ts, a chunk of its own) has
// arrived: the error toasts' titles and the general sentence for a code nobody translated. Kept apart
// from the codes' own sentences (server-message-texts.ts) so that those stay out of the first download.
import { defineMessages } from 'react-intl';

export const titleMessages = defineMessages({
  unprocessable: {
    id: 'server.name.unprocessable',
    defaultMessage: 'Niepoprawne dane',
    description: 'Server error name "Unprocessable Entity" (HTTP 422), shown as a toast title',
  },
  notFound: {
    id: 'server.name.notFound',
    defaultMessage: 'Nie znaleziono',
    description: 'Server error name "Not Found" (HTTP 404), shown as a toast title',
  },
  tooManyRequests: {
    id: 'server.name.tooManyRequests',
    defaultMessage: 'Zbyt wiele prób',
    description: 'Server error name "Too Many Requests" (HTTP 429), shown as a toast title',
  },
});

export const unknownMessages = defineMessages<{ unknown: { text: string } }>({
  unknown: {
    id: 'server.unknown',
    defaultMessage: 'Serwer nie mógł wykonać tej operacji. Sprawdź dane i spróbuj ponownie.',
    description:
      'A server message the site has no translation for: a general sentence, in every language, that leaves out the English original (the value "text", never shown).',
  },
});
