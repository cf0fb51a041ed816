import { describe, expect, it } from 'vitest'
import { isOutboxRoute } from '#contract/outbox.ts'
import { defaultNavigator, navigateLinks, placeLabel } from '#src/features/workday/navigate-links.ts'
import { parseTapKey, stepStates, tapKey } from '#src/features/workday/progress-steps.ts'
import { groupByDay, todayWindow } from '#src/features/workday/today-window.ts'

const POINT = { lat: 41.363412, lng: 69.285731 }
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148'
const IPAD =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36'

describe('navigation links to a job', () => {
  const links = navigateLinks(POINT, '4-й квартал, дом 7 (кв. 21), синие ворота & школа')

  it('routes to the exact point in each app, the landmark in the label where the app takes one', () => {
    expect(links.geo).toBe(
      `geo:41.363412,69.285731?q=41.363412,69.285731(${encodeURIComponent('4-й квартал, дом 7  кв. 21 , синие ворота & школа')})`,
    )
    expect(links.apple).toBe(
      `https://maps.apple.com/?daddr=41.363412,69.285731&q=${encodeURIComponent('4-й квартал, дом 7 (кв. 21), синие ворота & школа')}`,
    )
    expect(links.google).toBe('https://www.google.com/maps/dir/?api=1&destination=41.363412,69.285731')
    expect(links['2gis']).toBe('https://2gis.uz/routeSearch/rsType/car/to/69.285731,41.363412')
    expect(links.yandex).toBe('https://yandex.uz/maps/?rtext=~41.363412%2C69.285731&rtt=auto')
  })

  it('keeps the label from breaking out of the geo: URI or the query', () => {
    expect(links.geo).not.toMatch(/\(.*\(|&/)
    expect(new URL(links.apple).searchParams.get('q')).toBe(
      '4-й квартал, дом 7 (кв. 21), синие ворота & школа',
    )
  })

  it('opens the phone’s own maps by its user agent, and Yandex Maps elsewhere', () => {
    expect(defaultNavigator(ANDROID)).toBe('geo')
    expect(defaultNavigator(IPHONE)).toBe('apple')
    expect(defaultNavigator(IPAD, 5)).toBe('apple')
    expect(defaultNavigator(IPAD, 0)).toBe('yandex')
    expect(defaultNavigator(DESKTOP)).toBe('yandex')
  })

  it('labels the pin with the address and the landmark that are written', () => {
    expect(placeLabel('дом 7', 'синие ворота')).toBe('дом 7, синие ворота')
    expect(placeLabel(null, 'синие ворота')).toBe('синие ворота')
    expect(placeLabel('дом 7', '  ')).toBe('дом 7')
  })
})

describe('the Today window', () => {
  it('starts at midnight in Tashkent and lasts eight days, whatever the hour', () => {
    // 23:30 in Tashkent on the 27th is still the 27th there, though 18:30 UTC.
    expect(todayWindow(new Date('2026-11-27T18:30:00Z'))).toEqual({
      from: '2026-11-26T19:00:00.000Z',
      to: '2026-12-04T19:00:00.000Z',
    })
    // 00:30 in Tashkent on the 28th is the 27th in UTC.
    expect(todayWindow(new Date('2026-11-27T19:30:00Z')).from).toBe('2026-11-27T19:00:00.000Z')
  })

  it('groups jobs by their Tashkent day in time order and leaves out those with no start', () => {
    const days = groupByDay([
      { id: 3, started_at: '2026-11-28T04:00:00Z' },
      { id: 1, started_at: '2026-11-27T20:00:00Z' },
      { id: 2, started_at: '2026-11-27T18:00:00Z' },
      { id: 4, started_at: null },
    ])
    expect(days.map(({ day, jobs }) => [day, jobs.map((job) => job.id)])).toEqual([
      ['2026-11-27', [2]],
      ['2026-11-28', [1, 3]],
    ])
  })
})

describe('the steps of a job', () => {
  it('names the order and the step in the tap’s key, in a form the server takes', () => {
    const key = tapKey(512, 'arrived', null, 'c0ffee00-1234-4abc-8def-0123456789ab')
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(parseTapKey(key)).toEqual({ orderId: 512, step: 'arrived', etaMinutes: null })
    expect(parseTapKey(tapKey(7, 'done'))).toEqual({ orderId: 7, step: 'done', etaMinutes: null })
    expect(parseTapKey(tapKey(7, 'on_my_way', 45))).toEqual({ orderId: 7, step: 'on_my_way', etaMinutes: 45 })
    expect(parseTapKey('draft-0001-abcdef')).toBeNull()
    expect(parseTapKey('progress-7-9-abcdef')).toBeNull()
  })

  it('shows taken and waiting steps with their times, and only later steps as open', () => {
    const states = stepStates(
      [{ step: 'on_my_way', eta_minutes: 30, tapped_at: '2026-11-27T09:00:00Z' }],
      [{ step: 'arrived', tappedAt: '2026-11-27T09:25:00Z', etaMinutes: null }],
    )
    expect(states).toEqual([
      { step: 'on_my_way', state: 'taken', tappedAt: '2026-11-27T09:00:00Z', etaMinutes: 30 },
      { step: 'arrived', state: 'waiting', tappedAt: '2026-11-27T09:25:00Z', etaMinutes: null },
      { step: 'done', state: 'open' },
    ])
  })

  it('never offers a step before one already taken', () => {
    const states = stepStates([{ step: 'arrived', eta_minutes: null, tapped_at: '2026-11-27T09:25:00Z' }], [])
    expect(states.map((item) => item.state)).toEqual(['passed', 'taken', 'open'])
    expect(stepStates([], []).map((item) => item.state)).toEqual(['open', 'open', 'open'])
  })

  it('lets the outbox keep a step of the day as it keeps a publish and a reply', () => {
    const v1 = '/api/fika/freelancer/v1.0.1'
    expect(isOutboxRoute('POST', `${v1}/orders/41/progress`)).toBe(true)
    expect(isOutboxRoute('POST', `${v1}/orders/41/replies`)).toBe(true)
    expect(isOutboxRoute('GET', `${v1}/orders/41/progress`)).toBe(false)
    expect(isOutboxRoute('POST', `${v1}/orders/41/actions/complete`)).toBe(false)
  })
})
