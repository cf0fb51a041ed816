import { i18n } from '@lingui/core'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'
import { messages as laterWords } from '#src/components/locales/ru.po'
import { messages } from '#src/locales/ru/messages.po'

// No component test opens a real socket: the logged-in header starts one after the first screen.
vi.mock('socket.io-client', async () => ({ io: (await import('./fake-socket.ts')).fakeIo }))

// The app loads its HTTP client with the first call (src/lib/api-client.ts). A test's first import of a module
// takes real time to transform, which a test on fake timers never gives it: the client (and the search's list,
// loaded with the first search) is loaded here once.
await import('#src/lib/api-http.ts')
await import('#src/features/catalogue/components/search-results.tsx')

// Components render in Russian, the product's default language, as a first-time visitor sees them.
// load, not loadAndActivate: a feature's catalog may already be in (a module that awaits it at import, see
// docs/decisions/007), and loadAndActivate would replace it.
beforeAll(() => {
  i18n.load('ru', messages)
  i18n.load('ru', laterWords)
  i18n.activate('ru')
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
  sessionStorage.clear()
  // The language of the session (src/lib/locale.ts) lives in a cookie, which jsdom keeps for the whole file.
  document.cookie = 'lang=; Path=/; Max-Age=0'
})

// jsdom has no <dialog> behaviour; these mirror what browsers do for the parts the modal relies on.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '')
}
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.removeAttribute('open')
}
