import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import { TELEGRAM_LINK_TTL_MIN } from '#contract/telegram-endpoints.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { useSession } from '#src/lib/session-store.ts'
import { editorApi } from './api.ts'

const LINK_TTL_MS = TELEGRAM_LINK_TTL_MIN * 60_000

/** A link to the bot, and when it stops working on this device's clock. */
export type BotLink = { url: string; expiresAtMs: number }
type Busy = 'link' | 'check' | 'unlink' | null

/**
 * Linking Telegram (docs/decisions/026-telegram.md): a single-use link to the bot, then the profile read again,
 * since the one shown does not change by itself when the bot links it (on a tap, and when the person comes back
 * to this window); unlinking. The session's profile is updated, as every section's save does, and a failure is
 * told (`error`) without losing the link shown.
 */
export function useTelegramLink(profile: Profile) {
  const { t } = useLingui()
  const linked = profile.telegram_id !== null
  const [link, setLink] = useState<BotLink | null>(null)
  const [expired, setExpired] = useState(false)
  const [busy, setBusy] = useState<Busy>(null)
  const [error, setError] = useState<string | null>(null)
  const [notYet, setNotYet] = useState(false)
  // The line that says linked or not: focus goes there when the button that was pressed disappears.
  const stateRef = useRef<HTMLParagraphElement>(null)
  // The new link's button: where a keyboard or screen reader user goes next once it is there.
  const linkRef = useRef<HTMLAnchorElement>(null)
  const checking = useRef(false)

  const failureText = useCallback(
    (caught: unknown) => {
      if (caught instanceof ApiError && caught.status === 0)
        return t`No connection to the server. Check the connection and try again.`
      if (caught instanceof ApiError && caught.body) return caught.body.error.message
      return t`Something went wrong. Try again.`
    },
    [t],
  )

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<void>) => {
    setBusy(kind)
    setError(null)
    setNotYet(false)
    try {
      await action()
    } catch (caught) {
      setError(failureText(caught))
    } finally {
      setBusy(null)
    }
  }

  /** The profile as the server has it now: linked once the person has pressed Start in the bot. */
  const refresh = useCallback(async () => {
    checking.current = true
    try {
      const { specialities: _, ...fresh } = await editorApi.profile()
      useSession.getState().setProfile(fresh)
      return fresh
    } finally {
      checking.current = false
    }
  }, [])

  const focusState = () => requestAnimationFrame(() => stateRef.current?.focus())

  const getLink = () =>
    run('link', async () => {
      // The link's minutes are counted on this device: a phone's clock may be minutes off the server's.
      const { link: url } = await editorApi.telegramLink()
      setLink({ url, expiresAtMs: Date.now() + LINK_TTL_MS })
      setExpired(false)
      requestAnimationFrame(() => linkRef.current?.focus())
    })

  const check = () =>
    run('check', async () => {
      if ((await refresh()).telegram_id === null) setNotYet(true)
      else focusState()
    })

  const unlink = () =>
    run('unlink', async () => {
      useSession.getState().setProfile(await editorApi.telegramUnlink())
      setLink(null)
      focusState()
    })

  // A shown link stops working after its minutes: the code goes, and a new link is offered.
  useEffect(() => {
    if (!link) return
    const timer = setTimeout(() => setExpired(true), Math.max(0, link.expiresAtMs - Date.now()))
    return () => clearTimeout(timer)
  }, [link])

  // Back from Telegram with a link shown: the profile is read again, so the card says linked without a tap.
  const waiting = link !== null && !linked
  useEffect(() => {
    if (!waiting) return
    const onReturn = () => {
      if (document.visibilityState === 'visible' && !checking.current) refresh().catch(() => undefined)
    }
    window.addEventListener('focus', onReturn)
    document.addEventListener('visibilitychange', onReturn)
    return () => {
      window.removeEventListener('focus', onReturn)
      document.removeEventListener('visibilitychange', onReturn)
    }
  }, [waiting, refresh])

  return { linked, link, expired, busy, error, notYet, stateRef, linkRef, getLink, check, unlink }
}
