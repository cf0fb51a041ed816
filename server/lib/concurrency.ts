/**
 * Runs at most `max` tasks at once; the others wait in order. One limiter shared by every caller bounds the
 * whole process (a new order pushed to thousands of specialists), not each call on its own.
 */
export function limitConcurrency(max: number) {
  let running = 0
  const waiting: (() => void)[] = []

  const release = () => {
    running -= 1
    const next = waiting.shift()
    if (next) {
      running += 1
      next()
    }
  }

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      release()
    }
  }
}
