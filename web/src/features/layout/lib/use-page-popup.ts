import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';

import { useDismiss } from './use-dismiss';

/**
 * The open state of a header popup (the user dropdown, the mobile menu). It is open on the page where
 * it was opened: any navigation (an entry, the back button) closes it. Escape and a click or focus
 * outside `container` close it too (see useDismiss), Escape returning focus to `button`.
 */
export function usePagePopup() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpenOn(null), []);
  const toggle = useCallback(() => setOpenOn(open ? null : pathname), [open, pathname]);
  useDismiss(open, container, close, button);
  return { open, close, toggle, container, button };
}
