// The e-mails the backend under test wrote: in development `coach serve` writes each message as an
// `.eml` file under `DATA_DIR/mail` (api-core/src/mail.rs, FileMailer; the test script runs the server
// from the repository root with the default DATA_DIR `.data`). E2E_MAIL_DIR points elsewhere.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { expect } from '@playwright/test';

export const MAIL_DIR = process.env.E2E_MAIL_DIR ?? resolve(process.cwd(), '..', '.data', 'mail');

/** The recipient as the file's name carries it (every character but ASCII letters and digits is `_`). */
function fileSuffix(email: string): string {
  return `-${[...email].slice(0, 100).map((c) => (/[A-Za-z0-9]/.test(c) ? c : '_')).join('')}.eml`;
}

function headerOf(head: string, name: string): string {
  // Folded header lines continue with whitespace.
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text of a MIME message (its parts joined), whatever its transfer encoding. */
export function mimeText(raw: string, textOnly = false): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(head, 'Content-Type'))?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => mimeText(part.replace(/^\r?\n/, ''), textOnly))
      .join('\n');
  }
  // An attachment (a PDF) is not what a person reads in the message.
  if (textOnly && !/^text\/plain\b/i.test(headerOf(head, 'Content-Type') || 'text/plain')) return '';
  const encoding = headerOf(head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The texts of the e-mails to `email` written since `since` (ms), oldest first (`textOnly`: without attachments). */
export async function mailsTo(email: string, since: number, textOnly = false): Promise<string[]> {
  const names = (await readdir(MAIL_DIR).catch(() => [] as string[])).filter((name) => name.endsWith(fileSuffix(email))).sort();
  const texts: string[] = [];
  for (const name of names) {
    const path = join(MAIL_DIR, name);
    if ((await stat(path)).mtimeMs < since) continue;
    texts.push(mimeText(await readFile(path, 'utf8'), textOnly));
  }
  return texts;
}

/** Waits (up to a minute and a half) for an e-mail to `email` since `since` whose text matches `pattern`; its match. */
export async function waitForMail(email: string, since: number, pattern: RegExp): Promise<RegExpExecArray> {
  const hit: { match: RegExpExecArray | null } = { match: null };
  await expect
    .poll(
      async () => {
        for (const text of await mailsTo(email, since)) hit.match ??= pattern.exec(text);
        return hit.match !== null;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  if (!hit.match) throw new Error(`no e-mail to ${email} matching ${String(pattern)}`);
  return hit.match;
}
