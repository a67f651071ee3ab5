// Where a passenger reads their rights and files a complaint (EU Regulation 181/2011, issue 39): the
// content page /prawa-pasazera and the complaint form (/reklamacje, /en/complaints), in the page's
// language. On the order's page and on a disrupted course's page.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useLocale, useLocalizedPath } from '@/i18n/use-locale';

import { complaintsPath, PASSENGER_RIGHTS_PATH } from '../lib/passenger-paths';
import './passenger-info.css';

const texts = defineMessages({
  label: { id: 'passengerLinks.label', defaultMessage: 'Prawa pasażera i reklamacje', description: 'Accessible name of the two links about passenger rights and complaints' },
  rights: { id: 'passengerLinks.rights', defaultMessage: 'Prawa pasażera', description: 'Link to the content page on passenger rights' },
  complaint: { id: 'passengerLinks.complaint', defaultMessage: 'Reklamacja', description: 'Link to the complaint form' },
});

export function PassengerLinks({ className }: { className?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const localized = useLocalizedPath();
  return (
    <nav className={className ?? 'passenger-links'} aria-label={intl.formatMessage(texts.label)}>
      <ul>
        <li>
          <Link to={localized(PASSENGER_RIGHTS_PATH)}>{intl.formatMessage(texts.rights)}</Link>
        </li>
        <li>
          <Link to={localized(complaintsPath(locale))}>{intl.formatMessage(texts.complaint)}</Link>
        </li>
      </ul>
    </nav>
  );
}
