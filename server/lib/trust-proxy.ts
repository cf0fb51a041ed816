import type { FastifyServerOptions } from 'fastify'

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes "trust the first N hops": Fastify 5 answers a bare
 * number by trusting nothing (it cannot tell the proxy from a client that connected past it), so the count is
 * only as safe as a server that nobody reaches except through its proxies; addresses or CIDRs say who they are.
 */
export function trustProxyOption(setting: false | number | string[]): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting
  return setting
}
