// "The site's content changed": a staff edit (a video, a category, a setting…) or a DMCA takedown tells
// it here, and the app's one listener (server/app.ts) purges every cache that could show the old state:
// the catalogue, listings, watch and search services' caches, the guest page cache and the response
// cache (shared through Redis). Other web processes' in-process caches follow within their lifetimes.
export interface ContentChanges {
  /** Runs every listener; a listener's failure is the caller's (the edit is done, the purge is not). */
  notify(): Promise<void>;
  onChange(listener: () => void | Promise<void>): void;
}

export function createContentChanges(): ContentChanges {
  const listeners: (() => void | Promise<void>)[] = [];
  return {
    async notify() {
      for (const listener of listeners) await listener();
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
