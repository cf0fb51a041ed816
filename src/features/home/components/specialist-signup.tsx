import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { QR_STYLE } from '#src/lib/qr-style.ts'

const QR_SIZE_PX = 180

/** The sign-up block for specialists: a QR code (qr-code-styling) and a link to the bot from the settings. */
export function SpecialistSignup({ botUrl }: { botUrl: string }) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let cancelled = false
    const element = box.current
    if (!element) return
    // The QR library is only needed here: it loads when the block comes into view, not with the page.
    const draw = () =>
      import('qr-code-styling').then(({ default: QRCodeStyling }) => {
        if (cancelled || !box.current) return
        box.current.replaceChildren()
        new QRCodeStyling({
          width: QR_SIZE_PX,
          height: QR_SIZE_PX,
          type: 'svg',
          data: botUrl,
          ...QR_STYLE,
        }).append(box.current)
      })
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect()
        void draw()
      }
    })
    observer.observe(element)
    return () => {
      cancelled = true
      observer.disconnect()
    }
  }, [botUrl])

  return (
    <section className="home__section signup-block" aria-labelledby="signup-title">
      <div>
        <h2 id="signup-title">
          <Trans>Become a specialist</Trans>
        </h2>
        <p>
          <Trans>Scan the code with your phone or open the bot: registration takes a few minutes.</Trans>
        </p>
        <a href={botUrl} className="button" rel="noopener" target="_blank">
          <Trans>Open the bot</Trans>
        </a>
      </div>
      <div ref={box} className="signup-block__qr" role="img" aria-label={t`QR code of the specialists bot`} />
    </section>
  )
}
