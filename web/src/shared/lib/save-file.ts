// Saving a fetched file (a blob) as a download: a document the API gives only with a bearer token.

/** Saves `blob` as a download named `filename`. */
export function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
