import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyUntilUsed } from '#src/lib/lazy-until-used.ts'

// This file's page is one the server drew for a guest: the app takes it over (lib/drawn-page.ts reads it once).
const root = document.createElement('div')
root.id = 'root'
root.setAttribute('data-rendered', '')
// Testing Library takes its container out of the page after each test.
beforeEach(() => void document.body.append(root))

describe('a part of the first screen whose code waits for its first use', () => {
  it('loads when the visitor reaches it, not with the first screen, and not for a touch elsewhere', async () => {
    const load = vi.fn(async () => ({ default: () => <p>working search</p> }))
    const Search = lazyUntilUsed('.search', load)
    render(
      <>
        <button type="button">elsewhere</button>
        <div className="search">
          <form aria-label="search form">
            <input aria-label="search field" />
          </form>
          <Suspense fallback={<p>drawn search</p>}>
            <Search />
          </Suspense>
        </div>
      </>,
      { container: root },
    )
    expect(screen.getByText('drawn search')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }))
    expect(load).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('textbox', { name: 'search field' }))
    expect(await screen.findByText('working search')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps the browser from sending its form itself before its code is here, and loads the code', async () => {
    const load = vi.fn(async () => ({ default: () => <p>working filter</p> }))
    const Filter = lazyUntilUsed('.filter', load)
    render(
      <div className="filter">
        <form aria-label="filter form" />
        <Suspense fallback={<p>drawn filter</p>}>
          <Filter />
        </Suspense>
      </div>,
      { container: root },
    )
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    screen.getByRole('form', { name: 'filter form' }).dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
    expect(await screen.findByText('working filter')).toBeTruthy()
  })
})
