// The test files of a worker share their modules (vite.config.ts, `isolate: false`), so what one file
// changes in a module must not reach the next: these check the places that once let it through.
import { describe, expect, it } from 'vitest';

import { catalogueFor, loadCatalogue, resetChunkCataloguesForTest, restoreCataloguesForTest } from '@/i18n/catalogues';
import pl from '@/i18n/messages/pl.json';

import { apiUrl } from './mocks/api-url';
import { mockPayment, readDb, withDb } from './mocks/data/booking-db';
import { DEMO_ORDER_HASHES, DEMO_USER_EMAIL } from './mocks/data/booking-seed';
import { mockTokenFor } from './mocks/handlers/accounts';
import { adminTable } from './mocks/handlers/admin';

describe('modules shared by the test files', () => {
  it("keeps the mock's seed as it was when a test changes a seeded order", () => {
    withDb((db) => {
      const order = db.orders.find((candidate) => candidate.hash_id === DEMO_ORDER_HASHES[0]);
      if (!order) throw new Error('no seeded order');
      order.customer.email = 'someone.else@example.com';
    });
    expect(readDb().orders.find((order) => order.hash_id === DEMO_ORDER_HASHES[0])?.customer.email).toBe('someone.else@example.com');
    sessionStorage.clear(); // what the setup does after each test
    for (const order of readDb().orders.filter((candidate) => candidate.user_id !== null)) {
      expect(order.customer.email).toBe(DEMO_USER_EMAIL);
    }
  });

  it('gives back the whole catalogues after a test of the production loading', async () => {
    resetChunkCataloguesForTest(() => Promise.reject(new Error('not in this test')), ['pl']);
    expect(catalogueFor('pl')).toEqual({});
    restoreCataloguesForTest();
    expect(catalogueFor('pl')).toEqual(pl);
    const en = await loadCatalogue('en');
    expect(Object.keys(en).sort()).toEqual(Object.keys(pl).sort());
  });
});

// Two tests in order: the first leaves the mock's state changed, the second (after the setup's
// `resetMockState()`) finds it back at its seed. Run alone, the second passes trivially; it is the
// pair, in this order, that checks the reset. Neither piece of state lives in storage, which the
// setup clears anyway: only the reset puts them back.
const BATCH_KEY = 'shared-modules-batch';
async function batchCodes(): Promise<string[]> {
  const response = await fetch(apiUrl('/order/coupon/batch'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': BATCH_KEY,
      Authorization: `Bearer ${mockTokenFor('admin@example.com')}`,
    },
    body: JSON.stringify({ count: 1, value: 500 }),
  });
  const body = (await response.json()) as { data: { coupons: { code: string }[] } };
  return body.data.coupons.map((coupon) => coupon.code);
}
let firstBatch: string[] = [];

describe('the mock state one test leaves behind', () => {
  it('is changed by a test (the payment never confirms, a batch of coupons answered)', async () => {
    mockPayment.pendingPolls = 99;
    firstBatch = await batchCodes();
    expect(firstBatch).toHaveLength(1);
    expect(await batchCodes()).toEqual(firstBatch); // the same key: the same answer
  });

  it('is back at its seed for the next test', async () => {
    expect(mockPayment.pendingPolls).toBe(1);
    const codes = () => adminTable('order/coupon').rows.map((row) => row.code);
    expect(firstBatch).toHaveLength(1);
    expect(codes()).not.toContain(firstBatch[0]);
    const before = codes().length;
    await batchCodes();
    expect(codes()).toHaveLength(before + 1); // the key was forgotten: a new batch, not the old answer
  });
});
