// The office manager's defect 15: "Drukuj" downloaded a PDF instead of opening the printer's dialog. The
// PDF goes to a hidden frame that prints it where the page's policy lets a frame show a blob: document,
// else to a tab that prints itself; a blocked tab leaves the download as the last resort.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { server } from '@/testing/mocks/server';

import { allowsBlobFrames, forgetPagePolicy, printPdf } from './print-pdf';

const TODAY = "default-src 'self'; script-src 'self' 'sha256-x'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'";

describe('whether a page may show a blob: PDF in a frame', () => {
  it('reads frame-src, else child-src, else default-src', () => {
    expect(allowsBlobFrames([TODAY])).toBe(false);
    expect(allowsBlobFrames([`${TODAY}; frame-src 'self' blob:`])).toBe(true);
    expect(allowsBlobFrames(["default-src 'self' blob:"])).toBe(true);
    expect(allowsBlobFrames(["default-src 'self'; child-src blob:"])).toBe(true);
    expect(allowsBlobFrames(["default-src blob:; frame-src 'self'"])).toBe(false);
    // "*" does not take in blob: addresses.
    expect(allowsBlobFrames(['frame-src *'])).toBe(false);
    expect(allowsBlobFrames(['FRAME-SRC BLOB:'])).toBe(true);
  });

  it('needs every policy to allow it, and none is no restriction', () => {
    expect(allowsBlobFrames([])).toBe(true);
    expect(allowsBlobFrames([null, ''])).toBe(true);
    expect(allowsBlobFrames(["img-src 'self'"])).toBe(true);
    expect(allowsBlobFrames(["frame-src blob:, default-src 'self'"])).toBe(false);
    expect(allowsBlobFrames(['frame-src blob:', "default-src 'self'"])).toBe(false);
    expect(allowsBlobFrames(['frame-src blob:', 'child-src blob:'])).toBe(true);
  });
});

describe('printing a PDF', () => {
  const pdf = () => Promise.resolve(new Blob(['%PDF-1.7'], { type: 'application/octet-stream' }));
  const options = { title: 'bilety-NB-2026-000001', fileName: 'bilety-NB-2026-000001.pdf' };
  let policy: string;
  let downloads: string[];

  beforeEach(() => {
    forgetPagePolicy();
    policy = TODAY;
    server.use(http.head('*', () => new HttpResponse(null, { headers: { 'content-security-policy': policy } })));
    let n = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${(n += 1)}`);
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    downloads = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  });

  it("opens a tab that asks for the printer's dialog once loaded, under today's policy", async () => {
    const print = vi.fn();
    const listeners: Record<string, () => void> = {};
    const open = vi.spyOn(window, 'open').mockImplementation(
      () => ({ print, addEventListener: (type: string, listener: () => void) => (listeners[type] = listener) }) as unknown as Window,
    );
    await expect(printPdf(pdf(), options)).resolves.toBe('tab');
    expect(open).toHaveBeenCalledWith('blob:test/1', '_blank');
    expect(print).not.toHaveBeenCalled();
    listeners.load?.();
    expect(print).toHaveBeenCalledOnce();
    expect(document.querySelector('iframe')).toBeNull();
    expect(downloads).toEqual([]);
  });

  it('prints from a hidden frame where the policy lets frames show blob: documents', async () => {
    policy = `${TODAY}; frame-src 'self' blob:`;
    const print = vi.fn();
    const focus = vi.fn();
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue({ print, focus } as unknown as Window);
    vi.spyOn(HTMLIFrameElement.prototype, 'contentDocument', 'get').mockReturnValue(document);
    const open = vi.spyOn(window, 'open');
    const printing = printPdf(pdf(), options);
    await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    const frame = document.querySelector('iframe');
    expect(frame).toHaveAttribute('src', 'blob:test/1');
    expect(frame).toHaveClass('admin-print-frame');
    expect(frame).toHaveAttribute('title', options.title);
    frame?.dispatchEvent(new Event('load'));
    await expect(printing).resolves.toBe('frame');
    expect(print).toHaveBeenCalledOnce();
    expect(open).not.toHaveBeenCalled();
    expect(downloads).toEqual([]);
    // The next print replaces the frame (the last one's dialog may have been open till then).
    const next = printPdf(pdf(), options);
    await vi.waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toBe('blob:test/2'));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    document.querySelector('iframe')?.dispatchEvent(new Event('load'));
    await expect(next).resolves.toBe('frame');
  });

  it('falls back to the tab when the frame cannot print', async () => {
    policy = "frame-src blob:";
    vi.spyOn(HTMLIFrameElement.prototype, 'contentDocument', 'get').mockReturnValue(null);
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ addEventListener: vi.fn() }) as unknown as Window);
    const printing = printPdf(pdf(), options);
    await vi.waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    document.querySelector('iframe')?.dispatchEvent(new Event('load'));
    await expect(printing).resolves.toBe('tab');
    expect(open).toHaveBeenCalledOnce();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('downloads the file only when the browser blocks the tab too', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    await expect(printPdf(pdf(), options)).resolves.toBe('download');
    expect(downloads).toEqual(['bilety-NB-2026-000001.pdf']);
  });

  it('reads the policy as a tab where the page cannot be asked', async () => {
    server.use(http.head('*', () => HttpResponse.error()));
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({ addEventListener: vi.fn() }) as unknown as Window);
    await expect(printPdf(pdf(), options)).resolves.toBe('tab');
    expect(open).toHaveBeenCalledOnce();
  });

  it('fails as the PDF does, printing nothing', async () => {
    const open = vi.spyOn(window, 'open');
    await expect(printPdf(Promise.reject(new Error('refused')), options)).rejects.toThrow('refused');
    expect(open).not.toHaveBeenCalled();
    expect(downloads).toEqual([]);
  });
});
