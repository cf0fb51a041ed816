import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState } from 'react'
import type { CalendarFeed } from '#contract/schemas/workday.ts'
import { useCopyLink } from '#src/lib/use-copy-link.ts'
import { editorApi } from '../api.ts'
import { useFailureText } from '../use-save.ts'
import { Confirm } from './confirm.tsx'

const COPIED_FOR_MS = 1000

/**
 * The specialist's private calendar feed (docs/decisions/031-workday.md): their accepted jobs in their phone's
 * calendar app. The server keeps only a hash of the address, so it is shown once, right after it is made; making
 * another replaces it, and the old one stops working at once.
 */
export function CalendarFeedCard() {
  const { t } = useLingui()
  const id = useId()
  const failureText = useFailureText()
  const [feed, setFeed] = useState<CalendarFeed | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [turnedOff, setTurnedOff] = useState(false)
  const [askingReset, setAskingReset] = useState(false)
  const connectButton = useRef<HTMLButtonElement>(null)

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setFailure(null)
    try {
      await action()
    } catch (error) {
      setFailure(failureText(error))
    } finally {
      setBusy(false)
    }
  }
  const connect = () =>
    run(async () => {
      setFeed(await editorApi.createCalendarFeed())
      setTurnedOff(false)
    })
  const turnOff = () =>
    run(async () => {
      await editorApi.deleteCalendarFeed()
      setFeed(null)
      setTurnedOff(true)
      // The buttons pressed are gone: focus goes to the one that connects again.
      requestAnimationFrame(() => connectButton.current?.focus())
    })

  return (
    <div className="editor-card calendar-feed" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="editor-card__title">
        <Trans>My jobs in my calendar app</Trans>
      </h3>
      <p className="form__hint">
        <Trans>
          Your accepted orders appear in Google Calendar, Apple Calendar or Outlook by themselves, with their
          time and address. The customer's name and phone stay in the app.
        </Trans>
      </p>
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
      {feed ? (
        <>
          <FeedAddress key={feed.url} feed={feed} />
          <div className="form__actions">
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => setAskingReset(true)}
            >
              <Trans>Reset the address</Trans>
            </button>
            <button type="button" className="link-button" disabled={busy} onClick={() => void turnOff()}>
              <Trans>Turn off</Trans>
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="form__actions">
            <button
              ref={connectButton}
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void connect()}
            >
              <Trans>Connect to my calendar app</Trans>
            </button>
            <button type="button" className="link-button" disabled={busy} onClick={() => void turnOff()}>
              <Trans>Turn off</Trans>
            </button>
          </div>
          <p className="form__hint">
            <Trans>
              The address is shown once. If you connected before, connecting again makes a new address and the
              old one stops working.
            </Trans>
          </p>
        </>
      )}
      <p role="status" className="calendar-feed__status">
        {turnedOff && <Trans>The calendar feed is off: its address no longer works.</Trans>}
      </p>
      <Confirm
        open={askingReset}
        title={t`Make a new address?`}
        confirmLabel={t`Make a new address`}
        onConfirm={() => {
          setAskingReset(false)
          void connect()
        }}
        onCancel={() => setAskingReset(false)}
      >
        <p>
          <Trans>
            The old address stops working at once: calendars that use it stop showing your jobs until you add
            the new one.
          </Trans>
        </p>
      </Confirm>
    </div>
  )
}

/** The address just made: to copy, or to open in the phone's calendar app, and where to paste it. */
function FeedAddress({ feed }: { feed: CalendarFeed }) {
  const { t } = useLingui()
  const id = useId()
  const { input, state, copy } = useCopyLink(feed.url, COPIED_FOR_MS)
  // The button that made it is gone: focus goes to the new address, selected for copying.
  useEffect(() => input.current?.focus(), [input])
  return (
    <>
      <div className="field">
        <label htmlFor={id} className="field__label">
          <Trans>Your private calendar address</Trans>
        </label>
        <div className="calendar-feed__link">
          <input
            id={id}
            ref={input}
            type="text"
            className="field__input"
            readOnly
            value={feed.url}
            aria-describedby={`${id}-once`}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button button--small" onClick={() => void copy()}>
            <Trans>Copy</Trans>
          </button>
        </div>
        <p id={`${id}-once`} className="form__hint">
          <Trans>
            It is shown only now: copy it. Keep it to yourself: anyone with it sees the times and addresses of
            your jobs.
          </Trans>
        </p>
        <p role="status" className="calendar-feed__status">
          {state === 'copied' && t`Copied`}
          {state === 'select' && t`The address is selected: copy it with your keyboard or the menu.`}
        </p>
      </div>
      <p>
        <a className="button button--secondary" href={feed.webcal_url}>
          <Trans>Subscribe</Trans>
        </a>
      </p>
      <ul className="calendar-feed__how">
        <li>
          <Trans>
            Google Calendar (on a computer): Other calendars, +, From URL, then paste the address.
          </Trans>
        </li>
        <li>
          <Trans>Apple Calendar: tap Subscribe, or add a calendar subscription and paste the address.</Trans>
        </li>
        <li>
          <Trans>Outlook: Add calendar, Subscribe from web, then paste the address.</Trans>
        </li>
      </ul>
      <p className="form__hint">
        <Trans>Calendar apps check for new jobs every few hours, not at once.</Trans>
      </p>
    </>
  )
}
