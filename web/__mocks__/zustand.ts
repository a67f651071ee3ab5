// Vitest picks this file up for `vi.mock('zustand')` (src/testing/setup-tests.ts). It wraps zustand's
// `create`/`createStore` so that every store goes back to its initial state after each test, as
// zustand's testing guide recommends. Stores stay real otherwise.
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type * as Zustand from 'zustand';

export * from 'zustand';

const { create: actualCreate, createStore: actualCreateStore } = await vi.importActual<typeof Zustand>('zustand');

const storeResetFns = new Set<() => void>();

const createUncurried = <T>(stateCreator: Zustand.StateCreator<T>) => {
  const store = actualCreate(stateCreator);
  const initialState = store.getInitialState();
  storeResetFns.add(() => store.setState(initialState, true));
  return store;
};

export const create = (<T>(stateCreator: Zustand.StateCreator<T>) =>
  typeof stateCreator === 'function' ? createUncurried(stateCreator) : createUncurried) as typeof Zustand.create;

const createStoreUncurried = <T>(stateCreator: Zustand.StateCreator<T>) => {
  const store = actualCreateStore(stateCreator);
  const initialState = store.getInitialState();
  storeResetFns.add(() => store.setState(initialState, true));
  return store;
};

export const createStore = (<T>(stateCreator: Zustand.StateCreator<T>) =>
  typeof stateCreator === 'function'
    ? createStoreUncurried(stateCreator)
    : createStoreUncurried) as typeof Zustand.createStore;

/** Puts every store back to its initial state. Called after each test by src/testing/setup-tests.ts:
 * this module is evaluated once per worker (the test files share their modules), so a hook
 * registered here would run for the first file only. */
export function resetAllStores(): void {
  act(() => {
    storeResetFns.forEach((resetFn) => resetFn());
  });
}
