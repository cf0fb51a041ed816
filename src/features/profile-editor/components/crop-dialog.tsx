import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
// The cropper's own styles as a file of this chunk: the <style> element it would inject is refused by the
// Content-Security-Policy (style-src 'self'), and without them the photo covers the dialog and its buttons.
import 'react-easy-crop/react-easy-crop.css'
import { Modal } from '#src/components/modal.tsx'

type CropDialogProps = { image: string; onCrop: (area: Area) => void; onCancel: () => void }

/**
 * Chooses the square part of a photo: drag or arrow keys move it, pinch, the wheel or the slider zoom.
 * (react-easy-crop: its crop area is focusable and moves with the arrow keys.)
 */
export default function CropDialog({ image, onCrop, onCancel }: CropDialogProps) {
  const { t } = useLingui()
  const zoomId = useId()
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState<Area | null>(null)
  return (
    <Modal open title={<Trans>Crop the photo</Trans>} onClose={onCancel}>
      <p className="form__hint" id={`${zoomId}-hint`}>
        <Trans>Move the photo so your face is in the square: drag it or use the arrow keys.</Trans>
      </p>
      <div className="crop-area">
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
          cropperProps={{ 'aria-label': t`Crop area`, 'aria-describedby': `${zoomId}-hint` } as never}
        />
      </div>
      <div className="field">
        <label htmlFor={zoomId} className="field__label">
          <Trans>Zoom</Trans>
        </label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={3}
          step={0.1}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </div>
      <div className="form__actions">
        <button type="button" className="button" disabled={!area} onClick={() => area && onCrop(area)}>
          <Trans>Use this photo</Trans>
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Modal>
  )
}
