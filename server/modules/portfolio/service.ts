import { DOCUMENTS_MAX, FILES_PER_ITEM_MAX, WORKS_MAX } from '#contract/schemas/specialists.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import { AppError, fieldError } from '#server/lib/app-error.ts'
import { reencodePhoto } from '#server/lib/images.ts'
import type { UsersRepository } from '#server/modules/users/repository.ts'
import type { Entitlements } from '#server/modules/wallet/entitlements.ts'
import { MAX_UPLOAD_BYTES } from '#server/plugins/security.ts'
import type { PortfolioKind, PortfolioRepository } from './repository.ts'

export type FileStorage = {
  save: (folder: string, bytes: Buffer, extension: string) => Promise<string>
  remove: (path: string) => Promise<void>
}

const ITEMS_MAX: Record<PortfolioKind, number> = { documents: DOCUMENTS_MAX, works: WORKS_MAX }

const forbidden = () => new AppError('forbidden', 'forbidden')
const notFound = () => new AppError('not_found', 'not_found')

/**
 * Certificates and the portfolio: anyone reads a user's list; only the owner writes, at most DOCUMENTS_MAX
 * documents, WORKS_MAX works and FILES_PER_ITEM_MAX files each, the files re-encoded like order photos. A file
 * over FREE_MEDIA_BYTES needs a plan with `media_10mb` (decision 016).
 */
export function createPortfolioService(
  repo: PortfolioRepository,
  users: UsersRepository,
  storage: FileStorage,
  entitlements: Pick<Entitlements, 'mediaBytesMax'>,
) {
  async function own(kind: PortfolioKind, id: number, caller: UserRow) {
    const item = await repo.find(kind, id)
    if (!item) throw notFound()
    if (item.userId !== caller.id) throw forbidden()
    return item
  }

  return {
    async list(kind: PortfolioKind, userId: number, page: number, perPage: number) {
      const user = await users.findById(userId)
      if (!user || user.deletedAt) throw notFound()
      const { items, total } = await repo.list(kind, userId, page, perPage)
      return { items, meta: { page, perPage, total } }
    },

    async add(kind: PortfolioKind, body: { label: string; description?: string | null }, caller: UserRow) {
      const item = await repo.insert(kind, caller.id, body.label, body.description || null, ITEMS_MAX[kind])
      // The list is full: the same answer as a file past its limit, on the list.
      if (!item) throw fieldError('_', 'too_many_items')
      return item
    },

    async update(
      kind: PortfolioKind,
      id: number,
      body: { label: string; description?: string | null },
      caller: UserRow,
    ) {
      await own(kind, id, caller)
      return (await repo.update(kind, id, body.label, body.description || null))!
    },

    async remove(kind: PortfolioKind, id: number, caller: UserRow) {
      const item = await own(kind, id, caller)
      await repo.remove(kind, id)
      await Promise.all(item.files.map((path) => storage.remove(path)))
      return { status: true }
    },

    async addFile(kind: PortfolioKind, id: number, bytes: Buffer | undefined, caller: UserRow) {
      const item = await own(kind, id, caller)
      if (item.files.length >= FILES_PER_ITEM_MAX) throw fieldError('file', 'too_many_files')
      // The bytes received count, not the re-encoded ones: the limit is on what a person may upload.
      if (bytes && bytes.length > (await entitlements.mediaBytesMax(caller.id, MAX_UPLOAD_BYTES)))
        throw fieldError('file', 'file_too_large_without_plan', 'forbidden')
      const photo = bytes ? await reencodePhoto(bytes) : null
      if (!photo) throw fieldError('file', 'file_invalid')
      const path = await storage.save(`${kind}/${caller.id}`, photo, 'webp')
      const updated = await repo.addFile(kind, id, path, FILES_PER_ITEM_MAX)
      if (!updated) {
        // Another upload took the last place meanwhile.
        await storage.remove(path)
        throw fieldError('file', 'too_many_files')
      }
      return updated
    },

    async removeFile(kind: PortfolioKind, id: number, index: number, caller: UserRow) {
      const item = await own(kind, id, caller)
      const path = item.files[index]
      if (path === undefined) throw notFound()
      const updated = await repo.removeFile(kind, id, index, path)
      if (!updated) throw notFound()
      await storage.remove(path)
      return updated
    },

    /** Puts the caller's items in this order; the ids must be exactly theirs, each once. */
    async reorder(kind: PortfolioKind, ids: number[], caller: UserRow) {
      const mine = await repo.idsOf(kind, caller.id)
      const given = new Set(ids)
      if (given.size !== ids.length || mine.length !== ids.length || mine.some((id) => !given.has(id)))
        throw fieldError('ids', 'reorder_ids_invalid')
      await repo.reorder(kind, caller.id, ids)
      const { items, total } = await repo.list(kind, caller.id, 1, ITEMS_MAX[kind])
      return { items, meta: { page: 1, perPage: ITEMS_MAX[kind], total } }
    },
  }
}
export type PortfolioService = ReturnType<typeof createPortfolioService>
