/**
 * What the person reads of their wallet (decision 015): the plan and its queued periods, the bonus page's invite
 * code and invitees, the payments list and its CSV, and the refused-services report.
 */
import {
  BONUS_INVITED_MAX,
  type Bonus,
  type InvoiceStatus,
  type Plan,
  type PlanMonths,
  type Wallet,
  type WalletRefusedResponse,
  type WalletTransaction,
} from '#contract/schemas/wallet.ts'
import type { Config } from '#server/config.ts'
import type { UserRow } from '#server/db/schema/users.ts'
import type { Clock } from '#server/lib/clock.ts'
import type { InviteCodes } from './invites.ts'
import { featuresOf, planCatalogue, planPrices } from './plans.ts'
import type { WalletRepository } from './repository.ts'
import type { PaymentKeys } from './keys.ts'

/** What a provider's transaction state means for the person. */
const STATUS_OF_STATE: Record<number, InvoiceStatus> = {
  1: 'pending',
  2: 'paid',
  [-1]: 'canceled',
  [-2]: 'refunded',
}

/** CSV cells: quoted when needed, and a cell that a spreadsheet would read as a formula is prefixed with a quote. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

const iso = (ms: number) => new Date(ms).toISOString()

/** The plan in force now and when it ends: at the first period of another plan, or a gap. */
function activePlan<P extends { plan: Plan; startsAt: Date; endsAt: Date }>(periods: P[], now: Date) {
  const active = periods[0] && periods[0].startsAt <= now ? periods[0] : undefined
  let until = active?.endsAt
  for (const next of periods.slice(1)) {
    if (!active || next.plan !== active.plan || next.startsAt.getTime() !== until?.getTime()) break
    until = next.endsAt
  }
  return { active, until }
}

export function createWalletReads({
  repo,
  config,
  keys,
  clock,
  codes,
}: {
  repo: WalletRepository
  config: Config
  keys: PaymentKeys
  clock: Clock
  codes: InviteCodes
}) {
  const prices = planPrices(config)

  async function payments(
    user: UserRow,
    limit: number,
    offset: number,
  ): Promise<{ rows: WalletTransaction[]; total: number }> {
    const { rows, total } = await repo.payments(user.id, limit, offset)
    return {
      total,
      rows: rows.map(({ transaction, invoice }) => ({
        id: transaction.id,
        invoice_id: invoice.id,
        status: STATUS_OF_STATE[transaction.state] ?? 'pending',
        amount: transaction.amount,
        provider: transaction.provider,
        card: null,
        plan: invoice.plan,
        months: invoice.months as PlanMonths,
        created_at: iso(transaction.createTime),
      })),
    }
  }

  async function bonus(user: UserRow): Promise<Bonus> {
    const code = codes.codeOf(user.id)
    const [days, invited] = await Promise.all([
      repo.bonusDays(user.id),
      repo.invited(user.id, BONUS_INVITED_MAX),
    ])
    return {
      invite_code: code,
      invite_url: `${config.PUBLIC_URL}/signup?invite=${code}`,
      days_earned: days,
      bonus_days_per_invite: config.INVITE_BONUS_DAYS,
      invited_total: invited.total,
      invited: invited.rows.map((row) => ({
        name: row.name,
        joined_at: row.joinedAt.toISOString(),
        rewarded: row.rewardedAt !== null,
      })),
    }
  }

  async function wallet(user: UserRow): Promise<Wallet> {
    const now = clock.now()
    const [periods, balance] = await Promise.all([repo.periods(user.id, now), repo.balance(user.id)])
    const { active, until } = activePlan(periods, now)
    return {
      plan: active?.plan ?? null,
      until: until?.toISOString() ?? null,
      paid_until: periods.at(-1)?.endsAt.toISOString() ?? null,
      periods: periods.map((p) => ({
        plan: p.plan,
        starts_at: p.startsAt.toISOString(),
        ends_at: p.endsAt.toISOString(),
      })),
      balance,
      features: featuresOf(active?.plan ?? null),
      plans: planCatalogue(prices),
      providers: [
        { provider: 'payme', sandbox: keys.payme.sandbox, available: keys.payme.available },
        { provider: 'click', sandbox: keys.click.sandbox, available: keys.click.available },
      ],
    }
  }

  async function transactions(user: UserRow, query: { page: number; perPage: number }) {
    const { rows, total } = await payments(user, query.perPage, (query.page - 1) * query.perPage)
    return { collection: rows, meta: { page: query.page, perPage: query.perPage, total } }
  }

  /**
   * The refused-services report: the caller's orders as the chosen specialist that the customer then cancelled or
   * gave to someone else. Keyed by the person, whatever their mode (a customer was never chosen: an empty list).
   */
  async function refused(
    user: UserRow,
    query: { page: number; perPage: number },
  ): Promise<WalletRefusedResponse> {
    const { rows, total } = await repo.refusals(user.id, query.perPage, (query.page - 1) * query.perPage)
    return {
      collection: rows.map((row) => ({
        order_id: row.orderId,
        number: String(row.orderId).padStart(6, '0'),
        name: row.name,
        price: row.price,
        price_min: row.priceMin,
        price_max: row.priceMax,
        reason: row.reason,
        chosen_at: row.chosenAt.toISOString(),
        refused_at: row.refusedAt.toISOString(),
        charged: 0,
      })),
      meta: { page: query.page, perPage: query.perPage, total, charged: 0 },
    }
  }

  async function transactionsCsv(user: UserRow): Promise<string> {
    const { rows } = await payments(user, 10_000, 0)
    const lines = [
      ['date', 'status', 'amount_som', 'provider', 'plan', 'months', 'invoice_id', 'card'],
      ...rows.map((row) => [
        row.created_at,
        row.status,
        `${Math.floor(row.amount / 100)}.${String(row.amount % 100).padStart(2, '0')}`,
        row.provider,
        row.plan,
        row.months,
        row.invoice_id,
        row.card,
      ]),
    ]
    return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`
  }

  return { bonus, wallet, transactions, refused, transactionsCsv }
}
