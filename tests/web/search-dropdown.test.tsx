import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SearchDropdown } from '#src/features/catalogue/components/search-dropdown.tsx'
import { renderInApp, stubApi, V1 } from './helpers.tsx'

const service = (id: number, name: string, slug: string, children = 0, parent: string | null = null) => ({
  id,
  name,
  slug,
  description: null,
  parent: parent ? 1 : null,
  parent_slug: parent,
  status: 'approved',
  category: { id: 3, slug: 'mastera-po-remontu', name: 'Мастера по ремонту' },
  children_count: children,
})

function searchApi(
  answer = [
    service(10, 'Электрика', 'elektrika', 5),
    service(11, 'Замена проводки', 'zamena-provodki', 0, 'elektrika'),
  ],
) {
  return stubApi({
    [`GET ${V1}/services`]: async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return { json: { collection: answer, meta: { page: 1, perPage: 10, total: answer.length } } }
    },
  })
}

const type = (text: string) => fireEvent.change(screen.getByRole('combobox'), { target: { value: text } })
const searches = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.path === `${V1}/services`)

describe('SearchDropdown', () => {
  it('does not search two characters or fewer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = searchApi()
    renderInApp(<SearchDropdown />)
    await screen.findByRole('combobox')
    act(() => type('эл'))
    act(() => vi.advanceTimersByTime(500))
    expect(searches(api)).toHaveLength(0)
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('waits 200 ms after the last keystroke, shows a spinner until the first result, then the results', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = searchApi()
    renderInApp(<SearchDropdown />)
    await screen.findByRole('combobox')
    act(() => type('эле'))
    act(() => vi.advanceTimersByTime(150))
    act(() => type('элек'))
    act(() => vi.advanceTimersByTime(150))
    expect(searches(api)).toHaveLength(0)
    expect(screen.getByRole('status')).toBeTruthy()
    act(() => vi.advanceTimersByTime(60))
    await waitFor(() => expect(searches(api)).toHaveLength(1))
    expect(searches(api)[0]!.query.get('search')).toBe('элек')
    expect(await screen.findByRole('link', { name: /Электрика/ })).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('links results into the order flow: select when a service has children, else the work place', async () => {
    searchApi()
    renderInApp(<SearchDropdown />)
    await screen.findByRole('combobox')
    type('элек')
    expect((await screen.findByRole('link', { name: /Электрика/ })).getAttribute('href')).toBe(
      '/mastera-po-remontu/elektrika/select',
    )
    expect(screen.getByRole('link', { name: /Замена проводки/ }).getAttribute('href')).toBe(
      '/mastera-po-remontu/elektrika/zamena-provodki/work-place',
    )
  })

  it('says so when nothing is found', async () => {
    searchApi([])
    renderInApp(<SearchDropdown />)
    await screen.findByRole('combobox')
    type('zzzz')
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy()
  })

  it('hides on Escape and on a click elsewhere', async () => {
    searchApi()
    renderInApp(
      <>
        <SearchDropdown />
        <p>elsewhere</p>
      </>,
    )
    const input = await screen.findByRole('combobox')
    type('элек')
    await screen.findByRole('link', { name: /Электрика/ })
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(screen.queryByRole('link', { name: /Электрика/ })).toBeNull()
    fireEvent.focus(input)
    expect(await screen.findByRole('link', { name: /Электрика/ })).toBeTruthy()
    fireEvent.pointerDown(screen.getByText('elsewhere'))
    expect(screen.queryByRole('link', { name: /Электрика/ })).toBeNull()
  })

  it('opens the result whose name is exactly the typed text on Enter', async () => {
    searchApi()
    const { router } = renderInApp(<SearchDropdown />)
    const input = await screen.findByRole('combobox')
    type('электрика')
    await screen.findByRole('link', { name: /Электрика/ })
    fireEvent.submit(input.closest('form')!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/mastera-po-remontu/elektrika/select'))
  })

  it('opens the one result whose name has a word starting with the typed part on Enter', async () => {
    searchApi()
    const { router } = renderInApp(<SearchDropdown />)
    const input = await screen.findByRole('combobox')
    type('элек')
    await screen.findByRole('link', { name: /Электрика/ })
    fireEvent.submit(input.closest('form')!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/mastera-po-remontu/elektrika/select'))
  })

  it('searches at once on Enter pressed before the results came, and opens the one good match', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const api = searchApi()
    const { router } = renderInApp(<SearchDropdown />)
    const input = await screen.findByRole('combobox')
    act(() => type('электри'))
    fireEvent.submit(input.closest('form')!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/mastera-po-remontu/elektrika/select'))
    expect(searches(api)[0]!.query.get('search')).toBe('электри')
  })

  it('keeps the results shown and stays on the page when several names start with the typed part', async () => {
    searchApi([
      service(20, 'Сантехника', 'santekhnika', 4),
      service(21, 'Установка сантехники', 'ustanovka-santekhniki', 0, 'santekhnika'),
    ])
    const { router } = renderInApp(<SearchDropdown />)
    const input = await screen.findByRole('combobox')
    type('сантех')
    await screen.findByRole('link', { name: /Установка сантехники/ })
    fireEvent.keyDown(input, { key: 'Escape' })
    fireEvent.submit(input.closest('form')!)
    expect(await screen.findByRole('link', { name: /Установка сантехники/ })).toBeTruthy()
    expect(screen.getByRole('link', { name: /^Сантехника/ })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })
})
