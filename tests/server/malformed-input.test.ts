import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { buildPath, endpoints } from '#contract/endpoints.ts'
import type { Endpoint } from '#contract/endpoint.ts'
import { ErrorBodySchema } from '#contract/errors.ts'
import { register } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * Walks every endpoint of the contract and sends boundary and malformed values for each path parameter, query
 * parameter and body field, as a guest and as each role. No answer may be a 5xx, and every 4xx must be our one
 * error shape. A new endpoint is walked as soon as it is in `contract/`; one with a body needs a valid example
 * below, so its fields are also tried one at a time inside an otherwise valid request.
 */
const t = useTestApp({ catalogue: true, config: { RATE_LIMIT_PER_MINUTE: 1_000_000 } })

type Name = keyof typeof endpoints
type Caller = { token: string } | null

const NUMBERS_AS_TEXT = [
  '',
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  '1e20',
  '1e+21',
  'NaN',
  'abc',
  '%00',
  '../../etc/passwd',
  'а'.repeat(2_000),
]
const PATH_VALUES = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e20',
  'abc',
  '%E0%A4%A',
  'x'.repeat(99),
]
const BODY_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  2_147_483_648,
  1e20,
  -1e20,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  'abc',
  '2147483648',
  'x'.repeat(20_000),
  [],
  [2_147_483_648],
  [1e20, 'x'],
  {},
  { nested: { deep: [1] } },
]

/** A valid request body of each endpoint that takes one; the walk changes one field at a time. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  smsSend: { phone: '998901234567', type: 'register' },
  devTelegramMessage: { chat_id: 555, text: '/start' },
  telegramLoginLink: { token: 'A'.repeat(43) },
  emailVerify: { token: 'A'.repeat(43) },
  denyVerification: { reason: 'unreadable', text: 'Фото размыто' },
  reportOrder: { reason: 'fraud', text: 'Просит предоплату' },
  reportProfile: { reason: 'spam', text: 'Реклама' },
  dismissReport: { text: 'Нарушений нет' },
  hideReported: { text: 'Оскорбление' },
  warnReported: { reason: 'abuse', text: 'Будьте вежливы' },
  blockUser: { reason: 'fraud', text: 'Мошенник' },
  unblockUser: { text: 'Ошибся' },
  saveContentPage: {
    title: { ru: 'О нас', en: 'About us', oz: 'Biz haqimizda', uz: 'Биз ҳақимизда' },
    description: { ru: 'Кто мы', en: 'Who we are', oz: 'Biz kimmiz', uz: 'Биз киммиз' },
    body: { ru: 'Текст', en: 'Text', oz: 'Matn', uz: 'Матн' },
  },
  createBlogPost: {
    slug: 'new-post',
    category: 'news',
    published: false,
    title: { ru: 'Новость', en: 'News', oz: 'Yangilik', uz: 'Янгилик' },
    description: { ru: '', en: '', oz: '', uz: '' },
    body: { ru: 'Текст', en: 'Text', oz: 'Matn', uz: 'Матн' },
  },
  saveBlogPost: {
    slug: 'new-post',
    category: 'news',
    published: false,
    title: { ru: 'Новость', en: 'News', oz: 'Yangilik', uz: 'Янгилик' },
    description: { ru: '', en: '', oz: '', uz: '' },
    body: { ru: 'Текст', en: 'Text', oz: 'Matn', uz: 'Матн' },
  },
  createMarqueeItem: { title: { ru: 'Скидки', en: 'Discounts', oz: 'Chegirmalar', uz: 'Чегирмалар' } },
  saveMarqueeItem: { title: { ru: 'Скидки', en: 'Discounts', oz: 'Chegirmalar', uz: 'Чегирмалар' } },
  reorderMarquee: { ids: [1, 2] },
  approveProposal: {
    name_ru: 'Ремонт часов',
    name_en: 'Watch repair',
    name_oz: 'Soat ta’miri',
    name_uz: 'Соат таъмири',
    slug: 'watch-repair',
  },
  mergeProposal: { into: 1 },
  rejectProposal: { reason: 'Такая услуга уже есть' },
  hideReview: { reason: 'Оскорбления' },
  unhideReview: { reason: 'Ошибка' },
  smsVerify: { required_id: '00000000-0000-4000-8000-000000000000', code: '1234' },
  register: {
    name: 'Dilnoza',
    surname: 'Rahimova',
    username: '998901234568',
    password: 'samarqand2026',
    password_confirmation: 'samarqand2026',
    type: 'customer',
    required_id: '00000000-0000-4000-8000-000000000000',
    invite: '1a-0123456789',
  },
  login: { username: '998901234567', password: 'samarqand2026', type: 'customer' },
  resetPassword: {
    username: '901234567',
    password: 'samarqand2026',
    password_confirmation: 'samarqand2026',
    smsCode: '1234',
    type: 'customer',
    required_id: '00000000-0000-4000-8000-000000000000',
  },
  updateProfile: { type: 'executor' },
  proposeService: { name: 'Ремонт кондиционеров', category: 'mastera-po-remontu' },
  publishOrder: {
    services: [1],
    name: 'Повесить люстру в зале',
    at_customer: true,
    area: 'Юнусабадский район, Ташкент',
    address: '4-й квартал, дом 7',
    lat: 41.36,
    lng: 69.28,
    started_at: '2026-11-25T09:00:00.000Z',
    ended_at: '2026-11-25T12:00:00.000Z',
    price_min: 10_000_000,
    price_max: 20_000_000,
  },
  updateOrder: { services: [1], name: 'Повесить две люстры', at_customer: true },
  orderAction: { executor_id: 1 },
  reply: { message: 'Сделаю сегодня, опыт десять лет.' },
  review: { rating: 5, comment: 'Всё сделали быстро и аккуратно.' },
  orderProgress: {
    step: 'on_my_way',
    eta_minutes: 15,
    client_key: 'malformed-0001',
    tapped_at: '2026-11-21T09:00:00.000Z',
  },
  addSpeciality: { category: 1, services: [{ service: 1, price_from: 5_000_000, price_to: 9_000_000 }] },
  updateSpeciality: { services: [{ service: 1, price_from: 5_000_000 }] },
  specialityServiceStatus: { active: false },
  specialityCategoryStatus: { active: false },
  specialityUserStatus: { active: false },
  // Wrong current passwords: the walk must not change or delete the callers' accounts.
  changePassword: {
    current_password: 'not-the-password-1',
    password: 'tashkent2027',
    password_confirmation: 'tashkent2027',
  },
  deleteAccount: { password: 'not-the-password-1' },
  addDocument: { name: 'Диплом колледжа', description: 'Электромонтаж' },
  updateDocument: { name: 'Диплом колледжа', description: null },
  reorderDocuments: { ids: [1] },
  addWork: { title: 'Проводка в квартире', description: 'Три комнаты' },
  updateWork: { title: 'Проводка в квартире' },
  reorderWorks: { ids: [1] },
  updateNotificationSettings: { kinds: { new_order: { push: false } }, sms_fallback: true },
  subscribePush: {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  },
  renewPush: {
    old_endpoint: 'https://fcm.googleapis.com/fcm/send/old',
    subscription: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/new',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    },
  },
  unsubscribePush: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' },
  addCalendarEvent: {
    title: 'Ремонт',
    started_at: '2026-11-25T04:00:00.000Z',
    ended_at: '2026-11-25T07:00:00.000Z',
    period: 'weekly',
  },
  updateCalendarEvent: {
    title: 'Ремонт',
    started_at: '2026-11-26T04:00:00.000Z',
    ended_at: '2026-11-26T07:00:00.000Z',
  },
  openChat: { user_id: 1, order_id: 1 },
  sendChatMessage: { client_id: 'malformed-0001', text: 'Здравствуйте', location: { lat: 41.3, lng: 69.2 } },
  readChat: { message_id: 1 },
  blockChat: { blocked: true },
  reportMessage: { reason: 'spam', text: 'реклама' },
  walletCheckout: { plan: 'master', months: 1, provider: 'payme', promo_code: '' },
  startPromotion: { days: 7 },
}
/** Endpoints whose body is a file upload (multipart), not fields. */
const UPLOADS = new Set<Name>(['orderPhotos', 'uploadAvatar', 'addDocumentFile', 'addWorkPhoto', 'chatPhoto'])

/** Valid values of path parameters, so that a malformed one is the only thing wrong. */
const VALID_PARAMS: Record<string, string> = {
  id: '1',
  slug: 'about',
  action: 'accept',
  kind: 'message',
}

type Entries = Record<string, unknown>
const entriesOf = (schema: unknown): Entries => {
  const node = schema as { entries?: Entries; pipe?: { entries?: Entries }[]; wrapped?: unknown }
  return node?.entries ?? node?.pipe?.[0]?.entries ?? {}
}
const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)

type Probe = {
  label: string
  method: Endpoint['method']
  url: string
  headers?: Record<string, string>
  payload?: string
}

function probesOf(name: Name, endpoint: Endpoint): Probe[] {
  const probes: Probe[] = []
  const validPath = buildPath(
    endpoint.path,
    Object.fromEntries(paramNames(endpoint.path).map((param) => [param, VALID_PARAMS[param] ?? '1'])),
  )
  const json = (body: unknown) => ({ 'content-type': 'application/json', payload: JSON.stringify(body) })
  const withBody = (label: string, url: string, body: unknown): Probe => {
    const { payload } = json(body)
    return { label, method: endpoint.method, url, headers: { 'content-type': 'application/json' }, payload }
  }
  const base = VALID_BODIES[name] ?? {}

  for (const param of paramNames(endpoint.path)) {
    for (const value of PATH_VALUES) {
      const url = endpoint.path.replace(/\{(\w+)\}/g, (_, other: string) =>
        other === param ? value : (VALID_PARAMS[other] ?? '1'),
      )
      probes.push(
        endpoint.body
          ? withBody(`path ${param}=${value.slice(0, 20)}`, url, base)
          : { label: `path ${param}=${value.slice(0, 20)}`, method: endpoint.method, url },
      )
    }
  }
  for (const key of Object.keys(entriesOf(endpoint.query))) {
    for (const value of NUMBERS_AS_TEXT) {
      const url = `${validPath}?${key}=${encodeURIComponent(value)}`
      probes.push({ label: `query ${key}=${value.slice(0, 20)}`, method: endpoint.method, url })
    }
    probes.push({
      label: `query ${key} twice`,
      method: endpoint.method,
      url: `${validPath}?${key}=1&${key}=2`,
    })
  }
  if (endpoint.body || UPLOADS.has(name)) {
    for (const key of Object.keys(entriesOf(endpoint.body))) {
      for (const value of BODY_VALUES) {
        probes.push(
          withBody(`body ${key}=${JSON.stringify(value).slice(0, 24)}`, validPath, { ...base, [key]: value }),
        )
      }
    }
    for (const whole of [null, [], 'text', 42, {}])
      probes.push(withBody(`body ${JSON.stringify(whole)}`, validPath, whole))
    probes.push(withBody('a valid body', validPath, base))
    const raw = (label: string, contentType: string, payload: string): Probe => ({
      label,
      method: endpoint.method,
      url: validPath,
      headers: { 'content-type': contentType },
      payload,
    })
    probes.push(
      raw('malformed JSON', 'application/json', '{"name": '),
      raw('JSON with __proto__', 'application/json', '{"__proto__": {"admin": true}}'),
      raw('multipart with no boundary', 'multipart/form-data', 'name=value'),
      raw(
        'multipart cut short',
        'multipart/form-data; boundary=XYZ',
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8',
      ),
      raw('plain text', 'text/plain', 'hello'),
      raw('XML', 'application/xml', '<order/>'),
    )
  }
  return probes
}

async function caller(type: 'customer' | 'executor'): Promise<Caller> {
  const { token } = await register(t, { type })
  return { token }
}

describe('every endpoint of the contract, given malformed input', () => {
  // A test per caller: all three in one took up to 30 s on a loaded machine.
  it.each([
    { role: 'guest', as: 'a guest' },
    { role: 'customer', as: 'a customer' },
    { role: 'executor', as: 'an executor' },
  ] as const)(
    'never answers 5xx and answers every refusal in the one error shape, as $as',
    async ({ role }) => {
      const customer = await caller('customer')
      const who: Caller = role === 'guest' ? null : role === 'customer' ? customer : await caller('executor')
      // A real order, so that ids in paths name something and deeper rules run too.
      const order = await t.call('POST', '/orders', customer, VALID_BODIES.publishOrder)
      expect(order.statusCode, order.body).toBe(201)
      VALID_PARAMS.id = String(order.json().id)

      const failures: string[] = []
      let sent = 0
      for (const [name, endpoint] of Object.entries(endpoints) as [Name, Endpoint][]) {
        if (endpoint.body && !UPLOADS.has(name)) {
          expect(VALID_BODIES[name], `a valid example body for ${name}`).toBeDefined()
        }
        for (const probe of probesOf(name, endpoint)) {
          const response = await t.inject({
            method: probe.method,
            url: probe.url,
            headers: { ...probe.headers, ...(who && { authorization: `Bearer ${who.token}` }) },
            ...(probe.payload !== undefined && { payload: probe.payload }),
          })
          sent++
          const where = `${name} ${probe.method} ${probe.label} as ${role}`
          if (response.statusCode >= 500) {
            failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 120)}`)
          } else if (response.statusCode >= 400) {
            const body = v.safeParse(ErrorBodySchema, safeJson(response.body))
            if (!body.success)
              failures.push(
                `${where}: ${response.statusCode} outside the error shape: ${response.body.slice(0, 120)}`,
              )
          }
        }
      }
      expect(failures, `${failures.length} of ${sent} answers were wrong`).toEqual([])
      expect(sent).toBeGreaterThan(1_000)
    },
  )

  it('answers ids past their column as not found, and pages past the last as a field error, in the caller language', async () => {
    const notFound = await t.inject({
      method: 'GET',
      url: endpoints.order.path.replace('{id}', '2147483648'),
    })
    expect(notFound.statusCode).toBe(404)
    expect(notFound.json().error.code).toBe('not_found')
    const category = await t.inject({
      method: 'GET',
      url: endpoints.category.path.replace('{id}', '99999999999999999999'),
    })
    expect(category.statusCode).toBe(404)
    const page = await t.inject({
      method: 'GET',
      url: `${endpoints.blogPosts.path}?page=${'9'.repeat(20)}`,
      headers: { 'accept-language': 'en' },
    })
    expect(page.statusCode).toBe(400)
    expect(page.json().error.fields.page).toEqual(['The page number must be from 1 to 10000'])
  })

  it('reports every invalid field of an order at once', async () => {
    const customer = await caller('customer')
    const response = await t.call(
      'POST',
      '/orders',
      customer,
      {
        ...VALID_BODIES.publishOrder,
        name: 'x'.repeat(121),
        ended_at: '2026-11-25T08:00:00.000Z',
        price_max: 5_000_000,
        price: 1e20,
        executor_id: 1e20,
      },
      { 'accept-language': 'en' },
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().error.fields).toEqual({
      name: ['The order title must be at most 120 characters'],
      price: ["Enter the price as a whole number from 0 to 10 000 000 000 so'm"],
      executor_id: ['No such record: the number is not valid'],
      ended_at: [expect.any(String)],
      price_max: [expect.any(String)],
    })
  })
})

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
