// Reading a downloaded PDF in the browser tests as a person would: its text (pdf.js, the reader
// Firefox ships) and its first page drawn as a picture, attached to the test for a human to look at.
import { readFile, writeFile } from 'node:fs/promises';

import type { Download, TestInfo } from '@playwright/test';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface ReadPdf {
  /** The bytes as served. */
  bytes: Buffer;
  pages: number;
  /** Every page's text, items joined by spaces and lines by newlines. */
  text: string;
  /** Each page's text on its own, in the same form. */
  pageTexts: string[];
}

async function open(bytes: Buffer): Promise<PDFDocumentProxy> {
  // pdf.js takes ownership of the array it is given: hand it a copy.
  return getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
}

async function pageTextsOf(pdf: PDFDocumentProxy): Promise<string[]> {
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  return pages;
}

/** The first page drawn at `scale` on a white canvas (pdf.js draws on @napi-rs/canvas's 2D context). */
async function drawFirstPage(pdf: PDFDocumentProxy, scale: number) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  const parameters = { canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0];
  await page.render(parameters).promise;
  return { canvas, context };
}

/** Draws the first page at 1.5× into a PNG under the test's output folder and attaches it. */
async function attachFirstPage(pdf: PDFDocumentProxy, testInfo: TestInfo, name: string): Promise<void> {
  const { canvas } = await drawFirstPage(pdf, 1.5);
  const path = testInfo.outputPath(`${name}.png`);
  await writeFile(path, await canvas.encode('png'));
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** The width of each page in points, as pdf.js reads the file (80 mm is 226.8 pt, A4 595.3 pt). */
export async function pageWidths(bytes: Buffer): Promise<number[]> {
  const pdf = await open(bytes);
  try {
    const widths: number[] = [];
    for (let n = 1; n <= pdf.numPages; n += 1) widths.push((await pdf.getPage(n)).getViewport({ scale: 1 }).width);
    return widths;
  } finally {
    await pdf.destroy();
  }
}

/** Saves a download, checks it is a PDF pdf.js can open, and reads it. */
export async function readDownloadedPdf(download: Download, testInfo: TestInfo, name: string): Promise<ReadPdf> {
  const path = testInfo.outputPath(`${name}.pdf`);
  await download.saveAs(path);
  await testInfo.attach(`${name}.pdf`, { path, contentType: 'application/pdf' });
  return readPdfBytes(await readFile(path), testInfo, name);
}

/** Checks `bytes` are a PDF pdf.js can open, and reads it (its first page drawn and attached as `name`). */
export async function readPdf(bytes: Buffer, testInfo: TestInfo, name: string): Promise<ReadPdf> {
  const path = testInfo.outputPath(`${name}.pdf`);
  await writeFile(path, bytes);
  await testInfo.attach(`${name}.pdf`, { path, contentType: 'application/pdf' });
  return readPdfBytes(bytes, testInfo, name);
}

async function readPdfBytes(bytes: Buffer, testInfo: TestInfo, name: string): Promise<ReadPdf> {
  const pdf = await open(bytes);
  try {
    const pageTexts = await pageTextsOf(pdf);
    await attachFirstPage(pdf, testInfo, name);
    return { bytes, pages: pdf.numPages, text: pageTexts.join('\n'), pageTexts };
  } finally {
    await pdf.destroy();
  }
}

/**
 * The QR codes on a PDF's first page, read from its picture as a phone would: the page drawn at
 * 3× and decoded with jsQR; each code found is painted over, so the next search finds the next.
 */
export async function qrCodesOnFirstPage(bytes: Buffer, most = 3): Promise<string[]> {
  const { default: jsQR } = await import('jsqr');
  const pdf = await open(bytes);
  try {
    const { canvas, context } = await drawFirstPage(pdf, 3);
    const found: string[] = [];
    for (let n = 0; n < most; n += 1) {
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      const code = jsQR(image.data, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' });
      if (!code) break;
      found.push(code.data);
      const { topLeftCorner: a, bottomRightCorner: b, topRightCorner: c, bottomLeftCorner: d } = code.location;
      const left = Math.min(a.x, d.x) - 20;
      const top = Math.min(a.y, c.y) - 20;
      context.fillRect(left, top, Math.max(b.x, c.x) - left + 20, Math.max(b.y, d.y) - top + 20);
    }
    return found;
  } finally {
    await pdf.destroy();
  }
}
