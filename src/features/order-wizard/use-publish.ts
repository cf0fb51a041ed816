import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { orderEndpoints } from '#contract/order-endpoints.ts'
import type { Order, OrderBodyInput } from '#contract/schemas/orders.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { onOutboxDelivered, sendOrQueue } from '#src/lib/outbox.ts'
import { useSession } from '#src/lib/session-store.ts'
import { uploadFile } from '#src/lib/upload-file.ts'
import { useAuthModal } from '#src/features/auth/auth-modal-store.ts'
import type { OrderDraft } from './draft-store.ts'
import { haptic } from '#src/lib/haptics.ts'

export type PublishPhase =
  | { name: 'idle' }
  | { name: 'sending' }
  /** In the outbox: it goes out by itself when the network returns. */
  | { name: 'queued' }
  | { name: 'uploading'; photo: number; of: number; fraction: number }
  | { name: 'failed'; error: unknown }

type Options = {
  draft: OrderDraft
  /** The payload, or null when the form does not pass its checks (the form shows why). */
  body: () => Promise<OrderBodyInput | null>
  onChange: (patch: (draft: OrderDraft) => Partial<OrderDraft>) => void
  flush: () => Promise<void>
  remove: () => Promise<void>
  onRefused: (error: ApiError) => void
}

/**
 * Publishing a draft: through the outbox with the draft id as Idempotency-Key, so however often it is sent (now,
 * by the outbox when the network returns, again when a pending draft is reopened) one order exists. Once the server
 * has the order, the draft's photos go up one by one, the draft is deleted and the order opens.
 */
export function usePublish({ draft, body, onChange, flush, remove, onRefused }: Options) {
  const navigate = useNavigate()
  const [phase, setPhase] = useState<PublishPhase>(draft.pending ? { name: 'queued' } : { name: 'idle' })
  const latest = useRef(draft)
  useEffect(() => {
    latest.current = draft
  }, [draft])
  const finishing = useRef(false)
  const awaitingLogin = useRef(false)
  const token = useSession((state) => state.token)

  const finish = useCallback(
    async (order: Order) => {
      if (finishing.current) return
      finishing.current = true
      try {
        const photos = latest.current.photos
        for (const [index, photo] of photos.entries()) {
          setPhase({ name: 'uploading', photo: index + 1, of: photos.length, fraction: 0 })
          await uploadFile(orderEndpoints.orderPhotos.path, { id: order.id }, photo, (fraction) =>
            setPhase({ name: 'uploading', photo: index + 1, of: photos.length, fraction }),
          )
          // An uploaded photo leaves the draft, so a retry after a failure does not send it twice.
          onChange((current) => ({ photos: current.photos.filter((kept) => kept.id !== photo.id) }))
          await flush()
        }
        await remove()
        haptic('success')
        await navigate({ to: '/order/$orderId', params: { orderId: String(order.id) } })
      } catch (error) {
        finishing.current = false
        haptic('error')
        setPhase({ name: 'failed', error })
      }
    },
    [flush, navigate, onChange, remove],
  )

  const send = useCallback(async () => {
    setPhase({ name: 'sending' })
    try {
      const payload = await body()
      if (!payload) {
        setPhase({ name: 'idle' })
        return
      }
      const delivery = await sendOrQueue<Order>({
        kind: 'publish-order',
        endpoint: orderEndpoints.publishOrder,
        body: payload,
        idempotencyKey: latest.current.id,
      })
      if (delivery.status === 'sent') return await finish(delivery.data)
      // Kept (with its photos) until the outbox reports the order delivered.
      onChange(() => ({ pending: true }))
      await flush()
      setPhase({ name: 'queued' })
    } catch (error) {
      if (error instanceof ApiError) onRefused(error)
      haptic('error')
      setPhase({ name: 'failed', error })
    }
  }, [body, finish, flush, onChange, onRefused])

  /** A guest logs in or registers in a modal on this page, then the same draft is published. */
  const publish = useCallback(async () => {
    if (useSession.getState().token) return send()
    if (!(await body())) return
    awaitingLogin.current = true
    useAuthModal.getState().show('login', { stayOnPage: true })
  }, [body, send])

  useEffect(() => {
    if (token && awaitingLogin.current) {
      awaitingLogin.current = false
      void send()
    }
  }, [token, send])

  useEffect(
    () =>
      onOutboxDelivered((event) => {
        if (event.kind !== 'publish-order' || event.idempotencyKey !== latest.current.id) return
        if (event.ok) return void finish(event.data as Order)
        onChange(() => ({ pending: false }))
        setPhase({ name: 'failed', error: new ApiError(event.status, toErrorBody(event.data)) })
      }),
    [finish, onChange],
  )

  // A pending draft reopened online: the same key answers the order the outbox may already have delivered.
  useEffect(() => {
    if (latest.current.pending && navigator.onLine) void send()
    // Once, for the draft as it was opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return { phase, publish }
}

function toErrorBody(data: unknown) {
  return data && typeof data === 'object' && 'error' in data ? (data as ApiError['body']) : null
}
