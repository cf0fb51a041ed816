import { act } from '@testing-library/react'

/**
 * XMLHttpRequest as the photo uploader (src/lib/upload-file.ts) uses it: the test reads what was sent and drives
 * the upload's progress and its answer. `onSend`, when set, answers each request as it is sent.
 */
export class FakeXhr {
  static sent: FakeXhr[] = []
  static onSend: ((request: FakeXhr) => void) | null = null
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  responseType = ''
  status = 0
  response: unknown = null
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  open(method: string, url: string) {
    this.url = `${method} ${url}`
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
    FakeXhr.onSend?.(this)
  }
  get fileName() {
    return (this.body?.get('file') as File).name
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }))
  }
  answer(status: number, body: unknown = {}) {
    this.status = status
    this.response = body
    act(() => this.onload?.())
  }
  dropConnection() {
    act(() => this.onerror?.())
  }
  /** Forgets the requests of the test before. */
  static reset() {
    FakeXhr.sent = []
    FakeXhr.onSend = null
  }
}
