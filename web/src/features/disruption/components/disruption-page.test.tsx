import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiUrl } from '@/testing/mocks/api-url';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { demoOffer } from '@/testing/mocks/data/disruptions';
import { errorAnswer } from '@/testing/mocks/handlers/errors';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

const slow = { timeout: 5_000 };

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
    const courses = screen.getByRole('group', { name: 'Kursy tej samej linii między tymi samymi przystankami' });
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
    expect(await screen.findByText(/^Nie wybrałeś innego kursu, więc zwróciliśmy 78,00\s?zł automatycznie\.$/, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers nothing once the time to choose has passed', async () => {
    renderApp('/odwolany-kurs/demo-zamkniety');
    expect(await screen.findByText(/^Czas na wybór minął\./, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Your course has been cancelled' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I want my money back' })).toBeInTheDocument();
  });

  it('says why a choice was refused (the course filled up meanwhile) and offers the choice again', async () => {
    server.use(
      http.post(apiUrl('/order/disruption/choose'), () =>
        errorAnswer(409, 'Conflict', 'There are no seats left on this course.', 'seats.not_enough', { available: 0 }),
      ),
    );
    const { user } = renderApp('/odwolany-kurs/demo-odwolany');
    const courses = await screen.findByRole('group', { name: 'Kursy tej samej linii między tymi samymi przystankami' }, slow);
    await user.click(within(courses).getAllByRole('radio')[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Przenieś mnie na wybrany kurs' }));
    await user.click(screen.getByRole('button', { name: 'Potwierdzam' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent('Na tym kursie zabrakło właśnie miejsc. Wybierz inny kurs.');
    expect(screen.getByRole('button', { name: 'Chcę zwrotu pieniędzy' })).toBeInTheDocument();
  });
});
