import type { Workbox } from 'workbox-window'
import { create } from 'zustand'

type PwaState = { updateReady: boolean; applyUpdate: () => void }

let workbox: Workbox | undefined

/** Whether a new version of the app waits to take over; the update prompt reads it. */
export const usePwa = create<PwaState>()(() => ({
  updateReady: false,
  applyUpdate: () => {
    if (!workbox) return
    // Reload once the new worker controls the page, so every chunk comes from the same version.
    workbox.addEventListener('controlling', () => window.location.reload())
    workbox.messageSkipWaiting()
  },
}))

/**
 * Registers the worker (offline pages, push). `main.tsx` calls it once the first screen has loaded: it is not part
 * of what a visitor waits for.
 */
export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const { Workbox } = await import('workbox-window')
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => usePwa.setState({ updateReady: true }))
  // A browser that refuses workers (a policy, a private mode) leaves the app working without one.
  workbox.register().catch(() => undefined)
}
