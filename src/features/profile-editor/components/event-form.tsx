import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { TITLE_MAX, type CalendarEvent } from '#contract/schemas/specialists.ts'
import { CharCount } from '#src/components/char-count.tsx'
import { limitWords } from '#src/features/error-words/error-messages.ts'
import { TashkentTimeNote } from '#src/components/tashkent-time-note.tsx'
import { deviceClockDiffers, tashkentDateTimeLocal, tashkentInstant } from '#src/lib/tashkent-entry.ts'
import { userText } from '#src/lib/user-text.tsx'
import { editorApi } from '../api.ts'
import { useKeptEdit } from '../use-kept-edit.ts'
import { useSave } from '../use-save.ts'
import { SaveBar } from './section.tsx'

type EventFields = { title: string; start: string; end: string; weekly: boolean }
const EMPTY: EventFields = { title: '', start: '', end: '', weekly: false }

// The fields read and are typed in Tashkent time, whatever the device's zone (src/lib/tashkent-time.ts).
const fieldsOf = (event: CalendarEvent): EventFields => ({
  title: event.title,
  start: tashkentDateTimeLocal(new Date(event.started_at)),
  end: tashkentDateTimeLocal(new Date(event.ended_at)),
  weekly: event.period === 'weekly',
})

type EventFormProps = {
  userId: number
  /** The event to change in place (`PUT /calendar/{id}`); without it the form adds one (`POST /calendar`). */
  event?: CalendarEvent
  onSaved: (event: CalendarEvent) => void
  /** Closes an event's editor, its kept edit dropped. */
  onCancel?: () => void
}

/**
 * A busy time's title, start, end and repetition, kept on the device until saved. An overlap refusal shows the
 * server's message, which names the other events' dates, and keeps the form.
 */
export function EventForm({ userId, event, onSaved, onCancel }: EventFormProps) {
  const { i18n } = useLingui()
  const id = useId()
  const edit = useKeptEdit<EventFields>(
    `${userId}:calendar-${event ? event.id : 'new'}`,
    event ? fieldsOf(event) : EMPTY,
  )
  const save = useSave()
  const titleRef = useRef<HTMLInputElement>(null)
  const editing = event !== undefined
  // An event opened for editing takes the focus, so a keyboard user continues in its fields.
  useEffect(() => {
    if (editing) titleRef.current?.focus()
  }, [editing])

  const fields = edit.value
  const { start, end, weekly } = fields
  const startsAt = start ? tashkentInstant(start) : undefined
  const endsAt = end ? tashkentInstant(end) : undefined
  const endBeforeStart = startsAt !== undefined && endsAt !== undefined && endsAt <= startsAt
  const zoneNote = deviceClockDiffers(startsAt) ? `${id}-zone` : undefined
  const submit = (submitted: React.FormEvent) => {
    submitted.preventDefault()
    void save.run(async () => {
      const body = {
        title: fields.title.trim(),
        // NOTE: an empty or broken field sends an invalid date, which the server refuses with its message.
        started_at: startsAt?.toISOString() ?? start,
        ended_at: endsAt?.toISOString() ?? end,
        period: weekly ? ('weekly' as const) : ('once' as const),
      }
      const answer = event ? await editorApi.updateEvent(event.id, body) : await editorApi.addEvent(body)
      await edit.clear()
      if (!event) edit.update(EMPTY)
      onSaved(answer)
    })
  }
  const title = userText(event?.title ?? '')
  const heading: ReactNode = event ? <Trans>Editing “{title}”</Trans> : <Trans>Add busy time</Trans>

  return (
    <form className="editor-card" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="editor-card__title">
        {heading}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-title`} className="field__label">
          <Trans>What it is</Trans>
        </label>
        <input
          id={`${id}-title`}
          ref={titleRef}
          className="field__input"
          maxLength={TITLE_MAX}
          value={fields.title}
          aria-describedby={`${id}-title-count`}
          onChange={(change) => edit.update({ ...edit.value, title: change.target.value })}
        />
        <CharCount
          id={`${id}-title-count`}
          length={fields.title.length}
          max={TITLE_MAX}
          words={limitWords(i18n, fields.title.length, TITLE_MAX)}
        />
      </div>
      <TashkentTimeNote id={`${id}-zone`} at={startsAt}>
        <Trans>Time in Tashkent: the start and end are as the clock there reads them.</Trans>
      </TashkentTimeNote>
      <EventTimes
        id={id}
        start={start}
        end={end}
        endBeforeStart={endBeforeStart}
        zoneNote={zoneNote}
        onStart={(next) => edit.update({ ...edit.value, start: next })}
        onEnd={(next) => edit.update({ ...edit.value, end: next })}
      />
      <label className="choice">
        <input
          type="checkbox"
          checked={weekly}
          onChange={(change) => edit.update({ ...edit.value, weekly: change.target.checked })}
        />
        <Trans>Repeat every week</Trans>
      </label>
      <SaveBar
        state={save.state}
        statusRef={save.statusRef}
        dirty={edit.dirty}
        restored={edit.restored}
        disabled={fields.title.trim() === '' || start === '' || end === '' || endBeforeStart}
        label={event ? <Trans>Save</Trans> : <Trans>Add</Trans>}
      />
      {onCancel && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void edit.clear().then(onCancel)}
        >
          <Trans>Cancel</Trans>
        </button>
      )}
    </form>
  )
}

type EventTimesProps = {
  /** The form's id, which the fields' ids start with. */
  id: string
  start: string
  end: string
  endBeforeStart: boolean
  /** The Tashkent time note's id, when the device's clock is elsewhere. */
  zoneNote: string | undefined
  onStart: (start: string) => void
  onEnd: (end: string) => void
}

/** The start and the end, typed as Tashkent time; an end not after the start is said beside it. */
function EventTimes({ id, start, end, endBeforeStart, zoneNote, onStart, onEnd }: EventTimesProps) {
  return (
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
          aria-describedby={zoneNote}
          onChange={(change) => onStart(change.target.value)}
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
          aria-describedby={
            [zoneNote, endBeforeStart && `${id}-end-error`].filter(Boolean).join(' ') || undefined
          }
          onChange={(change) => onEnd(change.target.value)}
        />
        {endBeforeStart && (
          <p id={`${id}-end-error`} className="field__error" role="alert">
            <Trans>The end must be later than the start</Trans>
          </p>
        )}
      </div>
    </div>
  )
}
