import { useEffect, useState } from 'react'
import { catalogueApi } from '#src/features/catalogue/api/catalogue-api.ts'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import { EXTERNAL_LINKS } from '#src/lib/links.ts'

type Links = Record<keyof typeof EXTERNAL_LINKS, string>

let loaded: Promise<Links> | undefined

const readLinks = () =>
  (loaded ??= catalogueApi
    .settings()
    .then(({ data }) => ({
      signupBot: data.bot_url,
      telegram: data.telegram_url,
      instagram: data.instagram_url,
      facebook: data.facebook_url,
      youtube: data.youtube_url,
    }))
    .catch(() => EXTERNAL_LINKS))

/**
 * The bot and social links from GET /settings (once per page), the published constants until it answers. They
 * matter only once tapped, so they are asked after the first screen has loaded.
 */
export function useExternalLinks(): Links {
  const [links, setLinks] = useState<Links>(EXTERNAL_LINKS)
  useEffect(() => {
    let current = true
    afterFirstLoad(async () => {
      const value = await readLinks()
      if (current) setLinks(value)
    })
    return () => {
      current = false
    }
  }, [])
  return links
}
