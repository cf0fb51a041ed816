import { useEffect } from 'react'

const SITE = 'Fika'

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} — ${SITE}` : SITE
  }, [title])
}
