/**
 * The photo uploader's sending: a multipart POST with upload progress and the app's one retry after a token
 * refresh, used by the order wizard's photos, the profile editor's photo, certificates and portfolio, chat's photos
 * and the identity documents.
 */
import { buildPath } from '#contract/endpoint.ts'
import { ErrorBodySchema } from '#contract/errors.ts'
import * as v from 'valibot'
import { ApiError } from '#src/lib/api-client.ts'
import { currentLocale } from '#src/lib/locale.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'

type Answer = { status: number; body: unknown }

/**
 * POSTs `file` as multipart to `path` (its `{name}`s filled from `params`), after the form's other `fields`, with
 * upload progress, answering the server's JSON (see uploadForm).
 */
export function uploadFile<T>(
  path: string,
  params: Record<string, string | number>,
  file: { blob: Blob; name: string },
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  return uploadForm<T>(path, params, { fields, files: { file } }, onProgress)
}

/**
 * POSTs a multipart form of text `fields` and named `files` (identity documents send three), with upload
 * progress, answering the server's JSON. XMLHttpRequest, because fetch reports upload progress only for streamed
 * bodies (HTTP/2 only in Chromium; ky's onUploadProgress is silently ignored otherwise). A 401 gets the app's one
 * shared token refresh and one retry, as every other call does.
 */
export async function uploadForm<T>(
  path: string,
  params: Record<string, string | number>,
  parts: { fields?: Record<string, string>; files: Record<string, { blob: Blob; name: string }> },
  onProgress: (fraction: number) => void,
): Promise<T> {
  const url = buildPath(path, params)
  const form = () => {
    const body = new FormData()
    for (const [name, value] of Object.entries(parts.fields ?? {})) body.append(name, value)
    for (const [name, file] of Object.entries(parts.files)) body.append(name, file.blob, file.name)
    return body
  }
  const token = useSession.getState().token
  let answer = await send(url, form(), token, onProgress)
  if (answer.status === 401) {
    const fresh = await refreshSession(token)
    if (!fresh) throw new ApiError(401, null)
    answer = await send(url, form(), fresh, onProgress)
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T
  const parsed = v.safeParse(ErrorBodySchema, answer.body)
  throw new ApiError(answer.status, parsed.success ? parsed.output : null)
}

function send(
  url: string,
  form: FormData,
  token: string | null,
  onProgress: (fraction: number) => void,
): Promise<Answer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.responseType = 'json'
    request.setRequestHeader('accept-language', currentLocale())
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`)
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.onload = () => resolve({ status: request.status, body: request.response })
    // Status 0 is how ApiError says the server was never reached.
    request.onerror = () => resolve({ status: 0, body: null })
    request.ontimeout = () => resolve({ status: 0, body: null })
    request.send(form)
  })
}
