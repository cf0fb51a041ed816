/**
 * Telegram's Mini App protocol, without Telegram's script (a third-party script the CSP and the tests' lack of
 * internet rule out): methods go to the host, events come back from it. It follows Telegram's own
 * telegram-web-app.js and @telegram-apps/bridge 2.x, which should take its place once it can be installed
 * (docs/decisions/026-telegram.md).
 *
 * Methods: the mobile and desktop apps inject `TelegramWebviewProxy.postEvent(type, json)`; Windows Phone had
 * `external.notify(json)`; Telegram Web runs the app in an iframe and reads `postMessage`s of `{eventType, eventData}`.
 * Events: the apps call `Telegram.WebView.receiveEvent(type, data)` (or its TelegramGameProxy aliases); Telegram Web
 * posts the same JSON to the iframe's window. Outside Telegram nothing is there, and posting does nothing.
 */

type EventHandler = (data: unknown) => void
type ReceiveEvent = (eventType: string, eventData?: unknown) => void

type TelegramHostWindow = Window & {
  TelegramWebviewProxy?: { postEvent: (eventType: string, eventData: string) => void }
  external?: { notify?: (message: string) => void }
  Telegram?: { WebView?: { receiveEvent?: ReceiveEvent } }
  TelegramGameProxy?: { receiveEvent?: ReceiveEvent }
  TelegramGameProxy_receiveEvent?: ReceiveEvent
}

const host = () => window as TelegramHostWindow

/** Calls a method of the host (`web_app_ready`, `web_app_setup_back_button`…); false where there is no host. */
export function postEvent(eventType: string, eventData: object | '' = ''): boolean {
  const proxy = host().TelegramWebviewProxy
  const external = host().external
  const message = () => JSON.stringify({ eventType, eventData })
  if (proxy) proxy.postEvent(eventType, JSON.stringify(eventData))
  else if (external && typeof external.notify === 'function') external.notify(message())
  // Telegram's own script posts to any origin too: a Mini App may run inside more than one Telegram web client.
  else if (window.parent !== window) window.parent.postMessage(message(), '*')
  else return false
  return true
}

const handlers = new Map<string, Set<EventHandler>>()

function receive(eventType: string, eventData: unknown) {
  for (const handler of handlers.get(eventType) ?? []) handler(eventData)
}

let listening = false

function listen() {
  if (listening) return
  listening = true
  const window = host()
  // Another listener put there first (a host's own script) still hears every event.
  const before = window.Telegram?.WebView?.receiveEvent
  const receiveEvent: ReceiveEvent = (eventType, eventData) => {
    receive(eventType, eventData)
    before?.(eventType, eventData)
  }
  window.Telegram = { ...window.Telegram, WebView: { ...window.Telegram?.WebView, receiveEvent } }
  window.TelegramGameProxy = { ...window.TelegramGameProxy, receiveEvent }
  window.TelegramGameProxy_receiveEvent = receiveEvent
  window.addEventListener('message', (event: MessageEvent) => {
    // Only the frame around the app (Telegram Web) speaks for the host; at the top level that is the page itself.
    if (event.source !== window.parent || typeof event.data !== 'string') return
    try {
      const { eventType, eventData } = JSON.parse(event.data) as { eventType?: unknown; eventData?: unknown }
      if (typeof eventType === 'string') receive(eventType, eventData)
    } catch {
      // Another script's message, not JSON: not the host's.
    }
  })
}

/** Listens to one event of the host (`theme_changed`, `back_button_pressed`…); returns how to stop. */
export function onEvent(eventType: string, handler: EventHandler): () => void {
  listen()
  const forType = handlers.get(eventType) ?? new Set()
  forType.add(handler)
  handlers.set(eventType, forType)
  return () => forType.delete(handler)
}
