// Whether the order behind a disruption link was never paid. An unpaid order on a cancelled course is
// cancelled with it (nothing was charged, so nothing is refunded and there is nothing to choose); its
// link must not say that the time to choose has passed and its tickets are refunded in full.
//
// The offer (`GET /order/disruption/one`) says so (`paid`): an order never paid has no tickets, no
// deadline and nothing to refund.
import type { DisruptionOffer } from '../api/get-disruption-offer';

export function neverPaid(offer: Pick<DisruptionOffer, 'paid'>): boolean {
  return !offer.paid;
}
