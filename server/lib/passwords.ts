import { hash, verify } from '@node-rs/argon2'
import { dictionary } from '@zxcvbn-ts/language-common'

// OWASP's second recommended argon2id setting (19 MiB, 2 passes): strong, and quick enough for a 2-core server.
// The library's default algorithm is argon2id.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const
const COMMON_PASSWORD_COUNT = 1_000

// The list is ordered by how often each password was seen in leaks; the head of it is what attackers try first.
const commonPasswords = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
)

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase())

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false)

/**
 * A hash to verify against when the phone is unknown, so a failed login takes as long whether or not the
 * account exists.
 */
let decoyHash: Promise<string> | undefined
export const decoyPasswordHash = () => (decoyHash ??= hashPassword('decoy-password-0'))
