import type { SaveState } from '../use-content-save.ts'

/** What a save came to: a polite "saved", or an alert with the server's reason. */
export function SaveOutcome({ save }: { save: SaveState }) {
  return (
    <>
      <p role="status" className="admin-notice">
        {save.done}
      </p>
      {save.failure && (
        <p role="alert" className="form__error">
          {save.failure}
        </p>
      )}
    </>
  )
}
