import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoints.ts'
import { testConfig } from '#server/config.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })
const BOUNDARY = '----fika-photo'

function multipart(bytes: Buffer, filename: string, type: string) {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
}

const upload = (orderId: number, token: string, body: Buffer, lang = 'ru') =>
  t.inject({
    method: 'POST',
    url: `${V1}/orders/${orderId}/photos`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'accept-language': lang,
    },
    payload: body,
  })

async function publishedOrder() {
  const customer = await register(t, { type: 'customer' })
  const electrics = (
    await t.inject({ method: 'GET', url: `${V1}/categories/mastera-po-remontu/restnew/elektrika` })
  ).json().id
  const order = await t.inject({
    method: 'POST',
    url: `${V1}/orders`,
    headers: { authorization: `Bearer ${customer.token}` },
    payload: { services: [electrics], name: 'Повесить люстру', at_customer: true },
  })
  return { customer, order: order.json<{ id: number }>() }
}

// A photo as a phone takes it: JPEG with EXIF (the camera and where it was taken).
const phonePhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Copyright: 'Private person' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '41/1 17/1 0/1' },
    })
    .toBuffer()

describe('POST /orders/{id}/photos', () => {
  it('stores a photo re-encoded without EXIF or GPS and serves it', async () => {
    const { customer, order } = await publishedOrder()
    const original = await phonePhoto()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const response = await upload(order.id, customer.token, multipart(original, 'IMG_0001.jpg', 'image/jpeg'))
    expect(response.statusCode).toBe(200)
    const [path] = response.json().photos
    expect(path).toMatch(/^\/api\/uploads\/orders\/\d+\/[\w-]+\.webp$/)
    const served = await t.inject({ method: 'GET', url: path })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    const metadata = await sharp(served.rawPayload).metadata()
    expect(metadata.format).toBe('webp')
    expect(metadata.exif).toBeUndefined()
    expect(metadata.width).toBe(640)
  })

  it('judges the type by the bytes, not by the name', async () => {
    const { customer, order } = await publishedOrder()
    const fake = await upload(
      order.id,
      customer.token,
      multipart(Buffer.from('MZ this is a program'), 'photo.jpg', 'image/jpeg'),
    )
    expect(fake.statusCode).toBe(400)
    expect(fake.json().error).toMatchObject({
      code: 'file_invalid',
      message: 'Файл слишком большой или неверного формата',
    })
  })

  it('refuses a file over 10 MB with the same message', async () => {
    const { customer, order } = await publishedOrder()
    const huge = await upload(
      order.id,
      customer.token,
      multipart(Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'big.jpg', 'image/jpeg'),
      'en',
    )
    expect(huge.statusCode).toBe(413)
    expect(huge.json().error).toMatchObject({
      code: 'file_invalid',
      message: 'The file is too large or of a wrong format',
    })
  })

  it("refuses another person's order and never serves a path outside the uploads", async () => {
    const { order } = await publishedOrder()
    const stranger = await register(t, { type: 'customer' })
    expect(
      (await upload(order.id, stranger.token, multipart(await phonePhoto(), 'a.jpg', 'image/jpeg')))
        .statusCode,
    ).toBe(403)
    expect((await t.inject({ method: 'GET', url: '/api/uploads/../../etc/passwd' })).statusCode).toBe(404)
  })

  it('never serves a file from a folder beside the uploads whose name starts like it', async () => {
    const beside = join(testConfig().DATA_DIR, 'uploads-private')
    await mkdir(beside, { recursive: true })
    await writeFile(join(beside, 'secret.webp'), 'not for the public')
    const response = await t.inject({ method: 'GET', url: '/api/uploads/..%2Fuploads-private%2Fsecret.webp' })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('not for the public')
  })
})

describe('GET /profile/{id}/orders', () => {
  it("lists a user's orders as customer", async () => {
    const { customer, order } = await publishedOrder()
    const id = (
      await t.inject({
        method: 'GET',
        url: `${V1}/profile`,
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json().id
    const list = (await t.inject({ method: 'GET', url: `${V1}/profile/${id}/orders` })).json()
    expect(list.collection.map((o: { id: number }) => o.id)).toEqual([order.id])
    const completed = (
      await t.inject({
        method: 'GET',
        url: `${V1}/profile/${id}/orders?tab=completed`,
        headers: { authorization: `Bearer ${customer.token}` },
      })
    ).json()
    expect(completed.meta.total).toBe(0)
    // Only the open ones are anyone's business.
    expect(
      (await t.inject({ method: 'GET', url: `${V1}/profile/${id}/orders?tab=completed` })).statusCode,
    ).toBe(403)
  })
})
