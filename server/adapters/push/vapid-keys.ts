import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import webpush from 'web-push'
import type { Config } from '#server/config.ts'

export type VapidKeys = { publicKey: string; privateKey: string }

const KEYS_FILE = 'vapid-keys.json'

const isKeyPair = (value: unknown): value is VapidKeys => {
  const keys = value as Partial<VapidKeys> | null
  return (
    typeof keys?.publicKey === 'string' &&
    typeof keys.privateKey === 'string' &&
    Buffer.from(keys.publicKey, 'base64url').length === 65 &&
    Buffer.from(keys.privateKey, 'base64url').length === 32
  )
}

async function readKeys(file: string): Promise<VapidKeys | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '')
  try {
    const parsed: unknown = JSON.parse(text)
    return isKeyPair(parsed) ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey } : undefined
  } catch {
    return undefined
  }
}

/**
 * The VAPID key pair push is signed with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair made on
 * first start and kept in DATA_DIR, as the JWT secret is, so that devices stay subscribed across restarts.
 * `source` lets the caller warn where that matters: a new pair orphans every subscription made with the old one,
 * so servers that share users (or lose DATA_DIR on deploy) must set the variables.
 */
export async function resolveVapidKeys(
  config: Config,
): Promise<VapidKeys & { source: 'environment' | 'data_dir' | 'generated' }> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, source: 'environment' }
  const file = join(config.DATA_DIR, KEYS_FILE)
  const existing = await readKeys(file)
  if (existing) return { ...existing, source: 'data_dir' }

  await mkdir(config.DATA_DIR, { recursive: true })
  const fresh = webpush.generateVAPIDKeys()
  const draft = `${file}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(draft, JSON.stringify(fresh), { mode: 0o600 })
  try {
    // NOTE: link() creates the file only when there is none, atomically: two processes starting on one DATA_DIR
    // end up with the same pair (the first one's), where writeFile would let each keep its own.
    await link(draft, file)
    return { ...fresh, source: 'generated' }
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
    const winner = await readKeys(file)
    if (winner) return { ...winner, source: 'data_dir' }
    // A file that holds no key pair (cut short, edited by hand) is replaced.
    await rename(draft, file)
    return { ...fresh, source: 'generated' }
  } finally {
    await unlink(draft).catch(() => undefined)
  }
}
