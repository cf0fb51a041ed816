/**
 * Draws the app icons (any and maskable), the shortcut icons and the touch icon from SVG with sharp.
 * Run it after changing the logo: `node scripts/make-icons.ts`; the PNGs are committed.
 */
import { mkdir } from 'node:fs/promises'
import sharp from 'sharp'

const GREEN = '#0b6e4f'
const letter =
  '<path d="M20 48V16h26v7H28v7h15v7H28v11z" fill="#fff"/><circle cx="47" cy="45" r="4" fill="#ffd166"/>'
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${GREEN}"/>${letter}</svg>`
// Maskable icons keep their content inside the central 80 % safe zone and fill the square edge to edge.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${GREEN}"/><g transform="translate(9.6 9.6) scale(0.7)">${letter}</g></svg>`
const shortcut = (glyph: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="${GREEN}"/><text x="48" y="66" font-size="56" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${glyph}</text></svg>`

// The status bar's badge of a push: Android draws only its shape (the alpha), so it is the letter alone in white.
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="96" height="96">${letter.replace('#ffd166', '#fff')}</svg>`

const png = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(`public/icons/${file}`)

await mkdir('public/icons', { recursive: true })
await Promise.all([
  png(any, 192, 'icon-192.png'),
  png(any, 512, 'icon-512.png'),
  png(maskable, 512, 'maskable-512.png'),
  png(maskable, 180, 'apple-touch-icon.png'),
  png(shortcut('+'), 96, 'shortcut-create.png'),
  png(shortcut('≡'), 96, 'shortcut-orders.png'),
  png(badge, 96, 'badge-96.png'),
])
console.log('icons written to public/icons')
