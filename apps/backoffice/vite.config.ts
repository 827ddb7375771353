import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** The platform serves this build under /backoffice/ (apps/api/src/http/backoffice-app.ts). */
export default defineConfig({
  plugins: [react()],
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
