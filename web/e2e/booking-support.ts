// Steps of the booking journey shared by the Polish and English specs. They drive the real backend:
// `coach serve` with a freshly seeded database (the demo coupons NISKO10 and NISKO50 are spent by the
// specs, so each run needs a new database, as the CI script makes).
import { expect, type Locator, type Page } from '@playwright/test';

/** `YYYY-MM-DD` in Warsaw, `days` from today. */
export function warsawDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date(Date.now() + days * 86_400_000));
}

/** Picks a stop in one of the search form's comboboxes by typing and choosing from the list. */
export async function pickStop(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  const input = page.getByRole('combobox', { name: label });
  await input.fill(typed);
  await page.getByRole('option', { name: option }).click();
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

/** Chooses, in a discount select, the option whose text contains `text`. */
export async function chooseDiscount(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  expect(value, `a discount option containing "${text}"`).toBeTruthy();
  await select.selectOption(value ?? '');
}

/** The numbers and codes of the tickets shown on the success page. */
export async function ticketsOnSuccessPage(page: Page, region: string): Promise<{ number: string; code: string }[]> {
  const cards = page.getByRole('region', { name: region }).getByRole('listitem');
  const found: { number: string; code: string }[] = [];
  for (const card of await cards.all()) {
    const values = await card.locator('dd').allInnerTexts();
    found.push({ number: values[0] ?? '', code: values[1] ?? '' });
  }
  return found;
}
