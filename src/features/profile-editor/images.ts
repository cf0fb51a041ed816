import { PHOTO_LIMITS } from '#src/lib/image-compression.ts'

/** What the server takes (contract/profile-endpoints.ts): an image of at most 10 MB, re-encoded there. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/** A profile photo is shown small: 800 px square and about 300 KB upload quickly on a slow network. */
export const AVATAR = { maxSizeMB: 0.3, maxWidthOrHeight: 800 }
/** Certificates and portfolio photos are looked at closely: 1920 px and about 1 MB, as order photos. */
export const PHOTO = PHOTO_LIMITS

/** The square `area` (pixels of the original) of an image, as a JPEG, drawn on a canvas. */
export async function cropToSquare(
  source: string,
  area: { x: number; y: number; width: number; height: number },
): Promise<Blob> {
  const image = new Image()
  image.src = source
  await image.decode()
  const side = Math.round(Math.min(area.width, area.height))
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no canvas')
  context.drawImage(image, area.x, area.y, side, side, 0, 0, side, side)
  return new Promise((resolve, reject) =>
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a MIME type, not words
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), 'image/jpeg', 0.92),
  )
}
