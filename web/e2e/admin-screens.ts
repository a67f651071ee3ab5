// The admin screens the accessibility, phone-width and keyboard specs walk through: a name for the
// screenshots, the path, and the page's heading once it has loaded.
export const ADMIN_SCREENS: [name: string, path: string, heading: RegExp][] = [
  ['routes', '/admin/route/route', /^Trasy$/],
  ['route', '/admin/route/route/1', /Nisko – Kraków/],
  ['waypoints', '/admin/route/waypoint', /^Przystanki$/],
  ['waypoint-new', '/admin/route/waypoint/new', /Nowy przystanek/],
  ['courses', '/admin/course/course?filter[route_id][eq]=1', /^Kursy$/],
  ['discounts', '/admin/course/discount', /^Zniżki$/],
  ['discount', '/admin/course/discount/1', /Ulga 100%/],
  ['coupons', '/admin/course/coupon', /^Kupony$/],
  ['coupon', '/admin/course/coupon/NISKO10', /NISKO10/],
  ['banners', '/admin/app/banner', /^Banery$/],
  ['banner', '/admin/app/banner/1', /.+/],
  ['menus', '/admin/app/menu', /^Menu$/],
  ['menu', '/admin/app/menu/1', /Menu górne/],
  ['contents', '/admin/app/contents', /^Strony treści$/],
  // The first page seeded: the passenger rights page since issue 39 (the terms before it).
  ['content', '/admin/app/contents/1', /Prawa pasażera|Regulamin/],
  ['settings', '/admin/company/company/settings', /Ustawienia firmy/],
  ['orders', '/admin/order/order', /^Zamówienia$/],
  ['order-sale', '/admin/order/order/edit', /^Nowa sprzedaż w biurze$/],
  ['invoices', '/admin/order/invoice', /^Faktury$/],
  ['invoice-register', '/admin/order/invoice/register', /^Rejestr faktur$/],
  ['personal-data', '/admin/personal-data', /^Dane osobowe$/],
  // Issue 39: the complaints with the office's filing for a passenger, and the messages sent.
  ['complaints', '/admin/complaint/complaint', /^Reklamacje$/],
  ['complaint-file', '/admin/complaint/complaint/file', /^Zgłoś reklamację pasażera$/],
  ['messages', '/admin/messages', /^Wiadomości$/],
  ['messages-en', '/en/admin/messages?filter[channel][eq]=email', /^Messages$/],
  ['course-en', '/en/admin/course/course?filter[route_id][eq]=2', /^Courses$/],
  ['settings-en', '/en/admin/company/company/settings', /^Company settings$/],
];
