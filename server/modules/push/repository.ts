import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { pushSubscriptions, type PushSubscriptionRow } from '#server/db/schema/notifications.ts'
import type { Locale } from '#server/i18n/locale.ts'

export type { PushSubscriptionRow }

/** One device as the push module keeps it. */
export type DeviceSubscription = {
  provider: 'webpush' | 'fcm'
  endpoint: string
  p256dh: string | null
  auth: string | null
}

export function createPushRepository(db: Database) {
  return {
    /**
     * Keeps a device for a user. The endpoint names the device, so one subscribed before (by anyone) is updated:
     * it now belongs to whoever is logged in on it.
     */
    async upsert(userId: number, device: DeviceSubscription, locale: Locale, now: Date) {
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...device, locale, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, ...device, locale, createdAt: now, lastSuccessAt: null },
        })
    },

    /** Deletes a user's devices beyond the newest `keep` (by when they subscribed). */
    async keepNewest(userId: number, keep: number) {
      const stale = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .offset(keep)
      if (stale.length === 0) return
      await db.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          stale.map((row) => row.id),
        ),
      )
    },

    /**
     * The browser replaced a subscription: the old endpoint's row moves to the new one, with its owner and
     * language. False when no row has the old endpoint.
     */
    async move(oldEndpoint: string, device: DeviceSubscription, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .delete(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, oldEndpoint))
          .returning()
        if (!old) return false
        await tx
          .insert(pushSubscriptions)
          .values({ userId: old.userId, ...device, locale: old.locale, createdAt: now })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { userId: old.userId, ...device, locale: old.locale, createdAt: now, lastSuccessAt: null },
          })
        return true
      })
    },

    /** Forgets a device, only when it is the user's. */
    async deleteOwn(userId: number, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    },

    /** Forgets a device the push service says is gone (whoever holds it now). */
    async deleteGone(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
    },

    /** A push went through: the device works (again). */
    async markSent(endpoint: string, now: Date) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: now, failingSince: null })
        .where(eq(pushSubscriptions.endpoint, endpoint))
    },

    /** Retention: devices every push has failed to reach since before `before`. */
    async deleteFailingSince(before: Date) {
      const rows = await db
        .delete(pushSubscriptions)
        .where(lt(pushSubscriptions.failingSince, before))
        .returning({ id: pushSubscriptions.id })
      return rows.length
    },

    /** A push never got through: the device fails since now, unless it already did (retention deletes it later). */
    async markFailing(endpoint: string, now: Date) {
      await db
        .update(pushSubscriptions)
        .set({
          failingSince: sql`coalesce(${pushSubscriptions.failingSince}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(pushSubscriptions.endpoint, endpoint))
    },

    listByUser(userId: number): Promise<PushSubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.id)
    },

    async findByEndpoint(endpoint: string): Promise<PushSubscriptionRow | undefined> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))
      return row
    },
  }
}
export type PushRepository = ReturnType<typeof createPushRepository>
