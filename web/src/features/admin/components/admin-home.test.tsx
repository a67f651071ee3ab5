import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/test-utils';

import { zloty } from '../lib/home-csv';

const ADMIN = { loggedInAs: 'admin@example.com' };

describe('the panel\'s home page', () => {
  it('shows what needs someone, each a link to its filtered list', async () => {
    renderApp('/admin', ADMIN);

    const attention = await screen.findByRole('region', { name: 'Wymaga uwagi' });
    expect(within(attention).getByRole('link', { name: '2 Faktury czekające na wysłanie do KSeF' })).toHaveAttribute(
      'href',
      '/admin/order/invoice?filter%5Bksef_state%5D%5Beq%5D=waiting',
    );
    expect(within(attention).getByRole('link', { name: '1 Reklamacje z terminem w ciągu 7 dni' })).toHaveAttribute(
      'href',
      '/admin/complaint/complaint?filter%5Bdays_left%5D%5Blte%5D=7',
    );
    expect(within(attention).queryByRole('link', { name: /Nieudane zwroty/ })).not.toBeInTheDocument();
    // Issue 38: the requests about personal data not answered yet, on their page.
    expect(within(attention).getByRole('link', { name: '1 Wnioski RODO czekające na odpowiedź' })).toHaveAttribute('href', '/admin/personal-data');
    // Issue 39: the courses no driver marked as departed, the day's courses.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    expect(within(attention).getByRole('link', { name: '1 Kursy, które nie odjechały (20 minut po czasie)' })).toHaveAttribute(
      'href',
      `/admin/course/course?filter%5Bdate%5D%5Bgte%5D=${today}&filter%5Bdate%5D%5Blte%5D=${today}`,
    );
  });

  it('shows today\'s and tomorrow\'s courses with their state and the load of each stretch', async () => {
    renderApp('/admin', ADMIN);

    const courses = await screen.findByRole('region', { name: 'Kursy dziś i jutro' });
    const delayed = within(courses).getByRole('row', { name: /^18:30 Nisko – Kraków/ });
    expect(within(delayed).getByText('Opóźniony o 25 min')).toBeInTheDocument();
    expect(within(delayed).getByText('najwięcej zajętych: 4 z 50')).toBeInTheDocument();
    const stretch = within(delayed).getAllByRole('row', { hidden: true })[1];
    expect(within(stretch!).getAllByRole('cell', { hidden: true }).map((cell) => cell.textContent)).toEqual(['Nisko, Dworzec → Rzeszów', '3', '1', '46']);
    expect(within(delayed).getByRole('link', { name: '18:30 Nisko – Kraków' })).toHaveAttribute('href', '/admin/course/course/c0a80000-0000-4000-8000-000000000001');
    expect(within(courses).getByRole('row', { name: /^07:15 Nisko – Kraków/ })).toHaveTextContent('Odwołany');
  });

  it('gives the sales per day and per route as tables with a spreadsheet CSV', async () => {
    renderApp('/admin', ADMIN);

    const sales = await screen.findByRole('region', { name: 'Sprzedaż w ostatnich 30 dniach' });
    expect(within(sales).getByRole('img', { name: 'Przychód i zwroty dziennie (zł)' })).toBeInTheDocument();
    const perDay = within(sales).getByRole('region', { name: 'Dzień po dniu' });
    expect(within(perDay).getAllByRole('row')).toHaveLength(1 + 30 + 1);
    const csv = within(perDay).getByRole('link', { name: 'Pobierz CSV' });
    const text = decodeURIComponent((csv.getAttribute('href') ?? '').replace(/^data:text\/csv;charset=utf-8,/, ''));
    expect(text.startsWith('\uFEFFDzień;Zamówienia;Bilety;Przychód;Zwroty;Zwrócone pieniądze\r\n')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(1 + 30 + 1);
  });

  it('is in English under /en', async () => {
    renderApp('/en/admin', ADMIN);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Sales in the last 30 days' })).toBeInTheDocument();
  });
});

describe('złoty in a spreadsheet', () => {
  it('are written with a decimal comma and no currency', () => {
    expect([zloty(2315), zloty(5), zloty(0), zloty(-50), zloty(123456)]).toEqual(['23,15', '0,05', '0,00', '-0,50', '1234,56']);
  });
});
