/**
 * A document photo made ready in the browser: decoded, measured, scaled to at most 2048 px and encoded as a JPEG,
 * so three photos go up in seconds on a phone's network and the moderator gets a readable one.
 */
import {
  fitWithin,
  isTooSmall,
  JPEG_QUALITY,
  laplacianVariance,
  MAX_LONG_SIDE_PX,
  MIN_SHARPNESS,
  SHARPNESS_SIDE_PX,
  toGray,
  type Size,
} from './photo-math.ts'

export type PreparedPhoto = { blob: Blob; size: Size; blurred: boolean }
export type PhotoCheck =
  { ok: true; photo: PreparedPhoto } | { ok: false; problem: 'not_image' | 'too_small' }

/** Checks and compresses a picked file or the camera's current frame (a playing `<video>`). */
export async function preparePhoto(source: Blob | HTMLVideoElement): Promise<PhotoCheck> {
  let bitmap: ImageBitmap
  try {
    // The photo upright as the phone took it: browsers apply its EXIF orientation when decoding.
    bitmap = await createImageBitmap(source, { imageOrientation: 'from-image' })
  } catch {
    return { ok: false, problem: 'not_image' }
  }
  try {
    const size = { width: bitmap.width, height: bitmap.height }
    if (isTooSmall(size)) return { ok: false, problem: 'too_small' }
    const blurred = sharpnessOf(bitmap) < MIN_SHARPNESS
    const target = fitWithin(size, MAX_LONG_SIDE_PX)
    const canvas = draw(bitmap, target)
    const blob = await new Promise<Blob | null>((resolve) =>
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a MIME type, not words
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    )
    if (!blob) return { ok: false, problem: 'not_image' }
    return { ok: true, photo: { blob, size: target, blurred } }
  } finally {
    bitmap.close()
  }
}

/** The Laplacian's variance on a small grey copy: drawn by the canvas, measured by photo-math. */
function sharpnessOf(bitmap: ImageBitmap): number {
  const small = fitWithin(bitmap, SHARPNESS_SIDE_PX)
  const pixels = draw(bitmap, small)
    .getContext('2d', { willReadFrequently: true })
    ?.getImageData(0, 0, small.width, small.height)
  // NOTE: a browser that hides canvas pixels (fingerprinting protection) gives none: the photo is not held back.
  if (!pixels) return Infinity
  return laplacianVariance(toGray(pixels.data, small.width * small.height), small.width, small.height)
}

function draw(bitmap: ImageBitmap, size: Size): HTMLCanvasElement {
  const canvas = document.createElement('canvas')
  canvas.width = size.width
  canvas.height = size.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no canvas')
  context.imageSmoothingQuality = 'high'
  context.drawImage(bitmap, 0, 0, size.width, size.height)
  return canvas
}
