// The panel's screens that are not an area's list or record.
import type { ReactNode } from 'react';

export const EXTRA_ROUTES: { path: string; element: ReactNode }[] = [];
