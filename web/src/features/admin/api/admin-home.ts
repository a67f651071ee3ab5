// The panel's home page (`GET /admin/home`): today's and tomorrow's courses, the sales of the last 30
// days and what needs someone, in one answer from the server's read models.
import { queryOptions } from '@tanstack/react-query';

import { apiClient } from '@/shared/api/client';
import { dataOf, type ApiSchema } from '@/shared/api/schema';

import { ADMIN_KEY } from './admin-data';

export type AdminHome = ApiSchema<'AdminHome'>;
export type CourseGlance = ApiSchema<'CourseGlance'>;
export type SalesSums = ApiSchema<'SalesSums'>;
export type SalesDay = ApiSchema<'SalesDay'>;
export type RouteSales = ApiSchema<'RouteSales'>;
export type Attention = ApiSchema<'Attention'>;

/** A complaint counts as near its deadline with this many days left or fewer (the server's rule). */
export const COMPLAINT_DAYS = 7;

export function adminHomeQuery() {
  return queryOptions({
    queryKey: [ADMIN_KEY, 'admin/home'],
    queryFn: async ({ signal }) => dataOf<AdminHome>(await apiClient.get('/admin/home', { signal, toast: false })),
    // The day changes while the page stays open: a minute old is fresh enough.
    refetchInterval: 60_000,
  });
}
