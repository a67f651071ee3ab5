// The admin panel with the keyboard alone, against the real backend: on every admin screen the Tab key
// reaches every control that a mouse can use, each with a visible focus mark; and a record is found,
// created and saved without touching the mouse.
import { expect, test, type Locator, type Page } from '@playwright/test';

import { ADMIN_SCREENS } from './admin-screens';
import { ADMIN, logIn } from './support';

interface Control {
  id: string;
  group: string;
  label: string;
}

interface Reached {
  id: string | null;
  marked: boolean;
  label: string;
}

// Runs in the page (a string, as the specs are type-checked without the DOM's types): numbers every
// control a mouse can use, then records each element the focus enters and whether it shows a focus
// mark (an outline or a ring on it or on its label, or an outline on a wrapper up to three levels out).
const RECORD_FOCUS = `(() => {
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [tabindex], [contenteditable="true"]';
  // checkVisibility: not inside a closed <details>, display:none or visibility:hidden.
  const shown = (el) => el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: false });
  const describe = (el) => (el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || el.getAttribute('name') || el.tagName).trim().slice(0, 60);
  const controls = [...document.querySelectorAll(selector)].filter(
    // A link inside the editor's text is content, reached with the caret, not with Tab.
    (el) => !el.disabled && el.tabIndex >= 0 && shown(el) && !el.closest('[inert], [aria-hidden="true"]') && !el.parentElement?.closest('[contenteditable="true"]'),
  );
  controls.forEach((el, i) => el.setAttribute('data-kb', String(i)));
  const outlined = (node) => !!node && getComputedStyle(node).outlineStyle !== 'none' && parseFloat(getComputedStyle(node).outlineWidth) > 0;
  const ring = (node) => outlined(node) || (!!node && getComputedStyle(node).boxShadow !== 'none');
  window.__reached = [];
  document.addEventListener('focusin', (event) => {
    const el = event.target;
    // A wrapper counts by its outline only (a card's shadow is no focus mark): the editor's frame.
    const ancestors = [el.parentElement, el.parentElement?.parentElement, el.parentElement?.parentElement?.parentElement];
    const marked = ring(el) || ring(el.labels?.[0]) || ancestors.some(outlined);
    window.__reached.push({ id: el.getAttribute('data-kb'), marked, label: describe(el) });
  });
  return controls.map((el) => ({
    id: el.getAttribute('data-kb'),
    group: el.type === 'radio' && el.name ? 'radio:' + el.name : 'own:' + el.getAttribute('data-kb'),
    label: describe(el),
  }));
})()`;

/** The groups of `controls` that no recorded focus entered. */
function missedBy(controls: Control[], reached: Reached[]): Control[] {
  const reachedIds = new Set(reached.map((focus) => focus.id));
  const reachedGroups = new Set(controls.filter((control) => reachedIds.has(control.id)).map((control) => control.group));
  return controls.filter((control) => !reachedGroups.has(control.group));
}

/**
 * Presses Tab from the top of the page until every control has had the focus, or until many more
 * presses than there are controls (a date field takes one press per part) have not got there.
 */
async function tabThrough(page: Page): Promise<{ controls: Control[]; reached: Reached[] }> {
  const controls = await page.evaluate<Control[]>(RECORD_FOCUS);
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  let reached: Reached[] = [];
  for (let presses = 0; presses < controls.length * 6 + 20; presses += 10) {
    for (let press = 0; press < 10; press += 1) await page.keyboard.press('Tab');
    reached = await page.evaluate<Reached[]>('window.__reached');
    if (missedBy(controls, reached).length === 0) break;
  }
  return { controls, reached };
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 200): Promise<void> {
  const focused = () => target.evaluate((el) => (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === el);
  for (let press = 0; press < limit && !(await focused()); press += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('on every admin screen the Tab key reaches every control, each with a visible focus mark', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ADMIN);
  for (const [name, path, heading] of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/^(Wczytywanie|Loading)…$/)).toHaveCount(0);
    // The rich-text editor's chunk has arrived (its stand-in is a read-only text area)
    await expect(page.locator('[data-loading]')).toHaveCount(0);
    const { controls, reached } = await tabThrough(page);
    expect(controls.length, `${name}: controls`).toBeGreaterThan(5);

    const missed = missedBy(controls, reached).map((control) => control.label);
    expect(missed, `${name}: controls Tab never reaches`).toEqual([]);
    const unmarked = reached.filter((focus) => focus.id !== null && !focus.marked).map((focus) => focus.label);
    expect(unmarked, `${name}: focused without a visible mark`).toEqual([]);
  }
});

test('an admin finds, creates and saves a stop with the keyboard alone', async ({ page }) => {
  const run = Date.now().toString(36);
  await logIn(page, ADMIN);
  await page.goto('/admin/route/waypoint');
  await expect(page.getByRole('heading', { level: 1, name: /^Przystanki$/ })).toBeVisible();

  // Tab to "new", open it with Enter, fill the form field by field and save with Enter
  const newLink = page.getByRole('link', { name: 'Dodaj' });
  await tabTo(page, newLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Nowy przystanek/ })).toBeVisible();
  const nameField = page.getByLabel(/^Nazwa/);
  await tabTo(page, nameField);
  await page.keyboard.type(`Klawiszowo ${run}, przystanek`);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Miejscowość/)).toBeFocused();
  await page.keyboard.type('Klawiszowo');
  await page.keyboard.press('Tab');
  await page.keyboard.type('50.1');
  await page.keyboard.press('Tab');
  await page.keyboard.type('21.2');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Zapisano zmiany.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/route\/waypoint\/\d+$/);

  // Back in the list, the new stop is found through the filter, typed and sent with Enter
  await page.goto('/admin/route/waypoint');
  const filter = page.getByRole('searchbox', { name: /^Nazwa/ });
  await tabTo(page, filter);
  await page.keyboard.type(`Klawiszowo ${run}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`filter%5Bname%5D%5Blike%5D=Klawiszowo|filter\\[name\\]\\[like\\]=Klawiszowo`));
  await expect(page.getByRole('link', { name: `Klawiszowo ${run}, przystanek` })).toBeVisible();
});
