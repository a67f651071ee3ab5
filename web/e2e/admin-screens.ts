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
  ['coupon-export', '/admin/course/coupon/export-coupon', /Eksport kuponów/],
  ['banners', '/admin/app/banner', /^Banery$/],
  ['banner', '/admin/app/banner/1', /.+/],
  ['menus', '/admin/app/menu', /^Menu$/],
  ['menu', '/admin/app/menu/1', /Menu górne/],
  ['contents', '/admin/app/contents', /^Strony treści$/],
  ['content', '/admin/app/contents/1', /Regulamin/],
  ['settings', '/admin/company/company/settings', /Ustawienia firmy/],
  ['orders', '/admin/order/order', /^Zamówienia$/],
  ['course-en', '/en/admin/course/course?filter[route_id][eq]=2', /^Courses$/],
  ['settings-en', '/en/admin/company/company/settings', /^Company settings$/],
];
