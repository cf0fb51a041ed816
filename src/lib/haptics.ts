/**
 * What an action came to, for a host that lets the phone tell it by touch (the Telegram Mini App, which sets the
 * handler: features/mini-app). Everywhere else nothing is set and telling does nothing; this module stays tiny
 * because the places that tell are all over the app.
 */
export type Haptic = 'success' | 'error' | 'selection'

let feel: ((haptic: Haptic) => void) | undefined

export function setHapticFeedback(handler: ((haptic: Haptic) => void) | undefined) {
  feel = handler
}

/** A published order, a sent reply, a payment: 'success'; a refused or failed action: 'error'; a tab: 'selection'. */
export const haptic = (kind: Haptic) => feel?.(kind)
