/**
 * A lazily loaded module (or anything else loaded once): the first call loads it, later calls share that load. A
 * load that failed (a chunk that did not arrive on a bad connection) is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
}
