// The connections of one search as radio groups (outbound, and back for a round trip) and "continue":
// the choice is checked here (both chosen, the return after the outbound arrives) and handed on.
import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import type { Connection, SearchInput, SearchResult } from '../api/search-connections';
import { addDay } from '../utils/search-params';

import { ConnectionOption } from './connection-option';
import { searchPageMessages as messages, searchPageValues as valueMessages } from './search-page-messages';

interface ResultsFormProps {
  input: SearchInput;
  result: SearchResult;
  fromName: string;
  toName: string;
  onSearch: (input: SearchInput) => void;
  onChoose: (outbound: Connection, back: Connection | null) => void;
}

/** Why the choice cannot go on yet, or `null`. */
function choiceProblem(intl: IntlShape, roundTrip: boolean, outbound: Connection | null, back: Connection | null): string | null {
  if (!outbound) return intl.formatMessage(messages.chooseOutbound);
  if (roundTrip && !back) return intl.formatMessage(messages.chooseBack);
  if (roundTrip && back && new Date(back.departure_at) < new Date(outbound.arrival_at)) return intl.formatMessage(messages.backBeforeOutbound);
  return null;
}

/** The connections of one search as radio groups (outbound, and back for a round trip), and "continue". */
export function ResultsForm({ input, result, fromName, toName, onSearch, onChoose }: ResultsFormProps) {
  const intl = useIntl();
  const [outboundId, setOutboundId] = useState<string | null>(null);
  const [backId, setBackId] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const roundTrip = input.tripMode === 'round_trip';
  const { outbound, return: back } = result;
  // A course that sold out since it was chosen (the list refreshes) no longer counts as chosen.
  const chosenOutbound = outbound.find((c) => c.course_id === outboundId && c.seats_available > 0) ?? null;
  const chosenBack = back.find((c) => c.course_id === backId && c.seats_available > 0) ?? null;

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = choiceProblem(intl, roundTrip, chosenOutbound, chosenBack);
    setChoiceError(problem);
    if (problem) {
      errorRef.current?.focus();
      return;
    }
    if (chosenOutbound) onChoose(chosenOutbound, roundTrip ? chosenBack : null);
  }

  const direction = { input, fromName, toName, onSearch, onChosen: () => setChoiceError(null) };
  const canChoose = outbound.length > 0 && (!roundTrip || back.length > 0);

  return (
    <form className="search-results" noValidate onSubmit={choose}>
      <DirectionList {...direction} kind="outbound" served={result.served} connections={outbound} chosen={outboundId} setChosen={setOutboundId} />
      {roundTrip ? (
        <DirectionList {...direction} kind="back" served={result.return_served} connections={back} chosen={backId} setChosen={setBackId} />
      ) : null}
      {canChoose ? <ChooseAction error={choiceError} errorRef={errorRef} /> : null}
    </form>
  );
}

/** "Continue", with why it cannot yet above it. */
function ChooseAction({ error, errorRef }: { error: string | null; errorRef: Ref<HTMLParagraphElement> }) {
  const intl = useIntl();
  return (
    <div className="search-results__actions">
      <p ref={errorRef} tabIndex={-1} className="form-field__error" role="alert">
        {error}
      </p>
      <Button type="submit">{intl.formatMessage(messages.choose)}</Button>
    </div>
  );
}

interface DirectionProps {
  kind: 'outbound' | 'back';
  input: SearchInput;
  fromName: string;
  toName: string;
  /** Whether any line runs this way; undefined when the backend did not say. */
  served: boolean | undefined;
  connections: Connection[];
  chosen: string | null;
  setChosen: (courseId: string) => void;
  onChosen: () => void;
  onSearch: (input: SearchInput) => void;
}

/** A direction's heading: its stops (when their names are known) and its day. */
function useDirectionHeading({ kind, input, fromName, toName }: Pick<DirectionProps, 'kind' | 'input' | 'fromName' | 'toName'>): string {
  const intl = useIntl();
  const format = useFormatters();
  const roundTrip = input.tripMode === 'round_trip';
  const date = format.day(kind === 'back' ? (input.dateBack ?? input.date) : input.date, 'full');
  if (fromName === '' || toName === '') {
    const unnamed = kind === 'back' ? valueMessages.backUnnamed : roundTrip ? valueMessages.outboundUnnamed : valueMessages.outboundOneWayUnnamed;
    return intl.formatMessage(unnamed, { date });
  }
  if (kind === 'back') return intl.formatMessage(valueMessages.back, { from: toName, to: fromName, date });
  return intl.formatMessage(roundTrip ? valueMessages.outbound : valueMessages.outboundOneWay, { from: fromName, to: toName, date });
}

/** One direction's connections to choose from, or why there are none. */
function DirectionList(props: DirectionProps) {
  const { kind, served, connections, chosen, setChosen, onChosen } = props;
  const id = useId();
  const heading = useDirectionHeading(props);
  const headingId = `${id}-${kind}`;
  return (
    <section className="search-results__direction" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-results__heading">
        {heading}
      </h2>
      {connections.length === 0 ? (
        <NoConnections kind={kind} served={served} input={props.input} onSearch={props.onSearch} />
      ) : (
        <fieldset className="search-results__options">
          <legend className="visually-hidden">{heading}</legend>
          <ul className="search-results__list">
            {connections.map((connection) => (
              <ConnectionOption
                key={connection.course_id}
                connection={connection}
                name={`${id}-${kind}-course`}
                checked={chosen === connection.course_id}
                onSelect={() => {
                  setChosen(connection.course_id);
                  onChosen();
                }}
              />
            ))}
          </ul>
        </fieldset>
      )}
    </section>
  );
}

/** Nothing found this way: no line at all (another day would not help), or try the next day. */
function NoConnections({ kind, served, input, onSearch }: Pick<DirectionProps, 'kind' | 'served' | 'input' | 'onSearch'>) {
  const intl = useIntl();
  if (served === false) {
    return (
      <div className="search-results__empty">
        <p className="search-results__none">{intl.formatMessage(messages.notServed)}</p>
      </div>
    );
  }
  const nextDay = () => {
    const next = kind === 'back' ? { ...input, dateBack: addDay(input.dateBack ?? input.date) } : { ...input, date: addDay(input.date) };
    if (next.dateBack && next.dateBack < next.date) next.dateBack = next.date;
    onSearch(next);
  };
  return (
    <div className="search-results__empty">
      <p className="search-results__none">{intl.formatMessage(messages.none)}</p>
      {served === undefined ? <p>{intl.formatMessage(messages.noneHint)}</p> : null}
      <Button variant="secondary" onClick={nextDay}>
        {intl.formatMessage(messages.nextDay)}
      </Button>
    </div>
  );
}
