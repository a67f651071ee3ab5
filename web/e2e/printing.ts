// The panel's "Drukuj" buttons, caught in the browser tests as the office sees them: the PDF goes to the
// printer's dialog (a hidden frame's print, or a new tab that prints itself), never to a download. The
// browser's print is replaced by a counter (a headless browser has no printer), in every page and frame of
// the context, and the PDF is read as the server sent it (caught on its way to the page).
import { expect, type BrowserContext, type Frame, type Locator, type Page, type Route } from '@playwright/test';

/** Every document of the context counts its print() calls in `window.__printed` instead of printing. */
const PRINT_STUB = `window.__printed = 0; window.print = function () { window.__printed += 1; };`;

const stubbed = new WeakSet<BrowserContext>();

/** Replaces print() in every document the context opens from now on (once per context). */
export async function stubPrinting(context: BrowserContext): Promise<void> {
  if (stubbed.has(context)) return;
  stubbed.add(context);
  await context.addInitScript({ content: PRINT_STUB });
}

/** How many times a page or frame called print(). */
const printsOf = (target: Page | Frame) => target.evaluate<number>('window.__printed ?? 0');

export interface Printed {
  /** The PDF the server sent for printing. */
  bytes: Buffer;
  /** Where it was printed: a hidden frame of the page, or a tab of its own. */
  via: 'frame' | 'tab';
  /** Files the click downloaded (none is expected). */
  downloads: string[];
}

/**
 * Clicks a print button and answers the PDF the printer's dialog was asked for with: in a frame of the
 * page (a `blob:` document), or in a new tab showing it.
 */
export async function print(page: Page, button: Locator): Promise<Printed> {
  await stubPrinting(page.context());
  const downloads: string[] = [];
  const onDownload = (download: { suggestedFilename(): string }) => downloads.push(download.suggestedFilename());
  page.on('download', onDownload);
  const sent: Buffer[] = [];
  const catchPdf = async (route: Route) => {
    const response = await route.fetch();
    sent.push(await response.body());
    await route.fulfill({ response });
  };
  await page.route('**/api/order/order/print?**', catchPdf);
  const popup = page.waitForEvent('popup', { timeout: 15_000 }).catch(() => null);
  const framesBefore = new Set(page.frames());
  await button.click();
  // A frame shows up at once; a tab opens a moment later, or never.
  let printed: Printed['via'] | null = null;
  await expect
    .poll(async () => {
      const frame = page.frames().find((candidate) => !framesBefore.has(candidate) && candidate.url().startsWith('blob:'));
      if (frame && (await printsOf(frame).catch(() => 0)) > 0) printed = 'frame';
      return printed;
    }, { timeout: 3_000 })
    .toBe('frame')
    .catch(() => undefined);
  if (printed === null) {
    const tab = await popup;
    expect(tab, 'the PDF opened in a frame or a tab of its own').not.toBeNull();
    if (tab) {
      await expect.poll(() => tab.url()).toMatch(/^blob:/);
      await expect.poll(() => printsOf(tab).catch(() => 0), { message: "the tab asked for the printer's dialog" }).toBe(1);
      printed = 'tab';
      await tab.close();
    }
  }
  // A download would have started with the click.
  await page.waitForTimeout(300);
  page.off('download', onDownload);
  await page.unroute('**/api/order/order/print?**', catchPdf);
  expect(sent, 'the PDF was fetched once').toHaveLength(1);
  return { bytes: sent[0] ?? Buffer.alloc(0), via: printed ?? 'tab', downloads };
}
