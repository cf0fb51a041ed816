import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from './config.ts'

/**
 * The signing secret: JWT_SECRET when set (required in production), else one made on first start and kept in
 * DATA_DIR so that local sessions survive a restart without a secret in the repository.
 */
export async function resolveSecret(config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET
  const file = join(config.DATA_DIR, 'jwt-secret')
  const existing = await readFile(file, 'utf8').catch(() => '')
  if (existing.trim().length >= 32) return existing.trim()
  const secret = randomBytes(48).toString('base64url')
  await mkdir(config.DATA_DIR, { recursive: true })
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}
