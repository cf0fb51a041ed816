import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'

/** Certificates and diplomas (`documents`), and works of the portfolio (`works`): the same shape, two tables. */
export type PortfolioKind = 'documents' | 'works'

/** One item: its label is a document's name or a work's title, its files a document's files or a work's photos. */
export type PortfolioItem = {
  id: number
  userId: number
  label: string
  description: string | null
  files: string[]
  position: number
}

// Table and column names come from this fixed map only, never from a request.
const TABLES: Record<PortfolioKind, { table: SQL; label: SQL; files: SQL }> = {
  documents: { table: sql.raw('documents'), label: sql.raw('name'), files: sql.raw('files') },
  works: { table: sql.raw('works'), label: sql.raw('title'), files: sql.raw('photos') },
}

type Raw = {
  id: number
  user_id: number
  label: string
  description: string | null
  files: string[] | null
  position: number
}
const toItem = (row: Raw): PortfolioItem => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  label: row.label,
  description: row.description,
  files: row.files ?? [],
  position: Number(row.position),
})

export function createPortfolioRepository(db: Database) {
  const rows = async (query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: Raw[] }).rows.map(toItem)
  const columns = (kind: PortfolioKind) => {
    const { label, files } = TABLES[kind]
    return sql`id, user_id, ${label} as label, description, ${files} as files, position`
  }

  return {
    async list(kind: PortfolioKind, userId: number, page: number, perPage: number) {
      const { table } = TABLES[kind]
      const [items, counted] = await Promise.all([
        rows(
          sql`select ${columns(kind)} from ${table} where user_id = ${userId}
              order by position, id limit ${perPage} offset ${(page - 1) * perPage}`,
        ),
        db.execute(sql`select count(*)::int as n from ${table} where user_id = ${userId}`),
      ])
      return { items, total: Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) }
    },

    async find(kind: PortfolioKind, id: number) {
      const [item] = await rows(sql`select ${columns(kind)} from ${TABLES[kind].table} where id = ${id}`)
      return item
    },

    /** Adds an item at the end of the user's list, unless they already have `max`: then undefined. */
    async insert(
      kind: PortfolioKind,
      userId: number,
      label: string,
      description: string | null,
      max: number,
    ) {
      const { table, label: labelColumn } = TABLES[kind]
      const [item] = await rows(
        sql`insert into ${table} (user_id, ${labelColumn}, description, position)
            select ${userId}, ${label}, ${description}, coalesce(max(position) + 1, 0)
            from ${table} where user_id = ${userId}
            having count(*) < ${max}
            returning ${columns(kind)}`,
      )
      return item
    },

    async update(kind: PortfolioKind, id: number, label: string, description: string | null) {
      const { table, label: labelColumn } = TABLES[kind]
      const [item] = await rows(
        sql`update ${table} set ${labelColumn} = ${label}, description = ${description}
            where id = ${id} returning ${columns(kind)}`,
      )
      return item
    },

    async remove(kind: PortfolioKind, id: number) {
      await db.execute(sql`delete from ${TABLES[kind].table} where id = ${id}`)
    },

    /** Appends a file while the item has fewer than `max`: two racing uploads cannot pass the limit. */
    async addFile(kind: PortfolioKind, id: number, path: string, max: number) {
      const { table, files } = TABLES[kind]
      const [item] = await rows(
        sql`update ${table} set ${files} = array_append(${files}, ${path}::text)
            where id = ${id} and cardinality(${files}) < ${max} returning ${columns(kind)}`,
      )
      return item
    },

    /** Removes the file at `index` (from 0) if it is still `path`; answers the item as it now is. */
    async removeFile(kind: PortfolioKind, id: number, index: number, path: string) {
      const { table, files } = TABLES[kind]
      const [item] = await rows(
        sql`update ${table} set ${files} = ${files}[1:${index}] || ${files}[${index + 2}:]
            where id = ${id} and ${files}[${index + 1}] = ${path}::text returning ${columns(kind)}`,
      )
      return item
    },

    /** Ids of the user's items. */
    async idsOf(kind: PortfolioKind, userId: number) {
      const result = (await db.execute(
        sql`select id from ${TABLES[kind].table} where user_id = ${userId}`,
      )) as unknown as { rows: { id: number }[] }
      return result.rows.map((row) => Number(row.id))
    },

    /** Positions the user's items in the order of `ids` (each of theirs once). */
    async reorder(kind: PortfolioKind, userId: number, ids: number[]) {
      const { table } = TABLES[kind]
      await db.execute(
        sql`update ${table} set position = ordered.ord - 1
            from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as ordered(id, ord)
            where ${table}.id = ordered.id and ${table}.user_id = ${userId}`,
      )
    },
  }
}
export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>
