import { create } from 'zustand'

/**
 * Where an executor was going when the guard turned them back from the order flow (spec section 6): the app tells
 * them why and offers to switch to customer mode and carry on there.
 */
export const useModeNotice = create<{ returnTo: string | null }>(() => ({ returnTo: null }))

export const askToOrderAsCustomer = (returnTo: string) => useModeNotice.setState({ returnTo })
export const dismissModeNotice = () => useModeNotice.setState({ returnTo: null })
