// Copying a link to the clipboard from a read-only field, and what to say after it (the spec's copy confirmation).
import { useEffect, useRef, useState } from 'react'

/**
 * `copy` puts `url` on the clipboard: `state` is "copied" for `copiedFor` ms. Without a clipboard (an insecure page,
 * a refused permission) the link is selected in `input` for the person to copy, and `state` says "select".
 */
export function useCopyLink(url: string, copiedFor: number) {
  const input = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<'idle' | 'copied' | 'select'>('idle')
  useEffect(() => {
    if (state !== 'copied') return
    const timer = setTimeout(() => setState('idle'), copiedFor)
    return () => clearTimeout(timer)
  }, [state, copiedFor])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setState('copied')
    } catch {
      input.current?.focus()
      input.current?.select()
      setState('select')
    }
  }
  return { input, state, copy }
}
