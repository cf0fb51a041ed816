import { Trans } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { QR_STYLE } from '#src/lib/qr-style.ts'

const QR_SIZE_PX = 200

/**
 * A link as a QR code, for opening it on a phone from a computer's screen: drawn by qr-code-styling as the home
 * page draws its own (loaded only when a code is shown), as SVG so it stays sharp at any zoom.
 */
export function LinkQrCode({ url, label }: { url: string; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let live = true
    import('qr-code-styling')
      .then(({ default: QRCodeStyling }) => {
        if (!live || !box.current) return
        box.current.replaceChildren()
        new QRCodeStyling({
          width: QR_SIZE_PX,
          height: QR_SIZE_PX,
          type: 'svg',
          data: url,
          margin: 8,
          ...QR_STYLE,
        }).append(box.current)
        setFailed(false)
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [url])

  return (
    <>
      <div ref={box} className="editor-qr" role="img" aria-label={label} />
      {failed && (
        <p role="alert">
          <Trans>The QR code could not be drawn: open the link on this device instead.</Trans>
        </p>
      )}
    </>
  )
}
