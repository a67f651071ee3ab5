import { create } from 'zustand';

import type { PublicSettings } from '../api/get-public-settings';

interface SettingsState {
  /** The public company settings the layout shows (spec §3): footer texts, sanitised HTML. */
  settings: PublicSettings;
  setSettings: (settings: PublicSettings) => void;
}

/**
 * The layout's copy of the public settings, filled from the settings query when the layout loads
 * (spec §2 "fetches public company settings on load"), so any part of the page can read them
 * without knowing about the request.
 */
export const useSettingsStore = create<SettingsState>()((set) => ({
  settings: { page_footer_1: '', page_footer_2: '' },
  setSettings: (settings) => set({ settings }),
}));
