// The panel's screens that are not an area's list or record.
import type { ReactNode } from 'react';

import { CouponExport } from './coupon-export';
import { SettingsScreen } from './settings-screen';

export const EXTRA_ROUTES: { path: string; element: ReactNode }[] = [
  { path: 'company/company/settings', element: <SettingsScreen /> },
  { path: 'course/coupon/export-coupon', element: <CouponExport /> },
];
