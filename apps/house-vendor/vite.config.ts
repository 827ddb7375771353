import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, type ViteCompressionPluginOption } from 'vite-plugin-compression2';
import { localeTexts } from '../../scripts/vite-locale-texts.ts';

/**
 * The game pages served by the house vendor's own server (src/server/http/static-files.ts): one
 * HTML page for /play/:game and /verify, hashed assets under /assets/ with brotli and gzip siblings
 * written once here (the server sends the one the request accepts). PixiJS (the reels) and howler
 * (sound) are their own chunks, loaded by the game page only.
 */
const PRECOMPRESS: ViteCompressionPluginOption = {
  algorithms: ['brotliCompress', 'gzip'],
  include: /\.(css|json|js|mjs|svg|txt|map)$/,
  logLevel: 'silent',
};

const vendorTarget = process.env.VITE_HOUSE_VENDOR_TARGET ?? 'http://127.0.0.1:8081';

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    // Each language's per-feature catalogues (web/src/locales/<LANG>/*.json) as one hashed JSON asset.
    localeTexts(fileURLToPath(new URL('./web/src/locales', import.meta.url))),
    compression(PRECOMPRESS),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    assetsDir: 'assets',
    rolldownOptions: {
      treeshake: { manualPureFunctions: ['Type'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
  server: { port: 5174, proxy: { '/api': { target: vendorTarget } } },
});
