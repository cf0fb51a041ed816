/**
 * The wallet area: tariff plans paid through Payme and Click (docs/decisions/015-wallet-and-payments.md), promo and
 * invite codes, and what a plan unlocks (docs/decisions/016-plan-features.md). It comes in two plugins:
 * - `plansArea`, early and without routes, gives `app.plans`: the entitlements every locked write asks, and the
 *   invite recorder a signup uses. Areas registered before the wallet's routes (auth among them) need these.
 * - `walletArea`, once the caller can be authenticated, gives `app.wallet` and registers the wallet's endpoints and
 *   the providers' (which read their bodies as text in their own plugin and answer in the providers' protocols).
 */
import fp from 'fastify-plugin'
import { daysAgo, defineRetention } from '#server/lib/retention.ts'
import type { AreaContext } from '#server/lib/area-context.ts'
import { createEntitlements, type Entitlements } from './entitlements.ts'
import { createInviteRecorder, inviteCodes } from './invites.ts'
import { paymentProviderRoutes } from './provider-routes.ts'
import { createWalletRepository } from './repository.ts'
import { walletRoutes } from './routes.ts'
import { createWalletService, paymentKeys, type WalletService } from './service.ts'

export type PlansPort = { entitlements: Entitlements; recordInvite: ReturnType<typeof createInviteRecorder> }
export type WalletPort = { service: WalletService }

export const plansArea = fp<AreaContext>(
  async (app, { database: { db }, config, clock }) => {
    const recordInvite = createInviteRecorder({ db, codes: inviteCodes(config.JWT_SECRET), clock })
    app.decorate('plans', {
      entitlements: createEntitlements({ db, clock }),
      recordInvite,
    } satisfies PlansPort)
  },
  { name: 'plans-area' },
)

export const walletArea = fp<AreaContext>(
  async (app, { database: { db }, config, clock, jobs, metrics }) => {
    const repo = createWalletRepository(db)
    defineRetention({ jobs, metrics, config }, 'wallet', async () => ({
      unpaid_invoices: await repo.deleteUnpaidInvoices(daysAgo(clock, config.RETENTION_UNPAID_INVOICES_DAYS)),
    }))
    const wallet = createWalletService({
      repo,
      config,
      keys: paymentKeys(config),
      codes: inviteCodes(config.JWT_SECRET),
      clock,
      onError: (error, where) => app.log.error({ err: error, where }, 'payment call failed'),
    })
    await app.register(walletRoutes, { wallet })
    await app.register(paymentProviderRoutes, { wallet })
    app.decorate('wallet', { service: wallet } satisfies WalletPort)
  },
  { name: 'wallet-area' },
)

declare module 'fastify' {
  interface FastifyInstance {
    plans: PlansPort
    wallet: WalletPort
  }
}
