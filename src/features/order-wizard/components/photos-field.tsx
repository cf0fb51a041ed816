import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useState } from 'react'
import type { OrderDraft } from '../draft-store.ts'
import { errorText, photoRefusal } from '#src/features/error-words/error-messages.ts'
import { compressPhoto } from '#src/lib/image-compression.ts'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, PHOTO_TYPES } from '../photos.ts'

type PhotosFieldProps = {
  draft: OrderDraft
  onChange: (patch: (draft: OrderDraft) => Partial<OrderDraft>) => void
  disabled: boolean
}

/** Photos of the task: compressed on the phone and kept in the draft, shown as thumbnails that can be removed. */
export function PhotosField({ draft, onChange, disabled }: PhotosFieldProps) {
  const { t, i18n } = useLingui()
  const [error, setError] = useState<string | null>(null)
  const [compressing, setCompressing] = useState(0)
  const room = MAX_PHOTOS - draft.photos.length - compressing
  const added = draft.photos.length

  const add = async (files: File[]) => {
    setError(null)
    const refusals = files.map((file) => photoRefusal(i18n, file, MAX_PHOTO_BYTES, PHOTO_TYPES))
    const refused = refusals.find((refusal) => refusal !== null)
    if (refused) setError(refused)
    const accepted = files.filter((_, index) => refusals[index] === null).slice(0, Math.max(room, 0))
    setCompressing((count) => count + accepted.length)
    await Promise.all(
      accepted.map(async (file) => {
        const blob = await compressPhoto(file)
        setCompressing((count) => count - 1)
        if (!blob) return setError(errorText(i18n, 'file_not_photo'))
        const photo = { id: crypto.randomUUID(), name: file.name, blob }
        onChange((current) => ({ photos: [...current.photos, photo] }))
      }),
    )
  }

  return (
    <fieldset className="wizard__group" aria-describedby={error ? 'order-photos-error' : undefined}>
      <legend className="wizard__legend">
        <Trans>Photos</Trans>
      </legend>
      <p className="form__hint">
        <Trans>Up to {MAX_PHOTOS} photos, each at most 10 MB: JPEG, PNG, WebP or HEIC.</Trans>
      </p>
      {draft.photos.length > 0 && (
        <ul className="photo-thumbs">
          {draft.photos.map((photo, index) => (
            <li key={photo.id}>
              <Thumbnail blob={photo.blob} alt={t`Photo ${index + 1}`} />
              <button
                type="button"
                className="link-button"
                disabled={disabled}
                onClick={() =>
                  onChange((current) => ({ photos: current.photos.filter((kept) => kept.id !== photo.id) }))
                }
              >
                <Trans>Remove photo {index + 1}</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {compressing > 0 && (
        <p role="status">
          <Trans>Preparing photos…</Trans>
        </p>
      )}
      {room > 0 && (
        <div className="photo-add">
          {/* The native control would speak the browser's language and overflow a phone: it stays reachable by
              keyboard (Tab, then Space or Enter opens the picker) but hidden, and its label is the visible button. */}
          <input
            id="order-photos"
            type="file"
            className="visually-hidden photo-add__input"
            multiple
            accept={PHOTO_TYPES.join(',')}
            disabled={disabled}
            aria-describedby="order-photos-room"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])]
              event.target.value = ''
              void add(files)
            }}
          />
          <label htmlFor="order-photos" className="button button--secondary photo-add__button">
            <Trans>Add photos</Trans>
          </label>
          <span id="order-photos-room" className="form__hint">
            <Trans>
              {added} of {MAX_PHOTOS} added
            </Trans>
          </span>
        </div>
      )}
      {error && (
        <p id="order-photos-error" className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

function Thumbnail({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  return <img src={url} alt={alt} width={96} height={96} className="photo-thumbs__image" />
}
