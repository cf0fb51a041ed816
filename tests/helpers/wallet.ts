import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Plan } from '#contract/schemas/plan-features.ts'
import type { Checkout, Wallet } from '#contract/schemas/wallet.ts'
import { paymentTransactions, walletInvoices, walletLedger } from '#server/db/schema/wallet.ts'
import { login, PASSWORD, session } from './auth-flows.ts'
import { send, type Caller } from './specialists.ts'
import type { TestApp } from './test-app.ts'

export async function checkout(
  t: TestApp,
  caller: Caller,
  body: { plan: string; months: number; provider: 'payme' | 'click' },
) {
  const response = await send(t, 'POST', '/wallet/checkout', caller, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Checkout>()
}

/** Presses a button of the sandbox checkout page (the form posts `action`), as the payer would. */
export async function sandboxPay(t: TestApp, url: string, action: 'pay' | 'cancel' = 'pay') {
  const posted = await t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  })
  expect(posted.statusCode, posted.body).toBe(303)
}

/**
 * Gives a specialist a plan the way a person buys one: the checkout, then Pay on the sandbox page (Payme's protocol
 * end to end), so the invoice, the provider transaction, the ledger and the plan period are the real ones.
 */
export async function grantPlan(t: TestApp, caller: Caller, plan: Plan, months: 1 | 2 | 3 = 1) {
  const bought = await checkout(t, caller, { plan, months, provider: 'payme' })
  await sandboxPay(t, bought.url)
}

/** A fresh access token for a caller whose token the test clock has let expire. */
export async function relogin(t: TestApp, caller: Caller): Promise<Caller> {
  const response = await login(t, { username: caller.phone, password: PASSWORD, type: 'executor' })
  expect(response.statusCode, response.body).toBe(200)
  return { ...caller, token: session(response).token }
}

export async function walletOf(t: TestApp, caller: Caller) {
  let response = await send(t, 'GET', '/wallet', caller)
  if (response.statusCode === 401) response = await send(t, 'GET', '/wallet', await relogin(t, caller))
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Wallet>()
}

/**
 * The money invariants after a scenario: each person's answered balance is the sum of their ledger; the payments in
 * the ledger are exactly the performed (or later refunded) provider transactions, the refunds exactly the refunded
 * ones; every paid invoice has exactly one performed transaction.
 */
export async function expectLedgerConsistent(t: TestApp, callers: Caller[]) {
  const db = t.db.db
  for (const caller of callers) {
    const [sum] = await db
      .select({ sum: sql<string | null>`sum(${walletLedger.amount})` })
      .from(walletLedger)
      .where(eq(walletLedger.userId, caller.id))
    expect((await walletOf(t, caller)).balance).toBe(Number(sum?.sum ?? 0))
  }
  const ledger = await db.select().from(walletLedger)
  const transactions = await db.select().from(paymentTransactions)
  const total = (kind: string) =>
    ledger.filter((row) => row.kind === kind).reduce((a, row) => a + row.amount, 0)
  const performed = transactions.filter((row) => row.state === 2 || row.state === -2)
  const refunded = transactions.filter((row) => row.state === -2)
  expect(total('payment')).toBe(performed.reduce((a, row) => a + row.amount, 0))
  expect(total('plan_purchase') + total('payment')).toBe(0)
  expect(total('refund') + refunded.reduce((a, row) => a + row.amount, 0)).toBe(0)
  expect(total('plan_refund') + total('refund')).toBe(0)
  const paid = await db.select().from(walletInvoices).where(eq(walletInvoices.status, 'paid'))
  for (const invoice of paid) {
    expect(performed.filter((row) => row.invoiceId === invoice.id && row.state === 2)).toHaveLength(1)
  }
}
