import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { formatDisplayText } from '@/shared/lib/display-text';
import { useToastStore, type Toast } from '@/shared/stores/toast-store';
import { Icon } from '@/shared/ui/icon';

const messages = defineMessages({
  region: {
    id: 'layout.toasts.label',
    defaultMessage: 'Powiadomienia',
    description: 'Accessible name of the area where toasts appear',
  },
  close: {
    id: 'layout.toasts.close',
    defaultMessage: 'Zamknij powiadomienie',
    description: 'Button that closes one toast',
  },
});


/**
 * The toasts (docs/web.md, 'Toasts'). The list is a polite live region, so new toasts are read out; failures use
 * role="alert". Each toast closes itself after its timeout, which pauses while the pointer or the
 * keyboard focus is on it (WCAG 2.2.1), and has a close button.
 */
export function Toaster() {
  const intl = useIntl();
  const toasts = useToastStore((state) => state.toasts);

  return (
    <section className="toaster" aria-label={intl.formatMessage(messages.region)}>
      <ol className="toaster__list" aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const intl = useIntl();
  const dismiss = useToastStore((state) => state.dismiss);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.timeout);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, dismiss, toast.id]);

  const urgent = toast.type === 'danger' || toast.type === 'denied';
  return (
    // The role sits inside the <li>: an <li> with a role of its own is no list item, and the list
    // would hold foreign children (axe "list").
    <li className={`toast toast--${toast.type}`}>
      <div
      className="toast__inner"
      role={urgent ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="toast__body">
        {toast.title ? <p className="toast__title">{formatDisplayText(intl, toast.title)}</p> : null}
        <p className="toast__message">{formatDisplayText(intl, toast.message)}</p>
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={intl.formatMessage(messages.close)}
        onClick={() => dismiss(toast.id)}
      >
        <Icon name="close" size={18} />
      </button>
      </div>
    </li>
  );
}
