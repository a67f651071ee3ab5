import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import { common } from '../messages/common-messages';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A field shown in a list cell: yes/no for booleans, a Warsaw date and time for timestamps. */
export function CellValue({ value }: { value: unknown }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  if (value === null || value === undefined || value === '') return <>{intl.formatMessage(common.none)}</>;
  if (typeof value === 'boolean') return <>{intl.formatMessage(value ? common.yes : common.no)}</>;
  if (typeof value === 'string' && DATE_TIME.test(value)) return <>{dateTime(new Date(value))}</>;
  if (typeof value === 'string' || typeof value === 'number') return <>{String(value)}</>;
  return <>{JSON.stringify(value)}</>;
}
