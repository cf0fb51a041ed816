import { lazy, Suspense, useEffect, useRef, useState } from 'react'

const BelowTheFold = lazy(() => import('./below-the-fold.tsx'))

/**
 * How far below the screen the sections start loading. Small: with more, a phone's first screen (the hero and the
 * categories) would reach it and load them with the page.
 */
const LOAD_AHEAD_MARGIN = '0px 0px 100px 0px'

/**
 * The sections below the categories, loaded when the reader comes near them. A placeholder keeps their place so
 * the footer does not jump. `ready` says the content above has its final height (the categories arrived or
 * failed), before which the placeholder is not watched.
 */
export function LazyHomeSections({ botUrl, ready }: { botUrl: string; ready: boolean }) {
  const marker = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    if (near || !ready || !marker.current) return
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: LOAD_AHEAD_MARGIN },
    )
    observer.observe(marker.current)
    return () => observer.disconnect()
  }, [near, ready])
  const placeholder = <div ref={marker} className="home__later" />
  return near ? (
    <Suspense fallback={placeholder}>
      <BelowTheFold botUrl={botUrl} />
    </Suspense>
  ) : (
    placeholder
  )
}
