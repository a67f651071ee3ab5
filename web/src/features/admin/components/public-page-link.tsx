import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';

import { common } from '../messages/common-messages';

/** A content page's public address, `/{slug}`. */
export function PublicPageLink({ slug }: { slug: string }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const label = `${intl.formatMessage(common.publicPage)}: /${slug}`;
  return (
    <p className="admin-section">
      <Link to={localized(`/${slug}`)}>
        {label}
      </Link>
    </p>
  );
}
