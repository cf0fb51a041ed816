import type { AnyRouter } from '@tanstack/react-router'
import { setHapticFeedback, type Haptic } from '#src/lib/haptics.ts'
import { onEvent, postEvent } from '#src/lib/telegram-bridge.ts'
import { LAUNCH_KEY } from './launch-key.ts'
import { applyColours, parseThemeParams, themeColours, type ThemeParams } from './telegram-theme.ts'

/** Whether the host's version (`tgWebAppVersion`, "8.0") has a method added in `since` ("6.1"). */
const versionAtLeast = (version: string | null, since: string) => {
  const [major = 0, minor = 0] = (version ?? '6.0').split('.').map(Number)
  const [sinceMajor = 0, sinceMinor = 0] = since.split('.').map(Number)
  return major > sinceMajor || (major === sinceMajor && minor >= sinceMinor)
}

/**
 * The app inside Telegram (docs/decisions/026-telegram.md): Telegram's theme as the app's colours, Telegram's back
 * button for the router's history, and a touch that tells how an action went. Telegram learns that the app is
 * ready, opens it to full height, and draws its header and background in the app's page colour. Returns how to stop
 * listening (the tests start it once per router).
 */
export function startMiniApp(router: AnyRouter, launch: URLSearchParams): () => void {
  const version = launch.get('tgWebAppVersion')
  const stops: (() => void)[] = []
  const stop = () => {
    for (const stopOne of stops) stopOne()
    setHapticFeedback(undefined)
  }

  const follow = (params: ThemeParams) => {
    const theme = themeColours(params)
    applyColours(theme)
    // A hex header colour came with 6.9; before it, only the name of a theme colour.
    postEvent(
      'web_app_set_header_color',
      versionAtLeast(version, '6.9') ? { color: theme.colours.surface } : { color_key: 'bg_color' },
    )
    postEvent('web_app_set_background_color', { color: theme.colours.surface })
  }
  follow(parseThemeParams(launch.get('tgWebAppThemeParams')))
  stops.push(
    onEvent('theme_changed', (data) => {
      const params = (data as { theme_params?: unknown } | null)?.theme_params
      if (typeof params !== 'object' || params === null) return
      follow(params as ThemeParams)
      // The tab's next page starts in the new theme too.
      launch.set('tgWebAppThemeParams', JSON.stringify(params))
      try {
        sessionStorage.setItem(LAUNCH_KEY, launch.toString())
      } catch {
        // Not kept: the next page asks the host for its theme anyway.
      }
    }),
  )
  postEvent('web_app_ready')
  postEvent('web_app_expand')
  // A page opened later in the tab has no theme in its address: the host sends the current one.
  postEvent('web_app_request_theme')

  // The back button and haptics came with 6.1.
  if (!versionAtLeast(version, '6.1')) return stop
  let shown: boolean | undefined
  const showBack = () => {
    const canGoBack = router.history.canGoBack()
    if (canGoBack === shown) return
    shown = canGoBack
    postEvent('web_app_setup_back_button', { is_visible: canGoBack })
  }
  showBack()
  stops.push(
    router.history.subscribe(showBack),
    onEvent('back_button_pressed', () => router.history.back()),
  )

  setHapticFeedback((kind: Haptic) =>
    postEvent(
      'web_app_trigger_haptic_feedback',
      kind === 'selection' ? { type: 'selection_change' } : { type: 'notification', notification_type: kind },
    ),
  )
  return stop
}
