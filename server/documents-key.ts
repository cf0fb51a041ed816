import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { VaultKeys } from '#server/adapters/documents/document-vault.ts'
import type { Config } from './config.ts'

/**
 * `1:<base64>` or `2:<base64>,1:<base64>`: versioned 32-byte keys, the first the one new files are written with
 * (key rotation keeps the older ones for reading; docs/operations.md). A bare base64 key is version 1.
 */
export function parseDocumentsKeys(value: string): VaultKeys {
  const entries = value.split(',').map((entry, index) => {
    const [version, key] = entry.includes(':') ? entry.split(':', 2) : ['1', entry]
    const bytes = Buffer.from(key!.trim(), 'base64')
    const number = Number(version)
    if (!Number.isInteger(number) || number < 1 || number > 255 || bytes.length !== 32)
      throw new Error(`DOCUMENTS_KEY entry ${index + 1} is not <version 1-255>:<32 bytes in base64>`)
    return [number, bytes] as const
  })
  return { current: entries[0]![0], keys: new Map(entries) }
}

/**
 * The identity documents' keys: DOCUMENTS_KEY when set (required in production), else one made on first start and
 * kept in DATA_DIR, as the JWT secret is (server/secret.ts).
 */
export async function resolveDocumentsKeys(config: Config): Promise<VaultKeys> {
  if (config.DOCUMENTS_KEY) return parseDocumentsKeys(config.DOCUMENTS_KEY)
  const file = join(config.DATA_DIR, 'documents-key')
  const existing = await readFile(file, 'utf8').catch(() => '')
  if (existing.trim()) return parseDocumentsKeys(existing.trim())
  const made = `1:${randomBytes(32).toString('base64')}`
  await mkdir(config.DATA_DIR, { recursive: true })
  await writeFile(file, made, { mode: 0o600 })
  return parseDocumentsKeys(made)
}
