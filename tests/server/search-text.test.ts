import { describe, expect, it } from 'vitest'
import { foldForSearch, searchTextOf } from '#contract/search-text.ts'

describe('foldForSearch', () => {
  it.each([
    ['Электрик', 'elektrik'],
    ['электр', 'elektr'],
    ['Elektr montaj', 'elektr montaj'],
    ['Ўқитувчи', 'oqituvchi'],
    ["O'qituvchi", 'oqituvchi'],
    ['Oʻqituvchi', 'oqituvchi'],
    ['Хизмат', 'xizmat'],
    ['Юрист  —  консультация!', 'yurist konsultatsiya'],
    ['IELTS', 'ielts'],
  ])('folds %s to %s', (input, folded) => {
    expect(foldForSearch(input)).toBe(folded)
  })

  it('keeps each word once across languages', () => {
    expect(searchTextOf(['Электрика', 'Elektrika', 'Электрика', 'Electrician'])).toBe('elektrika electrician')
  })
})
