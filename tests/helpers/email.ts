import { expect } from 'vitest'
import type { startFakeSmtp } from '#tests/helpers/fake-smtp.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { send, type Caller } from '#tests/helpers/specialists.ts'
import type { TestApp } from '#tests/helpers/test-app.ts'

let addresses = 0

/** Gives the person a new address and follows the link the fake mail server took for it; answers the address. */
export async function verifiedAddress(
  t: TestApp,
  smtp: Awaited<ReturnType<typeof startFakeSmtp>>,
  caller: Caller,
) {
  const address = `person${++addresses}-${caller.id}@example.uz`
  const saved = await send(t, 'PUT', `/profile/${caller.id}`, caller, { email: address })
  expect(saved.statusCode, saved.body).toBe(200)
  await jobsSettled(t.db)
  const [mail] = smtp.to(address)
  const link = /https?:\/\/[^/\s]+(\/api\/email\/verify\?t=[\w-]+&lang=\w+)/.exec(mail!.text)![1]!
  expect((await t.inject({ method: 'GET', url: link })).headers.location).toContain('email=verified')
  smtp.reset()
  return address
}
