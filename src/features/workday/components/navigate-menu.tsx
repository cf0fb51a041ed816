import { Trans, useLingui } from '@lingui/react/macro'
import { Navigation } from 'lucide-react'
import type { LatLng } from '#src/features/map/geo.ts'
import { defaultNavigator, navigateLinks, NAVIGATORS, type Navigator } from '../navigate-links.ts'

const platformDefault = () =>
  typeof navigator === 'undefined'
    ? 'yandex'
    : defaultNavigator(navigator.userAgent, navigator.maxTouchPoints)

/** "Navigate" with the phone's own maps app, and the other apps in a small menu. */
export function NavigateMenu({ point, label }: { point: LatLng; label: string }) {
  const { t } = useLingui()
  const links = navigateLinks(point, label)
  const preferred = platformDefault()
  const names: Record<Navigator, string> = {
    geo: t`The phone's maps app`,
    apple: t`Apple Maps`,
    yandex: t`Yandex Maps`,
    google: t`Google Maps`,
    '2gis': t`2GIS`,
  }
  return (
    <div className="job-navigate">
      <a className="button" href={links[preferred]} target="_blank" rel="noopener">
        <Navigation className="icon" aria-hidden="true" />
        <Trans>Navigate</Trans>
      </a>
      <details className="job-navigate__more">
        <summary>
          <Trans>Other maps</Trans>
        </summary>
        <ul>
          {NAVIGATORS.filter((app) => app !== preferred).map((app) => (
            <li key={app}>
              <a href={links[app]} target="_blank" rel="noopener">
                {names[app]}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </div>
  )
}
