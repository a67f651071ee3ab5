import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigation } from 'react-router';

import { useLoaderStore } from '@/shared/stores/loader-store';
import { VisuallyHidden } from '@/shared/ui/visually-hidden';

const messages = defineMessages({
  loading: {
    id: 'layout.loader.label',
    defaultMessage: 'Ładowanie…',
    description: 'Read by screen readers while the full-screen loader is shown',
  },
});

/** The overlay appears only after this delay, so quick requests and page changes never flash it
 * (docs/web.md, 'Loading indicators'). */
export const LOADER_DELAY_MS = 200;

/** The full-screen loader: on while the loader store says so, or while a page (chunk) is loading. */
export function LoaderOverlay() {
  const intl = useIntl();
  const storeLoading = useLoaderStore((state) => state.loading);
  const navigating = useNavigation().state === 'loading';
  const wanted = storeLoading || navigating;
  const [visible, setVisible] = useState(false);

  // Shown once `wanted` has lasted the delay; hidden as soon as it ends (and reset for next time).
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(wanted), wanted ? LOADER_DELAY_MS : 0);
    return () => window.clearTimeout(timer);
  }, [wanted]);

  if (!visible || !wanted) return null;
  return (
    <div className="loader-overlay" role="status" aria-live="polite">
      <span className="loader-overlay__spinner" aria-hidden="true" />
      <VisuallyHidden>{intl.formatMessage(messages.loading)}</VisuallyHidden>
    </div>
  );
}
