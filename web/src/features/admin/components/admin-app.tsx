// The panel inside its lazy chunk: the layout, and a route per area declaration (a list at the area's
// path, one record at `{path}/{id}`, `new` for a record not saved yet), plus the screens that are no
// list (company settings) and the areas of the next issue (orders, invoices).
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';

import { AREAS } from '../areas';
import { areaTitles } from '../messages/area-titles';

import { AdminLayout } from './admin-layout';
import { AdminNotFound, ComingSoon } from './coming-soon';
import { EXTRA_ROUTES } from './extra-routes';
import { ListScreen } from './list-screen';
import { RecordScreen } from './record-screen';

interface AdminAppProps {
  languageSwitch: ReactNode;
  overlays: ReactNode;
}

export function AdminApp({ languageSwitch, overlays }: AdminAppProps) {
  return (
    <AdminLayout languageSwitch={languageSwitch} overlays={overlays}>
      <Routes>
        {AREAS.map((area) => [
          <Route key={area.path} path={area.path} element={<ListScreen key={area.path} area={area} />} />,
          <Route key={`${area.path}/:id`} path={`${area.path}/:id`} element={<RecordScreen key={area.path} area={area} />} />,
        ])}
        {EXTRA_ROUTES.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="order/order/*" element={<ComingSoon title={areaTitles.orders} />} />
        <Route path="order/invoice/*" element={<ComingSoon title={areaTitles.invoices} />} />
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </AdminLayout>
  );
}
