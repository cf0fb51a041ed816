import { afterEach, describe, expect, it, vi } from 'vitest'
import { activateLocale, currentLocale, switchLocale, takeLocaleFromAddress } from '#src/lib/locale.ts'

/** What the page writes into `document.cookie`, attributes included (reading it back shows only name=value). */
function watchCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
  const writes: string[] = []
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document) as string,
    set: (value: string) => {
      writes.push(value)
      descriptor.set!.call(document, value)
    },
  })
  return writes
}

/** The page at `href`, with a reload that only counts (jsdom cannot reload). */
function openPage(href: string) {
  const url = new URL(href)
  const reload = vi.fn()
  vi.stubGlobal('location', { href: url.href, protocol: url.protocol, reload })
  return { reload }
}

afterEach(() => {
  Reflect.deleteProperty(document, 'cookie')
})

describe('the language of the session', () => {
  it('is the lang cookie, which the server reads too', () => {
    document.cookie = 'theme=dark; path=/'
    document.cookie = 'lang=uz; path=/'
    expect(currentLocale()).toBe('uz')
  })

  it('is Russian when neither the cookie nor the tab names a language of the product', () => {
    expect(currentLocale()).toBe('ru')
    document.cookie = 'lang=de; path=/'
    expect(currentLocale()).toBe('ru')
  })

  it('moves a choice kept in the tab before the cookie existed into the cookie', () => {
    sessionStorage.setItem('fika.locale', 'oz')
    const writes = watchCookieWrites()
    expect(currentLocale()).toBe('oz')
    expect(writes).toEqual(['lang=oz; Path=/; SameSite=Lax'])
    expect(document.cookie).toContain('lang=oz')
    // The cookie now decides: the tab's old value no longer does.
    sessionStorage.setItem('fika.locale', 'en')
    expect(currentLocale()).toBe('oz')
  })

  it('is switched with a session cookie (no expiry), kept in the tab as well, and a reload', () => {
    const { reload } = openPage('https://fika.uz/wallet')
    const writes = watchCookieWrites()
    switchLocale('en')
    expect(writes).toEqual(['lang=en; Path=/; SameSite=Lax; Secure'])
    expect(sessionStorage.getItem('fika.locale')).toBe('en')
    expect(reload).toHaveBeenCalledOnce()
  })

  it('is taken from ?lang= in the address, which then leaves the address', () => {
    window.history.replaceState(null, '', '/executors?lang=en&page=2')
    const writes = watchCookieWrites()
    takeLocaleFromAddress()
    expect(writes).toEqual(['lang=en; Path=/; SameSite=Lax'])
    expect(currentLocale()).toBe('en')
    expect(window.location.pathname + window.location.search).toBe('/executors?page=2')
  })

  it('stays as it was when ?lang= names no language of the product, which still leaves the address', () => {
    document.cookie = 'lang=oz; path=/'
    window.history.replaceState(null, '', '/executors?lang=de')
    takeLocaleFromAddress()
    expect(currentLocale()).toBe('oz')
    expect(window.location.search).toBe('')
  })
})

// Last in the file: a page keeps the language it was started in.
describe('the language of a started page', () => {
  it('stays the one it started in when another is chosen before the reload (or in another tab)', async () => {
    document.cookie = 'lang=oz; path=/'
    await activateLocale(currentLocale())
    document.cookie = 'lang=uz; path=/'
    expect(currentLocale()).toBe('oz')
    expect(document.documentElement.lang).toBe('uz-Latn')
  })
})
