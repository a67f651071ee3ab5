// A company's name and address from its NIP (docs/invoices.md, "A company's data from its NIP"):
// `GET /company/nip-lookup?nip=`, public. The register of VAT payers may not know the NIP (404
// `nip.not_in_register`) or be unreachable (503 `nip.register_unavailable`); the forms then take the data
// typed in. Every failure is the caller's to tell (no toast).
import { apiClient } from './client';
import { dataOf, type ApiSchema } from './schema';

/** A VAT payer as the forms take it: its address split into street, postal code and city. */
export type Taxpayer = ApiSchema<'Taxpayer'>;

export async function lookupNip(nip: string, signal?: AbortSignal): Promise<Taxpayer> {
  return dataOf<Taxpayer>(await apiClient.get('company/nip-lookup', { params: { nip }, signal, toast: false }));
}
