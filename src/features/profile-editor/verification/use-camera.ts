import { useCallback, useEffect, useRef, useState } from 'react'

/** `off` until asked; `unavailable`: no camera or no API for it (an old browser, plain http); `denied`: refused. */
export type CameraState = 'off' | 'starting' | 'on' | 'unavailable' | 'denied'
/** The back camera for a document, the front one for the selfie. */
export type Facing = 'environment' | 'user'

/** Whether this browser can show a camera inside the page at all. */
export const canUseCamera = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'

/**
 * The camera inside the page, shown in `videoRef`'s `<video>`. Its tracks stop on `stop()` and when the component
 * unmounts (a step left), so the camera light goes off as soon as the camera is no longer shown.
 */
export function useCamera(facing: Facing) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const streamRef = useRef<MediaStream | null>(null)
  const mounted = useRef(true)
  const [state, setState] = useState<CameraState>(() => (canUseCamera() ? 'off' : 'unavailable'))

  const release = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop()
    streamRef.current = null
    if (videoRef.current) videoRef.current.srcObject = null
  }, [])

  const start = useCallback(async () => {
    if (!canUseCamera()) return setState('unavailable')
    setState('starting')
    try {
      // A large frame, so a document's small print survives; the browser gives the nearest it has.
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: facing }, width: { ideal: 2560 }, height: { ideal: 1440 } },
      })
      // NOTE: the permission prompt may outlast the step: a stream granted after it was left is stopped at once.
      if (!mounted.current) {
        for (const track of stream.getTracks()) track.stop()
        return
      }
      release()
      streamRef.current = stream
      setState('on')
    } catch (error) {
      const refused =
        error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')
      setState(refused ? 'denied' : 'unavailable')
    }
  }, [facing, release])

  const stop = useCallback(() => {
    release()
    setState((now) => (now === 'on' || now === 'starting' ? 'off' : now))
  }, [release])

  // The stream reaches the video once React has drawn it.
  useEffect(() => {
    const video = videoRef.current
    if (state !== 'on' || !video || !streamRef.current) return
    video.srcObject = streamRef.current
    // A refused autoplay leaves the first frame showing; the shutter still takes the current one.
    video.play().catch(() => undefined)
  }, [state])

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      release()
    }
  }, [release])

  return { videoRef, state, start, stop }
}
