// One question before leaving unsaved changes, for every form of the page (a route's page has several:
// the route, its stops, each timetable). React Router allows one blocker at a time, so forms register
// a check here and the one guard asks them all: in the app (a link, the back button) with a dialog,
// and when closing or reloading the tab with the browser's own question.
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useBlocker } from 'react-router';

import { UnsavedRegistry, type UnsavedCheck as Check } from '../lib/unsaved-registry';
import { common } from '../messages/common-messages';

import { ConfirmDialog } from './confirm-dialog';

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const checksRef = useRef(new Set<Check>());
  const registry = useMemo(
    () => ({
      add: (check: Check) => {
        checksRef.current.add(check);
        return () => {
          checksRef.current.delete(check);
        };
      },
    }),
    [],
  );
  const dirty = useCallback(() => [...checksRef.current].some((check) => check()), []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirty());
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <UnsavedRegistry.Provider value={registry}>
      {children}
      {blocker.state === 'blocked' ? (
        <ConfirmDialog
          title={intl.formatMessage(common.leaveTitle)}
          text={intl.formatMessage(common.leaveText)}
          confirmLabel={intl.formatMessage(common.leave)}
          cancelLabel={intl.formatMessage(common.stay)}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        />
      ) : null}
    </UnsavedRegistry.Provider>
  );
}
