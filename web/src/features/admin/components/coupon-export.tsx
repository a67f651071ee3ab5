// `/admin/course/coupon/export-coupon`: the coupon list with the filters of the list page, every page
// of it, as a CSV file.
import { useIntl } from 'react-intl';

import { couponsCsv } from '../lib/csv';
import { couponTexts, couponValues } from '../messages/coupon-messages';

import { ListExport } from './list-export';

export function CouponExport() {
  const intl = useIntl();
  return (
    <ListExport
      apiPath="order/coupon"
      listPath="course/coupon"
      title={intl.formatMessage(couponTexts.exportTitle)}
      ready={(count) => intl.formatMessage(couponValues.ready, { count })}
      download={intl.formatMessage(couponTexts.download)}
      filename="kupony.csv"
      toCsv={couponsCsv}
    />
  );
}
