import { defineMessages } from 'react-intl';

export const couponTexts = defineMessages({
  batch: { id: 'admin.coupon.batch', defaultMessage: 'Pakiet kuponów', description: 'Heading: create a batch of random coupon codes' },
  count: { id: 'admin.coupon.count', defaultMessage: 'Liczba kodów', description: 'Field: how many coupons to create' },
  create: { id: 'admin.coupon.create', defaultMessage: 'Utwórz kupony', description: 'Button: create the batch' },
  created: { id: 'admin.coupon.created', defaultMessage: 'Utworzone kody:', description: 'Heading of the list of codes just created' },
  usages: { id: 'admin.coupon.usages', defaultMessage: 'Użycia w zamówieniach', description: 'Heading: orders that spent a coupon' },
  order: { id: 'admin.coupon.order', defaultMessage: 'Zamówienie', description: 'Column: order' },
  amount: { id: 'admin.coupon.amount', defaultMessage: 'Kwota', description: 'Column: amount spent' },
  refunded: { id: 'admin.coupon.refunded', defaultMessage: 'Zwrócono', description: 'Column: amount given back' },
  spentAt: { id: 'admin.coupon.spentAt', defaultMessage: 'Kiedy', description: 'Column: when spent' },
  noUsages: { id: 'admin.coupon.noUsages', defaultMessage: 'Kupon nie był jeszcze użyty.', description: 'A coupon no order spent' },
});
