import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowLeft, ArrowRight } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import { Modal } from './modal.tsx'
import './image-modal.css'

type ImageModalProps = {
  images: Array<{ src: string; alt: string }>
  /** The image shown, or `null` when the modal is closed. */
  index: number | null
  onIndexChange: (index: number) => void
  onClose: () => void
}

/**
 * Photos one at a time, large, with previous and next (buttons and the arrow keys). The dialog under it traps
 * focus and closes on Escape.
 */
export function ImageModal({ images, index, onIndexChange, onClose }: ImageModalProps) {
  const { t } = useLingui()
  const count = images.length
  const current = index === null ? undefined : images[index]
  const step = (by: number) => index !== null && onIndexChange((index + by + count) % count)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(1)
    if (event.key === 'ArrowLeft') step(-1)
  }
  const position = (index ?? 0) + 1

  return (
    <Modal open={current !== undefined} title={t`Photo ${position} of ${count}`} onClose={onClose}>
      {/* The arrow keys page through the photos wherever focus is inside the viewer. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div className="image-modal" onKeyDown={onKeyDown}>
        {current && <img className="image-modal__image" src={current.src} alt={current.alt} />}
        {count > 1 && (
          <div className="image-modal__nav">
            <button type="button" className="button button--secondary" onClick={() => step(-1)}>
              <ArrowLeft className="icon" /> <Trans>Previous photo</Trans>
            </button>
            <button type="button" className="button button--secondary" onClick={() => step(1)}>
              <Trans>Next photo</Trans> <ArrowRight className="icon" />
            </button>
          </div>
        )}
      </div>
    </Modal>
  )
}
