import { defineMessages, useIntl } from 'react-intl';

export const MAIN_CONTENT_ID = 'main-content';

const messages = defineMessages({
  skipToContent: {
    id: 'layout.skipLink',
    defaultMessage: 'Przejdź do treści',
    description: 'First focusable link on every page; jumps over the header to the main content',
  },
});

/** Hidden until focused, so keyboard users can skip the header on every page. */
export function SkipLink() {
  const intl = useIntl();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {intl.formatMessage(messages.skipToContent)}
    </a>
  );
}
