/**
 * npm run bench:payments [-- --payments N --repeats R --callers C] — the providers' callbacks on PostgreSQL
 * (DATABASE_URL required: a database of its own, made and dropped here). `server/main.ts`
 * runs as a child process with provider keys set, so the real protocol checks run (Payme's Basic auth, Click's
 * `sign_string`). N specialists with a pending master invoice each per provider are seeded in SQL.
 *
 * Phase A: N distinct payments per provider with C (20) concurrent callers: every CreateTransaction, then every
 * PerformTransaction (Payme); every Prepare, then every Complete (Click). Prints requests/s, p50 and p99 of each
 * step, beside a baseline (`GET /api/health`, the same number of requests, the same callers).
 * Phase B: R (1,000) concurrent PerformTransaction on one fresh transaction, and R concurrent Complete on one
 * prepared click_trans_id, all at once; then counts in the database the plan periods, ledger payment rows and
 * performed transactions of each invoice, and of every invoice of phase A: "double activations" must be 0.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { paymentProviderPaths } from '#contract/wallet-endpoints.ts'
import { clickSign, tiyinToClickAmount } from '#server/adapters/payments/click.ts'
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts'
import { createEmptyDatabase } from '#tests/helpers/database.ts'
import { startServerProcess, type ServerProcess } from './server-process.ts'

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const PAYMENTS = arg('payments', 2_000)
const REPEATS = arg('repeats', 1_000)
const CALLERS = arg('callers', 20)

const PAYME_KEY = 'BenchPaymeKey-0123456789'
const PAYME_MERCHANT_ID = 'bench0000000000000000001'
const CLICK_SECRET_KEY = 'BenchClickSecret-0123456789'
const CLICK_SERVICE_ID = '24680'
const CLICK_MERCHANT_ID = '13579'
/** Master for one month at the default price (99 000 so'm), in tiyin. */
const AMOUNT = 9_900_000

type Fixture = { payme: number[]; click: number[]; paymeRepeat: number; clickRepeat: number }

/** One specialist per invoice (each person's plan chain is their own), a pending master invoice each: in SQL. */
async function seed(database: DatabaseHandle, count: number): Promise<Fixture> {
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows
  const invoices = async (provider: 'payme' | 'click', prefix: string, n: number, phone: string) => {
    await database.db.execute(sql`
      insert into users (slug, type, phone, name, surname, password_hash)
      select ${prefix} || g, 'executor', ${phone} || lpad(g::text, 7, '0'), 'Sardor', 'Aliyev', 'bench-no-login'
      from generate_series(1, ${n}) as g`)
    const made = await rows<{ id: number }>(sql`
      insert into wallet_invoices (user_id, plan, months, amount, provider, status, created_at)
      select id, 'master', 1, ${AMOUNT}, ${provider}, 'pending', now() from users
      where slug like ${`${prefix}%`} order by id
      returning id`)
    return made.map((row) => Number(row.id))
  }
  const fixture = {
    payme: await invoices('payme', 'pay-payme-', count, '99861'),
    click: await invoices('click', 'pay-click-', count, '99862'),
    paymeRepeat: (await invoices('payme', 'pay-payme-repeat-', 1, '99863'))[0]!,
    clickRepeat: (await invoices('click', 'pay-click-repeat-', 1, '99864'))[0]!,
  }
  await database.db.execute(sql`analyze`)
  return fixture
}

type Timed = { title: string; rps: number; p50: number; p99: number; max: number; requests: number }

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

/** Runs `call(i)` for i in [0, count) with `callers` workers taking the next index; times each call. */
async function pool(title: string, count: number, callers: number, call: (i: number) => Promise<void>) {
  const times: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: Math.min(callers, count) }, async () => {
      while (next < count) {
        const i = next++
        const t0 = performance.now()
        await call(i)
        times.push(performance.now() - t0)
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  times.sort((a, b) => a - b)
  return {
    title,
    rps: count / elapsed,
    p50: at(times, 0.5),
    p99: at(times, 0.99),
    max: times.at(-1)!,
    requests: count,
  } satisfies Timed
}

function printTable(rows: Timed[]) {
  const ms = (n: number) => n.toFixed(1).padStart(8)
  console.log(
    `${'step'.padEnd(40)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'requests'.padStart(9)}`,
  )
  for (const row of rows) {
    console.log(
      `${row.title.padEnd(40)} ${row.rps.toFixed(0).padStart(7)} ${ms(row.p50)} ${ms(row.p99)} ${ms(row.max)} ${String(row.requests).padStart(9)}`,
    )
  }
}

const paymeAuth = `Basic ${Buffer.from(`Paycom:${PAYME_KEY}`).toString('base64')}`
let rpcId = 0

/** One Payme JSON-RPC call; a JSON-RPC error fails the benchmark. */
async function payme(url: string, method: string, params: Record<string, unknown>) {
  const response = await fetch(`${url}${paymentProviderPaths.payme}`, {
    method: 'POST',
    headers: { 'content-type': 'text/json; charset=UTF-8', authorization: paymeAuth },
    body: JSON.stringify({ method, params, id: ++rpcId }),
  })
  const body = (await response.json()) as { result?: Record<string, unknown>; error?: unknown }
  if (response.status !== 200 || body.error) {
    throw new Error(`Payme ${method} answered ${response.status} ${JSON.stringify(body)}`)
  }
  return body.result!
}

const paymeId = (n: number) =>
  `be${process.pid.toString(16)}`.padEnd(12, '0') + n.toString(16).padStart(12, '0')

/** One signed Click call (Prepare when no prepare id, else Complete); a Click error fails the benchmark. */
async function click(
  url: string,
  transId: string,
  invoiceId: number,
  prepareId?: number,
  allowed: readonly number[] = [0],
) {
  const base = {
    click_trans_id: transId,
    service_id: CLICK_SERVICE_ID,
    click_paydoc_id: String(Number(transId) + 1),
    merchant_trans_id: String(invoiceId),
    ...(prepareId !== undefined && { merchant_prepare_id: String(prepareId) }),
    amount: tiyinToClickAmount(AMOUNT),
    action: prepareId === undefined ? '0' : '1',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-11-24 10:00:00',
  }
  const form = new URLSearchParams({ ...base, sign_string: clickSign(base, CLICK_SECRET_KEY) })
  const path =
    prepareId === undefined ? paymentProviderPaths.clickPrepare : paymentProviderPaths.clickComplete
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  })
  const body = (await response.json()) as {
    error: number
    merchant_prepare_id?: number
    merchant_confirm_id?: number
  }
  if (response.status !== 200 || !allowed.includes(body.error)) {
    throw new Error(`Click ${base.action} answered ${response.status} ${JSON.stringify(body)}`)
  }
  return body
}

/** Plan periods, ledger payment rows and performed transactions per invoice, for the given invoices. */
async function activations(database: DatabaseHandle, invoiceIds: number[]) {
  const ids = `{${invoiceIds.join(',')}}`
  const result = (await database.db.execute(sql`
    select i.id,
           (select count(*) from plan_periods p where p.invoice_id = i.id)::int as periods,
           (select count(*) from wallet_ledger l where l.invoice_id = i.id and l.kind = 'payment')::int as payments,
           (select count(*) from payment_transactions t where t.invoice_id = i.id and t.state = 2)::int as performed,
           i.status
    from wallet_invoices i where i.id = any(${ids}::int[])`)) as unknown as {
    rows: { id: number; periods: number; payments: number; performed: number; status: string }[]
  }
  const rows = result.rows
  return {
    invoices: rows.length,
    paid: rows.filter((row) => row.status === 'paid').length,
    periods: rows.reduce((sum, row) => sum + row.periods, 0),
    payments: rows.reduce((sum, row) => sum + row.payments, 0),
    /** Every activation beyond the first of an invoice: an extra period or an extra payment row. */
    double: rows.reduce(
      (sum, row) =>
        sum + Math.max(0, row.periods - 1) + Math.max(0, row.payments - 1) + Math.max(0, row.performed - 1),
      0,
    ),
    missing: rows.filter((row) => row.periods === 0 || row.payments === 0).length,
  }
}

const serverUrl = process.env.DATABASE_URL
if (!serverUrl) {
  console.error(
    'bench:payments runs on PostgreSQL: set DATABASE_URL (a database of its own is made and dropped)',
  )
  process.exit(2)
}

const ownDatabase = await createEmptyDatabase(serverUrl)
const databaseUrl = ownDatabase.url
const dataDir = await mkdtemp(join(tmpdir(), 'fika-bench-pay-'))
const database = await openDatabase({ databaseUrl, dataDir })
let server: ServerProcess | undefined
try {
  await database.migrate()
  const seeding = performance.now()
  const fixture = await seed(database, PAYMENTS)
  console.log(
    `${PAYMENTS} payments per provider on PostgreSQL (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s), ` +
      `${CALLERS} concurrent callers; ${REPEATS} repeated concurrent calls; provider keys set (Basic auth, sign_string)`,
  )
  // The provider keys are set, so the real protocol checks run.
  server = await startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PAYME_KEY,
      PAYME_MERCHANT_ID,
      CLICK_SECRET_KEY,
      CLICK_SERVICE_ID,
      CLICK_MERCHANT_ID,
    },
    'p'.repeat(48),
  )
  const url = server.url

  // Warm-up: connections, the JIT, the database's plans.
  await pool('warm-up', 200, CALLERS, async () => {
    await (await fetch(`${url}/api/health`)).arrayBuffer()
  })

  // Phase A.
  const rows: Timed[] = []
  rows.push(
    await pool('baseline GET /api/health', PAYMENTS, CALLERS, async () => {
      const response = await fetch(`${url}/api/health`)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`health answered ${response.status}`)
    }),
  )
  const time = Date.now()
  rows.push(
    await pool('Payme CreateTransaction', PAYMENTS, CALLERS, async (i) => {
      const result = await payme(url, 'CreateTransaction', {
        id: paymeId(i),
        time,
        amount: AMOUNT,
        account: { order_id: String(fixture.payme[i]) },
      })
      if (result.state !== 1) throw new Error(`CreateTransaction state ${String(result.state)}`)
    }),
  )
  rows.push(
    await pool('Payme PerformTransaction', PAYMENTS, CALLERS, async (i) => {
      const result = await payme(url, 'PerformTransaction', { id: paymeId(i) })
      if (result.state !== 2) throw new Error(`PerformTransaction state ${String(result.state)}`)
    }),
  )
  const clickBase = 7_000_000_000 + process.pid * 10_000
  const prepared: number[] = []
  rows.push(
    await pool('Click Prepare', PAYMENTS, CALLERS, async (i) => {
      const answer = await click(url, String(clickBase + i * 2), fixture.click[i]!)
      prepared[i] = answer.merchant_prepare_id!
    }),
  )
  rows.push(
    await pool('Click Complete', PAYMENTS, CALLERS, async (i) => {
      await click(url, String(clickBase + i * 2), fixture.click[i]!, prepared[i]!)
    }),
  )
  console.log('\nphase A: distinct payments')
  printTable(rows)
  const phaseA = await activations(database, [...fixture.payme, ...fixture.click])
  console.log(
    `  ${phaseA.paid}/${phaseA.invoices} invoices paid, ${phaseA.periods} plan periods, ${phaseA.payments} ledger payments, ` +
      `${phaseA.missing} missing, double activations: ${phaseA.double}`,
  )

  // Phase B: every call at once on one transaction.
  console.log(`\nphase B: ${REPEATS} concurrent repeated calls on one transaction`)
  const repeatId = paymeId(PAYMENTS + 1)
  await payme(url, 'CreateTransaction', {
    id: repeatId,
    time: Date.now(),
    amount: AMOUNT,
    account: { order_id: String(fixture.paymeRepeat) },
  })
  const burst = async (title: string, call: () => Promise<string>) => {
    const started = performance.now()
    const answers = await Promise.all(Array.from({ length: REPEATS }, call))
    const counts = new Map<string, number>()
    for (const answer of answers) counts.set(answer, (counts.get(answer) ?? 0) + 1)
    console.log(`  ${title}: ${REPEATS} answered in ${(performance.now() - started).toFixed(0)} ms:`)
    for (const [answer, n] of counts) console.log(`    ${String(n).padStart(5)} × ${answer}`)
  }
  await burst('Payme PerformTransaction', async () =>
    JSON.stringify(await payme(url, 'PerformTransaction', { id: repeatId })),
  )
  const repeatTrans = String(clickBase + PAYMENTS * 2 + 2)
  const { merchant_prepare_id: repeatPrepare } = await click(url, repeatTrans, fixture.clickRepeat)
  await burst('Click Complete', async () =>
    // The first to take the invoice's lock completes it (error 0); Click's table answers the rest -4 "Already paid".
    JSON.stringify(await click(url, repeatTrans, fixture.clickRepeat, repeatPrepare, [0, -4])),
  )
  for (const [provider, invoice] of [
    ['Payme', fixture.paymeRepeat],
    ['Click', fixture.clickRepeat],
  ] as const) {
    const counted = await activations(database, [invoice])
    console.log(
      `  ${provider} invoice ${invoice}: ${counted.paid ? 'paid' : 'NOT paid'}, ${counted.periods} plan period, ` +
        `${counted.payments} ledger payment; double activations: ${counted.double}`,
    )
  }
  const all = await activations(database, [
    ...fixture.payme,
    ...fixture.click,
    fixture.paymeRepeat,
    fixture.clickRepeat,
  ])
  console.log(`\ndouble activations: ${all.double}`)
  if (all.double > 0 || all.missing > 0) process.exitCode = 1
} finally {
  await server?.stop()
  await database.close()
  await ownDatabase.drop()
  await rm(dataDir, { recursive: true, force: true })
}
