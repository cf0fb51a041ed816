import type { FastifyReply, FastifyRequest } from 'fastify'
import { V1 } from '#contract/endpoints.ts'
import { randomToken } from '#server/lib/secrets.ts'
import type { Viewer } from './order-viewers.ts'

/**
 * A device's own random key, so that its reloads of an order count one view a day (order-viewers.ts). A cookie
 * rather than the address alone: many phones share an address behind a carrier's network, and one phone changes
 * address as it moves. The app's calls are same-origin and send it (src/lib/api-http.ts).
 */
export const VIEWER_COOKIE = 'vid'
const DEVICE_KEY = /^[\w-]{43}$/
const YEAR_S = 365 * 24 * 3600
// Sent only with the order calls, never readable by scripts nor sent with another site's requests.
const cookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: `${V1}/orders`,
  maxAge: YEAR_S,
} as const

/** Who is reading, for the views: the signed-in caller, else the device's cookie, else a new one given now. */
export function viewerOf(request: FastifyRequest, reply: FastifyReply, callerId: number | undefined): Viewer {
  if (callerId !== undefined) return { user: callerId }
  const device = request.cookies[VIEWER_COOKIE]
  if (device !== undefined && DEVICE_KEY.test(device)) return { device }
  const newDevice = randomToken()
  reply.setCookie(VIEWER_COOKIE, newDevice, cookieOptions)
  return { address: request.ip, userAgent: request.headers['user-agent'] ?? '', newDevice }
}
