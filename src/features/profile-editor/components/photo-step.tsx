import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type Ref } from 'react'
import { preparePhoto, type PhotoCheck } from '../verification/prepare-photo.ts'
import type { Facing } from '../verification/use-camera.ts'
import { CameraPanel } from './camera-panel.tsx'

/** A side's photo as it will be sent: the JPEG, and whether it looked blurred. */
export type TakenPhoto = { blob: Blob; blurred: boolean }

type PhotoStepProps = {
  title: string
  hint: string
  facing: Facing
  photo: TakenPhoto | undefined
  headingRef: Ref<HTMLHeadingElement>
  onPhoto: (photo: TakenPhoto | undefined) => void
}

/**
 * One side of the documents: photographed with the camera inside the page or chosen as a file (the way left when
 * there is no camera or it is refused), checked and compressed here, shown, and taken again if need be.
 */
export function PhotoStep({ title, hint, facing, photo, headingRef, onPhoto }: PhotoStepProps) {
  const { t } = useLingui()
  const fileId = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const problemText = (check: Exclude<PhotoCheck, { ok: true }>) =>
    check.problem === 'too_small'
      ? t`The photo is too small to read: it needs at least 600 pixels on its shorter side. Take it closer or with a better camera.`
      : t`This file is not a photo. Choose a JPEG, PNG or WebP image.`

  const accept = async (source: Blob | HTMLVideoElement, fromCamera: boolean) => {
    setBusy(true)
    setProblem(null)
    try {
      const check = await preparePhoto(source)
      if (!check.ok) return setProblem(problemText(check))
      // A blurred frame is taken again at once; a chosen file may be the only photo there is, so it passes
      // with a warning when it is large enough.
      if (check.photo.blurred && fromCamera)
        return setProblem(t`The photo is blurred: hold the phone still, in good light, and take it again.`)
      onPhoto({ blob: check.photo.blob, blurred: check.photo.blurred })
    } catch {
      setProblem(t`The photo could not be prepared. Try again.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="verification-step">
      <h3 ref={headingRef} tabIndex={-1} className="verification-step__title">
        {title}
      </h3>
      <p className="form__hint">{hint}</p>
      {photo ? (
        <>
          <PhotoPreview blob={photo.blob} alt={t`Your photo: ${title}`} />
          {photo.blurred && (
            <p className="form__hint">
              <Trans>This photo looks blurred: check that every letter is readable, or take it again.</Trans>
            </p>
          )}
          <button type="button" className="button button--secondary" onClick={() => onPhoto(undefined)}>
            <Trans>Retake</Trans>
          </button>
        </>
      ) : (
        <>
          <CameraPanel facing={facing} busy={busy} onShutter={(video) => void accept(video, true)} />
          <div className="form__actions">
            <input
              id={fileId}
              type="file"
              accept="image/*"
              capture={facing}
              className="visually-hidden"
              disabled={busy}
              onChange={(event) => {
                const file = event.target.files?.[0]
                event.target.value = ''
                if (file) void accept(file, false)
              }}
            />
            <label htmlFor={fileId} className="button button--secondary">
              <Trans>Choose a photo file</Trans>
            </label>
          </div>
        </>
      )}
      {busy && (
        <p role="status">
          <Trans>Checking the photo…</Trans>
        </p>
      )}
      {problem && (
        <p role="alert" className="field__error">
          {problem}
        </p>
      )}
    </div>
  )
}

/** The photo as it will be sent; its link lives as long as it is shown. */
function PhotoPreview({ blob, alt }: { blob: Blob; alt: string }) {
  const ref = useRef<HTMLImageElement>(null)
  useEffect(() => {
    const url = URL.createObjectURL(blob)
    if (ref.current) ref.current.src = url
    return () => URL.revokeObjectURL(url)
  }, [blob])
  return <img ref={ref} alt={alt} className="verification-step__preview" />
}
