import { resetBookingDb } from '../data/booking-db';
import { resetDisruptions } from '../data/disruption-store';

import { accountsHandlers, resetAccountsMock } from './accounts';
import { adminHandlers, resetAdminMock } from './admin';
import { adminHomeHandlers } from './admin-home';
import { adminOrderPartHandlers } from './admin-order-parts';
import { adminOrderHandlers, resetAdminOrdersMock } from './admin-orders';
import { appHandlers } from './app';
import { bookingHandlers } from './booking';
import { catalogueHandlers } from './catalogue';
import { companyHandlers } from './company';
import { complaintHandlers, resetComplaintsMock } from './complaints';
import { couponBatchHandlers, resetCouponBatchMock } from './coupon-batch';
import { disruptionHandlers } from './disruption';
import { driverHandlers } from './driver';
import { financeHandlers } from './finance';
import { messageHandlers } from './messages';
import { privacyHandlers, resetPrivacyMock } from './privacy';
import { routeListHandlers } from './route-lists';
import { ticketChangeHandlers } from './ticket-changes';
import { tillHandlers } from './till';
import { userTicketHandlers } from './user-tickets';

/** Every mocked endpoint, used by `npm run dev:mock` (browser) and by the tests (node). One file per API area. */
export const handlers = [
  // First: an admin's list reads answer here, anyone else's fall through to the public handlers.
  ...adminHandlers,
  ...couponBatchHandlers,
  ...routeListHandlers,
  ...adminOrderHandlers,
  ...adminOrderPartHandlers,
  ...adminHomeHandlers,
  ...tillHandlers,
  ...financeHandlers,
  ...companyHandlers, ...appHandlers, ...accountsHandlers,
  ...catalogueHandlers,
  ...bookingHandlers,
  ...userTicketHandlers,
  ...ticketChangeHandlers,
  ...driverHandlers,
  ...disruptionHandlers,
  ...complaintHandlers,
  ...privacyHandlers,
  ...messageHandlers,
];

/**
 * Every piece of state the handlers keep, back to its seed: the one reset the tests call after each
 * test (the test files of a worker share these modules). State a new handler keeps is reset here.
 */
export function resetMockState(): void {
  resetAccountsMock();
  resetAdminMock();
  resetAdminOrdersMock();
  resetBookingDb();
  resetComplaintsMock();
  resetCouponBatchMock();
  resetDisruptions();
  resetPrivacyMock();
}
