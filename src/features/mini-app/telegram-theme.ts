/**
 * Telegram's theme (its `themeParams`: the colours of the chat the person sees) as the app's colours, the custom
 * properties of src/styles.css. A colour is taken only where text stays readable: each text colour needs 4.5:1 (WCAG
 * AA) against the backgrounds it is drawn on, and a colour that would not reach it gives way to ours, or to the text
 * colour, which always does.
 */

/** The theme parameters the app reads (https://core.telegram.org/bots/webapps#themeparams); others are ignored. */
export type ThemeParams = Partial<
  Record<
    | 'bg_color'
    | 'text_color'
    | 'hint_color'
    | 'link_color'
    | 'button_color'
    | 'button_text_color'
    | 'secondary_bg_color'
    | 'destructive_text_color'
    | 'section_separator_color',
    unknown
  >
>

/** The app's own colours (src/styles.css :root), which a theme replaces. */
export const OUR_COLOURS = {
  surface: '#ffffff',
  ink: '#1b1f23',
  soft: '#f2f6f4',
  muted: '#4a5560',
  link: '#08573e',
  green: '#0b6e4f',
  'green-dark': '#08573e',
  'on-green': '#ffffff',
  danger: '#b3261e',
  line: '#d5dbe0',
} as const
export type AppColours = Record<keyof typeof OUR_COLOURS, string>

/** WCAG AA for body text. */
const READABLE = 4.5

/** `#rgb` or `#rrggbb` (what Telegram sends) as `#rrggbb`; anything else is not a colour here. */
export function hexColour(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value.trim())
  if (short) return `#${short[1]!.repeat(2)}${short[2]!.repeat(2)}${short[3]!.repeat(2)}`.toLowerCase()
  return /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : undefined
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

export function contrast(a: string, b: string) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

/** The first candidate that is a colour and passes; the last candidate is one that always does. */
const firstReadable = (candidates: (string | undefined)[], readable: (colour: string) => boolean) =>
  candidates.find((colour): colour is string => colour !== undefined && readable(colour)) ??
  candidates.at(-1)!

/** The app's colours under a Telegram theme, and whether its background is dark (for the browser's own controls). */
export function themeColours(params: ThemeParams): { colours: AppColours; dark: boolean } {
  const bg = hexColour(params.bg_color)
  const text = hexColour(params.text_color)
  // The page and its text go together: both Telegram's, or both ours.
  const [surface, ink] =
    bg && text && contrast(bg, text) >= READABLE ? [bg, text] : [OUR_COLOURS.surface, OUR_COLOURS.ink]
  const soft = firstReadable(
    [hexColour(params.secondary_bg_color), OUR_COLOURS.soft, surface],
    (colour) => contrast(colour, ink) >= READABLE,
  )
  // Hints, links and errors are text on the page and on its secondary background.
  const onPage = (colour: string) =>
    contrast(colour, surface) >= READABLE && contrast(colour, soft) >= READABLE
  const button = hexColour(params.button_color)
  const buttonText = hexColour(params.button_text_color)
  const [green, onGreen] =
    button && buttonText && contrast(button, buttonText) >= READABLE
      ? [button, buttonText]
      : [OUR_COLOURS.green, OUR_COLOURS['on-green']]
  const muted = firstReadable([hexColour(params.hint_color), OUR_COLOURS.muted, ink], onPage)
  return {
    colours: {
      surface,
      ink,
      soft,
      muted,
      link: firstReadable([hexColour(params.link_color), OUR_COLOURS.link, ink], onPage),
      green,
      // Our darker green is the pressed and current state of a button: under a theme, its button colour.
      'green-dark': green === OUR_COLOURS.green ? OUR_COLOURS['green-dark'] : green,
      'on-green': onGreen,
      danger: firstReadable([hexColour(params.destructive_text_color), OUR_COLOURS.danger, ink], onPage),
      // Lines carry no text: Telegram's separator or hint colour as it is, else ours (or the hint) on a themed page.
      line:
        hexColour(params.section_separator_color) ??
        hexColour(params.hint_color) ??
        (surface === OUR_COLOURS.surface ? OUR_COLOURS.line : muted),
    },
    dark: luminance(surface) < 0.18,
  }
}

/** Telegram's launch parameter `tgWebAppThemeParams`: a JSON object, or nothing usable. */
export function parseThemeParams(json: string | null): ThemeParams {
  try {
    const params: unknown = JSON.parse(json ?? '{}')
    return typeof params === 'object' && params !== null ? (params as ThemeParams) : {}
  } catch {
    return {}
  }
}

/** Sets the colours on the page: the custom properties, the browser's colour scheme, the address bar's colour. */
export function applyColours({ colours, dark }: ReturnType<typeof themeColours>) {
  const root = document.documentElement
  for (const [name, value] of Object.entries(colours)) root.style.setProperty(`--${name}`, value)
  root.style.colorScheme = dark ? 'dark' : 'light'
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colours.surface)
}
