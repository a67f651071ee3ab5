// The side navigation, grouped as the admin paths are (docs/web.md, 'The panel's areas').
import type { MessageDescriptor } from 'react-intl';

import { areaTitles } from '../messages/area-titles';
import { common } from '../messages/common-messages';

export interface NavEntry {
  /** Below /admin. */
  path: string;
  title: MessageDescriptor;
}

export interface NavGroup {
  title: MessageDescriptor;
  entries: NavEntry[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    title: common.groupRoute,
    entries: [
      { path: 'route/route', title: areaTitles.routes },
      { path: 'route/waypoint', title: areaTitles.waypoints },
    ],
  },
  {
    title: common.groupCourse,
    entries: [
      { path: 'course/course', title: areaTitles.courses },
      { path: 'course/discount', title: areaTitles.discounts },
      { path: 'course/coupon', title: areaTitles.coupons },
    ],
  },
  {
    title: common.groupOrder,
    entries: [
      { path: 'order/order', title: areaTitles.orders },
      { path: 'order/invoice', title: areaTitles.invoices },
      { path: 'order/invoice/month', title: areaTitles.month },
      { path: 'till', title: areaTitles.till },
      { path: 'complaint/complaint', title: areaTitles.complaints },
      { path: 'messages', title: areaTitles.messages },
      { path: 'personal-data', title: areaTitles.personalData },
    ],
  },
  {
    title: common.groupApp,
    entries: [
      { path: 'app/banner', title: areaTitles.banners },
      { path: 'app/menu', title: areaTitles.menus },
      { path: 'app/contents', title: areaTitles.contents },
    ],
  },
  { title: common.groupCompany, entries: [{ path: 'company/company/settings', title: areaTitles.settings }] },
];

/** The group and entry a panel path belongs to (for breadcrumbs), by the longest matching prefix. */
export function navEntryOf(path: string): { group: NavGroup; entry: NavEntry } | null {
  let best: { group: NavGroup; entry: NavEntry } | null = null;
  for (const group of NAV_GROUPS) {
    for (const entry of group.entries) {
      if ((path === entry.path || path.startsWith(`${entry.path}/`)) && (!best || entry.path.length > best.entry.path.length)) {
        best = { group, entry };
      }
    }
  }
  return best;
}
