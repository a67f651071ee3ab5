import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { warsawDate } from '@/i18n/format';
import { courseId } from '@/testing/mocks/data/catalogue';
import { withDisruptions } from '@/testing/mocks/data/disruption-store';
import { renderApp } from '@/testing/test-utils';

const tomorrow = () => warsawDate(new Date(Date.now() + 86_400_000));
const slow = { timeout: 5_000 };

/** Tomorrow's 07:30 Nisko – Kraków cancelled, its 12:00 late by 25 minutes. */
function disrupt(day: string) {
  const at = '2026-11-27T10:00:00Z';
  withDisruptions((state) => {
    state.courses[courseId(1, day, '07:30')] = { status: 'cancelled', reason: 'Awaria autobusu', delay_minutes: null, changed_at: at, changed_by: 'admin@example.com', passengers: [] };
    state.courses[courseId(1, day, '12:00')] = { status: 'delayed', reason: 'Korek', delay_minutes: 25, changed_at: at, changed_by: 'admin@example.com', passengers: [] };
  });
}

describe('disrupted courses in the search results', { timeout: 20_000 }, () => {
  it('marks a cancelled course with its reason and gives it no way to be chosen', async () => {
    const day = tomorrow();
    disrupt(day);
    renderApp(`/search?tripMode=one_way&start=1&end=11&date=${day}`);
    const mark = await screen.findByText('Kurs odwołany', {}, slow);
    const row = mark.closest('li') as HTMLElement;
    expect(within(row).getByText('Awaria autobusu')).toBeInTheDocument();
    expect(within(row).getByText(/^Odjazd 07:30, przyjazd/)).toBeInTheDocument();
    expect(within(row).queryByRole('radio')).not.toBeInTheDocument();
    // The other courses of the day stay choosable; none of them is the cancelled one.
    const radios = screen.getAllByRole('radio');
    expect(radios.length).toBeGreaterThan(0);
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).not.toContain(courseId(1, day, '07:30'));
  });

  it('shows the delay of a late course on its row', async () => {
    const day = tomorrow();
    disrupt(day);
    renderApp(`/search?tripMode=one_way&start=1&end=11&date=${day}`);
    const late = await screen.findByText('Opóźniony o 25 min', {}, slow);
    const radio = within(late.closest('label') as HTMLElement).getByRole('radio');
    expect((radio as HTMLInputElement).value).toBe(courseId(1, day, '12:00'));
    expect(radio).toBeEnabled();
  });
});
