/** The kept edits of the profile editor in a Map (jsdom has no IndexedDB; the real one is exercised in tests/e2e). */
export const keptEdits = new Map<string, unknown>()
export const editStoreMock = {
  editStore: {
    get: async (key: string) => structuredClone(keptEdits.get(key)),
    put: async (key: string, value: unknown) => void keptEdits.set(key, structuredClone(value)),
    remove: async (key: string) => void keptEdits.delete(key),
  },
}
