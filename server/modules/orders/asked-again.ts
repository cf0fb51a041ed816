// Which keys were asked again within a while, for the public answers kept only once asked twice: a fixed table of
// the keys' hashes and when each was last asked.

const ASKED_SLOTS = 1 << 16
/** FNV-1a, 32 bits: a key in the table of when keys were last asked. */
function hashOf(key: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193)
  return hash >>> 0
}

export function createAskedAgain(ttlMs: number) {
  // When keys were last asked, for the answers kept only once asked again (`read`'s `once`): a fixed table of the
  // keys' hashes, which holds no string, so a flood of keys asked once leaves the garbage collector nothing to do (a
  // table of the key strings cost a third of the requests a second, and so did keeping the answers of the few keys
  // that merely shared a slot). A slot is the key's hash and when it was asked. It holds no answer, so a write
  // leaves it as it is.
  const askedHash = new Uint32Array(ASKED_SLOTS)
  const askedAt = new Float64Array(ASKED_SLOTS).fill(Number.NEGATIVE_INFINITY)

  /** Notes that `key` is asked now; true when it was asked within `ttlMs` before. */
  return function askedAgain(key: string, nowMs: number) {
    const hash = hashOf(key)
    const slot = hash & (ASKED_SLOTS - 1)
    const again = askedHash[slot] === hash && askedAt[slot]! + ttlMs > nowMs
    askedHash[slot] = hash
    askedAt[slot] = nowMs
    return again
  }
}
