import { accountsHandlers } from './accounts';
import { appHandlers } from './app';
import { companyHandlers } from './company';

/** Every mocked endpoint, used by `npm run dev:mock` (browser) and by the tests (node). One file per API area. */
export const handlers = [
  ...companyHandlers, ...appHandlers, ...accountsHandlers,
];
