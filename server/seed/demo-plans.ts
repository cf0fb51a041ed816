import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import type { Plan } from '#contract/schemas/plan-features.ts'
import type { Database } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'
import { walletInvoices } from '#server/db/schema/wallet.ts'
import { DEMO_USERS } from '#server/seed/demo-users.ts'
import type { PaymeCall } from '#server/adapters/payments/payme.ts'
import type { WalletService } from '#server/modules/wallet/service.ts'
import { DEMO_SPECIALISTS_COUNT, demoSpecialistPhone } from './demo-specialists.ts'

/** An invoice buys at most 3 months (decision 015): a year is four purchases, each queued after the one before. */
const PURCHASES_PER_YEAR = 4
const MONTHS_PER_PURCHASE = 3

/** The demo specialists whose seeded profile shows a discount (see seedDemoSpecialists): it needs master. */
const showsDiscount = (index: number) => index % 7 === 3

/** Who gets which plan: the demo specialist the demo customer chats with shows everything; a discount needs master. */
export function demoPlans(): { phone: string; plan: Plan }[] {
  const main = DEMO_USERS.find((user) => user.type === 'executor')!.phone
  const withDiscount = Array.from({ length: DEMO_SPECIALISTS_COUNT }, (_, index) => index)
    .filter(showsDiscount)
    .map((index) => ({ phone: demoSpecialistPhone(index), plan: 'master' as const }))
  return [{ phone: main, plan: 'professional' }, ...withDiscount]
}

/**
 * Gives the demo specialists a year of their plan (docs/decisions/016-plan-features.md) so `npm start` shows what
 * the plans unlock. Bought as a person buys one: the wallet's checkout, then Payme's check, create and perform on
 * the sandbox keys, so the invoices, provider transactions, ledger rows and plan periods are the wallet's own and
 * the ledger stays consistent. A person who has any invoice is left alone, so it never buys twice. Development only.
 */
export async function seedDemoPlans(db: Database, wallet: WalletService): Promise<number> {
  const wanted = demoPlans()
  const people = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.phone,
        wanted.map((want) => want.phone),
      ),
    )
  let given = 0
  for (const { phone, plan } of wanted) {
    const person = people.find((row) => row.phone === phone)
    if (!person || person.type !== 'executor') continue
    const [invoice] = await db
      .select({ id: walletInvoices.id })
      .from(walletInvoices)
      .where(eq(walletInvoices.userId, person.id))
      .limit(1)
    if (invoice) continue
    for (let purchase = 0; purchase < PURCHASES_PER_YEAR; purchase++) {
      const bought = await wallet.checkout(
        person,
        { plan, months: MONTHS_PER_PURCHASE, provider: 'payme' },
        'ru',
      )
      await payWithSandboxPayme(wallet, bought.invoice_id, bought.amount)
    }
    given++
  }
  return given
}

/** Payme's calls for one payment, as the sandbox page makes them; a refusal means the seed is broken. */
async function payWithSandboxPayme(wallet: WalletService, invoiceId: number, amount: number) {
  const account = { order_id: String(invoiceId) }
  const id = randomBytes(12).toString('hex')
  const calls: PaymeCall[] = [
    { method: 'CheckPerformTransaction', params: { amount, account } },
    { method: 'CreateTransaction', params: { id, time: wallet.nowMs(), amount, account } },
    { method: 'PerformTransaction', params: { id } },
  ]
  for (const [index, call] of calls.entries()) {
    const answer = await wallet.paymeCall(index + 1, call)
    if ('error' in answer) throw new Error(`demo plan: Payme ${call.method} refused (${answer.error.code})`)
  }
}
