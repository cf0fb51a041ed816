import type { ReactNode } from 'react'
import { deviceClockDiffers } from '#src/lib/tashkent-entry.ts'

type TashkentTimeNoteProps = {
  id: string
  /** The feature's own words ("Time in Tashkent"), so they ship in its catalog rather than the first screen's. */
  children: ReactNode
  /** The moment the fields are about (the offset could differ by date); now when none is typed yet. */
  at?: Date | undefined
}

/**
 * Says next to a date or time field that what is typed is Tashkent time, when the device's clock reads otherwise
 * (src/lib/tashkent-time.ts). A field it belongs to names its id in aria-describedby while it is shown.
 */
export function TashkentTimeNote({ id, children, at }: TashkentTimeNoteProps) {
  if (!deviceClockDiffers(at)) return null
  return (
    <p id={id} className="form__hint">
      {children}
    </p>
  )
}
