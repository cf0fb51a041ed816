import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
const LOCALES = ['ru', 'oz', 'uz', 'en'] as const
type Entry = { id: string; text: string }

/** msgid -> msgstr of a PO file (single-line entries, as Lingui writes them). */
function readCatalog(file: string): Map<string, string> {
  const entries = new Map<string, string>()
  const lines = readFileSync(file, 'utf8').split('\n')
  const unquote = (line: string, key: string) => JSON.parse(line.slice(key.length + 1)) as string
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (!line.startsWith('msgid ')) continue
    const previous = lines[i - 1] ?? ''
    // A message with a context is another message (Lingui's id covers both): keep them apart.
    const context = previous.startsWith('msgctxt ') ? `${unquote(previous, 'msgctxt')}\u0004` : ''
    const id = unquote(line, 'msgid')
    const next = lines[i + 1] ?? ''
    if (id !== '' && next.startsWith('msgstr ')) entries.set(context + id, unquote(next, 'msgstr'))
  }
  return entries
}

// The app's catalog and those of features that load their messages with their own chunk (lingui.config.ts).
const lazyFeatures = readdirSync(join(ROOT, 'src/features')).filter((feature) =>
  existsSync(join(ROOT, 'src/features', feature, 'locales')),
)
const catalogFiles = (locale: string) => [
  join(ROOT, 'src/locales', locale, 'messages.po'),
  join(ROOT, 'src/components/locales', `${locale}.po`),
  ...lazyFeatures.map((feature) => join(ROOT, 'src/features', feature, 'locales', `${locale}.po`)),
]
const committed = Object.fromEntries(
  LOCALES.map((locale) => [locale, new Map(catalogFiles(locale).flatMap((file) => [...readCatalog(file)]))]),
) as Record<(typeof LOCALES)[number], Map<string, string>>
// The server's own catalog: its ids are error codes and the like, its English is the source locale's msgstr.
const serverCatalog = (locale: string) => join(ROOT, 'server/locales', `${locale}.po`)
const committedServer = Object.fromEntries(
  LOCALES.map((locale) => [locale, readCatalog(serverCatalog(locale))]),
) as Record<(typeof LOCALES)[number], Map<string, string>>
/** Every translated message of a language with its English source: the web's id, or the server's English text. */
const translated = (locale: (typeof LOCALES)[number]) => [
  ...[...committed[locale]].map(([id, text]) => ({ id, source: id, text })),
  ...[...committedServer[locale]].map(([id, text]) => ({
    id,
    source: committedServer.en.get(id) ?? id,
    text,
  })),
]

// Extract from the code as it is now into a scratch folder, so the check sees messages nobody extracted yet.
const scratch = mkdtempSync(join(tmpdir(), 'fika-lingui-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
function extractFromCode(): { web: Entry[]; server: Entry[] } {
  const config = join(scratch, 'lingui.config.json')
  writeFileSync(
    config,
    JSON.stringify({
      locales: ['en'],
      sourceLocale: 'en',
      rootDir: ROOT,
      catalogs: [
        { path: join(scratch, 'web', '{locale}'), include: [join(ROOT, 'src')] },
        { path: join(scratch, 'server', '{locale}'), include: [join(ROOT, 'server')] },
      ],
      format: 'po',
    }),
  )
  execFileSync(join(ROOT, 'node_modules/.bin/lingui'), ['extract', '--config', config], {
    cwd: ROOT,
    stdio: 'pipe',
  })
  const entries = (part: string) =>
    [...readCatalog(join(scratch, part, 'en.po')).entries()].map(([id, text]) => ({ id, text }))
  return { web: entries('web'), server: entries('server') }
}

const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()
const BRAND_ONLY = /^[\sA-Za-z0-9.,:·—–()-]*(Fika|Telegram|IELTS|SMS)?[\sA-Za-z0-9.,:·—–()-]*$/

describe('the Lingui catalogs of the web app and the server', () => {
  it('hold every message the code uses, in all four languages', () => {
    const { web: used, server: usedByServer } = extractFromCode()
    expect(used.length).toBeGreaterThan(50)
    expect(usedByServer.length).toBeGreaterThan(50)
    for (const locale of LOCALES) {
      const missing = used.filter((entry) => !committed[locale].has(entry.id)).map((entry) => entry.id)
      expect(missing, `missing in ${locale}: run npm run extract and translate`).toEqual([])
      const serverIds = usedByServer.map((entry) => entry.id).sort()
      expect(
        [...committedServer[locale].keys()].sort(),
        `server/locales/${locale}.po: run npm run extract`,
      ).toEqual(serverIds)
    }
    // The server's English lives in its code: the committed source catalog says the same.
    for (const entry of usedByServer) expect(committedServer.en.get(entry.id), entry.id).toBe(entry.text)
    // NOTE: not a wait for anything: Lingui parses every source file of the app and the server here, about 15 s of
    // CPU alone, and 30 s on two cores busy with the browser tests. Its budget is its work's, not the web tests'.
  }, 120_000)

  it('translate every message into ru, oz and uz, keeping the placeholders', () => {
    for (const locale of ['ru', 'oz', 'uz'] as const) {
      for (const { id, source, text } of translated(locale)) {
        expect(text, `${locale}: "${id}" has no translation`).not.toBe('')
        expect(placeholders(text), `${locale}: "${id}" lost a placeholder`).toEqual(placeholders(source))
      }
    }
  })

  it('give a message one translation in every catalog, since loaded catalogs share one message table', () => {
    for (const locale of LOCALES) {
      const seen = new Map<string, { text: string; file: string }>()
      for (const file of catalogFiles(locale)) {
        for (const [id, text] of readCatalog(file)) {
          const first = seen.get(id)
          // Two meanings of the same English need a Lingui context (docs/decisions/007).
          expect(text, `${locale}: "${id}" is "${first?.text}" in ${first?.file}`).toBe(first?.text ?? text)
          seen.set(id, { text, file })
        }
      }
    }
  })

  it('leave no English in the Russian and Uzbek Cyrillic catalogs', () => {
    for (const locale of ['ru', 'uz'] as const) {
      for (const { id, source, text } of translated(locale)) {
        if (BRAND_ONLY.test(source) && !/[a-z]{4,}/.test(source.replace(/Fika|Telegram|IELTS/g, ''))) continue
        // Nothing to translate in a message that is only placeholders and signs ("+{more}").
        if (!/\p{L}/u.test(source.replace(/\{\w+\}/g, ''))) continue
        expect(text, `${locale}: "${id}"`).toMatch(/[\u0400-\u04FF]/)
      }
    }
  })
})
