import { create } from 'zustand'

/**
 * A page opened before a release asks for the old version's chunks, which are gone: a screen, a modal, a catalog or
 * a stylesheet fails to load (spec section 8 names webpack's ChunkLoadError and CSS_CHUNK_LOAD_FAILED; here it is
 * Vite's `vite:preloadError`, which every lazy import of the build goes through). The page then reloads once into
 * the new version; what the person typed is on the device (drafts in IndexedDB, auth steps in sessionStorage) and
 * nothing here clears it. A failure again within RELOAD_GUARD_MS of that reload is not reloaded again, so it can
 * never loop: the person is told, with a button to reload (ChunkErrorNotice).
 */

/** Longer than the 120 s a script may take to fail (spec section 8), so a slow failure after the reload counts. */
export const RELOAD_GUARD_MS = 5 * 60_000
const RELOADED_AT = 'fika.chunkReload'

// A module that did not arrive, in Chromium and Firefox ("… dynamically imported module") and Safari; a stylesheet.
const CHUNK_FAILURE = /imported module|module script failed|preload CSS/

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && CHUNK_FAILURE.test(error.message)

/** Whether a chunk failed and reloading did not help, or cannot (offline, no storage): ChunkErrorNotice tells. */
export const useChunkFailed = create(() => false)

let reloading = false

/** A chunk did not load: reload once, or, when that was just done, tell. */
export function recoverFromChunkError() {
  if (reloading) return
  try {
    if (navigator.onLine && !(Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) < RELOAD_GUARD_MS)) {
      sessionStorage.setItem(RELOADED_AT, String(Date.now()))
      reloading = true
      return window.location.reload()
    }
  } catch {
    // Without the tab's storage a reload could not know it was the second: tell instead.
  }
  useChunkFailed.setState(true)
}

/** Reloads for a lazy import (or its stylesheet) that failed; the error still reaches the screen's own boundary. */
export const listenForChunkErrors = () =>
  window.addEventListener('vite:preloadError', (event) => {
    if (isChunkLoadError(event.payload)) recoverFromChunkError()
  })
