/// <reference lib="webworker" />
/** The web worker that compresses one image for image-compression.ts, answering `{ blob }` or `{ error }`. */
import imageCompression from 'browser-image-compression'
import type { CompressionLimits } from './image-compression.ts'

declare const self: DedicatedWorkerGlobalScope

type Job = CompressionLimits & { file: File }

// Inside a worker the library compresses on the spot with OffscreenCanvas (it starts no worker of its own).
self.onmessage = async (event: MessageEvent<Job>) => {
  const { file, ...limits } = event.data
  try {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a MIME type, not words
    const blob = await imageCompression(file, { ...limits, fileType: 'image/jpeg', useWebWorker: false })
    self.postMessage({ blob })
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) })
  }
}
