import { useLingui } from '@lingui/react/macro'
import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react'
import 'keen-slider/keen-slider.min.css'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'

/** Slides per view: 1.2 on a phone, then 2.2 / 3.2 / 4.2 / 4.6 from 640 / 768 / 1024 / 1280 px (spec section 9). */
export const CATEGORY_SLIDES = [1.2, 2.2, 3.2, 4.2, 4.6] as const
export const REVIEW_SLIDES = [1.2, 2.2, 3.2, 4.2, 4.2] as const
const BREAKPOINTS_PX = [640, 768, 1024, 1280] as const
export const SLIDE_GAP_PX = 16

type CarouselProps = { label: string; perView: readonly number[]; children: ReactNode[] }
type Ends = { atStart: boolean; atEnd: boolean }

const endsOf = (slider: KeenSliderInstance): Ends => {
  const details = slider.track.details
  // No details when every slide fits (nothing to scroll): both buttons stay disabled.
  if (!details) return { atStart: true, atEnd: true }
  return { atStart: details.rel <= 0, atEnd: details.rel >= details.maxIdx }
}

/**
 * A swipeable row (keen-slider) that also scrolls with the keyboard through its focusable slides, and with the
 * previous and next buttons on screens wide enough for a mouse; a button is disabled at its end of the row.
 */
export function Carousel({ label, perView, children }: CarouselProps) {
  const { t } = useLingui()
  const trackId = useId()
  const [ends, setEnds] = useState<Ends>({ atStart: true, atEnd: false })
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    slides: { perView: perView[0], spacing: SLIDE_GAP_PX },
    breakpoints: Object.fromEntries(
      BREAKPOINTS_PX.map((px, index) => [
        `(min-width: ${px}px)`,
        { slides: { perView: perView[index + 1], spacing: SLIDE_GAP_PX } },
      ]),
    ),
    created: (instance) => setEnds(endsOf(instance)),
    updated: (instance) => setEnds(endsOf(instance)),
    slideChanged: (instance) => setEnds(endsOf(instance)),
  })
  return (
    <div className="carousel" role="region" aria-label={label}>
      <div ref={ref} id={trackId} className="keen-slider">
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
          aria-controls={trackId}
          disabled={ends.atStart}
          onClick={() => slider.current?.prev()}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t`Show next`}
          aria-controls={trackId}
          disabled={ends.atEnd}
          onClick={() => slider.current?.next()}
        >
          <ChevronRight aria-hidden="true" />
        </button>
      </div>
    </div>
  )
}
