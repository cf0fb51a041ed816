import { readFile } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { V1 } from '#contract/endpoint.ts'
import { ADMIN_API } from '#contract/verification-endpoints.ts'
import { createDocumentVault } from '#server/adapters/documents/document-vault.ts'
import { parseDocumentsKeys } from '#server/documents-key.ts'
import { testConfig } from '#server/config.ts'
import { translate } from '#server/i18n/messages.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { bell } from '#tests/helpers/notifications.ts'
import { phonePhoto, send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'

const t = useTestApp()
/** The test apps' configuration: their data folder and documents key. */
const CONFIG = testConfig()
const BOUNDARY = '----fika-documents'
const DAY_S = 24 * 3600

/** The verification form as the app sends it: the type and the photos that are given. */
function documentsForm(type: string, photos: Partial<Record<'front' | 'back' | 'selfie', Buffer>>) {
  const parts: Buffer[] = [
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
  ]
  for (const [name, bytes] of Object.entries(photos))
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    )
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`))
  return Buffer.concat(parts)
}

const submit = async (caller: Caller | null, type = 'id_card', photos?: Record<string, Buffer>) =>
  t.inject({
    method: 'POST',
    url: `${V1}/profile/verification`,
    headers: {
      ...(caller && { authorization: `Bearer ${caller.token}` }),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: documentsForm(type, photos ?? { front: await phonePhoto(), selfie: await phonePhoto(480, 640) }),
  })

const status = async (caller: Caller) =>
  (await send(t, 'GET', '/profile/verification', caller)).json<{
    verification: number
    reason: string | null
    reason_text: string | null
  }>()

/** Calls the moderation API as `caller` (null: a guest). */
const admin = (caller: Caller | null, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.inject({
    method,
    url: `${ADMIN_API}${path}`,
    headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    ...(payload && { payload }),
  })

/** The running app, told of a role given or taken as the command tells servers over Redis. */
const servers = { userChanged: (userId: number) => t.app.auth.sessionCache.forget({ user: userId }) }

async function moderator() {
  const person = await user(t, 'customer')
  expect(await runStaffRole(t.db.db, 'moderator', ['add', person.phone], servers)).toMatch(
    /is now a moderator/,
  )
  return person
}

type Queued = {
  id: number
  user: { id: number }
  photos: { front: string; back: string | null; selfie: string }
}
async function queued(by: Caller, ofUser: number) {
  const response = await admin(by, 'GET', '/verifications')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ collection: Queued[] }>().collection.find((row) => row.user.id === ofUser)!
}

const auditRows = async (target: string) =>
  (
    (await t.db.db.execute(
      sql`select actor_id as "actorId", action, reason from audit_log where target = ${target} order by id`,
    )) as unknown as { rows: { actorId: number; action: string; reason: string | null }[] }
  ).rows

describe('identity verification', () => {
  it('goes 0 → 2 → 1, and refuses a second submission while under review or once verified', async () => {
    const specialist = await user(t, 'executor')
    expect(await status(specialist)).toMatchObject({ verification: 0, reason: null })
    const sent = await submit(specialist)
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toMatchObject({ verification: 2, type: 'id_card' })
    const again = await submit(specialist)
    expect(again.statusCode).toBe(409)
    expect(again.json().error).toMatchObject({ code: 'verification_not_allowed' })

    const mod = await moderator()
    const row = await queued(mod, specialist.id)
    const approved = await admin(mod, 'POST', `/verifications/${row.id}/approve`)
    expect(approved.statusCode, approved.body).toBe(200)
    expect(await status(specialist)).toMatchObject({ verification: 1 })
    expect((await send(t, 'GET', '/profile', specialist)).json()).toMatchObject({ verification: 1 })
    // The specialist is told, on their channels, as of any notification.
    expect((await bell(t, specialist)).collection).toEqual([
      expect.objectContaining({ type_push: 'verification_approved', link: '/account#verification' }),
    ])
    expect((await submit(specialist)).statusCode).toBe(409)
    // Decided once: a second decision on it, by anyone, is refused.
    const late = await admin(mod, 'POST', `/verifications/${row.id}/deny`, { reason: 'unreadable' })
    expect(late.statusCode).toBe(409)
    expect(late.json().error.code).toBe('submission_decided')
  })

  it('goes 2 → 3 with the moderator’s reason shown to the specialist, who can send again (→ 2)', async () => {
    const specialist = await user(t, 'executor')
    await submit(specialist, 'passport')
    const mod = await moderator()
    const row = await queued(mod, specialist.id)
    const denied = await admin(mod, 'POST', `/verifications/${row.id}/deny`, {
      reason: 'unreadable',
      text: 'Фото размыто, переснимите при свете',
    })
    expect(denied.statusCode, denied.body).toBe(200)
    expect(await status(specialist)).toMatchObject({
      verification: 3,
      reason: 'unreadable',
      reason_text: 'Фото размыто, переснимите при свете',
    })
    expect((await bell(t, specialist)).collection).toEqual([
      expect.objectContaining({ type_push: 'verification_denied' }),
    ])
    const resent = await submit(specialist, 'driver_licence')
    expect(resent.json()).toMatchObject({ verification: 2, type: 'driver_licence', reason: null })
    const noReason = await admin(mod, 'POST', `/verifications/${row.id}/deny`, {})
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().error.code).toBe('deny_reason_required')
  })

  it('refuses a customer, a guest, an unknown type and a form without the selfie, keeping nothing', async () => {
    const customer = await user(t, 'customer')
    const refused = await submit(customer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({
      code: 'only_specialists_verify',
      message: translate('only_specialists_verify', 'ru'),
    })
    expect((await submit(null)).statusCode).toBe(401)
    const specialist = await user(t, 'executor')
    const badType = await submit(specialist, 'library_card')
    expect(badType.statusCode).toBe(400)
    expect(badType.json().error.code).toBe('document_type_invalid')
    const noSelfie = await submit(specialist, 'passport', { front: await phonePhoto() })
    expect(noSelfie.statusCode).toBe(400)
    expect(noSelfie.json().error).toMatchObject({
      code: 'document_photo_required',
      fields: { selfie: [translate('document_photo_required', 'ru')] },
    })
    const notAPhoto = await submit(specialist, 'passport', {
      front: Buffer.from('%PDF-1.4 not a photo'),
      selfie: await phonePhoto(),
    })
    expect(notAPhoto.json().error).toMatchObject({
      fields: { front: [translate('document_photo_required', 'ru')] },
    })
    expect(await status(specialist)).toMatchObject({ verification: 0 })
  })
})

describe('the moderation API', () => {
  it('answers 401 to a guest and 403 to a customer, a specialist and support staff, on every route', async () => {
    const customer = await user(t, 'customer')
    const specialist = await user(t, 'executor')
    const support = await user(t, 'customer')
    await runStaffRole(t.db.db, 'support', ['add', support.phone], servers)
    const routes = [
      ['GET', '/verifications'],
      ['POST', '/verifications/1/approve'],
      ['POST', '/verifications/1/deny', { reason: 'other' }],
      ['GET', '/audit'],
    ] as const
    for (const [method, path, payload] of routes) {
      expect((await admin(null, method, path, payload)).statusCode, `${method} ${path}`).toBe(401)
      for (const caller of [customer, specialist, support])
        expect((await admin(caller, method, path, payload)).statusCode, `${method} ${path}`).toBe(403)
    }
  })

  it('shows a document only through a moderator’s fresh, untouched link, never cached, and audits each read', async () => {
    const specialist = await user(t, 'executor')
    const stranger = await user(t, 'executor')
    await submit(specialist)
    const mod = await moderator()
    const row = await queued(mod, specialist.id)
    const read = await t.inject({ method: 'GET', url: row.photos.front })
    expect(read.statusCode).toBe(200)
    expect(read.headers['content-type']).toBe('image/webp')
    expect(read.headers['cache-control']).toBe('no-store')
    expect((await sharp(read.rawPayload).metadata()).exif).toBeUndefined()
    expect(row.photos.back).toBeNull()
    expect(await auditRows(`identity_submission:${row.id}`)).toEqual([
      { actorId: mod.id, action: 'document.read', reason: 'front' },
    ])

    // The link names its reader: another reader in it breaks the signature; a stranger cannot use it.
    const forged = row.photos.front.replace(`r=${mod.id}`, `r=${stranger.id}`)
    expect((await t.inject({ method: 'GET', url: forged })).statusCode).toBe(404)
    // A moderator no longer one when the link is used reads nothing.
    await runStaffRole(t.db.db, 'moderator', ['remove', mod.phone], servers)
    expect((await t.inject({ method: 'GET', url: row.photos.selfie })).statusCode).toBe(403)
    await runStaffRole(t.db.db, 'moderator', ['add', mod.phone], servers)
    t.clock.advance(301)
    expect((await t.inject({ method: 'GET', url: row.photos.selfie })).statusCode).toBe(404)
    expect(await auditRows(`identity_submission:${row.id}`)).toHaveLength(1)
  })

  it('writes every decision to the audit log, which lists it and can never be changed', async () => {
    const specialist = await user(t, 'executor')
    await submit(specialist)
    const mod = await moderator()
    const row = await queued(mod, specialist.id)
    await admin(mod, 'POST', `/verifications/${row.id}/deny`, { reason: 'mismatch', text: 'Не тот человек' })
    const target = `identity_submission:${row.id}`
    expect(await auditRows(target)).toEqual([
      { actorId: mod.id, action: 'verification.deny', reason: 'mismatch: Не тот человек' },
    ])
    const listed = (await admin(mod, 'GET', `/audit?q=${target}`)).json<{ collection: object[] }>()
    expect(listed.collection).toEqual([
      expect.objectContaining({
        action: 'verification.deny',
        target,
        actor: expect.objectContaining({ id: mod.id }),
      }),
    ])
    await expect(
      t.db.db.execute(sql`update audit_log set reason = 'nothing' where target = ${target}`),
    ).rejects.toThrow()
    await expect(t.db.db.execute(sql`delete from audit_log where target = ${target}`)).rejects.toThrow()
    expect(await auditRows(target)).toHaveLength(1)
  })
})

describe('the documents at rest', () => {
  it('are not an image on disk without the key, and open with it', async () => {
    const keys = parseDocumentsKeys(`1:${Buffer.alloc(32, 3).toString('base64')}`)
    const vault = createDocumentVault(CONFIG.DATA_DIR, keys)
    const photo = await phonePhoto()
    const name = await vault.store(photo)
    const onDisk = await readFile(vault.pathOf(name))
    await expect(sharp(onDisk).metadata()).rejects.toThrow()
    expect(onDisk.includes(photo.subarray(0, 64))).toBe(false)
    expect(await vault.open(name)).toEqual(photo)
    // Another key cannot open it, and a byte changed on disk is caught.
    const other = createDocumentVault(
      CONFIG.DATA_DIR,
      parseDocumentsKeys(`1:${Buffer.alloc(32, 4).toString('base64')}`),
    )
    await expect(other.open(name)).rejects.toThrow()
    await vault.remove(name)
  })

  it('are deleted by retention once their decision is older than the configured days', async () => {
    const specialist = await user(t, 'executor')
    await submit(specialist)
    const mod = await moderator()
    const row = await queued(mod, specialist.id)
    await admin(mod, 'POST', `/verifications/${row.id}/approve`)
    const [files] = (
      (await t.db.db.execute(
        sql`select front, selfie from identity_submissions where id = ${row.id}`,
      )) as unknown as { rows: { front: string; selfie: string }[] }
    ).rows
    const vault = createDocumentVault(CONFIG.DATA_DIR, parseDocumentsKeys(CONFIG.DOCUMENTS_KEY!))
    const runRetention = async () => {
      await t.app.jobs.send('retention.documents', {})
      await jobsSettled(t.db)
    }
    await runRetention()
    expect(await vault.open(files!.front)).toBeDefined()
    t.clock.advance((CONFIG.DOCUMENTS_RETENTION_DAYS + 1) * DAY_S)
    await runRetention()
    expect(await vault.open(files!.front)).toBeUndefined()
    expect(await vault.open(files!.selfie)).toBeUndefined()
    const [after] = (
      (await t.db.db.execute(
        sql`select front, files_deleted_at is not null as gone from identity_submissions where id = ${row.id}`,
      )) as unknown as { rows: { front: string | null; gone: boolean }[] }
    ).rows
    expect(after).toEqual({ front: null, gone: true })
    // The decision stays: the badge does not depend on the photos.
    const [kept] = (
      (await t.db.db.execute(sql`select verification from users where id = ${specialist.id}`)) as unknown as {
        rows: { verification: number }[]
      }
    ).rows
    expect(kept).toEqual({ verification: 1 })
  })
})
