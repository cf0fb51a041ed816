import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findHaproxy, HAPROXY_CONFIG } from '../../scripts/cluster.ts'

const ROOT = join(import.meta.dirname, '../..')
const read = (path: string) => readFile(join(ROOT, path), 'utf8')

/** The variables server/config.ts reads: the keys of its environment schema. */
async function configVariables() {
  const source = await read('server/config.ts')
  const entries = source.slice(source.indexOf('const EnvEntries'), source.indexOf('type Env ='))
  return [...entries.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!)
}

/** The `environment:` entries of one service (or the anchor) in deploy/compose.yaml, by indentation. */
function environmentOf(compose: string, service: string) {
  const start =
    compose.indexOf(`\n${service}:`) >= 0
      ? compose.indexOf(`\n${service}:`)
      : compose.indexOf(`  ${service}:`)
  const block = compose.slice(compose.indexOf('environment:', start))
  const lines = block.split('\n').slice(1)
  const names: string[] = []
  for (const line of lines) {
    const entry = /^ {4,6}([A-Z][A-Z0-9_]*):/.exec(line)
    if (entry) names.push(entry[1]!)
    else if (!/^\s*#/.test(line)) break
  }
  return names
}

describe('the production deployment files', () => {
  it('name every variable the server reads, in the example env file or in compose itself', async () => {
    const example = await read('deploy/production.env.example')
    const compose = await read('deploy/compose.yaml')
    const named = new Set([
      ...[...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!),
      ...environmentOf(compose, 'x-app: &app'),
    ])
    const variables = await configVariables()
    expect(variables.length).toBeGreaterThan(30)
    expect(variables.filter((name) => !named.has(name))).toEqual([])
  })

  it('gives HAProxy in compose every setting deploy/haproxy.cfg reads, TLS included', async () => {
    const config = await read('deploy/haproxy.cfg')
    const compose = await read('deploy/compose.yaml')
    const used = new Set(
      [...config.matchAll(/\$\{([A-Z0-9_]+)\}|defined\(([A-Z0-9_]+)\)/g)].map((m) => m[1] ?? m[2]),
    )
    expect([...used].sort()).toEqual(environmentOf(compose, '  haproxy').sort())
  })

  it('keeps /metrics, session pinning, the readiness check and the retries in the proxy', async () => {
    const config = await read('deploy/haproxy.cfg')
    for (const rule of [
      'http-request deny deny_status 404 if { path /metrics } || { path_beg /metrics/ }',
      'option forwardfor',
      'cookie SERVERID insert indirect nocache',
      'balance roundrobin',
      'option httpchk GET "${HEALTH_PATH}"',
      'presetenv HEALTH_PATH /api/health/ready',
      'http-check expect status 200',
      'timeout tunnel 1h',
      'option redispatch',
      'retry-on conn-failure empty-response response-timeout 503',
      'retries 3',
    ])
      expect(config).toContain(rule)
  })

  it.skipIf(!findHaproxy())('is a configuration HAProxy accepts, with TLS as compose runs it', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'fika-tls-'))
    try {
      const certificate = join(folder, 'fika.pem')
      // A self-signed certificate and its key in one PEM, the form certbot's files are joined into.
      const made = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=fika.test',
        '-keyout',
        certificate,
        '-out',
        join(folder, 'cert.pem'),
      ])
      expect(made.status).toBe(0)
      await writeFile(
        certificate,
        (await readFile(join(folder, 'cert.pem'), 'utf8')) + (await readFile(certificate, 'utf8')),
      )
      const checked = spawnSync(findHaproxy()!, ['-c', '-f', HAPROXY_CONFIG], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', TLS_CERT: certificate, STATS_BIND: ':8404' },
      })
      expect(checked.status, checked.stderr).toBe(0)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
