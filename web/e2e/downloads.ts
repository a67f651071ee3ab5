// Files the panel gives on a click (PDFs, CSV and XLSX exports), caught and read back in the browser
// tests as the office would open them.
import type { Download, Locator, Page } from '@playwright/test';

/** Clicks `button` and waits for the file it downloads. */
export async function download(page: Page, button: Locator): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return file;
}

/** Clicks `button` and answers the downloaded file's suggested name and where it was saved. */
export async function downloaded(page: Page, button: Locator): Promise<{ name: string; path: string }> {
  const file = await download(page, button);
  return { name: file.suggestedFilename(), path: await file.path() };
}

/** Grosze as a Polish spreadsheet writes złoty: 2315 → "23,15". */
export const zloty = (grosz: number) => `${Math.trunc(grosz / 100)},${String(grosz % 100).padStart(2, '0')}`;

/** A text's runs of white space as one space (a PDF's text comes in items and lines). */
export const flat = (text: string) => text.replace(/\s+/g, ' ');
