import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { localeTexts } from '../../scripts/vite-locale-texts.ts';

export default defineProject({
  plugins: [react(), localeTexts(fileURLToPath(new URL('./src/locales', import.meta.url)))],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    // One jsdom per worker instead of one per file; src/testing/setup.ts resets the app's modules after
    // each file, so every file still starts from fresh module state.
    isolate: false,
  },
});
