// Vitest picks this file up for `vi.mock('zustand')` (src/testing/setup-tests.ts). It wraps zustand's
// `create`/`createStore` so that every store goes back to its initial state after each test, as
// zustand's testing guide recommends. Stores stay real otherwise.
import { act } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
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

afterEach(() => {
  act(() => {
    storeResetFns.forEach((resetFn) => resetFn());
  });
});
