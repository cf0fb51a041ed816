import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadHomeCatalog } from '#src/features/home/catalog.ts'
import { FaqBlock } from '#src/features/home/components/faq-block.tsx'
import { renderInApp } from './helpers.tsx'

const expanded = () =>
  screen.getAllByRole('button').filter((button) => button.getAttribute('aria-expanded') === 'true')

describe('FaqBlock', () => {
  beforeAll(loadHomeCatalog)

  it('has five questions with the first one open', async () => {
    renderInApp(<FaqBlock />)
    const questions = (await screen.findAllByRole('button')).filter((b) => b.hasAttribute('aria-expanded'))
    expect(questions).toHaveLength(5)
    expect(expanded()).toEqual([questions[0]])
  })

  it('keeps one question open at a time, and closes the open one on a second click', async () => {
    const user = userEvent.setup()
    renderInApp(<FaqBlock />)
    const questions = (await screen.findAllByRole('button')).filter((b) => b.hasAttribute('aria-expanded'))
    await user.click(questions[2]!)
    expect(expanded()).toEqual([questions[2]])
    await user.click(questions[2]!)
    expect(expanded()).toEqual([])
  })

  it('offers the support chat', async () => {
    renderInApp(<FaqBlock />)
    expect((await screen.findByRole('link', { name: /поддержк|support/i })).getAttribute('href')).toBe(
      '/support',
    )
  })
})
