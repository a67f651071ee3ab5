// The discount form refuses exactly what the server refuses: each limit it enforces is the one the
// server's document gives `DiscountInput` (web/openapi.json), read here from the document itself.
import { describe, expect, it } from 'vitest';

import openapiDocument from '../../../../openapi.json';
import { formatMoney } from '../lib/money-input';

import { discountSchema, discountsArea } from './discounts';

interface Property {
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  $ref?: string;
  oneOf?: Property[];
}
const document = openapiDocument as unknown as { components: { schemas: Record<string, Property & { properties?: Record<string, Property> }> } };
/** A property's schema: a value type's (`$ref`) where the property names one, the non-null one of a nullable one. */
function resolved(property: Property): Property {
  if (property.oneOf) return resolved(property.oneOf.find((member) => member.$ref ?? member.maxLength) ?? property);
  return property.$ref ? (document.components.schemas[property.$ref.split('/').at(-1) ?? ''] ?? property) : property;
}
const server = Object.fromEntries(
  Object.entries(document.components.schemas.DiscountInput?.properties ?? {}).map(([name, property]) => [name, resolved(property)]),
);

const valid = {
  name: 'Ulga',
  name_en: '',
  kind: 'amount' as 'amount' | 'percent',
  value: '1,00',
  valid_from: '',
  valid_to: '',
  active: true,
  statutory: false,
  sort_order: '0',
};

const stored = {
  id: 1,
  name: 'Ulga',
  name_en: null,
  kind: 'amount',
  value: 100,
  valid_from: null,
  valid_to: null,
  active: true,
  statutory: false,
  sort_order: 0,
};

/** The messages the form gives `values`, by field. */
function issues(values: Partial<typeof valid>): Record<string, string> {
  const result = discountSchema.safeParse({ ...valid, ...values });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

/** A bound of the document's `DiscountInput`, which must be there. */
function bound(property: string, key: 'maxLength' | 'minimum' | 'maximum'): number {
  const value = server[property]?.[key];
  if (value === undefined) throw new Error(`DiscountInput.${property} has no ${key} in openapi.json`);
  return value;
}

describe('the discount form’s limits', () => {
  it('are the document’s for the names’ lengths', () => {
    for (const name of ['name', 'name_en']) {
      const max = bound(name, 'maxLength');
      expect(issues({ [name]: 'a'.repeat(max) }), `${name} of ${max}`).toEqual({});
      expect(issues({ [name]: 'a'.repeat(max + 1) }), `${name} of ${max + 1}`).toEqual({ [name]: `tooLong|${max}` });
    }
  });

  it('are the document’s for an amount, typed in złoty (its bounds are grosze)', () => {
    const min = bound('value', 'minimum');
    const max = bound('value', 'maximum');
    expect(issues({ value: formatMoney(min) })).toEqual({});
    expect(issues({ value: formatMoney(max) })).toEqual({});
    expect(issues({ value: '0' })).toEqual({ value: 'money.zero' });
    expect(issues({ value: formatMoney(max + 1) })).toEqual({ value: `money.tooLarge|${formatMoney(max)}` });
  });

  it('are the document’s for the sort order', () => {
    for (const field of ['sort_order']) {
      const min = bound(field, 'minimum');
      const max = bound(field, 'maximum');
      const range = `range|${min}|${max}`;
      expect(issues({ [field]: String(min) }), `${field} ${min}`).toEqual({});
      expect(issues({ [field]: String(max) }), `${field} ${max}`).toEqual({});
      expect(issues({ [field]: String(min - 1) }), `${field} ${min - 1}`).toEqual({ [field]: range });
      expect(issues({ [field]: String(max + 1) }), `${field} ${max + 1}`).toEqual({ [field]: range });
    }
  });

  it('take an amount in złoty with a comma and send it in grosze; a percentage stays a percentage', () => {
    const toInput = discountsArea.toInput;
    expect(issues({ value: '12,50' })).toEqual({});
    expect((toInput({ ...valid, value: '12,50' }, undefined) as { value: number }).value).toBe(1250);
    expect((toInput({ ...valid, value: '5' }, undefined) as { value: number }).value).toBe(500);
    expect((toInput({ ...valid, kind: 'percent', value: '37' }, undefined) as { value: number }).value).toBe(37);
    const shown = discountsArea.toValues({ ...stored, kind: 'amount', value: 1250 });
    expect(shown.value).toBe('12,50');
    expect(discountsArea.toValues({ ...stored, kind: 'percent', value: 37 }).value).toBe('37');
  });

  it('refuse an amount with more than two decimals, a negative one and garbage, saying so at the field', () => {
    expect(issues({ value: '12,505' })).toEqual({ value: 'money.decimals' });
    expect(issues({ value: '-5' })).toEqual({ value: 'money.negative' });
    expect(issues({ value: 'abc' })).toEqual({ value: 'money.format' });
    expect(issues({ kind: 'percent', value: '12,5' })).toEqual({ value: 'integer' });
  });

  it('keep a percentage at 100 at most (a rule of the form, within the server’s range)', () => {
    expect(issues({ kind: 'percent', value: '100' })).toEqual({});
    expect(issues({ kind: 'percent', value: '101' })).toEqual({ value: 'range|1|100' });
  });
});
