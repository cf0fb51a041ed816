import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { multipart, phonePhoto, send, upload, user } from '#tests/helpers/specialists.ts'

const t = useTestApp()

const KINDS = [
  {
    kind: 'documents',
    body: { name: 'Диплом колледжа', description: 'Электрик' },
    label: 'name',
    files: 'files',
    filesUrl: 'files',
    max: 30,
  },
  {
    kind: 'works',
    body: { title: 'Проводка в квартире', description: 'Три комнаты' },
    label: 'title',
    files: 'photos',
    filesUrl: 'photos',
    max: 50,
  },
] as const

describe.each(KINDS)('$kind', ({ kind, body, label, files, filesUrl, max }) => {
  it('adds, changes, lists in order, reorders and deletes the caller’s items', async () => {
    const me = await user(t)
    const first = await send(t, 'POST', `/${kind}`, me, body)
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({ [label]: Object.values(body)[0], [files]: [], position: 0 })
    const second = (await send(t, 'POST', `/${kind}`, me, { ...body, description: null })).json()
    expect(second.position).toBe(1)
    const changed = await send(t, 'PUT', `/${kind}/${first.json().id}`, me, { ...body, description: 'Новое' })
    expect(changed.json().description).toBe('Новое')

    const reordered = await send(t, 'PUT', `/${kind}/order`, me, { ids: [second.id, first.json().id] })
    expect(reordered.json().collection.map((item: { id: number }) => item.id)).toEqual([
      second.id,
      first.json().id,
    ])
    const listed = await send(t, 'GET', `/profile/${me.id}/${kind}?perPage=1&page=2`, null)
    expect(listed.json()).toMatchObject({
      collection: [{ id: first.json().id }],
      meta: { page: 2, perPage: 1, total: 2 },
    })
    expect((await send(t, 'PUT', `/${kind}/order`, me, { ids: [second.id] })).statusCode).toBe(400)
    expect((await send(t, 'PUT', `/${kind}/order`, me, { ids: [second.id, second.id] })).statusCode).toBe(400)

    expect((await send(t, 'DELETE', `/${kind}/${second.id}`, me)).json()).toEqual({ status: true })
    expect((await send(t, 'GET', `/profile/${me.id}/${kind}`, null)).json().meta.total).toBe(1)
  })

  it('stores files re-encoded without EXIF, at most 10, and removes one by its index', async () => {
    const me = await user(t)
    const item = (await send(t, 'POST', `/${kind}`, me, body)).json()
    const photo = await phonePhoto()
    for (let i = 0; i < 10; i++) {
      const added = await upload(t, `/${kind}/${item.id}/${filesUrl}`, me, multipart(photo))
      expect(added.statusCode, added.body).toBe(200)
    }
    const eleventh = await upload(t, `/${kind}/${item.id}/${filesUrl}`, me, multipart(photo), 'en')
    expect(eleventh.statusCode).toBe(400)
    expect(eleventh.json().error.fields.file).toEqual(['At most 10 files'])

    const paths: string[] = (await send(t, 'GET', `/profile/${me.id}/${kind}`, null)).json().collection[0][
      files
    ]
    expect(paths).toHaveLength(10)
    const served = await t.inject({ method: 'GET', url: paths[0]! })
    expect(served.headers['content-type']).toBe('image/webp')
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined()

    const removed = await send(t, 'DELETE', `/${kind}/${item.id}/${filesUrl}/3`, me)
    expect(removed.json()[files]).toEqual([...paths.slice(0, 3), ...paths.slice(4)])
    expect((await t.inject({ method: 'GET', url: paths[3]! })).statusCode).toBe(404)
    expect((await send(t, 'DELETE', `/${kind}/${item.id}/${filesUrl}/9`, me)).statusCode).toBe(404)

    const fake = await upload(
      t,
      `/${kind}/${item.id}/${filesUrl}`,
      me,
      multipart(Buffer.from('MZ not a picture')),
    )
    expect(fake.json().error.code).toBe('file_invalid')
  })

  it(`keeps at most ${max} per user`, async () => {
    const me = await user(t)
    for (let i = 0; i < max; i++) expect((await send(t, 'POST', `/${kind}`, me, body)).statusCode).toBe(201)
    const over = await send(t, 'POST', `/${kind}`, me, body)
    expect(over.statusCode).toBe(400)
    expect(over.json().error.code).toBe('too_many_items')
  })

  it('lets only the owner write: another user gets 403 and a guest 401, for every write', async () => {
    const owner = await user(t)
    const other = await user(t)
    const item = (await send(t, 'POST', `/${kind}`, owner, body)).json()
    await upload(t, `/${kind}/${item.id}/${filesUrl}`, owner, multipart(await phonePhoto()))
    expect((await send(t, 'POST', `/${kind}`, null, body)).statusCode).toBe(401)
    const writes = [
      ['PUT', `/${kind}/${item.id}`, body],
      ['DELETE', `/${kind}/${item.id}/${filesUrl}/0`, undefined],
      ['DELETE', `/${kind}/${item.id}`, undefined],
    ] as const
    const photo = multipart(await phonePhoto())
    expect((await upload(t, `/${kind}/${item.id}/${filesUrl}`, null, photo)).statusCode).toBe(401)
    expect((await upload(t, `/${kind}/${item.id}/${filesUrl}`, other, photo)).statusCode).toBe(403)
    for (const [method, url, payload] of writes) {
      expect((await send(t, method, url, null, payload)).statusCode, `${method} ${url} guest`).toBe(401)
      expect((await send(t, method, url, other, payload)).statusCode, `${method} ${url} other`).toBe(403)
    }
    // Someone else's id in a reorder is not theirs to order.
    expect((await send(t, 'PUT', `/${kind}/order`, other, { ids: [item.id] })).statusCode).toBe(400)
    expect((await send(t, 'PUT', `/${kind}/order`, null, { ids: [item.id] })).statusCode).toBe(401)
    expect((await upload(t, `/${kind}/${item.id}/${filesUrl}`, owner, photo)).statusCode).toBe(200)
    expect((await send(t, 'PUT', `/${kind}/order`, owner, { ids: [item.id] })).statusCode).toBe(200)
    for (const [method, url, payload] of writes) {
      expect((await send(t, method, url, owner, payload)).statusCode, `${method} ${url} owner`).toBe(200)
    }
  })
})
