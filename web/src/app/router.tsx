// The route tree. Every page exists once per locale: Polish at `/...`, English at `/en/...`
// (docs/web.md, 'Every page in both languages').
//
// Pages are loaded with route-level `lazy`, so each page (and later the whole admin panel) is its own
// chunk and stays out of the customer's first download. React Router resolves a lazy route before
// it navigates, so there is no Suspense fallback flashing between pages.
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';

import { layoutLoader } from '@/features/layout/api/layout-loader';
import { MainLayout } from '@/features/layout/components/main-layout';
import { withMessages, loadCatalogue } from '@/i18n/catalogues';
import { LocaleProvider } from '@/i18n/locale-provider';
import { localeBasePath, LOCALES, type Locale } from '@/i18n/locales';

import { AppLoading } from './app-loading';
import { NotFoundPage } from './errors/not-found-page';
import { RouteError } from './errors/route-error';
import { NavigationProgress } from './navigation-progress';
import { accountRoutes } from './routes/account-routes';
import { adminRoutes } from './routes/admin-routes';
import { bookingRoutes } from './routes/booking-routes';
import { complaintRoutes } from './routes/complaint-routes';
import { contentRoutes } from './routes/content-routes';
import { driverRoutes } from './routes/driver-routes';

function pageRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      index: true,
      lazy: async () => ({ Component: (await withMessages(import('./routes/home'))).HomeRoute }),
    },
    // One file of routes per area, to keep parallel work out of each other's way. Guards come from
    // @/shared/auth/guards: RequireAuth (guests to /login), RequireGuest, RequireSuperAdmin.
    ...bookingRoutes(queryClient),
    ...accountRoutes(),
    ...complaintRoutes(),
    // Last of the named routes: `:slug` (content pages) only answers what nothing else does.
    ...contentRoutes(),
    { path: '*', Component: NotFoundPage },
  ];
}

function localeRoutes(locale: Locale, queryClient: QueryClient): RouteObject {
  return {
    path: localeBasePath(locale),
    element: (
      <LocaleProvider locale={locale}>
        {/* A new page starts at its top (or at the #id of its link); back and forward return to where
            the page was left, also after the payment gateway (positions are kept per history entry
            in sessionStorage). Without it the browser keeps the previous page's offset: the order
            form opened far down, the payment page at the footer. */}
        <ScrollRestoration />
        <NavigationProgress />
        <Outlet />
      </LocaleProvider>
    ),
    // Last resort, when the layout itself fails: no header or footer, but still in the right language.
    errorElement: (
      <LocaleProvider locale={locale}>
        <main className="container">
          <RouteError />
        </main>
      </LocaleProvider>
    ),
    // The language's messages for the code running so far, before the first render: in a production
    // build every chunk's catalogue loads with it (src/i18n/catalogues.ts), and the first page's are
    // preloaded from index.html; English comes the first time a visitor switches to it.
    loader: async () => {
      await loadCatalogue(locale);
      return null;
    },
    shouldRevalidate: () => false,
    // Shown only while the first page's chunk loads (no translations are available yet).
    HydrateFallback: AppLoading,
    children: [
      {
        element: <MainLayout />,
        // Banners, menus and footer texts arrive with the first page (see layoutLoader).
        loader: layoutLoader(queryClient),
        // Only the first page waits; later navigations use what the query cache holds.
        shouldRevalidate: () => false,
        // Page errors render inside the layout, so the header and footer stay.
        children: [{ errorElement: <RouteError />, children: pageRoutes(queryClient) }],
      },
      // The admin panel has a layout of its own (side navigation instead of the site's header).
      ...adminRoutes(),
      // So has the driver's page, which must open without the network the site's header needs.
      ...driverRoutes(),
    ],
  };
}

/** Routes for both locales; shared by the browser router and `renderApp()` in tests. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return LOCALES.map((locale) => localeRoutes(locale, queryClient));
}
