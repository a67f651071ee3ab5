// The admin chunk's entry: the panel (features/admin) with the site-wide pieces the app shell owns
// passed in, since features do not import each other: toasts, the loader overlay, the language switch.
import { AdminApp } from '@/features/admin/components/admin-app';
import { LanguageSwitch } from '@/features/layout/components/language-switch';
import { LoaderOverlay } from '@/features/layout/components/loader-overlay';
import { Toaster } from '@/features/layout/components/toaster';
import { useRefreshCurrentUser } from '@/shared/auth/get-current-user';

export function AdminPanelRoute() {
  useRefreshCurrentUser();
  return (
    <AdminApp
      languageSwitch={<LanguageSwitch />}
      overlays={
        <>
          <Toaster />
          <LoaderOverlay />
        </>
      }
    />
  );
}
