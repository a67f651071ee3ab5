// The backend's answers to a refused complaint (command-api/src/complaints) carry a code; each is said in
// the page's language on the field it concerns. Anything else goes to the shared catalogue.
import { defineMessages, type IntlShape } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { type CodeTranslation, serverMessage, type ServerText, translateCode } from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

const messages = defineMessages({
  unknownOrder: {
    id: 'complaints.error.unknownOrder',
    defaultMessage: 'Nie znaleźliśmy zamówienia ani biletu o tym numerze z tym adresem e-mail.',
    description: 'Server: no order or ticket with this number and e-mail',
  },
  tooLate: {
    id: 'complaints.error.tooLate',
    defaultMessage: 'Reklamację można złożyć w ciągu 3 miesięcy od podróży.',
    description: 'Server: the journey was more than 3 months ago',
  },
  emptyText: { id: 'complaints.error.emptyText', defaultMessage: 'Opisz, co się stało.', description: 'Server: no text' },
  textTooLong: {
    id: 'complaints.error.textTooLong',
    defaultMessage: 'Opis może mieć najwyżej 5000 znaków.',
    description: 'Server: the text is too long',
  },
  tooManyFiles: {
    id: 'complaints.error.tooManyFiles',
    defaultMessage: 'Możesz dołączyć najwyżej 3 pliki.',
    description: 'Server: more than 3 attachments',
  },
  fileTooLarge: {
    id: 'complaints.error.fileTooLarge',
    defaultMessage: 'Plik może mieć najwyżej 5 MB.',
    description: 'Server: an attachment is over 5 MB',
  },
  fileEmpty: { id: 'complaints.error.fileEmpty', defaultMessage: 'Dołączony plik jest pusty.', description: 'Server: an empty attachment' },
  fileNotAllowed: {
    id: 'complaints.error.fileNotAllowed',
    defaultMessage: 'Dołączyć można tylko zdjęcia (JPEG, PNG, GIF, WebP) i pliki PDF.',
    description: 'Server: an attachment is not a picture or PDF (by its content)',
  },
  badFile: { id: 'complaints.error.badFile', defaultMessage: 'Nie udało się odczytać pliku.', description: 'Server: the file is not base64' },
});

const BY_CODE: Record<string, CodeTranslation> = {
  'complaint.unknown_order': messages.unknownOrder,
  'complaint.too_late': messages.tooLate,
  'complaint.empty_text': messages.emptyText,
  'complaint.text_too_long': messages.textTooLong,
  'complaint.too_many_attachments': messages.tooManyFiles,
  'complaint.attachment_too_large': messages.fileTooLarge,
  'complaint.empty_attachment': messages.fileEmpty,
  'complaint.attachment_not_allowed': messages.fileNotAllowed,
};

export function complaintErrorMessage(intl: IntlShape, text: ServerText): string {
  if (text.code === 'field.invalid' && text.field?.startsWith('attachments')) return intl.formatMessage(messages.badFile);
  const known = translateCode(BY_CODE, text);
  return known ? formatDisplayText(intl, known) : serverMessage(intl, text);
}

export type ComplaintField = 'number' | 'email' | 'text' | 'attachments' | 'general';

/** Which of the form's fields an answer's field is (`attachments[1].content` is the files' field). */
function fieldOf(field: string): ComplaintField {
  if (field.startsWith('attachments')) return 'attachments';
  if (field === 'number' || field === 'email' || field === 'text') return field;
  return 'general';
}

/** A refused filing as messages by field; `null` when the failure is not a refusal (network, server). */
export function complaintRefusal(intl: IntlShape, failure: unknown): Partial<Record<ComplaintField, string>> | null {
  if (!isApiError(failure)) return null;
  if (failure.status === 422 && failure.errors.length > 0) {
    return Object.fromEntries(failure.errors.map((error) => [fieldOf(error.field), complaintErrorMessage(intl, error)]));
  }
  if (failure.status >= 400 && failure.status < 500) return { general: complaintErrorMessage(intl, failure) };
  return null;
}
