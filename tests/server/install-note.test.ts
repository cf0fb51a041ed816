import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const NOTE = join(import.meta.dirname, '../../scripts/install-note.js')

/** The note `npm install` prints last, as npm runs it: npm names its own Node in npm_config_user_agent. */
function noteAfterInstallBy(userAgent: string) {
  const run = spawnSync(process.execPath, [NOTE], {
    env: { PATH: process.env.PATH ?? '', npm_config_user_agent: userAgent },
    encoding: 'utf8',
  })
  expect(run.status).toBe(0)
  return run.stdout
}

describe('the note at the end of npm install', () => {
  it('explains the EBADENGINE warnings of an npm that ran on an older Node', () => {
    const note = noteAfterInstallBy('npm/11.19.1 node/v20.20.2 linux x64 workspaces/false')
    expect(note).toContain('npm ran on Node v20.20.2')
    expect(note).toContain(`Fika's npm scripts run on Node ${process.version}`)
  })

  it('says nothing when npm itself ran on Node 24 or newer', () => {
    expect(noteAfterInstallBy('npm/11.19.1 node/v24.21.0 linux x64 workspaces/false')).toBe('')
    expect(noteAfterInstallBy('npm/12.0.0 node/v26.1.0 linux x64 workspaces/false')).toBe('')
  })
})
