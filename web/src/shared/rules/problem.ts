// What a rule of src/shared/rules answers when a value is not one: the server's field-error code and
// the numbers it carries (`{ code: 'field.too_long', params: { max: 100 } }`), the same shape as a
// field error of the server's 422. So the page says a refusal in the same words before sending as the
// server's answer would (shared/api/server-messages.ts translates both).

/** The field-error codes the value rules answer (docs/errors.md). */
export type FieldCode =
  | 'field.blank'
  | 'field.too_long'
  | 'field.bad_characters'
  | 'field.invalid_email'
  | 'field.invalid_phone'
  | 'field.invalid_vat_number'
  | 'field.invalid_postal_code';

/** Why a value is not one: its code, and the numbers (`max`) the message states. */
export interface FieldProblem {
  readonly code: FieldCode;
  readonly params?: { readonly max: number };
}

/** A value's rule: `null` when the server takes it. */
export type Rule = (value: string) => FieldProblem | null;

export const blank: FieldProblem = { code: 'field.blank' };

export const tooLong = (max: number): FieldProblem => ({ code: 'field.too_long', params: { max } });

/** `rule`, with blank text (only whitespace) taken as "none": an optional field. */
export function optional(rule: Rule): Rule {
  return (value) => {
    const problem = rule(value);
    return problem?.code === 'field.blank' ? null : problem;
  };
}
