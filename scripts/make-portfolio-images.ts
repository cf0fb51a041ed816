/**
 * Draws the demo specialists' portfolio and certificate pictures (server/seed/portfolio/*.webp): two simple
 * scenes per category (a tiled floor, a laptop, a car, a moving van…) and two certificates, flat shapes with no
 * text, rasterised to WebP with sharp like uploaded photos. The demo seed copies them into the uploads storage.
 * Run after adding a category, with a scene for it in SCENES: `node scripts/make-portfolio-images.ts`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import sharp from 'sharp'
import { loadSeedCatalogue } from '../server/seed/catalogue-seed.ts'

const WIDTH = 800
const HEIGHT = 600
const OUT_DIR = 'server/seed/portfolio'

type Palette = { sky: string; wall: string; deep: string; light: string; accent: string }
const PALETTES: Palette[] = [
  { sky: '#e8f3ef', wall: '#cfe6dc', deep: '#0b6e4f', light: '#2fa57c', accent: '#f2b134' },
  { sky: '#e9eff8', wall: '#cddcf0', deep: '#1d4e89', light: '#4f86c6', accent: '#e0805f' },
  { sky: '#f6ece6', wall: '#ecd3c6', deep: '#b5482b', light: '#e0805f', accent: '#1f7a8c' },
  { sky: '#f1eaf6', wall: '#ddcfe8', deep: '#7a3e9d', light: '#a877c6', accent: '#f2b134' },
]

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`

/** A room: wall, floor, window; what stands in it is the scene's. */
const room = (p: Palette, inside: string) =>
  [
    rect(0, 0, WIDTH, HEIGHT, p.wall),
    rect(0, 430, WIDTH, 170, p.light, 'fill-opacity="0.55"'),
    rect(520, 80, 200, 170, '#ffffff', `stroke="${p.deep}" stroke-width="10"`),
    rect(615, 80, 10, 170, p.deep),
    rect(520, 160, 200, 10, p.deep),
    inside,
  ].join('')

const plant = (x: number, p: Palette) =>
  rect(x - 22, 370, 44, 60, p.accent, 'rx="6"') +
  `<ellipse cx="${x - 24}" cy="330" rx="22" ry="44" fill="${p.deep}"/>` +
  `<ellipse cx="${x + 22}" cy="320" rx="22" ry="50" fill="${p.light}"/>`

const sofa = (p: Palette) =>
  rect(90, 300, 340, 110, p.deep, 'rx="24"') +
  rect(120, 270, 280, 70, p.light, 'rx="20"') +
  rect(100, 405, 20, 30, p.deep) +
  rect(400, 405, 20, 30, p.deep)

const tiles = (p: Palette) => {
  const cells: string[] = [rect(0, 0, WIDTH, HEIGHT, p.sky)]
  for (let row = 0; row < 6; row++)
    for (let col = 0; col < 8; col++)
      cells.push(
        rect(col * 100 + 4, row * 100 + 4, 92, 92, (row + col) % 2 === 0 ? p.light : p.wall, 'rx="6"'),
      )
  cells.push(circle(400, 300, 90, p.accent, 'fill-opacity="0.85"'))
  return cells.join('')
}

const laptop = (p: Palette, variant: number) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  rect(190, 110, 420, 280, p.deep, 'rx="18"') +
  rect(210, 130, 380, 240, '#ffffff', 'rx="6"') +
  rect(230, 150, 340, 40, p.light, 'rx="6"') +
  (variant === 0
    ? rect(230, 205, 160, 145, p.wall, 'rx="6"') +
      rect(405, 205, 165, 40, p.accent, 'rx="6"') +
      rect(405, 255, 165, 20, p.wall, 'rx="4"') +
      rect(405, 285, 120, 20, p.wall, 'rx="4"')
    : circle(330, 280, 60, p.accent) + rect(420, 220, 24, 130, p.light) + rect(460, 250, 24, 100, p.deep)) +
  `<path d="M150 400 H650 L610 450 H190 Z" fill="${p.deep}"/>`

const car = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  rect(0, 440, WIDTH, 160, '#9aa5b1') +
  rect(0, 505, WIDTH, 12, '#ffffff', 'fill-opacity="0.7"') +
  `<path d="M150 420 L190 320 Q210 280 260 280 H520 Q570 280 600 320 L660 360 Q690 370 690 400 V430 H150 Z" fill="${p.deep}"/>` +
  `<path d="M230 330 L255 300 H380 V330 Z M400 300 H510 Q540 300 560 330 H400 Z" fill="#ffffff" fill-opacity="0.85"/>` +
  circle(260, 440, 48, '#333333') +
  circle(260, 440, 20, '#cccccc') +
  circle(570, 440, 48, '#333333') +
  circle(570, 440, 20, '#cccccc') +
  circle(670, 385, 12, p.accent)

const van = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  rect(0, 450, WIDTH, 150, '#9aa5b1') +
  rect(110, 220, 360, 210, p.light, 'rx="10"') +
  `<path d="M470 290 H600 L660 360 V430 H470 Z" fill="${p.deep}"/>` +
  rect(495, 305, 80, 50, '#ffffff', 'fill-opacity="0.85" rx="6"') +
  circle(210, 440, 44, '#333333') +
  circle(560, 440, 44, '#333333') +
  rect(150, 260, 90, 80, p.accent, 'rx="4"') +
  rect(260, 280, 80, 60, p.wall, 'rx="4"') +
  rect(180, 340, 120, 70, p.wall, 'rx="4"')

const boxes = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.wall) +
  rect(0, 460, WIDTH, 140, p.light, 'fill-opacity="0.5"') +
  [
    [140, 300, 180, 160],
    [340, 340, 150, 120],
    [510, 280, 170, 180],
    [220, 180, 150, 120],
  ]
    .map(
      ([x, y, w, h]) =>
        rect(x!, y!, w!, h!, '#c98b4a', 'rx="6"') + rect(x! + w! / 2 - 14, y!, 28, h!, '#e8c089'),
    )
    .join('')

const board = (p: Palette, variant: number) =>
  rect(0, 0, WIDTH, HEIGHT, p.wall) +
  rect(120, 90, 560, 340, p.deep, `rx="12" stroke="#8a5a00" stroke-width="14"`) +
  (variant === 0
    ? `<path d="M180 360 L280 220 L380 300 L480 170 L600 250" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round"/>` +
      circle(280, 220, 12, p.accent) +
      circle(480, 170, 12, p.accent)
    : circle(260, 240, 70, 'none', 'stroke="#ffffff" stroke-width="8"') +
      `<path d="M420 320 L500 170 L580 320 Z" fill="none" stroke="#ffffff" stroke-width="8"/>`) +
  rect(250, 450, 300, 30, p.light, 'rx="8"') +
  rect(300, 480, 200, 80, p.light)

const celebration = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  `<path d="M0 60 Q200 160 400 60 Q600 160 800 60" fill="none" stroke="${p.deep}" stroke-width="4"/>` +
  [60, 140, 220, 300, 380, 460, 540, 620, 700]
    .map(
      (x, i) => `<path d="M${x} ${70 + (i % 2) * 30} l24 0 l-12 36 Z" fill="${i % 2 ? p.accent : p.light}"/>`,
    )
    .join('') +
  [
    [180, 260, p.accent],
    [260, 220, p.light],
    [560, 240, p.deep],
    [630, 290, p.accent],
  ]
    .map(
      ([x, y, fill]) =>
        `<ellipse cx="${x}" cy="${y}" rx="48" ry="60" fill="${fill}"/>` +
        `<path d="M${x} ${Number(y) + 60} q-14 60 10 160" stroke="#666666" stroke-width="3" fill="none"/>`,
    )
    .join('') +
  rect(330, 330, 140, 120, p.wall, 'rx="10"') +
  rect(310, 440, 180, 20, p.deep, 'rx="6"') +
  rect(395, 290, 10, 40, p.accent)

const landscape = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  circle(620, 150, 60, p.accent) +
  `<path d="M0 450 L180 220 L320 380 L470 180 L800 470 V600 H0 Z" fill="${p.deep}"/>` +
  `<path d="M0 520 Q250 440 520 520 T800 500 V600 H0 Z" fill="${p.light}"/>` +
  `<path d="M440 220 L470 180 L500 220 Z" fill="#ffffff"/>`

const mirror = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.wall) +
  `<ellipse cx="400" cy="240" rx="150" ry="190" fill="#ffffff" stroke="${p.deep}" stroke-width="14"/>` +
  `<path d="M320 160 Q360 120 400 140" stroke="${p.light}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
  rect(120, 440, 560, 30, p.deep, 'rx="8"') +
  rect(200, 360, 46, 80, p.light, 'rx="10"') +
  rect(540, 380, 60, 60, p.accent, 'rx="20"') +
  rect(610, 340, 34, 100, p.light, 'rx="8"')

const washer = (p: Palette) =>
  room(p, '') +
  rect(220, 190, 260, 290, '#ffffff', `rx="18" stroke="${p.deep}" stroke-width="8"`) +
  rect(220, 190, 260, 60, p.wall, 'rx="18"') +
  circle(270, 220, 12, p.accent) +
  circle(310, 220, 12, p.light) +
  circle(350, 350, 90, p.light, `stroke="${p.deep}" stroke-width="10"`) +
  circle(350, 350, 55, p.sky)

const sport = (p: Palette, variant: number) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  rect(0, 430, WIDTH, 170, p.light, 'fill-opacity="0.6"') +
  (variant === 0
    ? rect(200, 290, 400, 24, '#555555', 'rx="10"') +
      rect(170, 230, 50, 140, p.deep, 'rx="10"') +
      rect(580, 230, 50, 140, p.deep, 'rx="10"') +
      rect(130, 255, 40, 90, p.deep, 'rx="10"') +
      rect(630, 255, 40, 90, p.deep, 'rx="10"')
    : circle(400, 320, 120, '#ffffff', `stroke="${p.deep}" stroke-width="8"`) +
      `<path d="M400 240 L450 280 L430 340 L370 340 L350 280 Z" fill="${p.deep}"/>`)

const pet = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  rect(0, 450, WIDTH, 150, p.light, 'fill-opacity="0.6"') +
  `<ellipse cx="400" cy="380" rx="170" ry="90" fill="${p.accent}"/>` +
  circle(540, 270, 80, p.accent) +
  `<ellipse cx="600" cy="220" rx="26" ry="52" fill="#8a5a00" transform="rotate(25 600 220)"/>` +
  circle(565, 255, 10, '#333333') +
  circle(615, 285, 12, '#333333') +
  rect(290, 430, 30, 60, p.accent, 'rx="12"') +
  rect(470, 430, 30, 60, p.accent, 'rx="12"') +
  `<path d="M235 360 Q180 300 200 260" stroke="${p.accent}" stroke-width="24" fill="none" stroke-linecap="round"/>`

const health = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  circle(400, 300, 190, '#ffffff') +
  rect(360, 170, 80, 260, p.light, 'rx="12"') +
  rect(270, 260, 260, 80, p.light, 'rx="12"') +
  `<path d="M610 120 q30 -30 60 0 q30 30 -60 90 q-90 -60 -60 -90 q30 -30 60 0 Z" fill="${p.accent}"/>`

const papers = (p: Palette, variant: number) =>
  rect(0, 0, WIDTH, HEIGHT, p.wall) +
  rect(240, 90, 300, 400, '#ffffff', 'rx="8" transform="rotate(-6 390 290)"') +
  rect(260, 100, 300, 400, '#ffffff', `rx="8" stroke="${p.deep}" stroke-width="4"`) +
  [150, 190, 230, 270, 310].map((y, i) => rect(295, y, i === 4 ? 140 : 230, 14, p.wall, 'rx="7"')).join('') +
  (variant === 0
    ? circle(480, 420, 46, p.deep, 'fill-opacity="0.85"') + circle(480, 420, 30, p.light)
    : `<path d="M300 420 q40 -50 80 0 t80 0" stroke="${p.deep}" stroke-width="6" fill="none"/>`) +
  rect(580, 380, 24, 150, p.accent, 'rx="6" transform="rotate(20 592 455)"')

/** A framed certificate with a seal and a ribbon; lines stand for the words. */
const certificate = (p: Palette) =>
  rect(0, 0, WIDTH, HEIGHT, p.sky) +
  rect(90, 80, 620, 440, '#fffdf6', `stroke="${p.deep}" stroke-width="14"`) +
  rect(115, 105, 570, 390, 'none', `stroke="${p.accent}" stroke-width="4"`) +
  rect(250, 150, 300, 26, p.deep, 'rx="8"') +
  [220, 260, 300].map((y, i) => rect(200 + i * 20, y, 400 - i * 40, 12, p.wall, 'rx="6"')).join('') +
  rect(170, 410, 160, 8, p.deep, 'rx="4"') +
  `<path d="M570 420 l-20 80 l30 -20 l30 20 l-20 -80 Z" fill="${p.light}"/>` +
  circle(580, 410, 48, p.accent) +
  circle(580, 410, 32, '#ffffff', 'fill-opacity="0.5"')

type Scene = (palette: Palette, variant: number) => string
/** Two scenes per category, by slug; a category without them stops the script. */
const SCENES: Record<string, [Scene, Scene]> = {
  'domashniy-personal': [(p) => room(p, sofa(p) + plant(460, p)), (p) => tiles(p)],
  'obrazovanie-i-repetitorstvo': [(p) => board(p, 0), (p) => board(p, 1)],
  'mastera-po-remontu': [(p) => washer(p), (p) => room(p, plant(160, p) + rect(260, 250, 200, 180, p.deep))],
  'bukhgaltery-i-yuristy': [(p) => papers(p, 0), (p) => papers(p, 1)],
  'stroitelstvo-i-remont': [(p) => tiles(p), (p) => room(p, sofa(p))],
  'krasota-i-ukhod': [(p) => mirror(p), (p) => mirror({ ...p, wall: p.sky })],
  'remont-bytovoy-tekhniki': [(p) => washer(p), (p) => laptop(p, 1)],
  avtouslugi: [(p) => car(p), (p) => car({ ...p, deep: p.light })],
  'gruzoperevozki-i-pereezdy': [(p) => van(p), (p) => boxes(p)],
  'it-i-dizayn': [(p) => laptop(p, 0), (p) => laptop(p, 1)],
  'meropriyatiya-i-foto-video': [(p) => celebration(p), (p) => landscape(p)],
  'zdorove-i-meditsina': [(p) => health(p), (p) => room(p, plant(200, p) + sofa(p))],
  'kurery-i-dostavka': [(p) => van(p), (p) => boxes(p)],
  'sport-i-fitnes': [(p) => sport(p, 0), (p) => sport(p, 1)],
  perevodchiki: [(p) => papers(p, 1), (p) => papers(p, 0)],
  'domashnie-zhivotnye': [(p) => pet(p), (p) => pet({ ...p, accent: '#c98b4a' })],
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">${body}</svg>`
const webp = (body: string) =>
  sharp(Buffer.from(svg(body)))
    .webp({ quality: 78 })
    .toBuffer()

await mkdir(OUT_DIR, { recursive: true })
const catalogue = await loadSeedCatalogue()
let written = 0
for (const [index, category] of catalogue.entries()) {
  const scenes = SCENES[category.slug]
  if (!scenes) throw new Error(`No scenes for the category ${category.slug}: add them to SCENES`)
  for (const [variant, scene] of scenes.entries()) {
    const palette = PALETTES[(index + variant) % PALETTES.length]!
    await writeFile(`${OUT_DIR}/${category.slug}-${variant + 1}.webp`, await webp(scene(palette, variant)))
    written++
  }
}
for (const variant of [1, 2]) {
  await writeFile(`${OUT_DIR}/certificate-${variant}.webp`, await webp(certificate(PALETTES[variant]!)))
  written++
}
console.log(`${written} pictures written to ${OUT_DIR}`)
