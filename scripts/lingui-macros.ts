/**
 * Compiles the Lingui macros (`@lingui/react/macro`, `@lingui/core/macro`) in the files that use
 * them, for Vite's build, its dev server and Vitest (decision 116). @vitejs/plugin-react 6 has no
 * Babel step and @rolldown/plugin-babel needs Node ≥ 22.12, so this runs Babel's macro plugin
 * alone: it parses TypeScript and JSX, rewrites the macros and leaves everything else as it was.
 */
import { transformAsync } from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import type { Plugin } from 'vite'

const SOURCE = /\.[cm]?[jt]sx?$/

export function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id
      if (!SOURCE.test(file) || file.includes('/node_modules/') || !code.includes('@lingui/'))
        return null
      if (!/from ['"]@lingui\/(react|core)\/macro['"]/.test(code)) return null
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [linguiMacro],
      })
      if (!result?.code) throw new Error(`${file}: the Lingui macros did not compile`)
      return { code: result.code, map: result.map }
    },
  }
}
