/**
 * The arithmetic of a document photo, apart from any canvas so unit tests run it as it is: how large it is drawn,
 * and how sharp it looks.
 */

/** Below this many pixels on its shorter side a document's small print is not readable by a moderator. */
export const MIN_SHORT_SIDE_PX = 600
/** The server re-encodes at most 2048 px a side (docs/decisions/028): more would only slow the upload. */
export const MAX_LONG_SIDE_PX = 2048
/** A JPEG of 2048 px at this quality is about 0.5-1.5 MB: far under the server's 5 MB a photo. */
export const JPEG_QUALITY = 0.85
/** The sharpness is measured on a copy this many pixels on its longer side, so every photo is judged alike. */
export const SHARPNESS_SIDE_PX = 512
/**
 * Below this variance of the Laplacian (on the 512 px grey copy) a photo reads as blurred. Calibrated with a
 * synthetic 12-megapixel document with sensor noise, scaled to 2048 px as here (sharp in Node): sharp 5,900; a
 * Gaussian blur of 2 px 2,000, of 3 px 560 (still readable), of 5 px 70 (the small print is lost).
 */
export const MIN_SHARPNESS = 120

export type Size = { width: number; height: number }

/** The size of `size` scaled down (never up) to at most `maxLongSide` on its longer side, in whole pixels. */
export function fitWithin(size: Size, maxLongSide: number): Size {
  const scale = Math.min(1, maxLongSide / Math.max(size.width, size.height))
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  }
}

/** Whether a photo is too small for a moderator to read: its shorter side under MIN_SHORT_SIDE_PX. */
export const isTooSmall = (size: Size) => Math.min(size.width, size.height) < MIN_SHORT_SIDE_PX

/** The grey level (0-255, Rec. 601 weights) of each pixel of RGBA bytes, as ImageData holds them. */
export function toGray(rgba: ArrayLike<number>, pixels: number): Float32Array {
  const gray = new Float32Array(pixels)
  for (let i = 0; i < pixels; i++)
    gray[i] = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!
  return gray
}

/**
 * The variance of the 4-neighbour Laplacian over the inner pixels of a grey image: edges make it large, a blurred
 * or empty frame small. The usual focus measure (Pech-Pacheco et al., 2000), cheap enough for a phone.
 */
export function laplacianVariance(gray: ArrayLike<number>, width: number, height: number): number {
  if (width < 3 || height < 3) return 0
  let sum = 0
  let squares = 0
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x
      const value = gray[i - width]! + gray[i + width]! + gray[i - 1]! + gray[i + 1]! - 4 * gray[i]!
      sum += value
      squares += value * value
    }
  }
  const count = (width - 2) * (height - 2)
  const mean = sum / count
  return squares / count - mean * mean
}
