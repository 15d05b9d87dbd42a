/**
 * Global setup of the `server` test project: one real PostgreSQL for the whole run (or the server
 * named by TEST_DATABASE_URL), and a PGlite template folder, initialised once, that each PGlite
 * test server copies instead of running initdb again (~3 s each).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import {
  findPostgresBinDir,
  missingBinariesMessage,
  startPostgresCluster,
} from './support/postgres-cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of a PostgreSQL server that may create and drop databases. */
    postgresAdminUrl: string
    /** A freshly initialised, empty PGlite data folder (copy it, never open it). */
    pgliteTemplateDir: string
  }
}

async function createPgliteTemplate(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'pglite-template-'))
  const dir = join(root, 'pglite')
  const pg = await PGlite.create(dir)
  await pg.close()
  return dir
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL?.trim() || undefined
  if (!external && findPostgresBinDir() === undefined) throw new Error(missingBinariesMessage)
  const [cluster, template] = await Promise.allSettled([
    external ? Promise.resolve(undefined) : startPostgresCluster(),
    createPgliteTemplate(),
  ])
  const teardown = async () => {
    if (template.status === 'fulfilled')
      await rm(join(template.value, '..'), { recursive: true, force: true })
    if (cluster.status === 'fulfilled' && cluster.value) {
      await cluster.value.stop('fast').catch(() => undefined)
      await cluster.value.destroy()
    }
  }
  if (cluster.status === 'rejected' || template.status === 'rejected') {
    await teardown()
    throw cluster.status === 'rejected'
      ? cluster.reason
      : (template as PromiseRejectedResult).reason
  }
  project.provide('postgresAdminUrl', external ?? cluster.value?.adminUrl ?? '')
  project.provide('pgliteTemplateDir', template.value)
  return teardown
}
