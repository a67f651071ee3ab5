// The panel inside its lazy chunk: the layout, the home page at /admin itself, and a route per area declaration (a list at the area's
// path, one record at `{path}/{id}`, `new` for a record not saved yet), plus the screens that are no
// list (company settings, exports, the office sale, the invoice register). An area with a record screen
// of its own (an order, an invoice) shows it at `{path}/{id}` instead of the generic form.
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';

import { AREAS } from '../areas';
import { SaleServicesContext, type SaleServices } from '../lib/sale-services';

import { AdminHome } from './admin-home';
import { AdminLayout } from './admin-layout';
import { AdminNotFound } from './admin-not-found';
import { EXTRA_ROUTES } from './extra-routes';
import { ListScreen } from './list-screen';
import { RecordScreen } from './record-screen';

interface AdminAppProps {
  languageSwitch: ReactNode;
  overlays: ReactNode;
  /** The booking's search, discounts and prices, for the sale at the office. */
  services: SaleServices;
}

export function AdminApp({ languageSwitch, overlays, services }: AdminAppProps) {
  return (
    <SaleServicesContext value={services}>
      <AdminLayout languageSwitch={languageSwitch} overlays={overlays}>
        <Routes>
          <Route index element={<AdminHome />} />
          {AREAS.map((area) => {
            const Record = area.record;
            if (area.listOnly) return <Route key={area.path} path={area.path} element={<ListScreen key={area.path} area={area} />} />;
            return [
              <Route key={area.path} path={area.path} element={<ListScreen key={area.path} area={area} />} />,
              <Route
                key={`${area.path}/:id`}
                path={`${area.path}/:id`}
                element={Record ? <Record key={area.path} /> : <RecordScreen key={area.path} area={area} />}
              />,
            ];
          })}
          {EXTRA_ROUTES.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<AdminNotFound />} />
        </Routes>
      </AdminLayout>
    </SaleServicesContext>
  );
}
