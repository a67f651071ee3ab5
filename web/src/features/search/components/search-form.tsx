// The trip search form (home page and the top of the results): trip mode, the two stops, the date
// and, for a round trip, the return date. Native date inputs keep it light (no date library).
// It checks what it can before searching; the backend's 422 answers land on the same fields.
import { useId, useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { warsawDate } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import type { SearchInput } from '../api/search-connections';
import { useSearchStore, type SearchForm as SearchFormValues } from '../stores/search-store';
import { searchErrorMessages, validateSearch, toSearchInput, type SearchFormErrors } from '../utils/search-validation';

import { StopCombobox } from './stop-combobox';
import '@/shared/ui/forms.css';
import './search.css';

const messages = defineMessages({
  label: {
    id: 'search.form.label',
    defaultMessage: 'Wyszukiwarka połączeń',
    description: 'Accessible name of the trip search form',
  },
  tripMode: {
    id: 'search.form.tripMode',
    defaultMessage: 'Rodzaj podróży',
    description: 'Legend of the one way / round trip choice',
  },
  from: { id: 'search.form.from', defaultMessage: 'Skąd', description: 'Label of the boarding stop field' },
  to: { id: 'search.form.to', defaultMessage: 'Dokąd', description: 'Label of the destination stop field' },
  stopPlaceholder: {
    id: 'search.form.stopPlaceholder',
    defaultMessage: 'Miejscowość lub przystanek',
    description: 'Placeholder of the stop fields (short: it must fit the field on a 360 px phone)',
  },
  swap: {
    id: 'search.form.swap',
    defaultMessage: 'Zamień przystanki',
    description: 'Button that swaps the boarding and destination stops',
  },
  date: { id: 'search.form.date', defaultMessage: 'Data wyjazdu', description: 'Label of the departure date' },
  dateBack: { id: 'search.form.dateBack', defaultMessage: 'Data powrotu', description: 'Label of the return date' },
  submit: { id: 'search.form.submit', defaultMessage: 'Szukaj połączeń', description: 'Search form submit button' },
});

interface SearchFormProps {
  /** Called with a valid search; the page decides where it leads (the results URL). */
  onSearch: (input: SearchInput) => void;
  /** Field errors from the backend (422), by field name. */
  serverErrors?: SearchFormErrors;
  /** The form element's id (the results page's folded summary controls it). */
  id?: string;
}

export function SearchForm({ onSearch, serverErrors, id: formId }: SearchFormProps) {
  const intl = useIntl();
  const id = useId();
  const form = useSearchStore((state) => state.searchForm);
  const tripModeOptions = useSearchStore((state) => state.tripModeOptions);
  const setSearchForm = useSearchStore((state) => state.setSearchForm);
  const [errors, setErrors] = useState<SearchFormErrors>({});
  const startRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const dateBackRef = useRef<HTMLInputElement>(null);

  const today = warsawDate();
  const shown: SearchFormErrors = { ...serverErrors, ...errors };

  function update(patch: Partial<SearchFormValues>) {
    setSearchForm(patch);
    // A field that changed is no longer known to be wrong.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as keyof SearchFormErrors];
      return next;
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateSearch(form, today);
    const translated: SearchFormErrors = {};
    for (const [field, key] of Object.entries(found)) {
      translated[field as keyof SearchFormErrors] = intl.formatMessage(searchErrorMessages[key]);
    }
    setErrors(translated);
    const first = (['start', 'end', 'date', 'dateBack'] as const).find((field) => translated[field]);
    if (first) {
      ({ start: startRef, end: endRef, date: dateRef, dateBack: dateBackRef })[first].current?.focus();
      return;
    }
    const input = toSearchInput(form);
    if (input) onSearch(input);
  }

  const fieldError = (field: keyof SearchFormErrors) =>
    shown[field] ? (
      <p id={`${id}-${field}-error`} className="form-field__error">
        {shown[field]}
      </p>
    ) : null;

  return (
    <form id={formId} className="search-form" aria-label={intl.formatMessage(messages.label)} noValidate onSubmit={submit}>
      <fieldset className="search-form__modes">
        <legend className="visually-hidden">{intl.formatMessage(messages.tripMode)}</legend>
        {tripModeOptions.map((option) => (
          <label key={option.value} className="search-form__mode">
            <input
              type="radio"
              name={`${id}-trip-mode`}
              value={option.value}
              checked={form.tripMode === option.value}
              onChange={() => update({ tripMode: option.value })}
            />
            <span>{intl.formatMessage(option.label)}</span>
          </label>
        ))}
      </fieldset>

      <div className="search-form__stops">
        <StopCombobox
          label={intl.formatMessage(messages.from)}
          placeholder={intl.formatMessage(messages.stopPlaceholder)}
          value={form.start}
          onChange={(start) => update({ start })}
          error={shown.start}
          inputRef={startRef}
        />
        <button
          type="button"
          className="search-form__swap"
          aria-label={intl.formatMessage(messages.swap)}
          title={intl.formatMessage(messages.swap)}
          onClick={() => update({ start: form.end, end: form.start })}
        >
          <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24">
            <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <StopCombobox
          label={intl.formatMessage(messages.to)}
          placeholder={intl.formatMessage(messages.stopPlaceholder)}
          value={form.end}
          onChange={(end) => update({ end })}
          error={shown.end}
          inputRef={endRef}
        />
      </div>

      <div className="search-form__dates">
        <div className="form-field">
          <label htmlFor={`${id}-date`} className="form-field__label">
            {intl.formatMessage(messages.date)}
          </label>
          <input
            ref={dateRef}
            id={`${id}-date`}
            className="form-field__input"
            type="date"
            required
            min={today}
            value={form.date}
            aria-invalid={shown.date ? true : undefined}
            aria-describedby={shown.date ? `${id}-date-error` : undefined}
            onChange={(event) => {
              const date = event.target.value;
              update(form.dateBack && date > form.dateBack ? { date, dateBack: date } : { date });
            }}
          />
          {fieldError('date')}
        </div>
        {form.tripMode === 'round_trip' ? (
          <div className="form-field">
            <label htmlFor={`${id}-date-back`} className="form-field__label">
              {intl.formatMessage(messages.dateBack)}
            </label>
            <input
              ref={dateBackRef}
              id={`${id}-date-back`}
              className="form-field__input"
              type="date"
              required
              min={form.date || today}
              value={form.dateBack}
              aria-invalid={shown.dateBack ? true : undefined}
              aria-describedby={shown.dateBack ? `${id}-dateBack-error` : undefined}
              onChange={(event) => update({ dateBack: event.target.value })}
            />
            {fieldError('dateBack')}
          </div>
        ) : null}
      </div>

      <Button type="submit" className="search-form__submit">
        {intl.formatMessage(messages.submit)}
      </Button>
    </form>
  );
}
