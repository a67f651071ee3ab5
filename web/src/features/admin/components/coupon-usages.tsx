import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import type { ApiSchema } from '@/shared/api/schema';

import { common } from '../messages/common-messages';
import { couponTexts } from '../messages/coupon-messages';

import { TableScroll } from './table-scroll';

/** What each order spent of a coupon (the `orders` of `GET /order/coupon/one`). */
export function CouponUsages({ usages }: { usages: ApiSchema<'CouponUsage'>[] }) {
  const intl = useIntl();
  const { money, dateTime } = useFormatters();
  return (
    <section className="admin-section">
      <h2 className="admin-section__title">{intl.formatMessage(couponTexts.usages)}</h2>
      {usages.length === 0 ? (
        <p className="admin-note">{intl.formatMessage(couponTexts.noUsages)}</p>
      ) : (
        <TableScroll label={intl.formatMessage(couponTexts.usages)}>
          <table className="admin-inline-table">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(couponTexts.order)}</th>
                <th scope="col">{intl.formatMessage(couponTexts.amount)}</th>
                <th scope="col">{intl.formatMessage(couponTexts.refunded)}</th>
                <th scope="col">{intl.formatMessage(couponTexts.spentAt)}</th>
              </tr>
            </thead>
            <tbody>
              {usages.map((usage) => (
                <tr key={usage.order_id}>
                  <td>{usage.hash_id ?? intl.formatMessage(common.none)}</td>
                  <td>{money(usage.amount)}</td>
                  <td>{money(usage.refunded)}</td>
                  <td>{dateTime(usage.spent_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
