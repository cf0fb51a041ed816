import { useKeenSlider } from 'keen-slider/react'
import 'keen-slider/keen-slider.min.css'
import type { ReactNode } from 'react'

/** Slides per view: 1.2 on a phone, then 2.2 / 3.2 / 4.2 / 4.6 from 640 / 768 / 1024 / 1280 px (spec section 9). */
export const CATEGORY_SLIDES = [1.2, 2.2, 3.2, 4.2, 4.6] as const
export const REVIEW_SLIDES = [1.2, 2.2, 3.2, 4.2, 4.2] as const
const BREAKPOINTS_PX = [640, 768, 1024, 1280] as const
export const SLIDE_GAP_PX = 16

type CarouselProps = { label: string; perView: readonly number[]; children: ReactNode[] }

/** A swipeable row (keen-slider) that also scrolls with the keyboard through its focusable slides. */
export function Carousel({ label, perView, children }: CarouselProps) {
  const [ref] = useKeenSlider<HTMLDivElement>({
    slides: { perView: perView[0], spacing: SLIDE_GAP_PX },
    breakpoints: Object.fromEntries(
      BREAKPOINTS_PX.map((px, index) => [
        `(min-width: ${px}px)`,
        { slides: { perView: perView[index + 1], spacing: SLIDE_GAP_PX } },
      ]),
    ),
  })
  return (
    <div ref={ref} className="keen-slider" role="region" aria-label={label}>
      {children.map((child, index) => (
        <div key={index} className="keen-slider__slide">
          {child}
        </div>
      ))}
    </div>
  )
}
