import { localDb, type OrderDraft } from '#src/lib/local-db.ts'

export type { OrderDraft }

/** Order drafts on the device (IndexedDB): several can coexist, one per flow instance. */
export const draftStore = {
  get: (id: string) => localDb.drafts.get(id),
  put: (draft: OrderDraft) => localDb.drafts.put(draft),
  remove: (id: string) => localDb.drafts.delete(id),
  /** The newest draft of a service chain, to resume when the customer comes back to it. */
  latestOf: async (flowPath: string) =>
    (await localDb.drafts.where('flowPath').equals(flowPath).sortBy('updatedAt')).at(-1),
  /** Newest first; of one category when given. */
  list: async (categorySlug?: string) => {
    const drafts = categorySlug
      ? await localDb.drafts.where('categorySlug').equals(categorySlug).toArray()
      : await localDb.drafts.toArray()
    return drafts.sort((a, b) => b.updatedAt - a.updatedAt)
  },
}
