// False in the server's render and while the page hydrates, true once React runs in the browser. The
// console's queues write through the API (JavaScript), so their buttons wait for it: a click before
// then would submit a plain form nowhere.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
