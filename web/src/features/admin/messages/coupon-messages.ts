import { defineMessages } from 'react-intl';

export const couponTexts = defineMessages({
  batch: { id: 'admin.coupon.batch', defaultMessage: 'Pakiet kuponów', description: 'Heading: create a batch of random coupon codes' },
  count: { id: 'admin.coupon.count', defaultMessage: 'Liczba kodów', description: 'Field: how many coupons to create' },
  create: { id: 'admin.coupon.create', defaultMessage: 'Utwórz kupony', description: 'Button: create the batch' },
  created: { id: 'admin.coupon.created', defaultMessage: 'Utworzone kody:', description: 'Heading of the list of codes just created' },
  export: { id: 'admin.coupon.export', defaultMessage: 'Eksport CSV (filtrowana lista)', description: 'Link: export the filtered coupon list as CSV' },
  exportTitle: { id: 'admin.coupon.exportTitle', defaultMessage: 'Eksport kuponów', description: 'Title of the coupon export page' },
  download: { id: 'admin.coupon.download', defaultMessage: 'Pobierz CSV', description: 'Button: download the CSV file' },
  usages: { id: 'admin.coupon.usages', defaultMessage: 'Użycia w zamówieniach', description: 'Heading: orders that spent a coupon' },
  order: { id: 'admin.coupon.order', defaultMessage: 'Zamówienie', description: 'Column: order' },
  amount: { id: 'admin.coupon.amount', defaultMessage: 'Kwota', description: 'Column: amount spent' },
  refunded: { id: 'admin.coupon.refunded', defaultMessage: 'Zwrócono', description: 'Column: amount given back' },
  spentAt: { id: 'admin.coupon.spentAt', defaultMessage: 'Kiedy', description: 'Column: when spent' },
  noUsages: { id: 'admin.coupon.noUsages', defaultMessage: 'Kupon nie był jeszcze użyty.', description: 'A coupon no order spent' },
});

export const couponValues = defineMessages<{ ready: { count: number } }>({
  ready: { id: 'admin.coupon.ready', defaultMessage: '{count, plural, one {# kupon} few {# kupony} other {# kuponów}} w pliku.', description: 'How many coupons the CSV holds' },
});
