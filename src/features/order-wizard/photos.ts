/** What the server takes (contract/endpoints.ts orderPhotos): at most 10 MB of JPEG, PNG, WebP or HEIC, 10 a order. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const MAX_PHOTOS = 10
// eslint-disable-next-line lingui/no-unlocalized-strings -- MIME types, not words
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const
