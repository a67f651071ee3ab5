import { useLayoutEffect, type RefObject } from 'react';

/**
 * Closes a popup (submenu, dropdown) on Escape, returning focus to its button, and on a click or
 * focus outside `container` (WCAG 1.4.13: content shown on hover or focus can be dismissed).
 *
 * The listeners are attached in a layout effect, in the same commit that shows the popup: on Preact
 * a plain effect runs only after the next frame, and an Escape pressed before it (a fast keyboard,
 * a loaded machine) found no listener and left the popup open.
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  close: () => void,
  returnFocusTo?: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusInside = container.current?.contains(document.activeElement) ?? false;
      close();
      if (focusInside) returnFocusTo?.current?.focus();
    };
    const onPointerDown = (event: Event) => {
      if (container.current && !container.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('focusin', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('focusin', onPointerDown);
    };
  }, [open, container, close, returnFocusTo]);
}
