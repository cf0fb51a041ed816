/**
 * The e2e project's global setup: the product started once on a data folder of its own, so that it migrates and
 * seeds it (the catalogue, demo people, their keys), then stopped; each test file's product starts on a copy. A
 * start on an empty folder costs seconds of CPU per file that a copy does not.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startProduct } from './helpers.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    productTemplate: string | undefined
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'fika-e2e-template-'))
  const product = await startProduct({ DATA_DIR: dir })
  await product.stop()
  project.provide('productTemplate', dir)
  return () => rm(dir, { recursive: true, force: true })
}
