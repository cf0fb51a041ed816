import { describe, expect, it } from 'vitest'
import { foldForSearch } from '#contract/search-text.ts'
import { rankSaved } from '#src/features/catalogue/offline-search.ts'
import type { SavedService } from '#src/lib/local-db.ts'

let order = 0
const saved = (
  slug: string,
  name: string,
  description = '',
  { category = 'c', parentSlug = null }: { category?: string; parentSlug?: string | null } = {},
): SavedService => ({
  id: ++order,
  locale: 'ru',
  name,
  slug,
  folded: foldForSearch(name),
  about: foldForSearch(description),
  order,
  categorySlug: category,
  categoryName: category,
  parentSlug,
  childrenCount: 0,
})

// As the device keeps them, in catalogue order.
const catalogue = [
  saved('uborka', 'Уборка', 'Генеральная и поддерживающая уборка квартир'),
  saved('domrabotnitsa', 'Домработница', 'Уборка, стирка и готовка'),
  saved('uborka-ofisov', 'Уборка офисов', 'Ежедневная уборка офисов'),
  saved('fizika', 'Физика', 'Репетиторы по физике: механика, электричество', { category: 'education' }),
  saved('kadrovyy-uchet', 'Кадровый учёт', 'Трудовые договоры и электронные больничные', { category: 'law' }),
  saved('avtoelektrik', 'Автоэлектрик', 'Проводка, стартер, генератор', { category: 'auto' }),
  saved('poisk-neispravnostey', 'Поиск неисправностей', 'Электрик найдёт причину', {
    category: 'repair',
    parentSlug: 'elektrika',
  }),
  saved('elektrika', 'Электрика', 'Вызов электрика на дом', { category: 'repair' }),
  saved('elektroshchit', 'Сборка электрощита', 'Установка автоматов', {
    category: 'repair',
    parentSlug: 'elektrika',
  }),
]
const slugsFor = (text: string) => rankSaved(catalogue, text, 10).map((service) => service.slug)

describe('the offline search', () => {
  it('lists names starting with the text, then name words, then descriptions (in a matching category first)', () => {
    expect(slugsFor('электр')).toEqual([
      'elektrika',
      'elektroshchit',
      'avtoelektrik',
      'poisk-neispravnostey',
      'fizika',
      'kadrovyy-uchet',
    ])
  })

  it('puts the exact name first and top-level services before sub-services', () => {
    expect(slugsFor('уборка')).toEqual(['uborka', 'uborka-ofisov', 'domrabotnitsa'])
  })

  it.each([
    ['электирк', 'elektrika'],
    ['elektirk', 'elektrika'],
    ['уброка', 'uborka'],
  ])('finds what was meant when "%s" has swapped or dropped letters', (typed, slug) => {
    expect(slugsFor(typed)[0]).toBe(slug)
  })

  it('finds nothing for a text far from every name, and nothing for an empty one', () => {
    expect(slugsFor('zzqqxxjj')).toEqual([])
    expect(slugsFor('  ')).toEqual([])
  })

  it('keeps to the limit', () => {
    expect(rankSaved(catalogue, 'а', 2)).toHaveLength(2)
  })
})
