import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { endpoints, V1 } from '#contract/endpoints.ts'
import { nextPhone } from '#tests/helpers/auth-flows.ts'
import { multipart, phonePhoto, upload, user } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()

const BOUNDARY = 'bounds-test-boundary'
const MB = 1024 * 1024

/**
 * A multipart body of `fields` fields of `fieldBytes` each, made as it is read, that counts what the server pulled:
 * a body nobody reads costs the test no memory either.
 */
function countedForm(fields: number, fieldBytes: number) {
  const read = { bytes: 0 }
  let index = 0
  const chunk = Buffer.alloc(64 * 1024, 'a')
  let leftInField = 0
  const stream = new Readable({
    read() {
      let piece: Buffer
      if (leftInField > 0) {
        piece = chunk.subarray(0, Math.min(chunk.length, leftInField))
        leftInField -= piece.length
        if (leftInField === 0) piece = Buffer.concat([piece, Buffer.from('\r\n')])
      } else if (index < fields) {
        piece = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="field${index++}"\r\n\r\n`)
        leftInField = fieldBytes
      } else {
        if (index === fields) {
          index++
          piece = Buffer.from(`--${BOUNDARY}--\r\n`)
        } else return void this.push(null)
      }
      read.bytes += piece.length
      this.push(piece)
    },
  })
  return { stream, read, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } }
}

describe('multipart bodies', () => {
  it('are not read for a guest: an upload without a token is refused before its 50 MB are pulled', async () => {
    const form = countedForm(50, MB)
    const response = await t.inject({
      method: 'POST',
      url: endpoints.uploadAvatar.path,
      headers: form.headers,
      payload: form.stream,
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().error.code).toBe('unauthorized')
    expect(form.read.bytes).toBeLessThan(MB)
  })

  it('are refused (415) by every endpoint that takes no form, before a byte of it is read', async () => {
    const customer = await user(t, 'customer')
    for (const [method, url, token] of [
      ['POST', endpoints.login.path, undefined],
      ['POST', `${V1}/orders`, customer.token],
      ['GET', `${V1}/profile`, customer.token],
    ] as const) {
      const form = countedForm(20, MB)
      const response = await t.inject({
        method,
        url,
        headers: { ...form.headers, ...(token && { authorization: `Bearer ${token}` }) },
        payload: form.stream,
      })
      expect(response.statusCode, url).toBe(415)
      expect(response.json().error.code).toBe('unsupported_media_type')
      expect(form.read.bytes, url).toBeLessThan(MB)
    }
  })

  it('of the public SMS forms are a few short fields: a longer one is refused unread, a chunked one cut', async () => {
    const declared = countedForm(200, MB)
    const refused = await t.inject({
      method: 'POST',
      url: endpoints.smsSend.path,
      headers: { ...declared.headers, 'content-length': String(200 * MB) },
      payload: declared.stream,
    })
    expect(refused.statusCode).toBe(413)
    expect(refused.json().error.code).toBe('request_too_large')
    expect(declared.read.bytes).toBeLessThan(MB)

    // Without a length, busboy reads on but keeps no value past 256 bytes, and the fifth field ends the form.
    const chunked = countedForm(200, MB)
    const cut = await t.inject({
      method: 'POST',
      url: endpoints.smsSend.path,
      headers: chunked.headers,
      payload: chunked.stream,
    })
    expect(cut.statusCode).toBe(413)
    expect(cut.json().error).toHaveProperty('code')
  })

  it('of an upload carry one file and a client id at most', async () => {
    const specialist = await user(t, 'executor')
    const photo = await phonePhoto()
    const twoFiles = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n`),
      Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
      photo,
      Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file2"; filename="b.jpg"\r\n`),
      Buffer.from('Content-Type: image/jpeg\r\n\r\n'),
      photo,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ])
    const refused = await t.inject({
      method: 'POST',
      url: endpoints.uploadAvatar.path,
      headers: {
        authorization: `Bearer ${specialist.token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      payload: twoFiles,
    })
    expect(refused.statusCode).toBe(413)
    expect(refused.json().error.code).toBe('file_invalid')

    const accepted = await upload(t, '/profile/avatar', specialist, multipart(photo))
    expect(accepted.statusCode, accepted.body).toBe(200)
  })

  it('still carry the spec’s SMS form', async () => {
    const form = [
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="phone"\r\n\r\n${nextPhone()}\r\n`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nregister\r\n`,
      `--${BOUNDARY}--\r\n`,
    ].join('')
    const response = await t.inject({
      method: 'POST',
      url: endpoints.smsSend.path,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: form,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ status: true })
  })
})
