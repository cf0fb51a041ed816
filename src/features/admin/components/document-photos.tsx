import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Submission } from '#contract/schemas/verification.ts'
import { ImageModal } from '#src/components/image-modal.tsx'

type DocumentPhotosProps = {
  photos: NonNullable<Submission['photos']>
  person: string
  /** A photo did not load: its signed link has most likely expired (they work for 5 minutes). */
  onExpired: () => void
}

/** The document's sides and the selfie side by side (stacked on a phone), each opened large on a click. */
export function DocumentPhotos({ photos, person, onExpired }: DocumentPhotosProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState<number | null>(null)
  const images = [
    { src: photos.front, alt: t`Front of the document of ${person}` },
    ...(photos.back ? [{ src: photos.back, alt: t`Back of the document of ${person}` }] : []),
    { src: photos.selfie, alt: t`Selfie of ${person}` },
  ]
  return (
    <>
      <ul className="admin-photos">
        {images.map(({ src, alt }, index) => (
          <li key={alt}>
            <button
              type="button"
              className="admin-photos__button"
              aria-label={t`Enlarge: ${alt}`}
              onClick={() => setOpen(index)}
            >
              <img
                className="admin-photos__image"
                src={src}
                alt={alt}
                loading="lazy"
                referrerPolicy="no-referrer"
                onError={onExpired}
              />
            </button>
          </li>
        ))}
      </ul>
      <ImageModal images={images} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  )
}
