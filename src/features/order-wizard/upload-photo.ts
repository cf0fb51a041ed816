import { buildPath, endpoints } from '#contract/endpoints.ts'
import { ErrorBodySchema } from '#contract/errors.ts'
import * as v from 'valibot'
import { ApiError } from '#src/lib/api-client.ts'
import { currentLocale } from '#src/lib/locale.ts'
import { refreshSession } from '#src/lib/refresh-session.ts'
import { useSession } from '#src/lib/session-store.ts'

/**
 * POST /orders/{id}/photos with upload progress. XMLHttpRequest, because fetch reports upload progress only for
 * streamed bodies, which Chromium sends over HTTP/2 alone (ky's onUploadProgress is silently ignored otherwise).
 * A 401 gets the app's one shared token refresh and one retry, as every other call does.
 */
export async function uploadPhoto(
  orderId: number,
  photo: { blob: Blob; name: string },
  onProgress: (fraction: number) => void,
): Promise<void> {
  const token = useSession.getState().token
  const first = await send(orderId, photo, token, onProgress)
  if (first.status !== 401) return settle(first)
  const fresh = await refreshSession(token)
  if (!fresh) throw new ApiError(401, null)
  return settle(await send(orderId, photo, fresh, onProgress))
}

function settle(answer: { status: number; body: unknown }) {
  if (answer.status >= 200 && answer.status < 300) return
  const parsed = v.safeParse(ErrorBodySchema, answer.body)
  throw new ApiError(answer.status, parsed.success ? parsed.output : null)
}

function send(
  orderId: number,
  photo: { blob: Blob; name: string },
  token: string | null,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest()
    request.open('POST', buildPath(endpoints.orderPhotos.path, { id: orderId }))
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
    const form = new FormData()
    form.append('file', photo.blob, photo.name)
    request.send(form)
  })
}
