import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const DEBIAN_CHROMIUM = '/usr/bin/chromium'

async function playwrightChromium(): Promise<string | undefined> {
  try {
    const { chromium } = await import('playwright-core')
    const path = chromium.executablePath()
    return path && existsSync(path) ? path : undefined
  } catch {
    return undefined
  }
}

/** CHROMIUM_PATH, then Debian's chromium, then the one Playwright downloaded; undefined when there is none. */
export async function findChromium(): Promise<string | undefined> {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM
  return playwrightChromium()
}

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'inherit' })

/** Installs a Chromium where none is found: Debian's package as root, else Playwright's installer. */
export async function ensureChromium(): Promise<string> {
  const found = await findChromium()
  if (found) return found
  const isRoot = process.getuid?.() === 0
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("No Chromium found: installing Debian's chromium package")
    try {
      run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'])
    } catch {
      run('apt-get', ['update'])
      run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'])
    }
  } else {
    console.log("No Chromium found: installing Playwright's")
    run(process.execPath, [
      new URL('../node_modules/playwright-core/cli.js', import.meta.url).pathname,
      'install',
      'chromium',
    ])
  }
  const installed = await findChromium()
  if (!installed)
    throw new Error('Chromium could not be installed; set CHROMIUM_PATH to a Chromium or Chrome binary')
  return installed
}
