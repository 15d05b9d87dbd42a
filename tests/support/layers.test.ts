/**
 * The import rules of the layers (ARCHITECTURE.md, decision 094) and the ban on import cycles
 * (issue 26) are enforced by `npm run lint`: this runs the project's own eslint.config.js on small
 * snippets placed in each layer and asserts what it reports, then on the real tree (these rules
 * only) and asserts it reports nothing.
 */
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const layerRules = new Set([
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-imports',
  'no-restricted-globals',
  'no-restricted-properties',
  'import-x/no-cycle',
])

// Type information is not needed by these rules, and snippets are not in any tsconfig.
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
    },
  ],
  ruleFilter: ({ ruleId }) => layerRules.has(ruleId),
})

/** The layer rules' messages for `code` as if it were the file `filePath`. */
async function reported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  if (!result) throw new Error(`nothing linted for ${filePath}`)
  return result.messages.map((m) => `${m.ruleId ?? 'fatal'}: ${m.message}`)
}

describe('layer rules', () => {
  it('refuse a ui file that does I/O or imports a machine or the API client', async () => {
    const file = 'src/ui/landing/layer-check.tsx'
    expect(await reported(file, "export const load = () => fetch('/api/config')\n")).toEqual([
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'fetch'/),
    ])
    expect(await reported(file, "export const load = () => window.fetch('/api/config')\n")).toEqual(
      [expect.stringMatching(/^no-restricted-properties: 'window.fetch'/)],
    )
    expect(
      await reported(file, 'export const later = (f: () => void) => setTimeout(f, 750)\n'),
    ).toEqual([expect.stringMatching(/^no-restricted-globals: Unexpected use of 'setTimeout'/)])
    expect(
      await reported(
        file,
        "import { createMainClient } from '../../api/main-client'\nexport const api = createMainClient()\n",
      ),
    ).toEqual([expect.stringMatching(/ui does no I\/O/)])
    expect(
      await reported(
        file,
        "import { authMachine } from '../../machines/auth/auth.machine'\nexport const m = authMachine\n",
      ),
    ).toEqual([expect.stringMatching(/ui imports nothing stateful/)])
    expect(
      await reported(
        file,
        "import { useSelector } from '@xstate/react'\nexport const s = useSelector\n",
      ),
    ).toEqual([expect.stringMatching(/ui imports nothing stateful/)])
  })

  it("let a ui file take a machine's view types, the router's Link and domain/ facts", async () => {
    expect(
      await reported(
        'src/ui/account/layer-check.tsx',
        [
          "import { Link } from '@tanstack/react-router'",
          "import type { QuoteView } from '../../machines/quote-wizard/quote-wizard.machine'",
          "import { FIAT_CURRENCIES } from '../../../domain/currencies'",
          'export const parts = [Link, FIAT_CURRENCIES] as const',
          'export type View = QuoteView',
          '',
        ].join('\n'),
      ),
    ).toEqual([])
  })

  it('refuse a machine that imports React, the router, openapi-fetch or the client, or touches I/O or the DOM', async () => {
    const file = 'src/machines/converter/layer-check.machine.ts'
    for (const source of ['react', '@xstate/react', '@tanstack/react-router']) {
      expect(
        await reported(file, `import * as lib from '${source}'\nexport const l = lib\n`),
        source,
      ).toEqual([expect.stringMatching(/Machines import no React and no router/)])
    }
    for (const source of ['openapi-fetch', '../../api/main-client', '../../api/refresh-queue']) {
      expect(
        await reported(file, `import * as lib from '${source}'\nexport const l = lib\n`),
        source,
      ).toEqual([expect.stringMatching(/Machines never build or call the API client/)])
    }
    expect(await reported(file, "export const load = () => fetch('/api/rates')\n")).toEqual([
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'fetch'/),
    ])
    expect(await reported(file, "export const key = () => localStorage.getItem('k')\n")).toEqual([
      expect.stringMatching(/^no-restricted-globals: Unexpected use of 'localStorage'/),
    ])
    expect(await reported(file, 'export const title = () => document.title\n')).toEqual([
      expect.stringMatching(/Machines use no DOM/),
    ])
  })

  it("let an actors file take the client's type (the app provides the client)", async () => {
    expect(
      await reported(
        'src/machines/converter/layer-check.actors.ts',
        "import type { MainClient } from '../../api/main-client'\nimport { callApi } from '../../api/api-call'\nexport const f = (api: MainClient) => [api, callApi]\n",
      ),
    ).toEqual([])
  })

  it('refuse a server file that imports src/, and domain code that imports server/http/', async () => {
    expect(
      await reported(
        'server/quotes/layer-check.ts',
        "import { createConfigSource } from '../../src/app-config'\nexport const c = createConfigSource\n",
      ),
    ).toEqual([expect.stringMatching(/never the SPA \(src\/\)/)])
    expect(
      await reported(
        'server/http/layer-check.ts',
        "import type { MainClient } from '../../src/api/main-client'\nexport type C = MainClient\n",
      ),
    ).toEqual([expect.stringMatching(/never the SPA \(src\/\)/)])
    expect(
      await reported(
        'server/quotes/layer-check.ts',
        "import { HttpProblem } from '../http/problem.ts'\nexport const p = HttpProblem\n",
      ),
    ).toEqual([expect.stringMatching(/Domain code does not import the HTTP layer/)])
  })

  it('let the HTTP layer import the domain, and every layer the generated contract', async () => {
    expect(
      await reported(
        'server/http/layer-check.ts',
        "import { HttpProblem } from './problem.ts'\nimport { InvalidInput } from '../domain-errors.ts'\nexport const p = [HttpProblem, InvalidInput]\n",
      ),
    ).toEqual([])
    expect(
      await reported(
        'server/quotes/layer-check.ts',
        "import { errorTypeValues, type components } from '../../openapi/main.gen.ts'\nexport type Q = components['schemas']['ExchangeRequestCreate']\nexport const e = errorTypeValues\n",
      ),
    ).toEqual([])
    expect(
      await reported(
        'domain/layer-check.ts',
        "import { fiatCurrencyValues } from '../openapi/main.gen.ts'\nimport { decimal } from './decimal.ts'\nexport const f = [fiatCurrencyValues, decimal]\n",
      ),
    ).toEqual([])
    expect(
      await reported(
        'src/ui/account/layer-check.tsx',
        "import { sumsubReviewStatusValues } from '../../../openapi/main.gen'\nexport const s = sumsubReviewStatusValues\n",
      ),
    ).toEqual([])
  })

  it('refuse a domain/ file that imports anything but its own files, big.js and the contract', async () => {
    for (const source of ['../server/config.ts', '../src/app-config', 'node:crypto', 'react']) {
      expect(
        await reported(
          'domain/layer-check.ts',
          `import * as lib from '${source}'\nexport const l = lib\n`,
        ),
        source,
      ).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*domain\/ imports only its own files/),
      ])
    }
  })

  it('refuse an SPA file that imports the server', async () => {
    expect(
      await reported(
        'src/routes/layer-check.ts',
        "import { buildApp } from '../../server/app.ts'\nexport const b = buildApp\n",
      ),
    ).toEqual([expect.stringMatching(/never the server/)])
  })

  it('refuse an import cycle, in the server (.ts imports) and in the SPA (extensionless)', async () => {
    // Each snippet stands in for a real file and imports a real module that imports that file.
    expect(
      await reported(
        'server/http/caller.ts',
        "import { accountHandlers } from './account-handlers.ts'\nexport const a = accountHandlers\n",
      ),
    ).toEqual(['import-x/no-cycle: Dependency cycle detected'])
    expect(
      await reported(
        'src/machines/abortable-promise.ts',
        "import { createEndSessionActors } from './end-session/end-session.actors'\nexport const e = createEndSessionActors\n",
      ),
    ).toEqual(['import-x/no-cycle: Dependency cycle detected'])
    // A type-only import back is no cycle at run time, and not reported.
    expect(
      await reported(
        'server/http/caller.ts',
        "import type { accountHandlers } from './account-handlers.ts'\nexport type A = typeof accountHandlers\n",
      ),
    ).toEqual([])
  })

  it('report nothing on the tree as it is', async () => {
    const results = await eslint.lintFiles(['src', 'server', 'domain', 'scripts', 'tests'])
    expect(results.length).toBeGreaterThan(100)
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${r.filePath}:${String(m.line)} ${m.ruleId ?? 'fatal'}: ${m.message}`),
    )
    expect(problems).toEqual([])
  }, 120_000)
})
