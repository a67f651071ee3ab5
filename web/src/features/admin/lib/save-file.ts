/** Hands `blob` to the browser as the download `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // As DocumentLink does: the browser has read the blob long before; the URL only holds memory.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
