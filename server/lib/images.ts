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

const AVATAR_SIDE_PX = 1024
const THUMB_SIDE_PX = 160

/**
 * A profile photo: the photo itself (upright, at most 1024 px a side) and a small square thumbnail cut from its
 * centre for lists and cards, both WebP without EXIF or GPS. Anything that is not an accepted image: null.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<{ avatar: Buffer; thumb: Buffer } | null> {
  const photo = await reencodePhoto(bytes)
  if (!photo) return null
  try {
    const [avatar, thumb] = await Promise.all([
      sharp(photo)
        .resize({ width: AVATAR_SIDE_PX, height: AVATAR_SIDE_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      sharp(photo)
        .resize({ width: THUMB_SIDE_PX, height: THUMB_SIDE_PX, fit: 'cover', position: 'centre' })
        .webp({ quality: 78 })
        .toBuffer(),
    ])
    return { avatar, thumb }
  } catch {
    return null
  }
}
