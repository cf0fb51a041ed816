import { createHash } from 'node:crypto'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { CASING, type Database } from './client.ts'

const dialect = new PgDialect({ casing: CASING })
/** Each statement's name by its text: a connection refuses a name it knows for another text. */
const names = new Map<string, string>()
const NAMES_KEPT = 1_000

/**
 * `db.execute(query)` as a named prepared statement: PostgreSQL plans it once per connection instead of at every
 * call. For a large statement run on every chat message, planning cost more than running it (about 0.6 ms of the
 * database's CPU in each send, measured with `bench/chat.ts`). `name` only says what the statement is; its variants
 * (the same code building another text) get names of their own. PGlite runs it as `execute` would.
 */
export function executePrepared(db: Database, name: string, query: SQL) {
  const compiled = dialect.sqlToQuery(query)
  let named = names.get(compiled.sql)
  if (named === undefined) {
    named = `${name}-${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 12)}`
    if (names.size >= NAMES_KEPT) names.clear()
    names.set(compiled.sql, named)
  }
  return db._.session.prepareQuery(compiled, undefined, named, false).execute()
}
