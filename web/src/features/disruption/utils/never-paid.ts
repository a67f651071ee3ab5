// Whether the order behind a disruption link was never paid. An unpaid order on a cancelled course is
// cancelled with it (nothing was charged, so nothing is refunded and there is nothing to choose); its
// link must not say that the time to choose has passed and its tickets are refunded in full.
//
// The offer (`GET /order/disruption/one`) names no order status: a paid order still has something a
// refund would give back (`refund_amount`, money and coupon) or has made its choice, and the server
// offers a choice only to a paid order; an order never paid has nothing to give back, no choice made and
// none offered.
import type { DisruptionOffer } from '../api/get-disruption-offer';

export function neverPaid(offer: Pick<DisruptionOffer, 'chosen' | 'choice_open' | 'refund_amount'>): boolean {
  return !offer.chosen && !offer.choice_open && offer.refund_amount === 0;
}
