import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { startInTelegram } from '#src/features/mini-app/in-telegram.ts'
import { LAUNCH_KEY } from '#src/features/mini-app/launch-key.ts'
import { haptic } from '#src/lib/haptics.ts'
import { postEvent } from '#src/lib/telegram-bridge.ts'

/** Telegram Desktop's night theme: its hint, and white on its button, are too faint for text. */
const NIGHT = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
}
/** A day theme whose colours all read (Telegram's own day blue is 4.1:1 under white, and stays ours). */
const DAY = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#5f6368',
  link_color: '#1a5fb4',
  button_color: '#1a5fb4',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
}

/** The hash Telegram opens the Mini App with (the signed data's value does not matter here). */
const launchHash = (theme: object, version = '8.0') =>
  `#tgWebAppData=${encodeURIComponent('query_id=AAE&auth_date=1&hash=00')}&tgWebAppVersion=${version}` +
  `&tgWebAppPlatform=android&tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}`

type Posted = { eventType: string; eventData: unknown }
type HostWindow = Window & {
  TelegramWebviewProxy?: { postEvent: (eventType: string, eventData: string) => void }
  Telegram?: { WebView?: { receiveEvent?: (eventType: string, eventData: unknown) => void } }
}

/**
 * Telegram's app around the page, as its Android and iOS apps are: methods arrive at `TelegramWebviewProxy`, with
 * their data as JSON. Events go back as Telegram Web sends them, a `postMessage` of `{eventType, eventData}` from the
 * frame around the app (the page itself at the top level), or as the mobile apps call `Telegram.WebView.receiveEvent`.
 */
function fakeTelegram() {
  const posted: Posted[] = []
  ;(window as HostWindow).TelegramWebviewProxy = {
    postEvent: (eventType, eventData) => posted.push({ eventType, eventData: JSON.parse(eventData) }),
  }
  return {
    posted,
    last: (eventType: string) => posted.filter((call) => call.eventType === eventType).at(-1)?.eventData,
    post: (eventType: string, eventData?: unknown) =>
      window.dispatchEvent(
        new MessageEvent('message', { data: JSON.stringify({ eventType, eventData }), source: window }),
      ),
    call: (eventType: string, eventData?: unknown) =>
      (window as HostWindow).Telegram?.WebView?.receiveEvent?.(eventType, eventData),
  }
}

function openApp(href: string) {
  const root = createRootRoute({ component: Outlet })
  const page = (path: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p data-testid="page">{path}</p> })
  const router = createRouter({
    routeTree: root.addChildren([page('/'), page('/orders'), page('/account')]),
    history: createMemoryHistory({ initialEntries: [href] }),
  })
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  )
  return router
}

const colour = (name: string) => document.documentElement.style.getPropertyValue(`--${name}`)

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  stop = undefined
  delete (window as HostWindow).TelegramWebviewProxy
  document.documentElement.removeAttribute('style')
})

describe('the app inside Telegram', () => {
  it("takes Telegram's theme from the launch, follows a change, and keeps its own colours where text would not read", async () => {
    const telegram = fakeTelegram()
    stop = await startInTelegram(openApp(`/${launchHash(NIGHT)}`))

    expect(colour('surface')).toBe('#17212b')
    expect(colour('ink')).toBe('#f5f5f5')
    expect(colour('soft')).toBe('#232e3c')
    expect(colour('link')).toBe('#6ab3f3')
    // White on the night button is 3.6:1: buttons keep our green and white.
    expect(colour('green')).toBe('#0b6e4f')
    expect(colour('on-green')).toBe('#ffffff')
    // The night hint is 4.2:1 on its background, and ours darker still: hints take the text colour.
    expect(colour('muted')).toBe('#f5f5f5')
    // Lines carry no text: the hint colour as Telegram sends it.
    expect(colour('line')).toBe('#708499')
    expect(document.documentElement.style.colorScheme).toBe('dark')
    expect(telegram.posted.map((call) => call.eventType)).toEqual(
      expect.arrayContaining(['web_app_ready', 'web_app_expand', 'web_app_request_theme']),
    )
    expect(telegram.last('web_app_set_header_color')).toEqual({ color: '#17212b' })
    expect(telegram.last('web_app_set_background_color')).toEqual({ color: '#17212b' })

    telegram.post('theme_changed', { theme_params: DAY })
    expect(colour('surface')).toBe('#ffffff')
    expect(colour('ink')).toBe('#000000')
    expect(colour('muted')).toBe('#5f6368')
    expect(colour('link')).toBe('#1a5fb4')
    expect(colour('green')).toBe('#1a5fb4')
    expect(document.documentElement.style.colorScheme).toBe('light')
    expect(telegram.last('web_app_set_header_color')).toEqual({ color: '#ffffff' })
    // A later page of the tab starts in the theme the host last sent.
    expect(new URLSearchParams(sessionStorage.getItem(LAUNCH_KEY)!).get('tgWebAppThemeParams')).toBe(
      JSON.stringify(DAY),
    )

    // Grey on white, and a white button label on yellow: both pairs stay ours.
    telegram.call('theme_changed', {
      theme_params: { ...DAY, text_color: '#c8c8c8', button_color: '#ffd400', button_text_color: '#ffffff' },
    })
    expect(colour('surface')).toBe('#ffffff')
    expect(colour('ink')).toBe('#1b1f23')
    expect(colour('green')).toBe('#0b6e4f')
    expect(colour('on-green')).toBe('#ffffff')
  })

  it("shows Telegram's back button once the router can go back, and goes back when it is pressed", async () => {
    const telegram = fakeTelegram()
    const router = openApp(`/${launchHash(DAY)}`)
    stop = await startInTelegram(router)
    expect(telegram.last('web_app_setup_back_button')).toEqual({ is_visible: false })

    await router.navigate({ to: '/orders' })
    expect(telegram.last('web_app_setup_back_button')).toEqual({ is_visible: true })

    telegram.post('back_button_pressed')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(telegram.last('web_app_setup_back_button')).toEqual({ is_visible: false })
  })

  it('tells a success, a failure and a tab switch by touch', async () => {
    const telegram = fakeTelegram()
    stop = await startInTelegram(openApp(`/${launchHash(DAY)}`))
    haptic('success')
    haptic('error')
    haptic('selection')
    expect(
      telegram.posted
        .filter((call) => call.eventType === 'web_app_trigger_haptic_feedback')
        .map((call) => call.eventData),
    ).toEqual([
      { type: 'notification', notification_type: 'success' },
      { type: 'notification', notification_type: 'error' },
      { type: 'selection_change' },
    ])
  })

  it('remembers for the tab that it runs inside Telegram, without the signed data', async () => {
    const telegram = fakeTelegram()
    stop = await startInTelegram(openApp(`/${launchHash(NIGHT)}`))
    stop?.()
    expect(sessionStorage.getItem(LAUNCH_KEY)).not.toContain('tgWebAppData')
    document.documentElement.removeAttribute('style')

    // A reload on another page: no launch parameters in the address any more.
    stop = await startInTelegram(openApp('/account'))
    expect(colour('surface')).toBe('#17212b')
    expect(telegram.posted.filter((call) => call.eventType === 'web_app_ready')).toHaveLength(2)
  })

  it('loads nothing, posts nothing and changes nothing in a plain browser', async () => {
    const router = openApp('/#how-it-works')
    expect(await startInTelegram(router)).toBeUndefined()
    expect(sessionStorage.getItem(LAUNCH_KEY)).toBeNull()
    expect(document.documentElement.getAttribute('style')).toBeNull()
    expect(() => haptic('success')).not.toThrow()
    expect(postEvent('web_app_ready')).toBe(false)
  })
})
