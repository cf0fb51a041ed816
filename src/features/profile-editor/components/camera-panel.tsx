import { Trans, useLingui } from '@lingui/react/macro'
import { useCamera, type Facing } from '../verification/use-camera.ts'

type CameraPanelProps = {
  facing: Facing
  busy: boolean
  /** The shutter: the playing video, whose current frame is the photo. */
  onShutter: (video: HTMLVideoElement) => void
}

/**
 * The camera inside the page: opened on request, a live preview with a frame to aim at, a shutter. Unmounting it
 * (the photo taken, the step left) stops the camera. Says so when there is no camera or it is refused, so the
 * person turns to the file picker beside it.
 */
export function CameraPanel({ facing, busy, onShutter }: CameraPanelProps) {
  const { t } = useLingui()
  const { videoRef, state, start, stop } = useCamera(facing)
  const isDocument = facing === 'environment'
  return (
    <>
      {(state === 'on' || state === 'starting') && (
        <div className={`camera camera--${isDocument ? 'document' : 'selfie'}`}>
          <video
            ref={videoRef}
            className="camera__video"
            aria-label={
              isDocument
                ? t`Camera: place the document inside the frame`
                : t`Camera: your face and the document`
            }
            playsInline
            muted
          />
          <div className="camera__guide" aria-hidden="true" />
        </div>
      )}
      {state === 'on' && (
        <div className="form__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => videoRef.current && onShutter(videoRef.current)}
          >
            <Trans>Take the photo</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={stop}>
            <Trans>Close the camera</Trans>
          </button>
        </div>
      )}
      {(state === 'off' || state === 'starting') && (
        <div className="form__actions">
          <button
            type="button"
            className="button"
            disabled={state === 'starting'}
            onClick={() => void start()}
          >
            <Trans>Open the camera</Trans>
          </button>
        </div>
      )}
      {state === 'unavailable' && (
        <p className="form__hint">
          <Trans>
            The camera cannot be opened in this browser. Choose a photo file instead: on a phone this also
            lets you take one with the camera app.
          </Trans>
        </p>
      )}
      {state === 'denied' && (
        <p role="alert" className="field__error">
          <Trans>
            Access to the camera was refused. Allow it in the browser’s site settings, or choose a photo file
            instead.
          </Trans>
        </p>
      )}
    </>
  )
}
