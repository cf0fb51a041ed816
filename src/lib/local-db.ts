import { Dexie, type EntityTable } from 'dexie'

/** An API answer kept on the device, per language, for when the network is gone. */
export type SavedResponse = { key: string; locale: string; data: unknown; savedAt: number }

/** A service as the offline search needs it (`folded` is its names, see contract/search-text.ts). */
export type SavedService = {
  id: number
  locale: string
  name: string
  slug: string
  folded: string
  categorySlug: string
  categoryName: string
  parentSlug: string | null
  childrenCount: number
}

/** The app's IndexedDB (Dexie): the catalogue and settings as last seen, so home and search work offline. */
export const localDb = new Dexie('fika') as Dexie & {
  responses: EntityTable<SavedResponse, 'key'>
  services: EntityTable<SavedService, 'id'>
}

localDb.version(1).stores({
  responses: '[key+locale]',
  services: '[id+locale], locale',
})
