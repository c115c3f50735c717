import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Marks every chunk with V8's explicit compile hint: its functions are compiled as it streams
 * in, off the main thread, instead of one by one on the main thread as each is first called.
 * A chunk loads when its screen opens and runs most of what it holds then (the entry: React,
 * the router, the query cache); those first calls were the largest part of the signed-in
 * start's blocking time on a phone. Lighthouse mobile /dashboard, four audits in one browser:
 * 79-86 with the entry marked alone, 84-94 with every chunk (88 and under on the first open
 * after an update, which also stores the compiled code). The hint must be the file's first
 * line, and the build writes a line of its own at the top of the entry last of all, so the hint
 * is added to the written files (before the service worker's precache list is made from them).
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad';
  return {
    name: 'vintry:compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const file = path.join(dir, chunk.fileName);
        const code = readFileSync(file, 'utf8');
        if (code.startsWith(hint)) continue;
        writeFileSync(file, `${hint}\n${code}`);
        // One line more at the top: the source map's lines move down by one.
        const mapFile = `${file}.map`;
        if (existsSync(mapFile)) {
          const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
          writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
        }
      }
    },
  };
}

// `npm run dev` runs this dev server in front of the API (started beside it on API_PORT).
const apiPort = process.env.API_PORT ?? '8787';

export default defineConfig({
  plugins: [
    react(),
    compileHints(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself (workbox-window), to prompt for updates.
      injectRegister: null,
      registerType: 'prompt',
      injectManifest: {
        // .wasm: the barcode decoder, so that the camera reads codes offline too.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,wasm}'],
        // Store screenshots are for install dialogs, not for running offline.
        globIgnores: ['screenshots/**'],
        // One classic script (the page registers it as one): built as a library, without the
        // deprecated inlineDynamicImports the ES build sets.
        rollupFormat: 'iife',
      },
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Vintry',
        short_name: 'Vintry',
        description: 'The back office of a wine and spirits merchant: stock, prices and more.',
        lang: 'en-AU',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#7b1e3a',
        background_color: '#f5f5f7',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
        screenshots: [
          {
            src: '/screenshots/inventory-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The inventory on a tablet or desktop',
          },
          {
            src: '/screenshots/inventory-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The inventory on a phone',
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  resolve: {
    // Packages the data grid imports for cells the catalogue never shows (markdown, an image
    // carousel), the overlay editors it loads for cells the catalogue never opens, and lodash
    // functions it calls in their simplest form: small stand-ins keep them out of the build
    // (src/ui/grid-stubs).
    alias: [
      {
        find: /^lodash\/groupBy\.js$/,
        replacement: fileURLToPath(
          new URL('./src/ui/grid-stubs/lodash-group-by.ts', import.meta.url),
        ),
      },
      {
        find: /^lodash\/has\.js$/,
        replacement: fileURLToPath(new URL('./src/ui/grid-stubs/lodash-has.ts', import.meta.url)),
      },
      ...['clamp', 'range', 'uniq', 'flatten'].map((name) => ({
        find: new RegExp(`^lodash/${name}\\.js$`),
        replacement: fileURLToPath(
          new URL(`./src/ui/grid-stubs/lodash-${name}.ts`, import.meta.url),
        ),
      })),
      {
        find: /^\.\.\/internal\/data-grid-overlay-editor\/(data-grid-overlay-editor|private\/number-overlay-editor)\.js$/,
        replacement: fileURLToPath(
          new URL('./src/ui/grid-stubs/no-overlay-editor.tsx', import.meta.url),
        ),
      },
      {
        find: /^marked$/,
        replacement: fileURLToPath(new URL('./src/ui/grid-stubs/marked.ts', import.meta.url)),
      },
      {
        find: /^react-responsive-carousel$/,
        replacement: fileURLToPath(new URL('./src/ui/grid-stubs/carousel.tsx', import.meta.url)),
      },
    ],
  },
  // The barcode decoder's worker is a module, so that its decoder loads as its own chunk.
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each module needs, for the bundle-size benchmarks.
    manifest: true,
    // The page asks for a lazy screen's modules itself as it imports them; the bundler's helper
    // would first add a <link rel=modulepreload> for every one of them, all in one task (about
    // 30 links and 120 ms at a phone's CPU speed when the signed-in layout loads, the largest
    // long task after the entry's own evaluation). The entry's own modules keep their links in
    // index.html, so the sign-in screen still asks for all of them at once.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The chart library's renderer in a chunk of its own beside the chart's: both load
          // together on the dashboard only, side by side, and neither passes 500 kB.
          groups: [{ name: 'chart-renderer', test: /node_modules[\\/]zrender[\\/]/ }],
        },
      },
    },
  },
});
