import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { OrderDraft } from '#src/lib/local-db.ts'
import { loadOrderWizardCatalog } from '#src/features/order-wizard/catalog.ts'
import { DraftList } from '#src/features/order-wizard/components/draft-list.tsx'
import { renderInApp } from './helpers.tsx'

beforeAll(loadOrderWizardCatalog)

// Text a customer typed that the translation formatter would read as markup or escapes.
const TAGGED = 'Курсы <i>английского</i>'
const ESCAPED = 'Папка C:\\x41 и \\u0041'

const draftOf = (id: string, name: string | undefined, title: string): OrderDraft => ({
  id,
  route: '/obrazovanie-i-repetitorstvo/ielts/work-place',
  flowPath: '/obrazovanie-i-repetitorstvo/ielts',
  categorySlug: 'obrazovanie-i-repetitorstvo',
  title,
  session: { parent_service_id: 1, services: ['ielts'], category_slug: 'obrazovanie-i-repetitorstvo' },
  services: [2],
  fields: name === undefined ? {} : { name },
  photos: [],
  pending: false,
  updatedAt: Date.parse('2026-11-24T14:05:00+05:00'),
})
const drafts = [draftOf('a', TAGGED, 'IELTS'), draftOf('b', undefined, ESCAPED)]
vi.mock('dexie-react-hooks', () => ({ useLiveQuery: () => drafts }))

describe('the wizard’s drafts list', () => {
  it('shows each draft’s name and title as typed, in its link and its delete button’s name', async () => {
    renderInApp(<DraftList />)
    expect((await screen.findByRole('link', { name: TAGGED })).textContent).toBe(TAGGED)
    expect(screen.getByRole('link', { name: ESCAPED }).textContent).toBe(ESCAPED)
    expect(screen.getByRole('button', { name: `Удалить черновик «${TAGGED}»` })).toBeTruthy()
    expect(screen.getByRole('button', { name: `Удалить черновик «${ESCAPED}»` })).toBeTruthy()
    // Saved at 14:05 in Tashkent, and written so in any zone.
    expect(screen.getAllByText(/24 ноября 2026 г\. в 14:05/)).toHaveLength(2)
  })
})
