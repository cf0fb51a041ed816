/** What the server takes (contract/profile-endpoints.ts): an image of at most 10 MB, re-encoded there. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024

/** A profile photo is shown small: 800 px square and about 300 KB upload quickly on a slow network. */
export const AVATAR = { maxSizeMB: 0.3, maxWidthOrHeight: 800 }
/** Certificates and portfolio photos are looked at closely: 1920 px and about 1 MB, as order photos. */
export const PHOTO = { maxSizeMB: 1, maxWidthOrHeight: 1920 }

type WorkerAnswer = { blob: Blob } | { error: string }

/**
 * Compresses an image in a web worker of our own, so the page stays responsive (the library's own worker loads
 * the library from a CDN, which the CSP and an offline phone both refuse). A HEIC photo the browser cannot decode
 * is sent as it is: the server reads and re-encodes it. Anything else that does not decode is refused (null).
 */
export async function compressImage(
  file: File | Blob,
  limits: { maxSizeMB: number; maxWidthOrHeight: number },
): Promise<Blob | null> {
  try {
    return await new Promise<Blob>((resolve, reject) => {
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
  } catch {
    return /heic|heif/.test(file.type) ? file : null
  }
}

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
