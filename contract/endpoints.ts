import type * as v from 'valibot'
import {
  LoginBodySchema,
  RefreshResponseSchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  ResetPasswordResponseSchema,
  SessionResponseSchema,
  SmsCheckQuerySchema,
  SmsCheckResponseSchema,
  SmsSendBodySchema,
  SmsSendResponseSchema,
  SmsVerifyBodySchema,
  SmsVerifyResponseSchema,
  StatusResponseSchema,
} from './schemas/auth.ts'
import { DevSmsQuerySchema, DevSmsResponseSchema } from './schemas/dev.ts'
import { HealthResponseSchema } from './schemas/health.ts'
import { ProfileIdParamsSchema, ProfileSchema, UpdateProfileBodySchema } from './schemas/profile.ts'

type AnySchema = v.GenericSchema | v.GenericSchemaAsync

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** Path with `{param}` placeholders, as the spec writes them. */
  path: string
  summary: string
  tag: 'auth' | 'sms' | 'profile' | 'system'
  /** Needs a valid access token (Authorization: Bearer). */
  auth?: boolean
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
export const REFRESH_COOKIE = 'refresh_token'

/** Every HTTP call of the product; nothing else builds URLs. */
export const endpoints = {
  health: {
    method: 'GET',
    path: `${API_PREFIX}/health`,
    summary: 'Liveness and database check',
    tag: 'system',
    response: HealthResponseSchema,
  },
  devSms: {
    method: 'GET',
    path: `${API_PREFIX}/dev/sms`,
    summary: 'Messages the dev SMS adapter kept for a phone, newest first (only while SMS_PROVIDER=dev)',
    tag: 'system',
    query: DevSmsQuerySchema,
    response: DevSmsResponseSchema,
  },
  smsCheck: {
    method: 'GET',
    path: `${SMS}/check`,
    summary: 'Whether a phone is registered',
    tag: 'sms',
    query: SmsCheckQuerySchema,
    response: SmsCheckResponseSchema,
  },
  smsSend: {
    method: 'POST',
    path: `${SMS}/send`,
    summary: 'Send a 4-digit code to a phone (multipart or JSON)',
    tag: 'sms',
    body: SmsSendBodySchema,
    response: SmsSendResponseSchema,
  },
  smsVerify: {
    method: 'POST',
    path: `${SMS}/verify`,
    summary: 'Check a code against its required_id (multipart or JSON)',
    tag: 'sms',
    body: SmsVerifyBodySchema,
    response: SmsVerifyResponseSchema,
  },
  register: {
    method: 'POST',
    path: `${AUTH_PATH}/register`,
    summary: 'Register with a verified phone; answers like login and sets the refresh cookie',
    tag: 'auth',
    body: RegisterBodySchema,
    response: SessionResponseSchema,
  },
  login: {
    method: 'POST',
    path: `${AUTH_PATH}/login`,
    summary: 'Log in as customer or executor; sets the refresh cookie',
    tag: 'auth',
    body: LoginBodySchema,
    response: SessionResponseSchema,
  },
  resetPassword: {
    method: 'POST',
    path: `${AUTH_PATH}/password`,
    summary: 'Set a new password with a verified reset code; logs in as customer',
    tag: 'auth',
    body: ResetPasswordBodySchema,
    response: ResetPasswordResponseSchema,
  },
  logout: {
    method: 'GET',
    path: `${AUTH_PATH}/logout`,
    summary: 'Revoke the session of the refresh cookie and clear it',
    tag: 'auth',
    response: StatusResponseSchema,
  },
  refresh: {
    method: 'GET',
    path: `${AUTH_PATH}/refresh`,
    summary: 'Trade the refresh cookie for a new access token (the cookie rotates)',
    tag: 'auth',
    response: RefreshResponseSchema,
  },
  refreshPost: {
    method: 'POST',
    path: `${AUTH_PATH}/refresh`,
    summary: 'Same as GET /auth/refresh',
    tag: 'auth',
    response: RefreshResponseSchema,
  },
  profile: {
    method: 'GET',
    path: `${V1}/profile`,
    summary: "The caller's profile",
    tag: 'profile',
    auth: true,
    response: ProfileSchema,
  },
  updateProfile: {
    method: 'PUT',
    path: `${V1}/profile/{id}`,
    summary: "Change the caller's own profile (for now: the mode, customer or executor)",
    tag: 'profile',
    auth: true,
    params: ProfileIdParamsSchema,
    body: UpdateProfileBodySchema,
    response: ProfileSchema,
  },
} as const satisfies Record<string, Endpoint>

/** Fills `{param}` placeholders; values are URI-encoded. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}
