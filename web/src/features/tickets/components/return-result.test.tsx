// After a return, what came back is one sum that adds up, each part named with where it goes (the
// coupon by its code), in the words of the confirmation (issue 30, 8: "Zwrot na kupon 2,50" and
// "Zwrot pieniędzy 32,60" under "39,00 − 3,90" did not add up at a glance).
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { withDb } from '@/testing/mocks/data/booking-db';
import { connectionFor, courseId } from '@/testing/mocks/data/catalogue';
import { createOrder, markPaid } from '@/testing/mocks/data/orders';
import { renderApp } from '@/testing/test-utils';

const day = warsawDate(new Date(Date.now() + 3 * 86_400_000));
/** An amount as the page shows it, its spaces plain (the page puts a no-break space before "zł"). */
const zl = (grosze: number) => `${(grosze / 100).toFixed(2).replace('.', ',')} zł`;

describe('the result of a return', { timeout: 20_000 }, () => {
  it('says the one sum that comes back and where each part goes, the coupon by its code', async () => {
    const outbound = connectionFor(courseId(1, day, '12:00'), 1, 11);
    if (!outbound) throw new Error('no demo course');
    const order = withDb((db) => {
      const placed = createOrder(db, {
        user_id: null,
        customer: { first_name: 'Anna', last_name: 'Nowak', email: 'anna.nowak@example.com', phone: '601202303', notify_by_sms: false },
        invoice: null,
        outbound,
        back: null,
        tickets: [{ qty: 1, discount_id: null }],
        coupon: { code: 'LATO2026', amount: 1000 },
        origin: 'http://localhost:3000',
      });
      markPaid(db, placed);
      return placed;
    });
    const [ticket] = order.tickets;
    if (!ticket) throw new Error('no ticket');
    const fee = Math.floor((ticket.price * 10 + 50) / 100);
    const back = ticket.price - fee;
    const toCoupon = Math.min(ticket.coupon_part, back);
    expect(toCoupon).toBeGreaterThan(0);
    const { user } = renderApp('/user/return-ticket');

    await user.type(await screen.findByRole('textbox', { name: /Numer biletu/ }, { timeout: 5_000 }), ticket.number);
    await user.type(screen.getByRole('textbox', { name: /Kod biletu/ }), ticket.code);
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    await user.click(await screen.findByRole('button', { name: 'Tak, zwróć bilet' }));

    const result = await screen.findByRole('status');
    expect(within(result).getByRole('heading', { name: `Bilet ${ticket.number} został zwrócony.` })).toBeInTheDocument();
    expect(within(result).getByText('Wraca do Ciebie').nextElementSibling).toHaveTextContent(zl(back));
    const parts = within(result).getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(parts).toEqual([
      `${zl(back - toCoupon)} na kartę lub konto, z którego zapłacono (w ciągu kilku dni)`,
      `${zl(toCoupon)} na kupon LATO2026: podaj ten kod przy następnym zakupie`,
    ]);
    expect(within(result).queryByText('Zwrot pieniędzy')).not.toBeInTheDocument();
  });
});
