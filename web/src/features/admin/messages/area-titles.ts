import { defineMessages } from 'react-intl';

/** The areas' names: the side navigation, the breadcrumbs and the list pages' titles. */
export const areaTitles = defineMessages({
  routes: { id: 'admin.area.routes', defaultMessage: 'Trasy', description: 'Admin area: routes' },
  waypoints: { id: 'admin.area.waypoints', defaultMessage: 'Przystanki', description: 'Admin area: stops (waypoints)' },
  courses: { id: 'admin.area.courses', defaultMessage: 'Kursy', description: 'Admin area: courses (departures)' },
  discounts: { id: 'admin.area.discounts', defaultMessage: 'Zniżki', description: 'Admin area: discounts' },
  coupons: { id: 'admin.area.coupons', defaultMessage: 'Kupony', description: 'Admin area: coupons' },
  orders: { id: 'admin.area.orders', defaultMessage: 'Zamówienia', description: 'Admin area: orders' },
  invoices: { id: 'admin.area.invoices', defaultMessage: 'Faktury', description: 'Admin area: invoices' },
  month: { id: 'admin.area.month', defaultMessage: 'Miesiąc VAT (JPK)', description: 'Admin page: the month\'s JPK_V7M file and sales register' },
  till: { id: 'admin.area.till', defaultMessage: 'Kasa', description: 'Admin page: the office\'s till (its day, refunds to pay out at the desk, the day\'s close)' },
  complaints: { id: 'admin.area.complaints', defaultMessage: 'Reklamacje', description: 'Admin area: complaints' },
  banners: { id: 'admin.area.banners', defaultMessage: 'Banery', description: 'Admin area: promo banners' },
  menus: { id: 'admin.area.menus', defaultMessage: 'Menu', description: 'Admin area: navigation menus' },
  contents: { id: 'admin.area.contents', defaultMessage: 'Strony treści', description: 'Admin area: content pages' },
  personalData: { id: 'admin.area.personalData', defaultMessage: 'Dane osobowe', description: 'Admin area: personal data (RODO requests and the register of erasures)' },
  settings: { id: 'admin.area.settings', defaultMessage: 'Ustawienia firmy', description: 'Admin area: company settings' },
  messages: { id: 'admin.area.messages', defaultMessage: 'Wiadomości', description: 'Admin area: the e-mails and text messages sent, and where each stands' },
});
