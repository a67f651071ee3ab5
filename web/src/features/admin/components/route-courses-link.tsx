import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useAdminHref } from '../lib/admin-path';
import { filterKey } from '../lib/list-params';
import { routeTexts } from '../messages/route-messages';

/** From a route to its courses: the course list filtered by it. */
export function RouteCoursesLink({ routeId }: { routeId: number }) {
  const intl = useIntl();
  const href = useAdminHref();
  const search = new URLSearchParams({ [filterKey({ field: 'route_id', op: 'eq' })]: String(routeId) });
  return (
    <p className="admin-section">
      <Link to={`${href('course/course')}?${search.toString()}`}>{intl.formatMessage(routeTexts.courses)}</Link>
    </p>
  );
}
