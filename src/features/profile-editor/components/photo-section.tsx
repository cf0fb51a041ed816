import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { Area } from 'react-easy-crop'
import type { Profile } from '#contract/schemas/profile.ts'
import { photoRefusal } from '#src/features/error-words/error-messages.ts'
import { useSession } from '#src/lib/session-store.ts'
import { compressImage } from '#src/lib/image-compression.ts'
import { uploadFile } from '#src/lib/upload-file.ts'
import { withUserText } from '#src/lib/user-text.tsx'
import { avatarPath } from '../api.ts'
import { AVATAR, cropToSquare, MAX_IMAGE_BYTES } from '../images.ts'
import { useFailureText } from '../use-save.ts'
import { EditorSection } from './section.tsx'

const CropDialog = lazy(() => import('./crop-dialog.tsx'))

type Stage =
  | { step: 'idle' }
  | { step: 'preparing' }
  | { step: 'uploading'; fraction: number }
  | { step: 'saved' }
  | { step: 'failed'; message: string }

/** The profile photo: chosen or taken with the camera, cropped to a square, compressed here, uploaded. */
export function PhotoSection({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const failureText = useFailureText()
  const [source, setSource] = useState<string | null>(null)
  const [stage, setStage] = useState<Stage>({ step: 'idle' })
  const statusRef = useRef<HTMLDivElement>(null)
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source])

  const pick = (files: FileList | null) => {
    const file = files?.[0]
    if (!file) return
    const refusal = photoRefusal(i18n, file, MAX_IMAGE_BYTES)
    if (refusal) return setStage({ step: 'failed', message: refusal })
    setStage({ step: 'idle' })
    setSource(URL.createObjectURL(file))
  }

  const upload = async (area: Area) => {
    if (!source) return
    setSource(null)
    setStage({ step: 'preparing' })
    try {
      const square = await cropToSquare(source, area)
      const small = (await compressImage(square, AVATAR)) ?? square
      setStage({ step: 'uploading', fraction: 0 })
      const updated = await uploadFile<Profile>(
        avatarPath,
        {},
        { blob: small, name: 'avatar.jpg' },
        (fraction) => setStage({ step: 'uploading', fraction }),
      )
      useSession.getState().setProfile(updated)
      setStage({ step: 'saved' })
    } catch (error) {
      setStage({ step: 'failed', message: failureText(error) })
    }
    requestAnimationFrame(() => statusRef.current?.focus())
  }

  const name = `${profile.name} ${profile.surname}`
  const busy = stage.step === 'preparing' || stage.step === 'uploading'
  return (
    <EditorSection id="photo" title={<Trans>Photo</Trans>}>
      <div className="editor-photo">
        {profile.avatar_thumb || profile.avatar ? (
          <img
            src={profile.avatar_thumb ?? profile.avatar ?? ''}
            alt={withUserText((text) => t`You, ${{ name: text(name) }}`)}
            width={96}
            height={96}
            className="editor-photo__image"
          />
        ) : (
          <p className="editor-photo__empty">
            <Trans>No photo yet</Trans>
          </p>
        )}
        <div className="form__actions">
          {/* Two doors to the same picker: the gallery, and the camera directly (capture) on a phone. */}
          <PickerDoor disabled={busy} onPick={pick}>
            <Trans>Choose a photo</Trans>
          </PickerDoor>
          <PickerDoor capture="user" disabled={busy} onPick={pick}>
            <Trans>Take a photo</Trans>
          </PickerDoor>
        </div>
      </div>
      <div ref={statusRef} tabIndex={-1} role={stage.step === 'failed' ? 'alert' : 'status'}>
        {stage.step === 'preparing' && <Trans>Preparing the photo…</Trans>}
        {stage.step === 'uploading' && (
          <>
            <progress
              max={1}
              value={stage.fraction}
              aria-label={t`Uploading the photo`}
              className="editor-progress"
            />
            <span>{Math.round(stage.fraction * 100)}%</span>
          </>
        )}
        {stage.step === 'saved' && <Trans>Photo saved</Trans>}
        {stage.step === 'failed' && <span className="field__error">{stage.message}</span>}
      </div>
      {source && (
        <Suspense fallback={null}>
          <CropDialog image={source} onCrop={(area) => void upload(area)} onCancel={() => setSource(null)} />
        </Suspense>
      )}
    </EditorSection>
  )
}

type PickerDoorProps = {
  capture?: 'user'
  disabled: boolean
  onPick: (files: FileList | null) => void
  children: ReactNode
}

/** One door to the picker: a hidden file input and the button-like label that opens it. */
function PickerDoor({ capture, disabled, onPick, children }: PickerDoorProps) {
  const id = useId()
  return (
    <>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture={capture}
        className="visually-hidden"
        disabled={disabled}
        onChange={(event) => {
          onPick(event.target.files)
          event.target.value = ''
        }}
      />
      <label htmlFor={id} className="button button--secondary">
        {children}
      </label>
    </>
  )
}
