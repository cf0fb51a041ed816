import { Dexie, type EntityTable } from 'dexie'

/** What a person typed in one section of their profile and has not saved yet. */
export type KeptEdit = { key: string; value: unknown; updatedAt: number }

// The editor's own small database: its drafts are unrelated to the app's cached answers (src/lib/local-db.ts).
const db = new Dexie('fika-profile-edits') as Dexie & { edits: EntityTable<KeptEdit, 'key'> }
db.version(1).stores({ edits: 'key' })

/** Unsaved edits of the profile editor on this device (IndexedDB), one per person and section. */
export const editStore = {
  get: async (key: string) => (await db.edits.get(key))?.value,
  put: (key: string, value: unknown) => db.edits.put({ key, value, updatedAt: Date.now() }),
  remove: (key: string) => db.edits.delete(key),
}
