import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

/**
 * The live flow viewer's own build (decision 107): made only when FLOWS_VIEWER=1 names it, into
 * dist-flows/ beside dist/, and served under /flows/ only by a server started with FLOWS_VIEWER=1.
 * The customers' build (vite.config.ts) never contains it, nor mermaid.
 */
export default defineConfig({
  plugins: [react()],
  base: '/flows/',
  publicDir: false,
  build: {
    outDir: 'dist-flows',
    // As the customers' build: source maps only when named.
    sourcemap: process.env.SOURCE_MAPS === '1',
    rollupOptions: { input: 'flows.html' },
  },
})
