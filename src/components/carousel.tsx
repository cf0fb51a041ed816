import { useLingui } from '@lingui/react/macro'
import type { KeenSliderInstance, KeenSliderOptions } from 'keen-slider'
import 'keen-slider/keen-slider.min.css'
import { ChevronLeftIcon, ChevronRightIcon } from './first-screen-icons.tsx'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { afterFirstLoad } from '#src/lib/after-first-load.ts'

/**
 * Slides per view, by kind of row: 1.2 on a phone, then more from 640 / 768 / 1024 / 1280 px (spec section 9).
 * styles.css repeats them (`.carousel--<kind>`) to lay a row out before keen-slider has loaded.
 */
const SLIDES_PER_VIEW = {
  categories: [1.2, 2.2, 3.2, 4.2, 4.6],
  reviews: [1.2, 2.2, 3.2, 4.2, 4.2],
} as const
const BREAKPOINTS_PX = [640, 768, 1024, 1280] as const
export const SLIDE_GAP_PX = 16

type CarouselProps = { label: string; kind: keyof typeof SLIDES_PER_VIEW; children: ReactNode[] }
type Ends = { atStart: boolean; atEnd: boolean }

const endsOf = (slider: KeenSliderInstance): Ends => {
  const details = slider.track.details
  // No details when every slide fits (nothing to scroll): both buttons stay disabled.
  if (!details) return { atStart: true, atEnd: true }
  return { atStart: details.rel <= 0, atEnd: details.rel >= details.maxIdx }
}

/**
 * A swipeable row (keen-slider, loaded after the first render) that also scrolls with the keyboard through its focusable slides, and with the
 * previous and next buttons on screens wide enough for a mouse. A button is disabled at its end of the row with
 * aria-disabled rather than `disabled`, so a keyboard user pressing it does not lose focus (keen-slider ignores
 * a step past the end).
 */
export function Carousel({ label, kind, children }: CarouselProps) {
  const { t } = useLingui()
  const [ends, setEnds] = useState<Ends>({ atStart: true, atEnd: false })
  // Where the buttons are taking the row: quick presses add up instead of restarting from a half-moved slide.
  const target = useRef<number | null>(null)
  const row = useRef<HTMLDivElement>(null)
  const slider = useRef<KeenSliderInstance | null>(null)
  const whenAttached = useRef<(() => Promise<KeenSliderInstance | null>) | null>(null)
  const [perPhone, ...perWider] = SLIDES_PER_VIEW[kind]
  // The row is painted (by the server too) before the slider's code arrives: keen-slider loads after the first
  // screen, or at once when a finger, the pointer or the keyboard reaches the row.
  useEffect(() => {
    let live = true
    let attached: Promise<KeenSliderInstance | null> | undefined
    const options: KeenSliderOptions = {
      slides: { perView: perPhone, spacing: SLIDE_GAP_PX },
      breakpoints: Object.fromEntries(
        BREAKPOINTS_PX.map((px, index) => [
          `(min-width: ${px}px)`,
          { slides: { perView: perWider[index], spacing: SLIDE_GAP_PX } },
        ]),
      ),
      created: (instance) => setEnds(endsOf(instance)),
      updated: (instance) => setEnds(endsOf(instance)),
      slideChanged: (instance) => setEnds(endsOf(instance)),
      animationEnded: () => {
        target.current = null
      },
    }
    const attach = () =>
      (attached ??= import('keen-slider').then(({ default: KeenSlider }) => {
        if (live && row.current) slider.current = new KeenSlider(row.current, options)
        return slider.current
      }))
    whenAttached.current = attach
    const attachNow = () => void attach()
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
    // The breakpoints are constants of each carousel; the slides are measured again when their number changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => slider.current?.update(), [children.length])
  // A press that comes before the slider's code waits for it.
  const step = (by: number) =>
    void whenAttached.current?.().then((instance) => {
      const details = instance?.track.details
      if (!instance || !details) return
      target.current = Math.min(Math.max((target.current ?? details.rel) + by, 0), details.maxIdx)
      instance.moveToIdx(target.current)
    })
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
