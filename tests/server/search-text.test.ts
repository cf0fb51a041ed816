import { describe, expect, it } from 'vitest'
import { foldForSearch, searchTextOf } from '#contract/search-text.ts'
import { typoDistance, typosAllowed } from '#contract/search-typos.ts'

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

describe('typoDistance', () => {
  it.each([
    ['elektrik', 'elektrika', 0],
    ['elektirk', 'elektrika', 1],
    ['ubroka', 'uborka', 1],
    ['tozalsh', 'tozalash', 1],
    ['elktrk', 'elektrika', 2],
    ['ubroka', 'fizika', 4],
  ])('counts the typos between %s and the start of %s as %i', (typed, word, typos) => {
    expect(typoDistance(typed, word)).toBe(typos)
  })

  it('allows no typo in a word shorter than 4 letters, one up to 6, two from 7', () => {
    expect(['abc', 'abcd', 'abcdef', 'abcdefg'].map(typosAllowed)).toEqual([0, 1, 1, 2])
  })
})
