/** What the server takes (contract/endpoints.ts orderPhotos): at most 10 MB of JPEG, PNG, WebP or HEIC, 10 a order. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024
export const MAX_PHOTOS = 10
// eslint-disable-next-line lingui/no-unlocalized-strings -- MIME types, not words
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const

/** Phones send 5-12 MB photos; about 1 MB and 1920 px is plenty for an order and uploads on a slow network. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- a MIME type, not words
export const COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 1920, fileType: 'image/jpeg' } as const

type WorkerAnswer = { blob: Blob } | { error: string }

const UNDECODABLE_HERE = ['image/heic', 'image/heif']

/**
 * Compresses a photo in a web worker of our own, so the page stays responsive. (The library's built-in worker
 * is a blob: script that fetches the library from a CDN, which the CSP and an offline phone both refuse.) A HEIC
 * photo the browser cannot decode (outside Safari) is kept as it is: the server reads and re-encodes it. Any other
 * file that does not decode is not an image, whatever its name says (the browser types a file by its extension),
 * so it is refused here (null) rather than after the order is published.
 */
export async function compressPhoto(file: File): Promise<Blob | null> {
  try {
    return await inWorker(file)
  } catch {
    return UNDECODABLE_HERE.includes(file.type) ? file : null
  }
}

function inWorker(file: File): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress-worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      worker.terminate()
      if ('blob' in event.data) resolve(event.data.blob)
      else reject(new Error(event.data.error))
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new Error(event.message))
    }
    worker.postMessage(file)
  })
}
