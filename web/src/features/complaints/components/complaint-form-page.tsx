// /reklamacje (/en/complaints): the public complaint form (EU Regulation 181/2011, art. 27): the order's
// or a ticket's number, the order's e-mail, what happened, and up to three pictures or PDF files. It
// answers with the complaint's number and the days the carrier answers by; an e-mail confirms it. A
// logged-in customer finds their e-mail filled in and a link to their complaints. One Idempotency-Key per
// filled form, sent again with the same bytes on a retry: a retried filing is filed once; the button is
// disabled from the click until the answer (the files are read first), so a double click sends once.
// The deadlines are days in the page's language (28.02.2027, 28 Feb 2027).
import { useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useDayFormat } from '@/i18n/day-format';
import { useLocale, useLocalizedPath } from '@/i18n/use-locale';
import { ComplaintFileInput } from '@/shared/api/limits.gen';
import { attemptFor, type KeyedAttempt } from '@/shared/lib/idempotency-key';
import { useAuthStore } from '@/shared/stores/auth-store';
import { Button } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { TextField } from '@/shared/ui/text-field';

import { MAX_FILE_BYTES, MAX_FILES, toBase64, useFileComplaint, type FileComplaintInput, type FiledComplaint } from '../api/file-complaint';
import { complaintRefusal, type ComplaintField } from '../utils/complaint-errors';

import './complaints.css';

const messages = defineMessages({
  title: { id: 'complaints.form.title', defaultMessage: 'Reklamacja', description: 'Heading and title of the complaint form' },
  lead: {
    id: 'complaints.form.lead',
    defaultMessage:
      'Reklamację można złożyć w ciągu 3 miesięcy od podróży. W ciągu miesiąca poinformujemy, czy ją uwzględniamy, a ostateczną odpowiedź udzielimy w ciągu 3 miesięcy.',
    description: 'What the complaint form is for, and the deadlines (EU Regulation 181/2011)',
  },
  number: { id: 'complaints.form.number', defaultMessage: 'Numer zamówienia lub biletu', description: 'Label: order or ticket number' },
  numberHint: { id: 'complaints.form.numberHint', defaultMessage: 'np. NB-2026-000123', description: 'Hint: number format' },
  email: { id: 'complaints.form.email', defaultMessage: 'Adres e-mail z zamówienia', description: 'Label: the order e-mail' },
  text: { id: 'complaints.form.text', defaultMessage: 'Co się stało?', description: 'Label: the complaint text' },
  files: { id: 'complaints.form.files', defaultMessage: 'Załączniki (nieobowiązkowe)', description: 'Label: attachments' },
  filesHint: {
    id: 'complaints.form.filesHint',
    defaultMessage: 'Do 3 zdjęć lub plików PDF, każdy do 5 MB.',
    description: 'Hint: which files may be attached',
  },
  submit: { id: 'complaints.form.submit', defaultMessage: 'Wyślij reklamację', description: 'Button: file the complaint' },
  sending: { id: 'complaints.form.sending', defaultMessage: 'Wysyłanie…', description: 'Button while sending' },
  required: { id: 'complaints.form.required', defaultMessage: 'To pole jest wymagane.', description: 'Validation: required field' },
  tooMany: { id: 'complaints.form.tooMany', defaultMessage: 'Możesz dołączyć najwyżej 3 pliki.', description: 'Validation: too many files' },
  failed: {
    id: 'complaints.form.failed',
    defaultMessage: 'Nie udało się wysłać reklamacji. Spróbuj ponownie za chwilę.',
    description: 'The complaint could not be sent (network, server)',
  },
  // Not "przyjęta", which reads as accepted: it has arrived, the decision comes later.
  filedTitle: { id: 'complaints.filed.title', defaultMessage: 'Otrzymaliśmy reklamację', description: 'Heading after filing: the complaint has arrived (not: it was accepted)' },
  mine: { id: 'complaints.form.mine', defaultMessage: 'Twoje reklamacje', description: 'Link to the customer complaints' },
});

const valueMessages = defineMessages<{
  tooLarge: { name: string };
  filedNumber: { number: string };
  filedDeadlines: { respondBy: string; answerBy: string };
}>({
  tooLarge: {
    id: 'complaints.form.tooLarge',
    defaultMessage: 'Plik {name} ma więcej niż 5 MB.',
    description: 'Validation: a file is over 5 MB',
  },
  filedNumber: {
    id: 'complaints.filed.number',
    defaultMessage: 'Numer reklamacji: {number}',
    description: 'The filed complaint number',
  },
  filedDeadlines: {
    id: 'complaints.filed.deadlines',
    defaultMessage: 'Do {respondBy} poinformujemy, czy ją uwzględniamy; ostateczna odpowiedź do {answerBy}. Potwierdzenie wysłaliśmy e-mailem.',
    description: 'The deadlines of the filed complaint and the confirmation e-mail',
  },
});

type Errors = Partial<Record<ComplaintField, string>>;

function Filed({ filed }: { filed: FiledComplaint }) {
  const intl = useIntl();
  const { day } = useDayFormat();
  return (
    <div role="status" className="complaint-filed">
      <h2>{intl.formatMessage(messages.filedTitle)}</h2>
      <p className="complaint-filed__number">{intl.formatMessage(valueMessages.filedNumber, { number: filed.number })}</p>
      <p>{intl.formatMessage(valueMessages.filedDeadlines, { respondBy: day(filed.respond_by), answerBy: day(filed.answer_by) })}</p>
    </div>
  );
}

function TextArea({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <div className="form-field">
      <label htmlFor="complaint-text" className="form-field__label form-field__label--required">
        {intl.formatMessage(messages.text)}
      </label>
      <textarea
        id="complaint-text"
        name="text"
        className="form-field__input complaint-form__text"
        rows={8}
        maxLength={ComplaintFileInput.text.maxLength}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'complaint-text-error' : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id="complaint-text-error" className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Pictures or PDFs; the browser offers those, the server decides by their content. */
function FilesField({ error, onChange }: { error?: string; onChange: (files: File[]) => void }) {
  const intl = useIntl();
  return (
    <div className="form-field">
      <label htmlFor="complaint-files" className="form-field__label">
        {intl.formatMessage(messages.files)}
      </label>
      <input
        id="complaint-files"
        name="attachments"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'complaint-files-hint complaint-files-error' : 'complaint-files-hint'}
        onChange={(event) => onChange(Array.from(event.target.files ?? []))}
      />
      <p id="complaint-files-hint" className="form-field__hint">
        {intl.formatMessage(messages.filesHint)}
      </p>
      {error ? (
        <p id="complaint-files-error" className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ComplaintFormPage() {
  const intl = useIntl();
  const locale = useLocale();
  const localized = useLocalizedPath();
  const user = useAuthStore((state) => state.user);
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [filed, setFiled] = useState<FiledComplaint | null>(null);
  const mutation = useFileComplaint();
  // This form fill's Idempotency-Key and the bytes it was sent with: a retry of the same filing sends both again.
  const attempt = useRef<KeyedAttempt | null>(null);
  // From the click to the answer (reading the files included): a second click sends nothing.
  const [sending, setSending] = useState(false);
  const busy = useRef(false);

  function check(): Errors {
    const found: Errors = {};
    const required = intl.formatMessage(messages.required);
    if (!number.trim()) found.number = required;
    if (!email.trim()) found.email = required;
    if (!text.trim()) found.text = required;
    const large = files.find((file) => file.size > MAX_FILE_BYTES);
    if (files.length > MAX_FILES) found.attachments = intl.formatMessage(messages.tooMany);
    else if (large) found.attachments = intl.formatMessage(valueMessages.tooLarge, { name: large.name });
    return found;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    busy.current = true;
    setSending(true);
    try {
      const attachments = await Promise.all(files.map(async (file) => ({ name: file.name, content: await toBase64(file) })));
      const input: FileComplaintInput = { number: number.trim(), email: email.trim(), text, language: locale === 'en' ? 'en' : 'pl', attachments };
      attempt.current = attemptFor(attempt.current, JSON.stringify(input));
      setFiled(await mutation.mutateAsync(attempt.current));
    } catch (failure) {
      setErrors(complaintRefusal(intl, failure) ?? { general: intl.formatMessage(messages.failed) });
    } finally {
      busy.current = false;
      setSending(false);
    }
  }

  return (
    <Page title={intl.formatMessage(messages.title)} width="narrow" lead={<p>{intl.formatMessage(messages.lead)}</p>}>
      {user ? (
        <p>
          <Link to={localized('/user/complaints')}>{intl.formatMessage(messages.mine)}</Link>
        </p>
      ) : null}
      {filed ? (
        <Filed filed={filed} />
      ) : (
        <form className="complaint-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            name="number"
            label={intl.formatMessage(messages.number)}
            hint={intl.formatMessage(messages.numberHint)}
            required
            autoCapitalize="characters"
            value={number}
            error={errors.number}
            onChange={(event) => setNumber(event.target.value)}
          />
          <TextField
            name="email"
            type="email"
            autoComplete="email"
            label={intl.formatMessage(messages.email)}
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <TextArea value={text} error={errors.text} onChange={setText} />
          <FilesField error={errors.attachments} onChange={setFiles} />
          {errors.general ? (
            <p role="alert" className="form-field__error">
              {errors.general}
            </p>
          ) : null}
          <Button type="submit" disabled={sending}>
            {intl.formatMessage(sending ? messages.sending : messages.submit)}
          </Button>
        </form>
      )}
    </Page>
  );
}
