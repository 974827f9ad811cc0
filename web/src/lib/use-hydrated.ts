import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while pre-rendering and during hydration, true afterwards: lets a pre-rendered shell show neutral content
 * first and read the URL's query (unknown at build time) only in the browser, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
