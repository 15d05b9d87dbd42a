// ESLint flat config: typescript-eslint (type-aware) for all TypeScript, react-hooks for the SPA.
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'data', 'coverage', 'test-results', '**/*.gen.ts', 'node_modules'] },
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
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|big\\.js$)',
              message: 'domain/ imports only its own files and big.js: no React, Node or I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/',
              message: 'The server imports domain/ and openapi/, never the SPA (src/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)server/', message: 'The SPA imports domain/, never the server.' },
          ],
        },
      ],
    },
  },
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
