import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True once React runs in the browser: controls that need JavaScript render only then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
