import { randomBytes } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Server } from 'socket.io'
import { createRedisAdapter } from '#server/modules/realtime/redis-adapter.ts'

const redisUrl = process.env.REDIS_URL

describe.skipIf(!redisUrl)('the socket servers’ Redis adapter', () => {
  const rejections: unknown[] = []
  const collect = (reason: unknown) => void rejections.push(reason)
  beforeEach(() => {
    rejections.length = 0
    process.on('unhandledRejection', collect)
  })
  afterEach(() => {
    process.off('unhandledRejection', collect)
  })

  it('closes right after it starts without an unhandled rejection (which would stop the process)', async () => {
    const reported: unknown[] = []
    const streamName = `adapter-test-${randomBytes(4).toString('hex')}`
    for (let start = 0; start < 10; start++) {
      const redis = createRedisAdapter({
        url: redisUrl!,
        streamName,
        onError: (error) => reported.push(error),
      })
      const io = new Server(0, { adapter: redis.adapter })
      await io.close()
      await redis.close()
    }
    // The commands the adapter sent fail as their connections close; give those failures time to surface.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(rejections).toEqual([])
    expect(reported).toEqual([])
  })
})
