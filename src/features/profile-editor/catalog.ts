import { loadSpecialistWordsCatalog } from '#src/features/specialist-words/catalog.ts'
import { loadCatalog } from '#src/lib/lazy-catalog.ts'

const CATALOGS = import.meta.glob('./locales/*.po')

// The same promise on every call: a screen suspends on it (WithCatalog) and must find it settled when it retries.
let loading: Promise<void> | undefined

/**
 * The profile editor's messages, fetched with its chunk rather than with the first screen, with the specialist
 * words' (the names of the languages the personal section offers: src/features/specialist-words/languages.ts).
 */
export const loadProfileEditorCatalog = () =>
  (loading ??= Promise.all([loadCatalog(CATALOGS), loadSpecialistWordsCatalog()]).then(() => undefined))
