/**
 * The photo uploader's compression: a phone's 5-12 MB photo is made small on the phone before it goes up (order
 * photos, chat photos, the profile photo, certificates and portfolio works), in a web worker of our own.
 */

/** How small a compressed image gets: at most this many MB and this many pixels on its longer side. */
export type CompressionLimits = { maxSizeMB: number; maxWidthOrHeight: number }

/** A photo looked at closely (an order's, a chat's, a certificate): about 1 MB and 1920 px uploads on a slow network. */
export const PHOTO_LIMITS: CompressionLimits = { maxSizeMB: 1, maxWidthOrHeight: 1920 }

type WorkerAnswer = { blob: Blob } | { error: string }

/**
 * Compresses an image to a JPEG within `limits`, in a web worker of our own so the page stays responsive. (The
 * library's built-in worker is a blob: script that fetches the library from a CDN, which the CSP and an offline
 * phone both refuse.) A HEIC photo the browser cannot decode (outside Safari) is kept as it is: the server reads
 * and re-encodes it. Any other file that does not decode is not an image, whatever its name says (the browser
 * types a file by its extension), so it is refused here (null) rather than after it was sent.
 */
export async function compressImage(file: File | Blob, limits: CompressionLimits): Promise<Blob | null> {
  try {
    return await inWorker(file, limits)
  } catch {
    return /heic|heif/.test(file.type) ? file : null
  }
}

/** A photo compressed as order and chat photos are (PHOTO_LIMITS); null: not an image. */
export function compressPhoto(file: File): Promise<Blob | null> {
  return compressImage(file, PHOTO_LIMITS)
}

function inWorker(file: File | Blob, limits: CompressionLimits): Promise<Blob> {
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
    worker.postMessage({ file, ...limits })
  })
}
