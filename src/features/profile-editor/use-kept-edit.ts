import { useCallback, useEffect, useRef, useState } from 'react'
import { editStore } from './edit-store.ts'

/**
 * A section's form value that survives a reload and a bad connection: every change is kept on the device
 * (IndexedDB) until the section is saved. `saved` is what the server has; when it changes (loaded or saved), the
 * form shows it again unless an unsaved edit is kept. `restored` tells that the form shows a kept edit.
 */
export function useKeptEdit<T>(key: string, saved: T) {
  const savedJson = JSON.stringify(saved)
  const [value, setValue] = useState<T>(saved)
  const [ready, setReady] = useState(false)
  const [restored, setRestored] = useState(false)
  // Writes go one after another, so a late write never brings back an edit that a save has just cleared.
  const writes = useRef(Promise.resolve())
  const queue = useCallback((write: () => Promise<unknown>) => {
    writes.current = writes.current.then(write).then(
      () => undefined,
      () => undefined,
    )
    return writes.current
  }, [])

  useEffect(() => {
    let live = true
    const fromServer = JSON.parse(savedJson) as T
    void queue(async () => {
      const kept = await editStore.get(key).catch(() => undefined)
      if (!live) return
      const differs = kept !== undefined && JSON.stringify(kept) !== savedJson
      setValue(differs ? (kept as T) : fromServer)
      setRestored(differs)
      setReady(true)
    })
    return () => {
      live = false
    }
  }, [key, savedJson, queue])

  const update = useCallback(
    (next: T | ((current: T) => T)) => {
      setValue((current) => {
        const value = typeof next === 'function' ? (next as (current: T) => T)(current) : next
        const json = JSON.stringify(value)
        void queue(() => (json === savedJson ? editStore.remove(key) : editStore.put(key, JSON.parse(json))))
        return value
      })
    },
    [key, savedJson, queue],
  )

  /** Forgets the kept edit (after a save); resolves once it is gone from the device. */
  const clear = useCallback(() => {
    setRestored(false)
    return queue(() => editStore.remove(key))
  }, [key, queue])

  return { value, update, ready, restored, dirty: JSON.stringify(value) !== savedJson, clear }
}
