import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';

import { MESSAGES } from '@/i18n/messages';

import type { OrderTicket } from '../api/get-order';

import { TicketCard } from './success-parts';

const ticket: OrderTicket = {
  id: '0b8f4c1e-3a52-4d5e-9f7a-1c2d3e4f5a6b',
  number: 'NK-2026-000042',
  code: 'W9ZMASJYBNPB',
  leg: 'outbound',
  line: 1,
  price: 1911,
  price_formatted: '19,11 zł',
  status: 'valid',
  course_changed: false,
  course_id: '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  route_name: 'Nisko – Kraków',
  from_name: 'Nisko',
  to_name: 'Kraków',
  departure_at: '2026-11-29T07:30:00+01:00',
  arrival_at: '2026-11-29T10:40:00+01:00',
  qr: 'NB1.x.y',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  discount_name: null,
};

function renderCard(shown: OrderTicket, locale: 'pl' | 'en' = 'pl') {
  render(
    <IntlProvider locale={locale} messages={MESSAGES[locale]}>
      <ul>
        <TicketCard ticket={shown} />
      </ul>
    </IntlProvider>,
  );
  return screen.getByRole('listitem');
}

describe('a ticket card', () => {
  it('shows its own departure and, when it was moved, says so', () => {
    const card = renderCard({ ...ticket, course_changed: true, departure_at: '2026-11-30T15:00:00+01:00', route_name: 'Tarnów – Kraków' });
    expect(within(card).getByText(/30\.11\.2026.*15:00.*\(bilet przeniesiony na ten kurs\)/)).toBeVisible();
    // Another line may serve the same stops (issue 39): the card names the one it was moved to.
    expect(within(card).getByText('Linia').nextElementSibling).toHaveTextContent('Tarnów – Kraków');
    cleanup();
    expect(within(renderCard(ticket)).queryByText('Linia')).toBeNull();
  });

  it('names a statutory discount and asks for the document, in the page language', () => {
    const card = renderCard({ ...ticket, discount_name: 'Student' }, 'en');
    expect(within(card).getByText('Discount')).toBeVisible();
    expect(within(card).getByText('Student – show the driver the document that entitles you to it')).toBeVisible();
  });

  it('names no discount for a full fare', () => {
    const card = renderCard(ticket);
    expect(within(card).queryByText('Ulga')).toBeNull();
  });

  it('names the passenger given for the ticket, and no one when the buyer travels on it', () => {
    const card = renderCard({ ...ticket, passenger_name: 'Anna Nowak' });
    expect(within(card).getByText('Pasażer')).toBeVisible();
    expect(within(card).getByText('Anna Nowak')).toBeVisible();
    cleanup();
    expect(within(renderCard(ticket)).queryByText('Pasażer')).toBeNull();
  });
});
