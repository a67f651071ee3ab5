// Deterministic ids, codes and QR pictures for the mock's orders and tickets: the same seed text
// always gives the same value, so the seeded orders look the same in every test run.

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function pseudoRandom(seedText: string): () => number {
  let state = [...seedText].reduce((sum, ch) => (sum * 33 + ch.charCodeAt(0)) >>> 0, 5381) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export function ticketCode(seedText: string): string {
  const next = pseudoRandom(`code:${seedText}`);
  return Array.from({ length: 10 }, () => CODE_ALPHABET[Math.floor(next() * CODE_ALPHABET.length)]).join('');
}

export function hashId(seedText: string): string {
  const next = pseudoRandom(`hash:${seedText}`);
  return Array.from({ length: 16 }, () => 'abcdefghijkmnpqrstuvwxyz23456789'[Math.floor(next() * 32)]).join('');
}

export function uuid(prefix: number, n: number): string {
  return `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A QR-like picture for a ticket code (three finder squares and a pattern from the code). */
export function qrSvg(code: string): string {
  const size = 25;
  const next = pseudoRandom(`qr:${code}`);
  const cells: string[] = [];
  const finder = (x: number, y: number) => x < 7 && y < 7;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inFinder = finder(x, y) || finder(size - 1 - x, y) || finder(x, size - 1 - y);
      if (inFinder) continue;
      if (next() < 0.5) cells.push(`M${x + 2} ${y + 2}h1v1h-1z`);
    }
  }
  const squares = [
    [2, 2],
    [size - 5, 2],
    [2, size - 5],
  ]
    .map(([x, y]) => `M${x} ${y}h7v7h-7zM${(x ?? 0) + 1} ${(y ?? 0) + 1}v5h5v-5zM${(x ?? 0) + 2} ${(y ?? 0) + 2}h3v3h-3z`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size + 4} ${size + 4}" shape-rendering="crispEdges">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    `<path fill="#000" fill-rule="evenodd" d="${squares}${cells.join('')}"/></svg>`
  );
}
