/**
 * The wallet (decision 015), put together from its parts: `activation` (the only writer of the ledger and plan
 * periods), Payme's merchant API, Click's shop API, checkout, and the person's reads. The sandbox page
 * (sandbox.ts) plays the providers outside production with the keys below.
 */
import type { PaymentProvider } from '#contract/schemas/wallet.ts'
import type { Config } from '#server/config.ts'
import type { Clock } from '#server/lib/clock.ts'
import { createActivation } from './activation.ts'
import { createCheckout } from './checkout.ts'
import { createClickShop } from './click-shop.ts'
import { inviteCodes, type InviteCodes } from './invites.ts'
import type { PaymentKeys } from './keys.ts'
import { createPaymeMerchant } from './payme-merchant.ts'
import { createWalletReads } from './reads.ts'
import type { WalletRepository } from './repository.ts'

export { paymentKeys, type PaymentKeys } from './keys.ts'

export function createWalletService({
  repo,
  config,
  keys,
  clock,
  onError,
  codes = inviteCodes(config.JWT_SECRET ?? ''),
}: {
  repo: WalletRepository
  config: Config
  /** Invite codes (decision 015, "Bonuses"); keyed by JWT_SECRET. */
  codes?: InviteCodes
  keys: PaymentKeys
  clock: Clock
  onError: (error: unknown, where: string) => void
}) {
  const activation = createActivation({ config, clock })
  const payme = createPaymeMerchant({ repo, keys, clock, activation, onError })
  return {
    ...payme,
    ...createClickShop({ repo, keys, clock, activation, onError }),
    ...createCheckout({ repo, config, keys, clock, activation }),
    ...createWalletReads({ repo, config, keys, clock, codes }),
    /** An invoice as the sandbox page shows it (no owner check: the page plays the provider). */
    sandboxInvoice: (id: number) => repo.invoice(id),
    /** The server's clock in milliseconds (the sandbox page stamps Payme's `time` with it). */
    nowMs: () => clock.now().getTime(),
    /** The keys of the providers (the sandbox page signs with them). */
    keys,
    /** Whether a provider's sandbox page is served (sandbox mode, never in production). */
    sandbox: (provider: PaymentProvider) => keys[provider].sandbox && keys[provider].available,
  }
}
export type WalletService = ReturnType<typeof createWalletService>
