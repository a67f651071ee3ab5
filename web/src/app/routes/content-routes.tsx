// Content pages (docs/web.md, 'Content pages'): /old/nisko-krakow and /old/regulamin, and the /{slug} catch-all. Static
// paths rank above `:slug` in React Router, so the catch-all never hides a real page.
import type { RouteObject } from 'react-router';

import { withMessages } from '@/i18n/catalogues';

export const loadContentPage = () => withMessages(import('./content-page'));

/** The old site's addresses, kept working: they show the content pages of these slugs. */
const OLD_PAGES = ['nisko-krakow', 'regulamin'] as const;

export function contentRoutes(): RouteObject[] {
  return [
    ...OLD_PAGES.map(
      (slug): RouteObject => ({
        path: `old/${slug}`,
        lazy: async () => {
          const { ContentPageRoute } = await loadContentPage();
          return { element: <ContentPageRoute slug={slug} /> };
        },
      }),
    ),
    { path: ':slug', lazy: async () => ({ Component: (await loadContentPage()).ContentPageRoute }) },
  ];
}
