import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import { TITLE_MAX, type CalendarEvent } from '#contract/schemas/specialists.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { editorApi } from '../api.ts'
import { useKeptEdit } from '../use-kept-edit.ts'
import { useFailureText, useSave } from '../use-save.ts'
import { Confirm } from './confirm.tsx'
import { EditorSection, SaveBar } from './section.tsx'

type NewEvent = { title: string; start: string; end: string; weekly: boolean }
const EMPTY: NewEvent = { title: '', start: '', end: '', weekly: false }

/** Busy time: events with a title, a start and an end, once or every week; customers see only busy and free. */
export function CalendarSection({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const id = useId()
  const failureText = useFailureText()
  const [events, setEvents] = useState<CalendarEvent[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState<CalendarEvent | null>(null)
  const edit = useKeptEdit<NewEvent>(`${profile.id}:calendar-new`, EMPTY)
  const save = useSave()

  useEffect(() => {
    const today = new Date()
    today.setHours(0, 0, 0, 0)
    editorApi
      .calendar(profile.id, today)
      .then(setEvents)
      .catch((failure: unknown) => setError(failureText(failure)))
  }, [profile.id, failureText])

  const { title, start, end, weekly } = edit.value
  const endBeforeStart = start !== '' && end !== '' && new Date(end) <= new Date(start)
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    void save.run(async () => {
      const added = await editorApi.addEvent({
        title: title.trim(),
        started_at: new Date(start).toISOString(),
        ended_at: new Date(end).toISOString(),
        period: weekly ? 'weekly' : 'once',
      })
      await edit.clear()
      edit.update(EMPTY)
      setEvents((current) =>
        [...(current ?? []), added].sort((a, b) => a.started_at.localeCompare(b.started_at)),
      )
    })
  }

  return (
    <EditorSection
      id="calendar"
      title={<Trans>Calendar</Trans>}
      lead={<Trans>Mark when you are busy. Customers see only busy and free days, never the titles.</Trans>}
    >
      {!events && !error && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
      {events?.length === 0 && (
        <p>
          <Trans>No busy time in the next two months.</Trans>
        </p>
      )}
      {events && events.length > 0 && (
        <ul className="editor-events">
          {events.map((event) => {
            const from = formatDateTime(event.started_at)
            const to = formatDateTime(event.ended_at)
            return (
              <li key={event.id} className="editor-card">
                <h3 className="editor-card__title">{event.title}</h3>
                <p>
                  <Trans>
                    From {from} to {to}
                  </Trans>
                  {event.period === 'weekly' && (
                    <>
                      {' '}
                      <span className="tag">
                        <Trans>every week</Trans>
                      </span>
                    </>
                  )}
                </p>
                <button type="button" className="link-button" onClick={() => setRemoving(event)}>
                  <Trans>Delete “{event.title}”</Trans>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <form className="editor-card" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`} className="editor-card__title">
          <Trans>Add busy time</Trans>
        </h3>
        <div className="field">
          <label htmlFor={`${id}-title`} className="field__label">
            <Trans>What it is</Trans>
          </label>
          <input
            id={`${id}-title`}
            className="field__input"
            maxLength={TITLE_MAX}
            value={title}
            onChange={(event) => edit.update({ ...edit.value, title: event.target.value })}
          />
        </div>
        <div className="wizard__row">
          <div className="field">
            <label htmlFor={`${id}-start`} className="field__label">
              <Trans>Start</Trans>
            </label>
            <input
              id={`${id}-start`}
              type="datetime-local"
              className="field__input"
              value={start}
              onChange={(event) => edit.update({ ...edit.value, start: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-end`} className="field__label">
              <Trans>End</Trans>
            </label>
            <input
              id={`${id}-end`}
              type="datetime-local"
              className="field__input"
              value={end}
              aria-invalid={endBeforeStart ? true : undefined}
              aria-describedby={endBeforeStart ? `${id}-end-error` : undefined}
              onChange={(event) => edit.update({ ...edit.value, end: event.target.value })}
            />
            {endBeforeStart && (
              <p id={`${id}-end-error`} className="field__error" role="alert">
                <Trans>The end must be later than the start</Trans>
              </p>
            )}
          </div>
        </div>
        <label className="choice">
          <input
            type="checkbox"
            checked={weekly}
            onChange={(event) => edit.update({ ...edit.value, weekly: event.target.checked })}
          />
          <Trans>Repeat every week</Trans>
        </label>
        <SaveBar
          state={save.state}
          statusRef={save.statusRef}
          dirty={edit.dirty}
          restored={edit.restored}
          disabled={title.trim() === '' || start === '' || end === '' || endBeforeStart}
          label={<Trans>Add</Trans>}
        />
      </form>
      <Confirm
        open={removing !== null}
        title={t`Delete “${removing?.title ?? ''}”?`}
        confirmLabel={t`Delete`}
        onConfirm={() => {
          const eventId = removing?.id
          setRemoving(null)
          if (eventId === undefined) return
          setError(null)
          editorApi
            .deleteEvent(eventId)
            .then(() => setEvents((current) => (current ?? []).filter((kept) => kept.id !== eventId)))
            .catch((failure: unknown) => setError(failureText(failure)))
        }}
        onCancel={() => setRemoving(null)}
      />
    </EditorSection>
  )
}
