// ESLint flat config: typescript-eslint (type-aware) for all TypeScript, react-hooks for the SPA.
import js from '@eslint/js'
import globals from 'globals'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Network and storage globals: I/O that machines and ui never touch themselves. */
const ioGlobals = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'localStorage',
  'sessionStorage',
].map((name) => ({
  name,
  message: `${name} is I/O: it belongs in src/api/ or a *.actors.ts built from the API clients, provided by a route.`,
}))

function restrictImports(patterns) {
  return { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] }
}

function layerRules() {
  const spa = [{ regex: '(^|/)server/', message: 'The SPA imports domain/, never the server.' }]
  const noReact = {
    regex: '^(react|react-dom|@xstate/react)(/|$)|^@tanstack/',
    message: 'Machines import no React and no router: a route ties a machine to the ui.',
  }
  const noApiClientValue = {
    regex: '^openapi-fetch$|(^|/)api/(main-client|market-client|refresh-queue)$',
    allowTypeImports: true,
    message:
      'Machines never build or call the API client: actors receive it (a type import) and the app provides them.',
  }
  const server = [
    {
      regex: '(^|/)src/',
      message: 'The server imports domain/ and openapi/, never the SPA (src/).',
    },
  ]
  return [
    {
      files: ['src/**/*.{ts,tsx}'],
      ignores: ['src/machines/**', 'src/ui/**'],
      rules: restrictImports(spa),
    },
    {
      files: ['src/machines/**/*.ts'],
      rules: {
        ...restrictImports([...spa, noReact, noApiClientValue]),
        'no-restricted-globals': [
          'error',
          ...ioGlobals,
          ...['window', 'document', 'navigator'].map((name) => ({
            name,
            message: 'Machines use no DOM: a route or an actor supplied from outside does.',
          })),
        ],
      },
    },
    {
      files: ['src/ui/**/*.{ts,tsx}'],
      rules: {
        ...restrictImports([
          ...spa,
          {
            regex: '(^|/)machines/',
            allowTypeImports: true,
            message:
              "ui imports nothing stateful: a machine's view types only (import type); a route passes state and callbacks in.",
          },
          {
            regex: '^(xstate|@xstate/react)$',
            message: 'ui imports nothing stateful: the route reads the actor and passes props.',
          },
          {
            regex: '^openapi-fetch$|(^|/)api/',
            message:
              'ui does no I/O: the API client is used by actors in src/machines, provided by a route.',
          },
        ]),
        'no-restricted-globals': [
          'error',
          ...ioGlobals,
          ...['setTimeout', 'setInterval'].map((name) => ({
            name,
            message: 'ui keeps no timers: timings are named delays of a machine.',
          })),
        ],
        'no-restricted-properties': [
          'error',
          ...['window', 'globalThis', 'self'].map((object) => ({
            object,
            property: 'fetch',
            message: 'ui does no I/O.',
          })),
        ],
      },
    },
    {
      // The edge: the app, its entry and the HTTP layer may use everything of the server.
      files: ['server/**/*.ts'],
      rules: restrictImports(server),
    },
    {
      // Domain services, providers, db, mail: no HTTP. The generated contract (openapi/*.gen.ts)
      // is the shared contract, not the HTTP layer: every layer may import it (decision 096).
      files: ['server/**/*.ts'],
      ignores: ['server/http/**', 'server/app.ts', 'server/main.ts', 'server/server.ts'],
      rules: restrictImports([
        ...server,
        {
          regex: '(^|/)http/',
          message:
            'Domain code does not import the HTTP layer (server/http/): http maps domain results to answers.',
        },
      ]),
    },
  ]
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dist-flows',
      'dist-server',
      'data',
      'coverage',
      'test-results',
      '**/*.gen.ts',
      'node_modules',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // XState's `setup({ types: {} as {...} })` idiom is an assertion that drives inference; this
      // rule calls it unnecessary and its autofix deletes it, silently breaking every machine's types.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The import rule (README "Layout"): domain/ is pure and shared; the server never imports src/.
  // The generated contract is pure too (types and its enums' values, decision 096), and so is
  // xstate's core: the request lifecycle is a rule both sides share (decision 112).
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|big\\.js$|xstate$|\\.\\./openapi/(main|market)\\.gen\\.ts$)',
              message:
                'domain/ imports only its own files, big.js, xstate and the generated contract (../openapi/*.gen.ts): no React, Node or I/O.',
            },
          ],
        },
      ],
    },
  },
  // No import cycles anywhere (issue 26): modules are wired in one direction. The TypeScript
  // resolver reads the tsconfigs' references, so it follows the server's `.ts`-suffixed imports
  // and the SPA's extensionless ones alike; tests/support/layers.test.ts proves the rule.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The layers (ARCHITECTURE.md "Import rules", decision 094), one block per layer so that no
  // block overrides another's list; tests/support/layers.test.ts proves each.
  ...layerRules(),
  // Decision 060: real promise actors drop a cancelled run's outcome (StrictMode remounts).
  {
    files: ['src/machines/**/*.actors.ts', 'src/routes/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='xstate'] ImportSpecifier[imported.name='fromPromise']",
          message:
            'Build real promise actors with fromAbortablePromise (src/machines/abortable-promise.ts): a cancelled run must never settle a live state.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
)
