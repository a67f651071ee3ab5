// The test files of a worker share their modules (vite.config.ts, `isolate: false`), so what one file
// changes in a module must not reach the next: these check the places that once let it through.
import { describe, expect, it } from 'vitest';

import { catalogueFor, loadCatalogue, resetChunkCataloguesForTest, restoreCataloguesForTest } from '@/i18n/catalogues';
import pl from '@/i18n/messages/pl.json';

import { readDb, withDb } from './mocks/data/booking-db';
import { DEMO_ORDER_HASHES, DEMO_USER_EMAIL } from './mocks/data/booking-seed';

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
