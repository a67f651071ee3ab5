// A stop picker following the WAI-ARIA combobox pattern (list autocomplete): the input keeps focus,
// the arrows move through the options (aria-activedescendant), Enter picks one, Escape closes the
// list (or clears the text when it is closed). Options come from the search-dropdown endpoint.
import { useId, useState, type Ref } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { useSearchStops, type StopOption } from '../api/search-stops';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import type { SelectedStop } from '../stores/search-store';

const messages = defineMessages({
  loading: {
    id: 'search.stops.loading',
    defaultMessage: 'Szukam przystanków…',
    description: 'Screen reader status while the stop list loads',
  },
  failed: {
    id: 'search.stops.failed',
    defaultMessage: 'Nie udało się wczytać przystanków. Spróbuj ponownie.',
    description: 'Shown under a stop field when the stop list could not be loaded',
  },
});

// Typed placeholders: formatMessage() must pass exactly these values.
const valueMessages = defineMessages<{ results: { count: number } }>({
  results: {
    id: 'search.stops.results',
    defaultMessage:
      '{count, plural, =0 {Brak pasujących przystanków} one {# przystanek} few {# przystanki} many {# przystanków} other {# przystanku}}',
    description: 'Screen reader status of the stop list: how many stops match what was typed',
  },
});

const DEBOUNCE_MS = 200;

interface StopComboboxProps {
  /** The visible label ("Skąd", "Dokąd"). */
  label: string;
  value: SelectedStop | null;
  onChange: (stop: SelectedStop | null) => void;
  /** A validation message shown under the field. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
}

export function StopCombobox({ label, value, onChange, error, inputRef, placeholder }: StopComboboxProps) {
  const intl = useIntl();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const errorId = `${id}-error`;

  const [text, setText] = useState(value?.name ?? '');
  const [typed, setTyped] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A value set from outside (swap, reset, a name looked up later) replaces the text.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (value) {
      setText(value.name);
      setTyped(false);
    } else if (!typed) {
      setText('');
    }
  }

  const query = useDebouncedValue(typed ? text : '', DEBOUNCE_MS);
  // While typing, wait for the first pause: the unfiltered list would flash up otherwise.
  const stops = useSearchStops(query, open && (query !== '' || !typed));
  // The full list (fetched on a click into the empty field) is not what someone typing asked for.
  const options: StopOption[] = (typed && query === '' ? undefined : stops.data) ?? [];
  const expanded = open && options.length > 0;
  const activeOption = expanded && active >= 0 ? options[active] : undefined;

  function choose(stop: StopOption) {
    onChange({ id: stop.id, name: stop.name });
    setText(stop.name);
    setTyped(false);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else if (options.length > 0) {
          setActive((i) => (i + 1) % options.length);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open && options.length > 0) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter':
        if (activeOption) {
          // Picks the option instead of submitting the form.
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
          setTyped(true);
          onChange(null);
        }
        break;
      default:
        break;
    }
  }

  function onBlur() {
    setOpen(false);
    setActive(-1);
    // Typed a stop's full name without picking it from the list: take it.
    if (typed && !value) {
      const exact = options.find((stop) => stop.name.toLocaleLowerCase() === text.trim().toLocaleLowerCase());
      if (exact) choose(exact);
    }
  }

  const describedBy = [error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="form-field stop-combobox">
      <label htmlFor={inputId} className="form-field__label">
        {label}
      </label>
      <div className="stop-combobox__control">
        <input
          ref={inputRef}
          id={inputId}
          className="form-field__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? `${listboxId}-${activeOption.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required="true"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setTyped(true);
            setOpen(true);
            setActive(-1);
            if (value) onChange(null);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        <ul id={listboxId} role="listbox" aria-label={label} className="stop-combobox__list" hidden={!expanded}>
          {options.map((stop, index) => (
            <li
              key={stop.id}
              id={`${listboxId}-${stop.id}`}
              role="option"
              aria-selected={index === active}
              className="stop-combobox__option"
              // mousedown, not click: the input keeps focus, so the list does not close first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(stop);
              }}
            >
              <span className="stop-combobox__name">{stop.name}</span>
              {stop.name.includes(stop.town) ? null : <span className="stop-combobox__town">{stop.town}</span>}
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {open && typed
          ? stops.isFetching && !stops.data
            ? intl.formatMessage(messages.loading)
            : stops.data
              ? intl.formatMessage(valueMessages.results, { count: options.length })
              : null
          : null}
      </p>
      {open && stops.isError ? <p className="form-field__hint">{intl.formatMessage(messages.failed)}</p> : null}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
