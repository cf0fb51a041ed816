import KeenSlider, { type KeenSliderInstance, type KeenSliderOptions } from 'keen-slider'

/**
 * Slides per view, by kind of row: 1.2 on a phone, then more from 640 / 768 / 1024 / 1280 px (spec section 9).
 * styles.css repeats them (`.carousel--<kind>`) to lay a row out before keen-slider has loaded.
 */
const SLIDES_PER_VIEW = {
  categories: [1.2, 2.2, 3.2, 4.2, 4.6],
  reviews: [1.2, 2.2, 3.2, 4.2, 4.2],
} as const
const BREAKPOINTS_PX = [640, 768, 1024, 1280] as const
const SLIDE_GAP_PX = 16

export type CarouselKind = keyof typeof SLIDES_PER_VIEW
export type Ends = { atStart: boolean; atEnd: boolean }

const endsOf = (slider: KeenSliderInstance): Ends => {
  const details = slider.track.details
  // No details when every slide fits (nothing to scroll): both buttons stay disabled.
  if (!details) return { atStart: true, atEnd: true }
  return { atStart: details.rel <= 0, atEnd: details.rel >= details.maxIdx }
}

/**
 * keen-slider on a carousel's row, with the carousel's own part of its behaviour. Loaded after the first screen
 * with keen-slider itself (docs/decisions/018), or as soon as a finger, the pointer or the keyboard reaches the row.
 */
export function attachSlider(row: HTMLElement, kind: CarouselKind, onEnds: (ends: Ends) => void) {
  const [perPhone, ...perWider] = SLIDES_PER_VIEW[kind]
  // Where the buttons are taking the row: quick presses add up instead of restarting from a half-moved slide.
  let target: number | null = null
  const options: KeenSliderOptions = {
    slides: { perView: perPhone, spacing: SLIDE_GAP_PX },
    breakpoints: Object.fromEntries(
      BREAKPOINTS_PX.map((px, index) => [
        `(min-width: ${px}px)`,
        { slides: { perView: perWider[index], spacing: SLIDE_GAP_PX } },
      ]),
    ),
    created: (instance) => onEnds(endsOf(instance)),
    updated: (instance) => onEnds(endsOf(instance)),
    slideChanged: (instance) => onEnds(endsOf(instance)),
    animationEnded: () => {
      target = null
    },
  }
  const slider = new KeenSlider(row, options)
  return {
    update: () => slider.update(),
    destroy: () => slider.destroy(),
    step(by: number) {
      const details = slider.track.details
      if (!details) return
      target = Math.min(Math.max((target ?? details.rel) + by, 0), details.maxIdx)
      slider.moveToIdx(target)
    },
  }
}

export type AttachedSlider = ReturnType<typeof attachSlider>
