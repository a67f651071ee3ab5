import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface CookieNoticeState {
  accepted: boolean;
  accept: () => void;
}

/** Whether the visitor accepted the cookie notice; remembered in localStorage (docs/web.md, 'The cookie notice'). */
export const useCookieNoticeStore = create<CookieNoticeState>()(
  persist(
    (set) => ({
      accepted: false,
      accept: () => set({ accepted: true }),
    }),
    { name: 'nisko-bus.cookie-notice', partialize: (state) => ({ accepted: state.accepted }) },
  ),
);
