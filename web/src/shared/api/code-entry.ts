// The shape of the one table of the server's error codes (server-code-texts.ts): what the server said
// about one thing (`ServerText`), how a code is said (`CodeTranslation`), and one code's entry, with
// the screens and fields that say it their own way (`CodeEntry`). server-messages.ts reads the table.
import type { MessageDescriptor } from 'react-intl';

import type { DisplayText } from '../lib/display-text';

/** Whole numbers an error carries beside its code (`{"max": 254}`), named per code (docs/errors.md). */
export type ServerParams = Readonly<Record<string, number>>;

/** What the server said about one thing (the whole answer, or one field of a 422): its code, its
 * numbers, and its English message for when the code is unknown. `ApiError` and its field errors are
 * both this. */
export interface ServerText {
  readonly code?: string | undefined;
  readonly message: string;
  /** The field a field error is about (some screens say a code differently per field). */
  readonly field?: string | undefined;
  /** The numbers the sentence repeats (`max`, `minutes`, …); a translation reads them here, never
   * in `message`. */
  readonly params?: ServerParams | undefined;
}

/** A code's translation: a message, or one built from the server's text (for a value it carries). */
export type CodeTranslation = MessageDescriptor | ((text: ServerText) => DisplayText);

/** The screens that say some codes their own way (the rest say every code as the table's `text`). */
export type Screen = 'search' | 'order' | 'return' | 'change' | 'choice' | 'complaint' | 'panel' | 'email';

/** A code on one screen: one translation, or one per field (the field itself, else its name without
 * indices: `prices.price` for `prices[3].price`, else the list it is an item of: `attachments` for
 * `attachments[1].content`, else `'*'` for any other field). A field the map
 * does not name (and no `'*'`) gets the code's `text`. */
export type ScreenTranslation = CodeTranslation | { readonly fields: Readonly<Record<string, CodeTranslation>> };

/** One code of the table: what every screen says, and what the screens in `on` say instead. */
export interface CodeEntry {
  /** What any screen says; left out only for a code that no screen but those of `on` words (`conflict`). */
  readonly text?: CodeTranslation;
  readonly on?: Readonly<Partial<Record<Screen, ScreenTranslation>>>;
}

/** The whole number `name` of the answer's params, or `undefined` when it sent none. */
export function paramOf(text: ServerText, name: string): number | undefined {
  const value = text.params?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * `withNumbers` says `message` with the params it names, when the answer carries all of them, and
 * `bare` (the same sentence without the number) when it does not: never a sentence with a hole.
 */
export function withNumbers(text: ServerText, names: readonly string[], message: MessageDescriptor, bare: MessageDescriptor): DisplayText {
  const values: Record<string, number> = {};
  for (const name of names) {
    const value = paramOf(text, name);
    if (value === undefined) return bare;
    values[name] = value;
  }
  return { ...message, values };
}

function isByField(said: ScreenTranslation): said is { readonly fields: Readonly<Record<string, CodeTranslation>> } {
  return typeof said === 'object' && 'fields' in said;
}

/** The translation `said` has for the field of `text`, if any: by the field itself, else by its name
 * without indices (`prices.price` for `prices[3].price`), else by the list it is an item of, else `'*'`. */
function forField(said: ScreenTranslation, text: ServerText): CodeTranslation | undefined {
  if (!isByField(said)) return said;
  const field = text.field ?? '';
  const unindexed = field.replace(/\[\d+\]/g, '');
  const list = field.split(/[.[]/)[0] ?? field;
  return said.fields[field] ?? said.fields[unindexed] ?? said.fields[list] ?? said.fields['*'];
}

/** How `entry` says `text` on `screen` (the screen's own words, else the code's); `null` when neither. */
export function entryText(entry: CodeEntry | undefined, text: ServerText, screen?: Screen): DisplayText | null {
  const said = screen && entry?.on?.[screen];
  const translation = (said ? forField(said, text) : undefined) ?? entry?.text;
  if (translation === undefined) return null;
  return typeof translation === 'function' ? translation(text) : translation;
}
