/// <reference lib="webworker" />
import imageCompression from 'browser-image-compression'
import { COMPRESSION } from './photos.ts'

declare const self: DedicatedWorkerGlobalScope

// Inside a worker the library compresses on the spot with OffscreenCanvas (it starts no worker of its own).
self.onmessage = async (event: MessageEvent<File>) => {
  try {
    const blob = await imageCompression(event.data, { ...COMPRESSION, useWebWorker: false })
    self.postMessage({ blob })
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) })
  }
}
