// The top loading bar (docs/web.md, 'Loading indicators'):
// it appears only when a navigation takes longer than 200 ms (so quick
// page changes never flash it), runs for at most 5 s and hides as soon as the navigation ends. It
// sits above both layouts, the site's and the admin panel's.
import { useEffect, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useNavigation } from 'react-router';

import './navigation-progress.css';

/** Spec §9: the bar's throttle and its longest run. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;

const messages = defineMessages({
  label: {
    id: 'app.navigationProgress.label',
    defaultMessage: 'Wczytywanie strony',
    description: 'Accessible name of the thin loading bar at the top while a page loads',
  },
});

type Phase = 'shown' | 'done';

export function NavigationProgress() {
  const intl = useIntl();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  // Which navigation the phase belongs to: a new navigation starts hidden without resetting state.
  const key = navigation.location?.key ?? '';
  const [phase, setPhase] = useState<{ key: string; phase: Phase } | null>(null);

  useEffect(() => {
    if (!busy) return undefined;
    const show = setTimeout(() => setPhase({ key, phase: 'shown' }), PROGRESS_THROTTLE_MS);
    const stop = setTimeout(() => setPhase({ key, phase: 'done' }), PROGRESS_THROTTLE_MS + PROGRESS_DURATION_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(stop);
    };
  }, [busy, key]);

  if (!busy || phase?.key !== key || phase.phase !== 'shown') return null;
  return (
    <div
      className="navigation-progress"
      role="progressbar"
      aria-label={intl.formatMessage(messages.label)}
      style={{ animationDuration: `${PROGRESS_DURATION_MS}ms` }}
    />
  );
}
