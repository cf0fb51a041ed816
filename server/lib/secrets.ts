import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** A code of `length` digits from the operating system's secure random source. */
export const randomDigits = (length: number) =>
  Array.from({ length }, () => randomInt(0, 10).toString()).join('')

export const randomToken = () => randomBytes(32).toString('base64url')

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url')

export const hmac = (key: string, value: string) =>
  createHmac('sha256', key).update(value).digest('base64url')

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
