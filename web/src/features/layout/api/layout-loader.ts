// The data the public layout shows around every page: banners, the three menus and the company's
// public settings (footer texts). The layout route's loader starts these requests in parallel with
// the first page's chunk, so the first render already has them:
//
// - the banners strip sits above the header, so banners arriving after the first paint would push
//   the whole page down (a layout shift);
// - rendering the header and footer again when each answer arrives costs main-thread time right
//   when the page should become responsive.
//
// A slow or failing API costs at most LAYOUT_DATA_WAIT_MS; the page then shows without that part,
// which appears when it arrives (the components read the same queries).
//
// The texts come in the page's language (`/en/...` asks for English), keyed by it: each locale's
// routes have a layout of their own, so switching language runs this loader for the new one.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

import { parseLocalePath } from '@/i18n/locales';
import { firstLoadWaits } from '@/shared/lib/first-load';

import { bannersQueryOptions } from './get-banners';
import { menuQueryOptions, type MenuType } from './get-menu';
import { publicSettingsQueryOptions } from './get-public-settings';

/** How long the first page waits for the layout's data before it shows without it. */
export const LAYOUT_DATA_WAIT_MS = 1500;

const MENUS: readonly MenuType[] = ['top', 'bottom1', 'bottom2'];

export function layoutLoader(queryClient: QueryClient) {
  return firstLoadWaits(({ request }: Pick<LoaderFunctionArgs, 'request'>) => {
    const { locale } = parseLocalePath(new URL(request.url).pathname);
    return Promise.allSettled([
      queryClient.ensureQueryData(bannersQueryOptions(locale)),
      ...MENUS.map((type) => queryClient.ensureQueryData(menuQueryOptions(type, locale))),
      queryClient.ensureQueryData(publicSettingsQueryOptions(locale)),
    ]);
  }, LAYOUT_DATA_WAIT_MS);
}
