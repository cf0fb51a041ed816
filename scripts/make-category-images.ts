/**
 * Draws one picture per category (public/categories/<slug>.svg) from the seed files: a coloured card with a few
 * shapes and the category's initial. Run after adding a category: `node scripts/make-category-images.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { loadSeedCatalogue } from '../server/db/seed/catalogue-seed.ts'

const PALETTE = ['#0b6e4f', '#1d4e89', '#7a3e9d', '#b5482b', '#1f7a8c', '#8a5a00', '#2e6b30', '#9c2f55']

const hash = (text: string) => [...text].reduce((value, char) => (value * 31 + char.charCodeAt(0)) >>> 0, 7)

function picture(slug: string, initial: string, index: number) {
  const color = PALETTE[index % PALETTE.length]!
  const seed = hash(slug)
  const circles = Array.from({ length: 4 }, (_, i) => {
    const x = 40 + ((seed >> (i * 3)) % 240)
    const y = 30 + ((seed >> (i * 5)) % 140)
    const r = 18 + ((seed >> (i * 7)) % 40)
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.08 + i * 0.04}"/>`
  }).join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" role="img"><rect width="320" height="200" rx="16" fill="${color}"/>${circles}<text x="286" y="176" text-anchor="end" font-family="system-ui, sans-serif" font-size="96" font-weight="800" fill="#ffffff" fill-opacity="0.9">${initial}</text></svg>\n`
}

await mkdir('public/categories', { recursive: true })
const catalogue = await loadSeedCatalogue()
for (const [index, category] of catalogue.entries()) {
  await writeFile(
    `public/categories/${category.slug}.svg`,
    picture(category.slug, category.name.en.charAt(0), index),
  )
}
console.log(`${catalogue.length} category pictures written to public/categories`)
