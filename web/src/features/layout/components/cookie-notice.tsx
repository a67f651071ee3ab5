import { defineMessages, useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

import { useCookieNoticeStore } from '../stores/cookie-notice-store';

const messages = defineMessages({
  label: {
    id: 'layout.cookieNotice.label',
    defaultMessage: 'Informacja o plikach cookies',
    description: 'Accessible name of the cookie notice bar',
  },
  text: {
    id: 'layout.cookieNotice.text',
    defaultMessage:
      'Ta strona używa plików cookies, aby działać poprawnie i zapamiętać Twoje wybory. Korzystając z niej, zgadzasz się na ich użycie.',
    description: 'Cookie notice shown at the bottom of the page until accepted',
  },
  accept: {
    id: 'layout.cookieNotice.accept',
    defaultMessage: 'Rozumiem',
    description: 'Button that accepts the cookie notice and hides it for good',
  },
});

/** Shown until accepted; acceptance is remembered in localStorage (docs/web.md, 'The cookie notice'). */
export function CookieNotice() {
  const intl = useIntl();
  const accepted = useCookieNoticeStore((state) => state.accepted);
  const accept = useCookieNoticeStore((state) => state.accept);

  if (accepted) return null;

  return (
    <section className="cookie-notice" aria-label={intl.formatMessage(messages.label)}>
      <div className="container cookie-notice__inner">
        <p className="cookie-notice__text">{intl.formatMessage(messages.text)}</p>
        <Button onClick={accept}>{intl.formatMessage(messages.accept)}</Button>
      </div>
    </section>
  );
}
