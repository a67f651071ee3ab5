// Toasts: short messages in the corner (docs/web.md, 'Toasts'). Client state only (R17); the `Toaster` component
// renders them and runs their timers, so the store stays free of side effects and easy to test.
import { create } from 'zustand';

import type { DisplayText } from '../lib/display-text';

/** `denied`: the user may not do this (401/403); `danger`: something failed. */
export type ToastType = 'success' | 'info' | 'warning' | 'denied' | 'danger';

/** A text to show: plain (e.g. a message from the server) or a catalogue message, translated when shown. */
export type ToastText = DisplayText;

export interface Toast {
  id: string;
  type: ToastType;
  title?: ToastText;
  message: ToastText;
  /** Milliseconds until it goes away by itself. */
  timeout: number;
}

export type NewToast = Omit<Toast, 'id' | 'timeout' | 'type'> & Partial<Pick<Toast, 'timeout' | 'type'>>;

/** How long each type stays (docs/web.md, 'Toasts'): default 4 s, warning and denied 10 s, danger 20 s. */
export const TOAST_TIMEOUTS: Record<ToastType, number> = {
  success: 4_000,
  info: 4_000,
  warning: 10_000,
  denied: 10_000,
  danger: 20_000,
};

/** At most this many at once; the oldest goes first. */
const MAX_TOASTS = 5;

interface ToastState {
  toasts: Toast[];
  /** Shows a toast and returns its id. */
  add: (toast: NewToast) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

let sequence = 0;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  add: (toast) => {
    sequence += 1;
    const type = toast.type ?? 'info';
    const full: Toast = { ...toast, id: `toast-${sequence}`, type, timeout: toast.timeout ?? TOAST_TIMEOUTS[type] };
    set((state) => ({ toasts: [...state.toasts, full].slice(-MAX_TOASTS) }));
    return full.id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** Shows a toast from outside React (API client, event handlers). */
export function showToast(toast: NewToast): string {
  return useToastStore.getState().add(toast);
}
