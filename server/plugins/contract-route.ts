import { toJsonSchema } from '@valibot/to-json-schema'
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel, onRequestHookHandler } from 'fastify'
import * as v from 'valibot'
import { ERROR_CODES, type ErrorCode } from '#contract/errors.ts'
import type { Endpoint } from '#contract/endpoints.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { AccessClaims } from '#server/lib/caller.ts'
import { MULTIPART_LIMITS } from './multipart-limits.ts'

type Out<S> = S extends v.GenericSchema ? v.InferOutput<S> : undefined

type Context<E extends Endpoint> = {
  params: Out<E['params']>
  body: Out<E['body']>
  query: Out<E['query']>
  request: FastifyRequest
  reply: FastifyReply
  /** Set on endpoints with `auth: true`. */
  auth: E['auth'] extends true ? AccessClaims : undefined
}

const KNOWN_CODES = new Set<string>(ERROR_CODES)

type Entries = Record<string, v.GenericSchema>
type MaybeObject = { entries?: Entries; pipe?: MaybeObject[] }
const entriesOf = (schema: MaybeObject): Entries | undefined => schema.entries ?? schema.pipe?.[0]?.entries

/**
 * valibot reports a missing key with the object's message, not the field's; the field's own schema knows the
 * message the spec wants (`phone_number_required`), so ask it what it says to nothing.
 */
function messageOf(issue: v.GenericIssue, root: v.GenericSchema): string {
  const key = issue.path?.at(-1)?.key
  if (issue.type !== 'object' || issue.input !== undefined || typeof key !== 'string') return issue.message
  const entry = entriesOf(root as MaybeObject)?.[key]
  const result = entry ? v.safeParse(entry, undefined) : undefined
  return result && !result.success ? result.issues[0].message : issue.message
}

/** valibot issues -> one validation error whose fields carry the contract's message keys. */
function validationError(issues: v.GenericIssue[], root: v.GenericSchema): AppError {
  const fields: Record<string, ErrorCode[]> = {}
  for (const issue of issues) {
    const field = v.getDotPath(issue) ?? '_'
    const message = messageOf(issue, root)
    const code = (KNOWN_CODES.has(message) ? message : 'invalid_request') as ErrorCode
    // One message per field, the first rule it breaks, as a form shows it; every field that breaks one is named.
    fields[field] ??= [code]
  }
  const first = Object.values(fields)[0]?.[0] ?? 'invalid_request'
  return new AppError('validation', first, { fields })
}

function parse<S extends v.GenericSchema | undefined>(schema: S, input: unknown): Out<S> {
  if (!schema) return undefined as Out<S>
  const result = v.safeParse(schema, input ?? {})
  if (!result.success) throw validationError(result.issues, schema)
  return result.output as Out<S>
}

/** A path that names nothing of ours (an id out of range, a malformed slug) is simply not found. */
function parsePath<S extends v.GenericSchema | undefined>(schema: S, input: unknown): Out<S> {
  if (!schema) return undefined as Out<S>
  const result = v.safeParse(schema, input ?? {})
  if (!result.success) throw new AppError('not_found', 'not_found')
  return result.output as Out<S>
}

function documented(schema: v.GenericSchema | undefined) {
  if (!schema) return undefined
  // NOTE: transforms (phone normalisation) have no JSON Schema form; the docs show the input side.
  const { $schema: _ignored, ...json } = toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input' })
  return json
}

export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

/**
 * Registers one endpoint of the contract: its path and method, its docs, and validation of query and body with
 * the same valibot schemas the web app uses. The handler receives parsed input and returns the response.
 */
export function contractRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  // A handler answers the response, or sends it itself (already serialized) and answers the reply.
  handler: (
    context: Context<E>,
  ) => Promise<Out<E['response']> | FastifyReply> | Out<E['response']> | FastifyReply,
  options: {
    rateLimit?: false
    limits?: onRequestHookHandler[]
    /** The route's log level, above `info` for a route polled every few seconds (the health checks). */
    logLevel?: LogLevel
  } = {},
) {
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    ...(options.logLevel && { logLevel: options.logLevel }),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.query && { querystring: documented(endpoint.query as v.GenericSchema) }),
      ...(endpoint.body && { body: documented(endpoint.body as v.GenericSchema) }),
      ...(endpoint.auth && { security: [{ bearer: [] }] }),
    },
    config: {
      ...(options.rateLimit === false && { rateLimit: false }),
      // Read by @fastify/multipart for this route's forms; a route without it refuses multipart (security.ts).
      ...(endpoint.form && {
        multipartForm: endpoint.form,
        multipartOptions: { limits: MULTIPART_LIMITS[endpoint.form] },
      }),
    },
    // Before the body is read: a guest's upload is refused without reading a byte of it.
    onRequest: [...(endpoint.auth ? [app.authenticate] : []), ...(options.limits ?? [])],
    handler: async (request, reply) =>
      handler({
        params: parsePath(endpoint.params as v.GenericSchema | undefined, request.params) as Out<E['params']>,
        body: parse(endpoint.body as v.GenericSchema | undefined, request.body) as Out<E['body']>,
        query: parse(endpoint.query as v.GenericSchema | undefined, request.query) as Out<E['query']>,
        request,
        reply,
        auth: request.auth as Context<E>['auth'],
      }),
  })
}
