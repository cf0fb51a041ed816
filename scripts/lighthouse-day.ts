/**
 * `npm run lighthouse -- --day`: the specialist's Today view measured as the demo specialist sees it, with two
 * accepted jobs (today and tomorrow) made through the API as a customer and a specialist would make them.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const V1 = '/api/fika/freelancer/v1.0.1'
const PASSWORD = 'fika-demo-2026'
const CUSTOMER = '998901110001'
const SPECIALIST = '998901110002'
const HOUR = 3600_000

type Login = { token: string; profile: { id: number } }

async function call<T>(origin: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${origin}${V1}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`)
  return (await response.json()) as T
}

const login = (origin: string, username: string, type: 'customer' | 'executor') =>
  call<Login>(origin, 'POST', '/auth/login', undefined, { username, password: PASSWORD, type })

/** Two jobs of the demo specialist's day; answers the specialist's login, as the app keeps it. */
export async function prepareDay(origin: string): Promise<Login> {
  const customer = await login(origin, CUSTOMER, 'customer')
  const specialist = await login(origin, SPECIALIST, 'executor')
  const service = await call<{ id: number }>(
    origin,
    'GET',
    '/categories/mastera-po-remontu/restnew/elektrika',
  )
  for (const [name, startsIn] of [
    ['Заменить розетки на кухне', 3 * HOUR],
    ['Повесить шкаф в прихожей', 26 * HOUR],
  ] as const) {
    const start = Date.now() + startsIn
    const order = await call<{ id: number }>(origin, 'POST', '/orders', customer.token, {
      services: [service.id],
      name,
      at_customer: true,
      area: 'Ташкент',
      address: 'ул. Навои, 12, кв. 5',
      landmark: 'напротив школы № 5, синие ворота',
      lat: 41.311,
      lng: 69.279,
      started_at: new Date(start).toISOString(),
      ended_at: new Date(start + 2 * HOUR).toISOString(),
      price: 25_000_000,
    })
    await call(origin, 'POST', `/orders/${order.id}/replies`, specialist.token, {
      message: 'Приеду вовремя.',
    })
    await call(origin, 'POST', `/orders/${order.id}/actions/choose`, customer.token, {
      executor_id: specialist.profile.id,
    })
    await call(origin, 'POST', `/orders/${order.id}/actions/accept`, specialist.token, {})
  }
  return specialist
}

/**
 * A page of the baseline's folder that keeps a session in the app's storage (a script file: the server's CSP
 * refuses inline scripts). Lighthouse then measures with the storage kept (`disableStorageReset`).
 */
export async function writeLoginPage(dir: string) {
  await writeFile(
    join(dir, 'login.html'),
    '<!doctype html><meta charset="utf-8"><title>login</title><script src="login.js"></script>',
  )
  await writeFile(
    join(dir, 'login.js'),
    "localStorage.setItem('fika.session', new URLSearchParams(location.search).get('s')); document.title = 'kept'",
  )
}

/** Opens the login page in the measuring Chromium (its DevTools HTTP endpoint) and waits until it has run. */
export async function keepSession(port: number, url: string, session: Login) {
  const state = JSON.stringify({ state: { token: session.token, profile: session.profile }, version: 0 })
  // In the query, not the fragment: DevTools' /json/new takes the address after its own `?` and would drop a `#…`.
  const target = `${url}?s=${encodeURIComponent(state)}`
  const opened = await fetch(`http://127.0.0.1:${port}/json/new?${target}`, { method: 'PUT' })
  const tab = (await opened.json()) as { id: string }
  for (let tries = 0; tries < 50; tries++) {
    const tabs = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      id: string
      title: string
    }[]
    if (tabs.find((each) => each.id === tab.id)?.title === 'kept') break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await fetch(`http://127.0.0.1:${port}/json/close/${tab.id}`)
}
