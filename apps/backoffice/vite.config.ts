import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, type ViteCompressionPluginOption } from 'vite-plugin-compression2';

/**
 * Every text file of the build (chunks, CSS, SVG, the web manifest, copied public files) gets a
 * brotli (.br, quality 11) and a gzip (.gz, level 9) sibling once at build time; the API server
 * sends the one the request's Accept-Encoding prefers (apps/api/src/http/static-files.ts).
 * index.html is not among them: the server fills in the brand's merchant code per host and
 * compresses each brand's page once in memory. Already compressed images (PNG, JPEG, WebP) are left
 * alone, and a variant not smaller than its source is not written.
 */
const PRECOMPRESS: ViteCompressionPluginOption = {
  algorithms: ['brotliCompress', 'gzip'],
  include: /\.(xml|css|json|js|mjs|svg|txt|webmanifest|ico|map)$/,
  logLevel: 'silent',
};

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** The platform serves this build under /backoffice/ (apps/api/src/http/backoffice-app.ts). */
export default defineConfig({
  plugins: [react(), compression(PRECOMPRESS)],
  base: '/backoffice/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
    rolldownOptions: { treeshake: { manualPureFunctions: ['Type'] } },
  },
  server: {
    port: 5174,
    proxy: { '/bo': { target: apiTarget, changeOrigin: false } },
  },
});
