import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { lazyUntilUsed } from '#src/lib/lazy-until-used.ts'

// This file's page is one the server drew for a guest: the app takes it over (lib/drawn-page.ts reads it once).
const root = document.createElement('div')
root.id = 'root'
root.setAttribute('data-rendered', '')
document.body.append(root)

describe('a part of the first screen whose code waits for its first use', () => {
  it('loads when the visitor reaches it, not with the first screen, and not for a touch elsewhere', async () => {
    const load = vi.fn(async () => ({ default: () => <p>working search</p> }))
    const Search = lazyUntilUsed('.search', load)
    render(
      <>
        <button type="button">elsewhere</button>
        <div className="search">
          <input aria-label="search field" />
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
})
