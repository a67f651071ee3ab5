// A small form helper for the account forms: controlled values, client checks on submit, the server's
// 422 field errors mapped onto the fields, and focus moved to the first field with an error (so a
// keyboard or screen-reader user lands on it and hears its message).
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useIntl } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { serverText, type Screen } from '@/shared/api/server-messages';
import { formatDisplayText } from '@/shared/lib/display-text';

import type { FormErrors } from './validation';

/** What `field(name)` gives a TextField: its name, value, change handler and error. */
export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/** `screen`: the form words some codes its own way (server-code-texts.ts). */
export function useForm<F extends string>(initial: Record<F, string>, validate: (values: Record<F, string>) => FormErrors<F>, screen?: Screen) {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const [order] = useState(() => Object.keys(initial) as F[]);

  // After the errors have rendered, so the field's description already holds its message. Once per
  // request: correcting a field clears its error, and the focus must stay where the person types.
  const focused = useRef(0);
  useEffect(() => {
    if (focusRequest === focused.current) return;
    focused.current = focusRequest;
    const first = order.find((name) => errors[name] !== undefined);
    const element = first ? formRef.current?.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  }, [focusRequest, errors, order]);

  const showErrors = useCallback((next: FormErrors<F>) => {
    setErrors(next);
    if (Object.keys(next).length > 0) setFocusRequest((n) => n + 1);
  }, []);

  const field = (name: F): FieldProps => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => {
        if (current[name] === undefined) return current;
        const next = { ...current };
        delete next[name];
        return next;
      });
    },
    error: errors[name] !== undefined ? formatDisplayText(intl, errors[name]) : undefined,
  });

  const handleSubmit = (onValid: (values: Record<F, string>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validate(values);
    showErrors(problems);
    if (Object.keys(problems).length === 0) onValid(values);
  };

  /** Puts a 422 answer's field errors under the fields this form has. */
  const showServerErrors = (error: unknown) => {
    if (!isApiError(error) || error.errors.length === 0) return;
    const next: FormErrors<F> = {};
    for (const fieldError of error.errors) {
      const name = fieldError.field;
      if (order.includes(name as F) && next[name as F] === undefined) next[name as F] = serverText(fieldError, screen);
    }
    showErrors(next);
  };

  return { values, setValues, errors, field, handleSubmit, showServerErrors, formRef };
}
