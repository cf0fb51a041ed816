/**
 * What `/api/health/ready` asks: the checks areas register (the database, Redis, the job queue) and whether the
 * process is stopping. A proxy polls it every few seconds, so each check is short and bounded in time.
 */

/** Resolves when what it checks answers; throws (or takes longer than its bound) when it does not. */
export type ReadinessCheck = () => Promise<unknown>

export type Readiness = {
  /** Adds a check `/api/health/ready` runs; `name` is what a failing answer names, never a secret. */
  addReadinessCheck: (name: string, check: ReadinessCheck) => void
  /** From now on the process answers "not ready" (`draining`): a proxy sends it no new work while it stops. */
  drain: () => void
  readonly draining: boolean
}

/** The checks' verdict: the names of the ones that failed, empty when every one answered. */
export type ReadinessReport = { checks: string[]; failed: string[] }

const CHECK_TIMEOUT_MS = 2000

export function createReadiness() {
  const checks = new Map<string, ReadinessCheck>()
  let draining = false

  async function run(check: ReadinessCheck) {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), CHECK_TIMEOUT_MS)
    })
    try {
      await Promise.race([check(), timeout])
      return true
    } catch {
      return false
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    addReadinessCheck(name: string, check: ReadinessCheck) {
      if (checks.has(name)) throw new Error(`readiness check "${name}" is registered twice`)
      checks.set(name, check)
    },
    drain() {
      draining = true
    },
    get draining() {
      return draining
    },
    /** Runs every check at once, each bounded by CHECK_TIMEOUT_MS. */
    async report(): Promise<ReadinessReport> {
      const names = [...checks.keys()]
      const results = await Promise.all([...checks.values()].map(run))
      return { checks: names, failed: names.filter((_name, index) => !results[index]) }
    },
  } satisfies Readiness & Record<string, unknown>
}
