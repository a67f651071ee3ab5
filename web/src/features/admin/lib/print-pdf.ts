// A PDF from the panel straight to the printer's dialog ("Drukuj" of desk-print.tsx), not to a download:
// - where the page's Content-Security-Policy lets a frame show a `blob:` document (its `frame-src`, else
//   `child-src`, else `default-src`, names `blob:`), the PDF is loaded into a hidden frame of the page and
//   that frame's window prints it;
// - otherwise (the server's policy today frames nothing but the site itself), or when the frame cannot
//   print, the PDF opens in a new tab that asks for the printer's dialog once it has loaded;
// - a browser that blocks the new tab gets the file as a download, the last resort.
// The page's policy is read once, from the headers of its own address (a HEAD request), and kept.
import { save } from '@/shared/lib/save-file';

/** A policy's directives: name -> its sources, lower-cased. */
function directives(policy: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().toLowerCase().split(/\s+/);
    // The first of a directive given twice counts.
    if (name && !found.has(name)) found.set(name, sources);
  }
  return found;
}

/**
 * Whether pages under `policies` (the values of their Content-Security-Policy headers and meta tags; a
 * header may hold several policies separated by commas) may show a `blob:` document in a frame: every
 * policy must allow it, by `frame-src`, else `child-src`, else `default-src` (none of them: allowed).
 */
export function allowsBlobFrames(policies: readonly (string | null | undefined)[]): boolean {
  return policies
    .flatMap((header) => (header ?? '').split(','))
    .filter((policy) => policy.trim() !== '')
    .every((policy) => {
      const found = directives(policy);
      const sources = found.get('frame-src') ?? found.get('child-src') ?? found.get('default-src');
      return sources === undefined || sources.includes('blob:');
    });
}

let pagePolicy: Promise<boolean> | null = null;

/** Whether this page may frame a `blob:` PDF (read once; a failed read: no). */
export function pageFramesBlobs(): Promise<boolean> {
  pagePolicy ??= fetch(window.location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' })
    .then((response) => {
      const metas = [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].map((meta) => meta.getAttribute('content'));
      return allowsBlobFrames([response.headers.get('content-security-policy'), ...metas]);
    })
    .catch(() => false);
  return pagePolicy;
}

/** Forgets the page's policy read (tests). */
export function forgetPagePolicy(): void {
  pagePolicy = null;
}

/** The frame of the last print, kept until the next one (its dialog may still be open). */
let lastFrame: { frame: HTMLIFrameElement; url: string } | null = null;

function dropLastFrame(): void {
  if (!lastFrame) return;
  lastFrame.frame.remove();
  URL.revokeObjectURL(lastFrame.url);
  lastFrame = null;
}

/** Loads `url` (a PDF) into a hidden frame and asks its window to print; false when it cannot. */
function printInFrame(url: string, title: string): Promise<boolean> {
  dropLastFrame();
  const frame = document.createElement('iframe');
  frame.className = 'admin-print-frame';
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  lastFrame = { frame, url };
  return new Promise((resolve) => {
    frame.addEventListener(
      'load',
      () => {
        try {
          // A frame the page's policy refused shows an error page of another origin: no access to print.
          const view = frame.contentWindow;
          if (!view || !frame.contentDocument) throw new Error('the frame was refused');
          view.focus();
          view.print();
          resolve(true);
        } catch {
          frame.remove();
          lastFrame = null;
          resolve(false);
        }
      },
      { once: true },
    );
    frame.src = url;
    document.body.append(frame);
  });
}

/** Opens `url` (a PDF) in a new tab that asks for the printer's dialog once loaded; false when blocked. */
function printInTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.addEventListener(
    'load',
    () => {
      try {
        tab.print();
      } catch {
        // The tab shows the PDF; its viewer's own print button is one click away.
      }
    },
    { once: true },
  );
  return true;
}

/** How a PDF was printed: in a hidden frame, in a tab of its own, or handed over as a download. */
export type PrintedVia = 'frame' | 'tab' | 'download';

/**
 * Hands the PDF `pdf` resolves to to the printer's dialog (see the top of this file). `title` names the
 * frame; `fileName` is the download's name, the last resort. Rejects as `pdf` does.
 */
export async function printPdf(pdf: Promise<Blob>, { title, fileName }: { title: string; fileName: string }): Promise<PrintedVia> {
  const [blob, framed] = await Promise.all([pdf, pageFramesBlobs()]);
  // The viewer needs the type to show it (a blob read from a response keeps the server's).
  const file = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
  const url = URL.createObjectURL(file);
  if (framed && (await printInFrame(url, title))) return 'frame';
  if (printInTab(url)) {
    // The tab has read the blob long before; the address only holds memory.
    window.setTimeout(() => URL.revokeObjectURL(url), 10 * 60_000);
    return 'tab';
  }
  URL.revokeObjectURL(url);
  save(blob, fileName);
  return 'download';
}
