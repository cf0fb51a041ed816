import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { login, PASSWORD } from '#tests/helpers/auth-flows.ts'
import { act, publish, specialist } from '#tests/helpers/notifications.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

// A miniature build: the page of a profile is the server's shell with (or without) the profile's head.
const SHELL =
  '<!doctype html><html lang="ru"><head><title>Fika</title></head><body><div id="root"></div></body></html>'
const webRoot = await mkdtemp(join(tmpdir(), 'fika-customer-privacy-'))
await writeFile(join(webRoot, 'index.html'), SHELL)
afterAll(() => rm(webRoot, { recursive: true, force: true }))

const SITE = 'https://fika.example'
const t = useTestApp({ catalogue: true, config: { PUBLIC_URL: SITE }, deps: { webRoot } })

/** An id nobody has: what every refusal must look like, so that a refusal says nothing of who exists. */
const NOBODY = 2_000_000
const CUSTOMER_NAME = 'Гулнора'
const CUSTOMER_SURNAME = 'Секретова'

type Person = Caller & { slug: string }

async function withSlug(caller: Caller): Promise<Person> {
  const profile = (await send(t, 'GET', '/profile', caller)).json<{ slug: string }>()
  return { ...caller, slug: profile.slug }
}

/**
 * A customer and everyone around her: a specialist who replied to her order, one she chose on another, one she sent
 * a direct order to, and a customer and a specialist who never dealt with her.
 */
async function neighbourhood() {
  const customer = await withSlug(await user(t, 'customer'))
  const renamed = await send(t, 'PUT', `/profile/${customer.id}`, customer, {
    name: CUSTOMER_NAME,
    surname: CUSTOMER_SURNAME,
  })
  expect(renamed.statusCode, renamed.body).toBe(200)
  const replier = await withSlug(await specialist(t))
  const chosen = await withSlug(await specialist(t))
  const direct = await withSlug(await specialist(t))
  const strangerCustomer = await withSlug(await user(t, 'customer'))
  const strangerSpecialist = await withSlug(await specialist(t))

  const replied = await publish(t, customer)
  expect(
    (await send(t, 'POST', `/orders/${replied.id}/replies`, replier, { message: 'Сделаю сегодня' }))
      .statusCode,
  ).toBe(201)
  const choosing = await publish(t, customer)
  expect(
    (await send(t, 'POST', `/orders/${choosing.id}/replies`, chosen, { message: 'Могу завтра утром' }))
      .statusCode,
  ).toBe(201)
  await act(t, choosing.id, 'choose', customer, { executor_id: chosen.id })
  await publish(t, customer, { executor_id: direct.id })
  await t.app.services.events.settled()
  return { customer, replier, chosen, direct, strangerCustomer, strangerSpecialist }
}

const get = (url: string, caller: Caller | null, lang = 'en') => send(t, 'GET', url, caller, undefined, lang)

/** The person's profile as the caller reads it, by id and by slug, and their reviews list. */
async function reads(person: Person, caller: Caller | null) {
  return Promise.all([
    get(`/myprofile/${person.id}`, caller),
    get(`/myprofile/${person.slug}`, caller),
    get(`/profile/${person.id}/reviews`, caller),
  ])
}

/** Refused exactly as a user who does not exist is: the same status and the same body. */
async function expectNotFound(person: Person, caller: Caller | null, who: string) {
  const missing = await Promise.all([
    get(`/myprofile/${NOBODY}`, caller),
    get('/myprofile/nobody-here-1', caller),
    get(`/profile/${NOBODY}/reviews`, caller),
  ])
  const answers = await reads(person, caller)
  answers.forEach((answer, i) => {
    expect(answer.statusCode, who).toBe(404)
    expect(answer.json(), who).toEqual(missing[i]!.json())
    expect(answer.body, who).not.toContain(CUSTOMER_SURNAME)
  })
  expect(answers[0]!.json()).toMatchObject({ error: { type: 'not_found', code: 'not_found' } })
}

async function expectReadable(person: Person, caller: Caller | null, who: string) {
  const [byId, bySlug, reviews] = await reads(person, caller)
  for (const answer of [byId!, bySlug!, reviews!])
    expect(answer.statusCode, `${who}: ${answer.body}`).toBe(200)
  expect(byId!.json()).toMatchObject({ id: person.id, slug: person.slug })
  expect(bySlug!.json()).toMatchObject({ id: person.id })
}

describe("a customer's profile", () => {
  it("is read by the customer herself and the specialists she dealt with, by nobody else; a specialist's by all", async () => {
    const people = await neighbourhood()
    const { customer } = people
    await expectNotFound(customer, null, 'guest')
    await expectNotFound(customer, people.strangerCustomer, 'a customer who never dealt with her')
    await expectNotFound(customer, people.strangerSpecialist, 'a specialist who never dealt with her')
    for (const [who, caller] of [
      ['the specialist who replied', people.replier],
      ['the chosen specialist', people.chosen],
      ['the specialist of her direct order', people.direct],
      ['the customer herself', customer],
    ] as const)
      await expectReadable(customer, caller, who)
    expect((await get(`/myprofile/${customer.id}`, people.replier)).json()).toMatchObject({
      name: CUSTOMER_NAME,
      surname: CUSTOMER_SURNAME,
    })
    for (const [who, caller] of [
      ['guest', null],
      ['a customer who never dealt with them', people.strangerCustomer],
      ['another specialist', people.strangerSpecialist],
      ['their customer', customer],
      ['themselves', people.replier],
    ] as const)
      await expectReadable(people.replier, caller, `a specialist's profile, to ${who}`)
  })

  it('follows the specialist profile, not the mode of the last login', async () => {
    const customer = await withSlug(await user(t, 'customer'))
    // A specialist with a specialty who logs in to order something keeps a public profile.
    const ordering = await withSlug(await specialist(t))
    const asCustomer = await login(t, { username: ordering.phone, password: PASSWORD, type: 'customer' })
    expect(asCustomer.statusCode).toBe(200)
    await expectReadable(ordering, null, 'a specialist in customer mode, to a guest')
    // One with no specialty who replied once, then went back to ordering, is a customer again: private, except to
    // the customer whose order they replied to.
    const once = await withSlug(await user(t, 'executor'))
    const order = await publish(t, customer)
    expect(
      (await send(t, 'POST', `/orders/${order.id}/replies`, once, { message: 'Сделаю сегодня' })).statusCode,
    ).toBe(201)
    expect((await login(t, { username: once.phone, password: PASSWORD, type: 'customer' })).statusCode).toBe(
      200,
    )
    await expectNotFound(once, null, 'a customer again, to a guest')
    await expectNotFound(once, await user(t, 'executor'), 'a customer again, to a stranger specialist')
    await expectReadable(once, customer, 'the customer of the order they replied to')
  })
})

describe('the sitemap and the public pages', () => {
  /** Every address of the sitemap's profile files. */
  async function profileAddresses() {
    const index = await t.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(index.statusCode).toBe(200)
    const files = [...index.body.matchAll(/<loc>([^<]*)<\/loc>/g)]
      .map((match) => match[1]!.slice(SITE.length))
      .filter((path) => path.startsWith('/sitemap-profiles-'))
    const bodies = await Promise.all(files.map((path) => t.inject({ method: 'GET', url: path })))
    return bodies.flatMap((file) => [...file.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!))
  }

  it('lists the specialists and no customer', async () => {
    const people = await neighbourhood()
    const listed = await profileAddresses()
    for (const someone of [people.replier, people.chosen, people.direct, people.strangerSpecialist])
      expect(listed).toContain(`${SITE}/profile/${someone.slug}`)
    for (const someone of [people.customer, people.strangerCustomer])
      expect(listed.filter((loc) => loc.includes(`/profile/${someone.slug}`))).toEqual([])
  })

  it("answers a customer's page as a missing profile's: the plain shell under a 404, without her name", async () => {
    const people = await neighbourhood()
    const page = async (path: string, status = 404) => {
      const response = await t.inject({
        method: 'GET',
        url: `${path}?lang=en`,
        headers: { accept: 'text/html', host: 'fika.uz', 'accept-language': 'en' },
      })
      expect(response.statusCode, path).toBe(status)
      return response.body
    }
    const missing = await page('/profile/nobody-here-1')
    expect(missing).toBe(
      SHELL.replace('<html lang="ru"', '<html lang="en"').replace(
        '</title>',
        '</title><meta name="robots" content="noindex">',
      ),
    )
    const { customer } = people
    for (const path of [
      `/profile/${customer.slug}`,
      `/profile/${customer.id}`,
      `/feedbacks/${customer.id}`,
    ]) {
      const html = await page(path)
      expect(html, path).toBe(missing)
      expect(html, path).not.toContain(CUSTOMER_SURNAME)
    }
    // A specialist's page has its own head.
    expect(await page(`/profile/${people.replier.slug}`, 200)).toContain('data-server-head')
  })
})

describe('a direct conversation', () => {
  const open = (caller: Caller, userId: number) =>
    send(t, 'POST', '/chats', caller, { user_id: userId }, 'en')

  async function expectOpened(caller: Caller, userId: number, who: string) {
    const opened = await open(caller, userId)
    expect(opened.statusCode, `${who}: ${opened.body}`).toBe(200)
    expect(opened.json(), who).toMatchObject({ kind: 'direct', other: { id: userId } })
    return opened.json<{ id: number }>()
  }

  it('is refused towards a customer by anyone she never dealt with, as if she did not exist', async () => {
    const people = await neighbourhood()
    for (const [who, caller] of [
      ['a stranger customer', people.strangerCustomer],
      ['a stranger specialist', people.strangerSpecialist],
    ] as const) {
      const refused = await open(caller, people.customer.id)
      expect(refused.statusCode, who).toBe(404)
      expect(refused.json(), who).toEqual((await open(caller, NOBODY)).json())
    }
    expect((await send(t, 'POST', '/chats', null, { user_id: people.customer.id })).statusCode).toBe(401)
    expect((await send(t, 'GET', '/chats', people.strangerSpecialist)).json().collection).toEqual([])
    expect((await send(t, 'GET', '/chats', people.strangerCustomer)).json().collection).toEqual([])

    // Towards a specialist, anyone may write.
    for (const [who, caller] of [
      ['a customer who never dealt with them', people.strangerCustomer],
      ['another specialist', people.replier],
      ['their customer', people.customer],
    ] as const)
      await expectOpened(caller, people.strangerSpecialist.id, who)
    // A specialist answers the customer who wrote to them first: the same conversation.
    const answered = await expectOpened(people.strangerSpecialist, people.strangerCustomer.id, 'the answer')
    expect((await open(people.strangerCustomer, people.strangerSpecialist.id)).json()).toMatchObject({
      id: answered.id,
    })
  })

  it('opens between a customer and the specialists of her orders, either way round, and no further', async () => {
    const people = await neighbourhood()
    for (const [who, executor] of [
      ['the specialist who replied', people.replier],
      ['the chosen specialist', people.chosen],
      ['the specialist of her direct order', people.direct],
    ] as const) {
      const theirs = await expectOpened(executor, people.customer.id, who)
      expect((await open(people.customer, executor.id)).json()).toMatchObject({ id: theirs.id })
    }
    // Writing to one of her specialists gives a stranger no way to her.
    await expectOpened(people.strangerSpecialist, people.replier.id, 'a specialist to another')
    expect((await open(people.strangerSpecialist, people.customer.id)).statusCode).toBe(404)
  })
})
