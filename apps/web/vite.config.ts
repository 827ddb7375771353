import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { compression, type ViteCompressionPluginOption } from 'vite-plugin-compression2';
import { localeTexts } from '../../scripts/vite-locale-texts.ts';

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

/**
 * The first screen's other files, announced in index.html so the browser fetches them while it
 * parses the page, beside the small entry (boot.ts), instead of after it has run: the app (main.tsx)
 * with its scripts and stylesheets, the home page's chunk and its stylesheets (most visits start
 * there), and the default language's texts (EN; the app fetches another language's itself). Fetching them costs other routes a few KB; waiting for
 * them cost the home page a round trip on a slow network. `crossorigin` as on Vite's own links, so
 * the later requests find these in the cache.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'lotus:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const tags: HtmlTagDescriptor[] = [];
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk' && item.facadeModuleId?.endsWith('/src/main.tsx')) {
            for (const file of [...item.imports, item.fileName]) {
              tags.push({
                tag: 'link',
                attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              });
              // Its chunks' stylesheets as plain links: Vite's loader finds them and loads no copy.
              const chunk = bundle[file];
              for (const css of chunk?.type === 'chunk' ? (chunk.viteMetadata?.importedCss ?? []) : []) {
                tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${css}` } });
              }
            }
          }
          if (item.type === 'chunk' && item.facadeModuleId?.endsWith('/src/app/routes/index.tsx')) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${item.fileName}` },
            });
            for (const css of item.viteMetadata?.importedCss ?? []) {
              tags.push({
                tag: 'link',
                attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` },
              });
            }
          }
          if (item.type === 'asset' && item.names.includes('texts-EN.json')) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href: `/${item.fileName}` },
            });
          }
        }
        const announced = new Set<string>();
        return tags
          .filter((tag) => {
            const href = String(tag.attrs?.href);
            if (html.includes(`href="${href}"`) || announced.has(href)) return false;
            announced.add(href);
            return true;
          })
          .map((tag) => ({ ...tag, injectTo: 'head' as const }));
      },
    },
  };
}

/** Vendor libraries that change rarely get their own long-cached chunks. */
const vendorGroups: Array<{ name: string; test: RegExp; priority: number }> = [
  {
    // The libraries every page runs first (React, React Router, TanStack Query, i18next) as one
    // chunk: one request instead of four. Over HTTP/1.1 (six connections per host) the first
    // screen's requests queue, and the brand's status call waited behind them; one file also
    // compresses 2 KB better. Measured: Lighthouse LCP 2.47-2.57 -> 2.41-2.43 s.
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack|i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 30,
  },
  {
    name: 'radix',
    test: /node_modules[\\/](@radix-ui|@floating-ui|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\\/]/,
    priority: 20,
  },
  {
    // What the page's small entry (boot.ts) runs before the app has arrived (and Vite's helper that
    // loads the app): its own chunk, which the shared chunk imports too, so the entry never waits
    // for React or the shared chunk.
    name: 'boot',
    test: /apps[\\/]web[\\/]src[\\/](lib[\\/](boot-calls|merchant|storage|cdn)|config[\\/]paths|features[\\/]announcements[\\/]lib[\\/](notice-query|preload-banner))\.ts|packages[\\/]contracts[\\/]src[\\/](languages|storage)\.ts|vite[\\/]preload-helper/,
    priority: 40,
  },
  {
    // The home page's styles shared with other pages (the pages' common sheet, announcements,
    // banners) as one stylesheet: one request of the first screen instead of three.
    name: 'pages',
    test: /apps[\\/]web[\\/]src[\\/](app[\\/]routes[\\/]pages|features[\\/]announcements[\\/]components[\\/](announcements|banners))\.css/,
    priority: 15,
  },
  {
    // Small app modules shared by the shell and the pages travel together: one request and better
    // compression than a dozen sub-kilobyte chunks. A module in this group comes with everything it
    // imports, and the group is part of the first load: what only later pages use stays out. Out are
    // modules that pull heavy libraries (Dialog -> Radix), the error catalogue, the sanitiser (with
    // the rich text that needs it), the account modules that load on demand (sealed calls, flows,
    // member calls, countdowns, the human check), and every feature's calls but those of the shell
    // and the home page (an allowlist: announcements, customer service, download, games, help,
    // language, system; a new feature stays out of the first load unless it is added here), so the
    // header's login box costs the first page only the form itself.
    name: 'shared',
    test: /apps[\\/]web[\\/]src[\\/](lib[\\/](?!error-catalogue|sealed-request|money|use-countdown|throttle|human-check|contact-channels|sanitize-html|boot-calls|merchant|storage|cdn)|components[\\/]ui[\\/](Spinner|EmptyState|Pagination|QueryError|icons)\.|features[\\/](?!games[\\/]api[\\/](games|live-lobby)\.|announcements[\\/]lib[\\/](notice-query|preload-banner))(announcements|customer-service|download|games|help|language|system)[\\/](api|lib|hooks)[\\/]|features[\\/]auth[\\/](hooks[\\/]use-session|lib[\\/]remember)\.|features[\\/](auth[\\/]components[\\/]LoginForm|games[\\/]components[\\/]VendorCardView|language[\\/]components[\\/]TriggerFace)\.)|packages[\\/]contracts[\\/]src[\\/](system-values|account-kinds|cookies)\.ts/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [
    react(),
    // Each language's per-feature catalogues (src/locales/<LANG>/*.json) as one hashed JSON asset.
    localeTexts(fileURLToPath(new URL('./src/locales', import.meta.url))),
    preloadFirstScreen(),
    compression(PRECOMPRESS),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json lets scripts/bundle-size.ts (and the bench) compute each page's initial JS.
    manifest: true,
    target: 'es2022',
    // The API server serves dist; hashed assets get a long cache there.
    assetsDir: 'assets',
    rolldownOptions: {
      // The browser uses the contracts' constants and types, not their TypeBox schemas: building a
      // schema has no side effect, so unused ones (and TypeBox itself) are dropped from the bundle.
      treeshake: { manualPureFunctions: ['Type'] },
      output: {
        entryFileNames: 'assets/app-[hash].js',
        // The home group's module is routes/index.tsx; name its chunk after the group, not the folder.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.endsWith('/src/app/routes/index.tsx')
            ? 'assets/index-[hash].js'
            : 'assets/[name]-[hash].js',
        // Rolldown's successor of Rollup's manualChunks (Vite 8): named vendor groups.
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/wps': { target: apiTarget, changeOrigin: false },
      '/lgw': { target: apiTarget, changeOrigin: false },
      '/docs': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
