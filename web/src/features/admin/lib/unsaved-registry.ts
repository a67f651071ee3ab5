import { createContext, useContext, useEffect } from 'react';

export type UnsavedCheck = () => boolean;

export const UnsavedRegistry = createContext<{ add: (check: UnsavedCheck) => () => void } | null>(null);

/** Registers a form's "has unsaved changes" with the page's one leave guard (components/leave-guard.tsx). */
export function useUnsavedChanges(check: UnsavedCheck): void {
  const registry = useContext(UnsavedRegistry);
  useEffect(() => registry?.add(check), [registry, check]);
}
