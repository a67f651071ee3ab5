import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { demoOffer } from '@/testing/mocks/data/disruptions';
import { errorAnswer } from '@/testing/mocks/handlers/errors';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const slow = { timeout: 5_000 };

/** An instant's Warsaw day and time as the page writes a deadline: "11.12.2026 07:30". */
function warsawShort(iso: string): string {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
  return `${day} ${warsawTime(iso)}`;
}

function warsawTime(iso: string): string {
  return new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

function offerOf(token: string) {
  const offer = demoOffer(token);
  if (!offer) throw new Error(`no demo offer ${token}`);
  return offer;
}

function firstAlternative() {
  const course = demoOffer('demo-odwolany')?.alternatives[0];
  if (!course) throw new Error('the demo link offers other courses');
  return course;
}

describe("a disrupted course's page", { timeout: 30_000 }, () => {
  it('says what happened and why, and moves the passenger to a chosen course after a confirmation', async () => {
    const { user } = renderApp('/odwolany-kurs/demo-odwolany');
    expect(await screen.findByRole('heading', { level: 1, name: 'Twój kurs został odwołany' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Awaria autobusu')).toBeInTheDocument();
    expect(screen.getByText('NB-2026-000042')).toBeInTheDocument();

    const move = screen.getByRole('button', { name: 'Przenieś mnie na wybrany kurs' });
    // The move needs its course.
    expect(move).toBeDisabled();
    expect(move).toHaveAccessibleDescription('Najpierw wybierz kurs z listy.');
    const courses = screen.getByRole('group', { name: 'Kursy między tymi samymi przystankami' });
    const radios = within(courses).getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(0);
    await user.click(radios[0] as HTMLElement);
    expect(move).toBeEnabled();
    await user.click(move);

    const confirm = screen.getByRole('dialog', { name: 'Potwierdź wybór' });
    expect(confirm).toHaveAccessibleDescription(/^Twoje bilety \(2\) przeniesiemy na kurs .*, bez dopłaty/);
    await user.click(within(confirm).getByRole('button', { name: 'Potwierdzam' }));

    const result = await screen.findByRole('heading', { name: 'Twój wybór' }, slow);
    const time = firstAlternative().departure_at.slice(11, 16);
    expect(within(result.closest('section') as HTMLElement).getByRole('status')).toHaveTextContent(new RegExp(`^Jedziesz kursem .*, ${time}\\.$`));
    expect(screen.queryByRole('button', { name: 'Chcę zwrotu pieniędzy' })).not.toBeInTheDocument();
    // A guest has no account: the outcome is told here, not behind a login.
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Twoje bilety' })).not.toBeInTheDocument();
  });

  it('shows the courses from another day the passenger picks, and moves them to one of that day (issue 39)', async () => {
    const dates: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/order/disruption/one'), ({ request }) => {
        dates.push(new URL(request.url).searchParams.get('date'));
        return undefined;
      }),
    );
    const { user } = renderApp('/odwolany-kurs/demo-odwolany');
    expect(await screen.findByRole('heading', { level: 1, name: 'Twój kurs został odwołany' }, slow)).toBeInTheDocument();
    const day = screen.getByLabelText('Inny termin');
    // The journey's day until another is picked; days before today cannot be picked.
    const journeyDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(offerOf('demo-odwolany').course.departure_at));
    expect(day).toHaveValue(journeyDay);
    expect(day).toHaveAttribute('min', new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date()));
    expect(dates).toEqual([null]);

    const later = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + 6 * 86_400_000));
    fireEvent.input(day, { target: { value: later } });
    await waitFor(() => expect(dates).toContain(later));
    const expected = demoOffer('demo-odwolany', later)?.alternatives[0];
    if (!expected) throw new Error('the demo link offers courses that day');
    const courses = screen.getByRole('group', { name: 'Kursy między tymi samymi przystankami' });
    // The route's name and that day's date are on each course.
    const laterWords = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(expected.departure_at));
    const first = await within(courses).findByRole('radio', { name: new RegExp(`^Nisko – Kraków: ${laterWords}, ${warsawTime(expected.departure_at)} →`) }, slow);
    await user.click(first);
    await user.click(screen.getByRole('button', { name: 'Przenieś mnie na wybrany kurs' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Potwierdź wybór' })).getByRole('button', { name: 'Potwierdzam' }));
    const result = await screen.findByRole('heading', { name: 'Twój wybór' }, slow);
    expect(within(result.closest('section') as HTMLElement).getByRole('status')).toHaveTextContent(new RegExp(`^Jedziesz kursem ${laterWords}, ${warsawTime(expected.departure_at)}\\.$`));
  });

  it('says until when the choice is open, what happens without it, and the passenger’s rights with their links', async () => {
    renderApp('/odwolany-kurs/demo-odwolany');
    const deadline = offerOf('demo-odwolany').deadline ?? '';
    expect(await screen.findByText(`Wybór możliwy do ${warsawShort(deadline)}.`, {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Jeśli do tego czasu nie dokonasz wyboru, zwrócimy w całości pieniądze za bilety.')).toBeInTheDocument();
    const rights = screen.getByRole('heading', { name: 'Twoje prawa' }).closest('section') as HTMLElement;
    expect(
      within(rights).getByText('Przysługują Ci prawa z rozporządzenia UE 181/2011 oraz pomoc (posiłki, nocleg) przy odwołaniu lub opóźnieniu ponad 90 min.'),
    ).toBeInTheDocument();
    expect(within(rights).getByRole('link', { name: 'Prawa pasażera' })).toHaveAttribute('href', '/prawa-pasazera');
    expect(within(rights).getByRole('link', { name: 'Reklamacja' })).toHaveAttribute('href', '/reklamacje');
  });

  it('states the rights the route carries: the whole regulation, or only its basic rights', async () => {
    const offer = offerOf('demo-odwolany');
    server.use(
      http.get(apiUrl('/order/disruption/one'), () =>
        HttpResponse.json({ data: { ...offer, rights: { distance_km: 180, statutory: false, assistance: false } } }),
      ),
    );
    renderApp('/odwolany-kurs/demo-odwolany');
    expect(
      await screen.findByText('Na tej trasie obowiązują podstawowe prawa z rozporządzenia UE 181/2011 (informacja o podróży, reklamacje).', {}, slow),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Przysługują Ci prawa/)).not.toBeInTheDocument();
    cleanup();
    server.use(
      http.get(apiUrl('/order/disruption/one'), () =>
        HttpResponse.json({ data: { ...offer, rights: { distance_km: 300, statutory: true, assistance: false } } }),
      ),
    );
    renderApp('/odwolany-kurs/demo-odwolany');
    expect(await screen.findByText('Przysługują Ci prawa z rozporządzenia UE 181/2011.', {}, slow)).toBeInTheDocument();
  });

  it('shows a delay the carrier withdrew (on_time): the course runs on schedule, nothing to choose', async () => {
    renderApp('/odwolany-kurs/demo-na-czas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kurs jedzie zgodnie z rozkładem' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Opóźnienie zostało odwołane: kurs odjedzie o planowej godzinie. Bilety pozostają ważne.')).toBeInTheDocument();
    expect(screen.getByText('NB-2026-000042')).toBeInTheDocument();
    expect(screen.queryByText('Przewidywany odjazd')).not.toBeInTheDocument();
    expect(screen.queryByText('Powód')).not.toBeInTheDocument();
    expect(screen.queryByText(/Czas na wybór minął/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells a long delay its new departure and offers the choice, never an automatic refund', async () => {
    renderApp('/odwolany-kurs/demo-opozniony-dlugo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Twój kurs jest opóźniony o 150 min' }, slow)).toBeInTheDocument();
    const offer = offerOf('demo-opozniony-dlugo');
    expect(screen.getByText('Przewidywany odjazd').nextElementSibling).toHaveTextContent(warsawShort(offer.expected_departure_at ?? ''));
    expect(screen.getByText('Bez wyboru bilety pozostają ważne na ten kurs.')).toBeInTheDocument();
    expect(screen.queryByText(/zwrócimy w całości|zwracamy w całości automatycznie/)).not.toBeInTheDocument();
    // The alternatives name their line, and one late too its expected departure.
    const late = offer.alternatives[0];
    if (!late) throw new Error('an alternative');
    const courses = screen.getByRole('group', { name: 'Kursy między tymi samymi przystankami' });
    const expected = warsawTime(new Date(Date.parse(late.departure_at) + 30 * 60_000).toISOString());
    expect(within(courses).getAllByRole('radio')[0]).toHaveAccessibleName(
      new RegExp(`^Nisko – Kraków: .*, ${warsawTime(late.departure_at)} \\(opóźniony o 30 min, ok\\. ${expected}\\) → `),
    );
  });

  it('says a cancellation from a stop onward, the return tickets refunded too, and the compensation owed', async () => {
    renderApp('/odwolany-kurs/demo-odwolany-czesciowo');
    expect(await screen.findByText('Kurs odwołano od jednego z przystanków na trasie: nie przejedzie całego Twojego odcinka.', {}, slow)).toBeInTheDocument();
    expect(screen.getByText('Zwrot obejmuje też bilety powrotne.')).toBeInTheDocument();
    expect(screen.getByText(/^Przysługuje odszkodowanie 39,00\s?zł \(50% ceny biletu\)/)).toBeInTheDocument();
  });

  it('refunds in full after a confirmation that says the amount, and can go back first', async () => {
    const { user } = renderApp('/odwolany-kurs/demo-odwolany');
    await user.click(await screen.findByRole('button', { name: 'Chcę zwrotu pieniędzy' }, slow));
    expect(screen.getByRole('dialog', { name: 'Potwierdź wybór' })).toHaveAccessibleDescription(/^Zwrócimy 78,00\s?zł/);
    await user.click(screen.getByRole('button', { name: 'Wróć' }));
    await user.click(screen.getByRole('button', { name: 'Chcę zwrotu pieniędzy' }));
    await user.click(screen.getByRole('button', { name: 'Potwierdzam' }));
    expect(await screen.findByText(/^Zwracamy 78,00\s?zł\./, {}, slow)).toBeInTheDocument();
  });

  it('shows a choice already made, with nothing more to choose', async () => {
    withDisruptions((state) => {
      state.chosen['demo-odwolany'] = { choice: 'refund', at: '2026-11-27T10:00:00Z', by: 'automatic', to_course: null, refund_amount: 7800 };
    });
    renderApp('/odwolany-kurs/demo-odwolany');
    expect(await screen.findByText(/^Nie dokonano wyboru w terminie, więc zwróciliśmy 78,00\s?zł automatycznie\.$/, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a paid order whose refund is worth 0,00 zł (a free ticket) is not told it was never paid', async () => {
    const offer = { ...offerOf('demo-zamkniety'), paid: true, choice_open: false, chosen: null, refund_amount: 0, alternatives: [] };
    server.use(http.get(apiUrl('/order/disruption/one'), () => HttpResponse.json({ data: offer })));
    renderApp('/odwolany-kurs/demo-zamkniety');
    expect(await screen.findByText(/^Czas na wybór minął\./, {}, slow)).toBeInTheDocument();
    expect(screen.queryByText(/nie zostało opłacone/)).not.toBeInTheDocument();
  });

  it('offers nothing once the time to choose has passed', async () => {
    renderApp('/odwolany-kurs/demo-zamkniety');
    expect(await screen.findByText(/^Czas na wybór minął\./, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells an order never paid that the cancellation cancelled it: nothing to refund, nothing to choose', async () => {
    // As the server answers for it: not paid, no tickets, no deadline, nothing to choose or give back.
    const offer = { ...offerOf('demo-odwolany'), paid: false, tickets: 0, deadline: null, choice_open: false, chosen: null, refund_amount: 0, alternatives: [] };
    server.use(http.get(apiUrl('/order/disruption/one'), () => HttpResponse.json({ data: offer })));
    renderApp('/odwolany-kurs/demo-odwolany');
    expect(await screen.findByRole('heading', { level: 1, name: 'Twój kurs został odwołany' }, slow)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('status')).toHaveTextContent(
      'Zamówienie NB-2026-000042 nie zostało opłacone, więc po odwołaniu kursu zostało anulowane. Nic nie pobraliśmy i nie ma nic do zwrotu.',
    );
    expect(main.queryByText(/Czas na wybór minął/)).not.toBeInTheDocument();
    expect(main.queryByText(/0,00\s*zł/)).not.toBeInTheDocument();
    expect(main.queryByRole('button')).not.toBeInTheDocument();
    expect(main.queryByText('Bilety')).not.toBeInTheDocument();
  });

  it('tells a short delay, with nothing to choose', async () => {
    renderApp('/odwolany-kurs/demo-opozniony');
    expect(await screen.findByRole('heading', { level: 1, name: 'Twój kurs jest opóźniony o 25 min' }, slow)).toBeInTheDocument();
    expect(screen.getByText('Korek na autostradzie A4')).toBeInTheDocument();
    expect(screen.getByText(/^Kurs pojedzie z opóźnieniem\./)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says a bad link in words', async () => {
    renderApp('/odwolany-kurs/forged-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ten link jest nieważny' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/skopiowany w całości/);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Strona główna' })).toHaveAttribute('href', '/');
  });

  it('is in English under /en/disrupted-course', async () => {
    renderApp('/en/disrupted-course/demo-odwolany');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your trip has been cancelled' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I want my money back' })).toBeInTheDocument();
    const links = screen.getByRole('navigation', { name: 'Passenger rights and complaints' });
    expect(within(links).getByRole('link', { name: 'Passenger rights' })).toHaveAttribute('href', '/en/prawa-pasazera');
    expect(within(links).getByRole('link', { name: 'Complaint' })).toHaveAttribute('href', '/en/complaints');
  });

  it('says why a choice was refused (the course filled up meanwhile) and offers the choice again', async () => {
    server.use(
      http.post(apiUrl('/order/disruption/choose'), () =>
        errorAnswer(409, 'Conflict', 'There are no seats left on this course.', 'seats.not_enough', { available: 0 }),
      ),
    );
    const { user } = renderApp('/odwolany-kurs/demo-odwolany');
    const courses = await screen.findByRole('group', { name: 'Kursy między tymi samymi przystankami' }, slow);
    await user.click(within(courses).getAllByRole('radio')[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Przenieś mnie na wybrany kurs' }));
    await user.click(screen.getByRole('button', { name: 'Potwierdzam' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Na tym kursie zabrakło właśnie miejsc. Wybierz inny kurs.');
    expect(screen.getByRole('button', { name: 'Chcę zwrotu pieniędzy' })).toBeInTheDocument();
  });
});
