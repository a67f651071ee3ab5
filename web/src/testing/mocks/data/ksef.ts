// Where the mock's invoices stand in KSeF (the national e-invoice system), as the admin's invoice list
// and page read it (KsefStatus). The state follows the document's place in the series: the seed's
// invoice is accepted and its correction rejected; documents made while trying the mock go through
// the other states (offline with its deadline, waiting, sent) in turn.
import type { MockDocument } from './order-admin';

const STATES = ['accepted', 'rejected', 'offline', 'waiting', 'sent', 'accepted'] as const;

/** The seller's NIP in the mock's settings: the first part of a KSeF number. */
const SELLER_NIP = '8652556348';

/** The KSeF state of a document (its `n`-th place in the series, from 1). */
export function ksefStatus(doc: MockDocument, n: number) {
  const state = STATES[(n - 1) % STATES.length] ?? 'accepted';
  const day = doc.issued_at.slice(0, 10);
  const deadline = new Date(Date.parse(doc.issued_at) + 86_400_000).toISOString().slice(0, 10);
  return {
    state,
    offline: state === 'offline',
    deadline: state === 'offline' ? deadline : null,
    ksef_number: state === 'accepted' ? `${SELLER_NIP}-${day.replaceAll('-', '')}-${(0x0100001af629 + n).toString(16).toUpperCase().padStart(12, '0')}-AF` : null,
    accepted_at: state === 'accepted' ? new Date(Date.parse(doc.issued_at) + 5_000).toISOString() : null,
    rejection_code: state === 'rejected' ? 450 : null,
    rejection_reason: state === 'rejected' ? 'Błąd weryfikacji semantyki dokumentu faktury: nieprawidłowy NIP nabywcy.' : null,
    upo_url: state === 'accepted' ? `/api/order/order-invoice/upo?id=${doc.id}` : null,
  };
}

/** A UPO as KSeF gives it (abridged). */
export function mockUpo(number: string, ksefNumber: string) {
  return `<?xml version="1.0" encoding="UTF-8"?><Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3"><Dokument><NumerKSeFDokumentu>${ksefNumber}</NumerKSeFDokumentu><NumerFaktury>${number}</NumerFaktury></Dokument></Potwierdzenie>`;
}
