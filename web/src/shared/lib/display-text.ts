import type { IntlShape, MessageDescriptor } from 'react-intl';

/**
 * Something to show a person: a catalogue message (translated when shown, with its values), or a
 * plain text that comes from elsewhere (e.g. a server message we have no translation for).
 */
export type DisplayText = string | (MessageDescriptor & { values?: Record<string, string | number> });

export function formatDisplayText(intl: IntlShape, text: DisplayText): string {
  return typeof text === 'string' ? text : intl.formatMessage(text, text.values);
}
