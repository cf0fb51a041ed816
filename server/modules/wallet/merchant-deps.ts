// What a payment provider's merchant side (Payme's JSON-RPC, Click's SHOP-API) is made with.
import type { Clock } from '#server/lib/clock.ts'
import type { Activation } from './activation.ts'
import type { PaymentKeys } from './keys.ts'
import type { WalletRepository } from './repository.ts'

export type MerchantDeps = {
  repo: WalletRepository
  keys: PaymentKeys
  clock: Clock
  activation: Activation
  onError: (error: unknown, where: string) => void
}
