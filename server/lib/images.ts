import sharp from 'sharp'

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])
const MAX_SIDE_PX = 2048
const MAX_INPUT_PIXELS = 50_000_000

/**
 * A photo as we keep it: the type is read from the bytes (never the file name), the picture is turned upright and
 * re-encoded as WebP at most 2048 px a side, which drops EXIF and GPS. Anything that is not such an image: null.
 */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    const { format } = await image.metadata()
    if (!format || !ACCEPTED_FORMATS.has(format)) return null
    return await image
      .rotate()
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    return null
  }
}
