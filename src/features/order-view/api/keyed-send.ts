import { HTTPError } from 'ky'
import { buildPath, type Endpoint } from '#contract/endpoints.ts'
import type { ErrorBody } from '#contract/errors.ts'
import { api } from '#src/lib/api.ts'
import { ApiError } from '#src/lib/api-client.ts'

export type Delivery<T> = { status: 'sent'; data: T } | { status: 'queued' }

/** A write the server may see twice: the Idempotency-Key makes a replay answer the first result. */
export async function keyedSend<T>(
  endpoint: Endpoint,
  params: Record<string, string | number>,
  body: unknown,
  idempotencyKey: string,
): Promise<Delivery<T>> {
  try {
    const data = await api.http(buildPath(endpoint.path, params), {
      method: endpoint.method,
      json: body,
      headers: { 'idempotency-key': idempotencyKey },
    })
    return { status: 'sent', data: (await data.json()) as T }
  } catch (error) {
    if (error instanceof HTTPError) {
      const answer = (await error.response.json().catch(() => null)) as ErrorBody | null
      throw new ApiError(error.response.status, answer)
    }
    throw new ApiError(0, null)
  }
}
