/**
 * Draws one picture per category (public/categories/<slug>.svg) from the seed files: a coloured card with soft
 * shapes and the category's Lucide icon, no text (the card's title is next to it, in the reader's language). Run
 * after adding a category, and give it an icon in ICONS: `node scripts/make-category-images.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import {
  Car,
  Dumbbell,
  GraduationCap,
  HardHat,
  Laptop,
  MessagesSquare,
  Package,
  PawPrint,
  Camera,
  Scale,
  Scissors,
  SprayCan,
  Stethoscope,
  Truck,
  WashingMachine,
  Wrench,
  type LucideIcon,
} from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { loadSeedCatalogue } from '../server/seed/catalogue-seed.ts'

/** The picture of each category, by slug; a category without one stops the script. */
const ICONS: Record<string, LucideIcon> = {
  'domashniy-personal': SprayCan,
  'obrazovanie-i-repetitorstvo': GraduationCap,
  'mastera-po-remontu': Wrench,
  'bukhgaltery-i-yuristy': Scale,
  'stroitelstvo-i-remont': HardHat,
  'krasota-i-ukhod': Scissors,
  'remont-bytovoy-tekhniki': WashingMachine,
  avtouslugi: Car,
  'gruzoperevozki-i-pereezdy': Truck,
  'it-i-dizayn': Laptop,
  'meropriyatiya-i-foto-video': Camera,
  'zdorove-i-meditsina': Stethoscope,
  'kurery-i-dostavka': Package,
  'sport-i-fitnes': Dumbbell,
  perevodchiki: MessagesSquare,
  'domashnie-zhivotnye': PawPrint,
}

/** Pairs of a deep and a light tone; white on the deep one has at least 4.5:1 contrast. */
const PALETTE = [
  ['#0b6e4f', '#2fa57c'],
  ['#1d4e89', '#4f86c6'],
  ['#7a3e9d', '#a877c6'],
  ['#b5482b', '#e0805f'],
  ['#1f7a8c', '#52adbf'],
  ['#8a5a00', '#c9922c'],
  ['#2e6b30', '#62a865'],
  ['#9c2f55', '#cf6a8d'],
] as const

const ICON_SIZE_PX = 84

function picture(slug: string, index: number) {
  const Icon = ICONS[slug]
  if (!Icon) throw new Error(`No icon for the category ${slug}: add one to ICONS in ${import.meta.filename}`)
  const [deep, light] = PALETTE[index % PALETTE.length]!
  const icon = renderToStaticMarkup(
    createElement(Icon, { size: ICON_SIZE_PX, color: deep, strokeWidth: 1.75, 'aria-hidden': true }),
  )
    // The icon is placed inside the card's own SVG: the nested <svg> takes x and y like any element.
    .replace('<svg ', `<svg x="${160 - ICON_SIZE_PX / 2}" y="${100 - ICON_SIZE_PX / 2}" `)
  const gradient = `g-${slug}`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200" aria-hidden="true">`,
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient></defs>`,
    `<rect width="320" height="200" fill="url(#${gradient})"/>`,
    `<circle cx="${40 + (index % 4) * 8}" cy="34" r="46" fill="#ffffff" fill-opacity="0.12"/>`,
    `<circle cx="${286 - (index % 3) * 10}" cy="172" r="64" fill="#ffffff" fill-opacity="0.1"/>`,
    `<circle cx="262" cy="42" r="10" fill="#ffffff" fill-opacity="0.25"/>`,
    `<circle cx="160" cy="100" r="66" fill="#ffffff"/>`,
    `<circle cx="160" cy="100" r="74" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="3"/>`,
    icon,
    `</svg>\n`,
  ].join('')
}

await mkdir('public/categories', { recursive: true })
const catalogue = await loadSeedCatalogue()
for (const [index, category] of catalogue.entries()) {
  await writeFile(`public/categories/${category.slug}.svg`, picture(category.slug, index))
}
console.log(`${catalogue.length} category pictures written to public/categories`)
