import { useLingui } from '@lingui/react/macro'
import 'keen-slider/keen-slider.min.css'
import { ChevronLeftIcon, ChevronRightIcon } from './first-screen-icons.tsx'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'
import type { AttachedSlider, CarouselKind, Ends } from './carousel-slider.ts'

type CarouselProps = { label: string; kind: CarouselKind; children: ReactNode[] }

/**
 * A swipeable row (keen-slider, loaded after the first render: carousel-slider.ts) that also scrolls with the
 * keyboard through its focusable slides, and with the previous and next buttons on screens wide enough for a mouse. A button is disabled at its end of the row with
 * aria-disabled rather than `disabled`, so a keyboard user pressing it does not lose focus (keen-slider ignores
 * a step past the end).
 */
export function Carousel({ label, kind, children }: CarouselProps) {
  const { t } = useLingui()
  const [ends, setEnds] = useState<Ends>({ atStart: true, atEnd: false })
  const row = useRef<HTMLDivElement>(null)
  const slider = useRef<AttachedSlider | null>(null)
  const whenAttached = useRef<(() => Promise<AttachedSlider | null>) | null>(null)
  // The row is painted (by the server too) before the slider's code arrives: it loads after the first screen, or
  // at once when a finger, the pointer or the keyboard reaches the row.
  useEffect(() => {
    let live = true
    let attached: Promise<AttachedSlider | null> | undefined
    const attach = () =>
      (attached ??= import('./carousel-slider.ts').then(({ attachSlider }) => {
        if (live && row.current) slider.current = attachSlider(row.current, kind, setEnds)
        return slider.current
      }))
    whenAttached.current = attach
    const attachNow = () => void attach().catch(() => undefined)
    const region = row.current?.parentElement
    const early = ['touchstart', 'pointerenter', 'focusin'] as const
    for (const type of early) region?.addEventListener(type, attachNow, { once: true, passive: true })
    afterFirstLoad(attachNow)
    return () => {
      live = false
      for (const type of early) region?.removeEventListener(type, attachNow)
      whenAttached.current = null
      slider.current?.destroy()
      slider.current = null
    }
    // A carousel's kind does not change; the slides are measured again when their number changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => slider.current?.update(), [children.length])
  // A press that comes before the slider's code waits for it.
  const step = (by: number) => void whenAttached.current?.().then((instance) => instance?.step(by))
  return (
    <div className={`carousel carousel--${kind}`} role="region" aria-label={label}>
      <div ref={row} className="keen-slider">
        {children.map((child, index) => (
          <div key={index} className="keen-slider__slide">
            {child}
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="icon-button"
          aria-label={t`Show previous`}
          aria-disabled={ends.atStart}
          onClick={() => step(-1)}
        >
          <ChevronLeftIcon />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t`Show next`}
          aria-disabled={ends.atEnd}
          onClick={() => step(1)}
        >
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  )
}
