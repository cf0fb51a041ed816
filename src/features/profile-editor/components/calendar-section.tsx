import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { Profile } from '#contract/schemas/profile.ts'
import type { CalendarEvent } from '#contract/schemas/specialists.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { tashkentDay } from '#src/lib/tashkent-time.ts'
import { useFocusAfterCommit } from '#src/lib/use-focus-after-commit.ts'
import { PlanLock } from '#src/features/plan-lock/plan-lock.tsx'
import { userText, withUserText } from '#src/lib/user-text.tsx'
import { editorApi } from '../api.ts'
import { usePlan } from '../use-plan.tsx'
import { useFailureText } from '../use-save.ts'
import { CalendarFeedCard } from './calendar-feed.tsx'
import { Confirm } from './confirm.tsx'
import { EventForm } from './event-form.tsx'
import { LoadStatus } from './load-status.tsx'
import { EditorSection } from './section.tsx'

const byStart = (a: CalendarEvent, b: CalendarEvent) => a.started_at.localeCompare(b.started_at)

/** Busy time: events with a title, a start and an end, once or every week; customers see only busy and free. */
export function CalendarSection({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const failureText = useFailureText()
  const [events, setEvents] = useState<CalendarEvent[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState<CalendarEvent | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  const [savedId, setSavedId] = useState<number | null>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const focusAfterCommit = useFocusAfterCommit(listRef)
  // Without a plan the busy time already marked stays listed (and customers still see it); it cannot be changed.
  const locked = usePlan().locked('calendar')

  useEffect(() => {
    editorApi
      .calendar(profile.id, tashkentDay())
      .then(setEvents)
      .catch((failure: unknown) => setError(failureText(failure)))
  }, [profile.id, failureText])

  /** Closes an event's editor: focus goes to its "Saved" line, or back to its Edit button after Cancel. */
  const closeEditor = (event: CalendarEvent | null, eventId: number) => {
    if (event)
      setEvents((current) =>
        (current ?? []).map((kept) => (kept.id === event.id ? event : kept)).sort(byStart),
      )
    setEditing(null)
    setSavedId(event ? eventId : null)
    focusAfterCommit(event ? `[data-saved="${eventId}"]` : `[data-edit="${eventId}"]`)
  }

  return (
    <EditorSection
      id="calendar"
      title={<Trans>Calendar</Trans>}
      lead={<Trans>Mark when you are busy. Customers see only busy and free days, never the titles.</Trans>}
    >
      {locked && (
        <PlanLock feature="calendar">
          <Trans>Marking, changing and deleting busy time.</Trans>
        </PlanLock>
      )}
      <LoadStatus
        loading={!events}
        error={error}
        empty={events?.length === 0 && <Trans>No busy time in the next two months.</Trans>}
      />
      {events && events.length > 0 && (
        <ul className="editor-events" ref={listRef}>
          {events.map((event) => (
            <EventItem
              key={event.id}
              userId={profile.id}
              event={event}
              editing={editing === event.id}
              saved={savedId === event.id}
              locked={locked}
              onEdit={() => {
                setSavedId(null)
                setEditing(event.id)
              }}
              onCloseEditor={(saved) => closeEditor(saved, event.id)}
              onRemove={() => setRemoving(event)}
            />
          ))}
        </ul>
      )}
      {!locked && (
        <EventForm
          userId={profile.id}
          onSaved={(added) => setEvents((current) => [...(current ?? []), added].sort(byStart))}
        />
      )}
      <CalendarFeedCard />
      <Confirm
        open={removing !== null}
        title={withUserText((text) => t`Delete “${text(removing?.title ?? '')}”?`)}
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

type EventItemProps = {
  userId: number
  event: CalendarEvent
  editing: boolean
  saved: boolean
  locked: boolean
  onEdit: () => void
  /** With the saved event, or null after Cancel. */
  onCloseEditor: (saved: CalendarEvent | null) => void
  onRemove: () => void
}

/** One busy time in the list: its title and times with Edit and Delete, or its form while it is edited. */
function EventItem({
  userId,
  event,
  editing,
  saved,
  locked,
  onEdit,
  onCloseEditor,
  onRemove,
}: EventItemProps) {
  const from = formatDateTime(event.started_at)
  const to = formatDateTime(event.ended_at)
  if (editing)
    return (
      <li>
        <EventForm
          userId={userId}
          event={event}
          onSaved={onCloseEditor}
          onCancel={() => onCloseEditor(null)}
        />
      </li>
    )
  return (
    <li className="editor-card">
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
      {saved && (
        <p data-saved={event.id} tabIndex={-1} role="status" className="editor-status editor-status--saved">
          <Trans>Saved</Trans>
        </p>
      )}
      {!locked && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary button--small"
            data-edit={event.id}
            onClick={onEdit}
          >
            <Trans>Edit “{userText(event.title)}”</Trans>
          </button>
          <button type="button" className="link-button" onClick={onRemove}>
            <Trans>Delete “{userText(event.title)}”</Trans>
          </button>
        </div>
      )}
    </li>
  )
}
