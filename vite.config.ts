import { lingui } from '@lingui/vite-plugin'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { cspInlineSources } from './scripts/csp-inline-sources.ts'
import { linguiMacros } from './scripts/lingui-macros.ts'

// The API server (npm run dev starts it beside Vite) answers /api, /dev, /sandbox and /market.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000'

/**
 * `npm run dev` shows the flow viewer at /flows: its own document (flows.html), which a production
 * build leaves out unless FLOWS_VIEWER=1 names it (vite.flows.config.ts, decision 107).
 */
function flowViewerInDevelopment(): Plugin {
  return {
    name: 'flow-viewer-in-development',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/flows\/?(\?|$)/.test(request.url))
          request.url = request.url.replace(/^\/flows\/?/, '/flows.html')
        next()
      })
    },
  }
}

/**
 * `npm run dev` shows the Polish landing at /pl: the landing's own document (landing.html), whose
 * script reads the language from the address (docs/product/languages.md). / stays the SPA's route.
 */
function polishLandingInDevelopment(): Plugin {
  return {
    name: 'polish-landing-in-development',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url && /^\/pl\/?(\?|$)/.test(request.url))
          request.url = request.url.replace(/^\/pl\/?/, '/landing.html')
        next()
      })
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // The texts (decision 116): the macros compiled, and a catalog imported as its compiled
    // messages; a catalog missing a translation or failing to compile fails the build.
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // The router plugin must run before React's so file routes are compiled first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    flowViewerInDevelopment(),
    polishLandingInDevelopment(),
    // What react-calendly and react-gtm-module insert inline, for the server's CSP (decision 107).
    ...(isSsrBuild ? [] : [cspInlineSources()]),
  ],
  build: {
    outDir: 'dist',
    // Source maps publish the source: built only when named (SOURCE_MAPS=1), never by default.
    sourcemap: process.env.SOURCE_MAPS === '1',
    // The server reads the manifest for the stylesheets of the prerendered pages' routes.
    manifest: !isSsrBuild,
    // The prerenderer's bundle (decision 101) is code only: the public files are the SPA's.
    copyPublicDir: !isSsrBuild,
    // Two documents: the SPA's, and the landing's own, which a visitor who opens / gets without
    // the router (decision 103).
    ...(isSsrBuild ? {} : { rollupOptions: { input: ['index.html', 'landing.html'] } }),
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/sandbox': apiTarget,
      '/market': apiTarget,
    },
  },
}))
