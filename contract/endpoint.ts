import type * as v from 'valibot'

type AnySchema = v.GenericSchema | v.GenericSchemaAsync

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path with `{param}` placeholders, as the spec writes them. */
  path: string
  summary: string
  tag:
    | 'auth'
    | 'sms'
    | 'profile'
    | 'system'
    | 'catalogue'
    | 'content'
    | 'orders'
    | 'notifications'
    | 'chats'
    | 'wallet'
    | 'admin'
  /** Needs a valid access token (Authorization: Bearer). */
  auth?: boolean
  /**
   * Takes a multipart form too: a few short `fields` (the spec's SMS forms), one `file` upload, or the identity
   * `documents` (a type and three photos). Every other endpoint refuses multipart before reading a byte of it
   * (docs/decisions/008-input-bounds-and-privacy.md).
   */
  form?: 'fields' | 'file' | 'documents'
  params?: AnySchema
  query?: AnySchema
  body?: AnySchema
  response: AnySchema
}

export const API_PREFIX = '/api'
export const PRODUCT = 'freelancer'
export const API_VERSION = 'v1.0.1'
export const V1 = `${API_PREFIX}/fika/${PRODUCT}/${API_VERSION}`
export const SMS = `${API_PREFIX}/fika/${PRODUCT}/sms`
/** The refresh cookie is sent only to these paths (login, refresh, logout). */
export const AUTH_PATH = `${V1}/auth`
/** Where the page trades the refresh cookie for an access token (POST). */
export const REFRESH_PATH = `${AUTH_PATH}/refresh`
export const REFRESH_COOKIE = 'refresh_token'
/**
 * The Mini App's two logins (contract/telegram-endpoints.ts). Here, without their schemas: the Mini App's launch
 * sends them before its first tap, and the schemas (only types to the web app) would be in its first load.
 */
export const TELEGRAM_LOGIN_PATH = `${AUTH_PATH}/telegram`
export const TELEGRAM_LOGIN_LINK_PATH = `${AUTH_PATH}/telegram/login-link`
// Its own file: the web app's first load reads it without this one (buildPath and the paths load with the client).
export { LOCALE_COOKIE } from './locale-cookie.ts'

/** Fills `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
