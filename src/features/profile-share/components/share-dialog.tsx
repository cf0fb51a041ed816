import { Trans, useLingui } from '@lingui/react/macro'
import { Copy, Download } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type QRCodeStyling from 'qr-code-styling'
import { promotionEndpoints } from '#contract/promotion-endpoints.ts'
import type { Plan } from '#contract/schemas/plan-features.ts'
import { Modal } from '#src/components/modal.tsx'
import { PlanLock, planRequiredBy } from '#src/features/plan-lock/plan-lock.tsx'
import { ApiError } from '#src/lib/api-client.ts'
import { api } from '#src/lib/api.ts'
import { useCopyLink } from '#src/lib/use-copy-link.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { loadProfileShareCatalog } from '../catalog.ts'
import { SHARE_TARGETS, TARGET_NAMES, shareAddress } from '../share-targets.ts'
import '../profile-share.css'
import { QR_STYLE } from '#src/lib/qr-style.ts'

// These messages are not in the first screen's catalog (docs/decisions/007): this chunk resolves once they are
// loaded.
await loadProfileShareCatalog()

/** The spec's confirmation after copying the link shows for one second. */
export const COPIED_FOR_MS = 1000
const QR_SIZE_PX = 220

export type ShareDialogProps = {
  open: boolean
  onClose: () => void
  /** The profile's address (by slug): what every option shares. */
  url: string
  /** The specialist's name, for the text that goes with the link and the PNG's file name. */
  name: string
  /** The file name of the QR code's PNG, without the extension. */
  fileName: string
  /**
   * The owner's own profile: the link and its text come from `GET /profile/share`, which needs the professional
   * plan (docs/decisions/016); without it the dialog says so instead of offering the ways to share.
   */
  own?: boolean | undefined
}

type OwnLink =
  | { status: 'loading' }
  | { status: 'ready'; url: string; text: string }
  | { status: 'locked'; plan: Plan }
  | { status: 'failed'; message: string }

/** The owner's share link, asked for each time the dialog opens (a plan bought meanwhile unlocks it). */
function useOwnLink() {
  const { t } = useLingui()
  const [link, setLink] = useState<OwnLink>({ status: 'loading' })
  useEffect(() => {
    let live = true
    api
      .call(promotionEndpoints.profileShare)
      .then((answer) => live && setLink({ status: 'ready', ...answer }))
      .catch((error: unknown) => {
        if (!live) return
        const plan = planRequiredBy(error)
        if (plan) return setLink({ status: 'locked', plan })
        setLink({
          status: 'failed',
          message:
            error instanceof ApiError && error.body
              ? error.body.error.message
              : t`The link could not be loaded. Check the connection and open the dialog again.`,
        })
      })
    return () => {
      live = false
    }
  }, [t])
  return link
}

/** A phone (a coarse pointer) that has the system's share sheet. */
const phoneShareSheet = () =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a media query
  typeof navigator.share === 'function' && window.matchMedia?.('(pointer: coarse)').matches === true

/**
 * Share a profile: copy its link (confirmed for a second), its QR code (drawn by qr-code-styling, loaded only
 * here, and downloadable as PNG), and seven services that share the link. The dialog traps focus and closes on
 * Escape (components/modal.tsx).
 */
export default function ShareDialog({ open, onClose, url, name, fileName, own = false }: ShareDialogProps) {
  const { t } = useLingui()
  return (
    <Modal open={open} title={t`Share the profile`} onClose={onClose}>
      {open && !own && (
        <ShareWays
          url={url}
          text={withUserText((text) => t`${{ name: text(name) }} on Fika: services, prices and reviews`)}
          fileName={fileName}
        />
      )}
      {open && own && <OwnShare fileName={fileName} onClose={onClose} />}
    </Modal>
  )
}

/** The owner's ways to share, mounted while the dialog is open: each opening asks the server again. */
function OwnShare({ fileName, onClose }: { fileName: string; onClose: () => void }) {
  const link = useOwnLink()
  if (link.status === 'loading')
    return (
      <p role="status">
        <Trans>Loading…</Trans>
      </p>
    )
  if (link.status === 'failed') return <p role="alert">{link.message}</p>
  if (link.status === 'locked')
    return (
      <PlanLock feature="profile_sharing" plan={link.plan} onChoose={onClose}>
        <Trans>Sharing your profile with a link, a QR code and in messengers.</Trans>
      </PlanLock>
    )
  return <ShareWays url={link.url} text={link.text} fileName={fileName} sheet={phoneShareSheet()} />
}

type ShareWaysProps = { url: string; text: string; fileName: string; sheet?: boolean }

/** The link to copy, its QR code and the services; on the owner's phone also the system's share sheet. */
function ShareWays({ url, text, fileName, sheet = false }: ShareWaysProps) {
  const { t } = useLingui()
  return (
    <div className="share-dialog">
      <CopyLink url={url} />
      <QrCode url={url} fileName={fileName} />
      <h3 className="share-dialog__subtitle">
        <Trans>Share on</Trans>
      </h3>
      <ul className="share-dialog__targets">
        {SHARE_TARGETS.map((target) => {
          const service = TARGET_NAMES[target]
          return (
            <li key={target}>
              <a
                className={`share-target share-target--${target}`}
                href={shareAddress(target, url, text)}
                {...(target === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                {...(target !== 'email' && { 'aria-label': t`Share on ${service}` })}
              >
                {target === 'email' ? t`Send by e-mail` : service}
              </a>
            </li>
          )
        })}
      </ul>
      {sheet && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigator.share({ text, url }).catch(() => undefined)}
        >
          <Trans>More ways to share</Trans>
        </button>
      )}
    </div>
  )
}

function CopyLink({ url }: { url: string }) {
  const { t } = useLingui()
  const id = useId()
  const { input, state, copy } = useCopyLink(url, COPIED_FOR_MS)

  return (
    <div className="share-dialog__link">
      <label htmlFor={id} className="field__label">
        <Trans>Profile link</Trans>
      </label>
      <div className="share-dialog__row">
        <input
          ref={input}
          id={id}
          className="field__input"
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={() => void copy()}>
          <Copy className="icon" aria-hidden="true" /> <Trans>Copy link</Trans>
        </button>
      </div>
      <p role="status" className="share-dialog__status">
        {state === 'copied' && t`Link copied`}
        {state === 'select' && t`The link is selected: copy it with your keyboard or the menu.`}
      </p>
    </div>
  )
}

function QrCode({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)
  const code = useRef<QRCodeStyling | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    let live = true
    // The library is needed only here: it loads when the dialog first shows a code.
    import('qr-code-styling')
      .then(({ default: QRCode }) => {
        if (!live || !box.current) return
        const qr = new QRCode({
          width: QR_SIZE_PX,
          height: QR_SIZE_PX,
          type: 'canvas',
          data: url,
          margin: 8,
          ...QR_STYLE,
        })
        box.current.replaceChildren()
        qr.append(box.current)
        code.current = qr
        setState('ready')
      })
      .catch(() => live && setState('failed'))
    return () => {
      live = false
    }
  }, [url])

  return (
    <div className="share-dialog__qr">
      <div
        ref={box}
        className="share-dialog__qr-code"
        role="img"
        aria-label={t`QR code of the profile link`}
      />
      {state === 'loading' && (
        <p role="status">
          <Trans>Drawing the QR code…</Trans>
        </p>
      )}
      {state === 'failed' && (
        <p role="alert">
          <Trans>The QR code could not be drawn. Check the connection and open the dialog again.</Trans>
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={state !== 'ready'}
        onClick={() => void code.current?.download({ name: fileName, extension: 'png' })}
      >
        <Download className="icon" aria-hidden="true" /> <Trans>Download the QR code (PNG)</Trans>
      </button>
    </div>
  )
}
