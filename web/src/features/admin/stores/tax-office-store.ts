import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface TaxOfficeState {
  /** The tax office's four-digit code (KodUrzedu) the month's JPK was last made for; empty at first. */
  code: string;
  remember: (code: string) => void;
}

/** The tax office of the finance month's JPK, remembered in this browser (localStorage): it rarely changes. */
export const useTaxOfficeStore = create<TaxOfficeState>()(
  persist(
    (set) => ({
      code: '',
      remember: (code) => set({ code }),
    }),
    { name: 'nisko-bus.admin.tax-office', partialize: (state) => ({ code: state.code }) },
  ),
);
