import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { arkParts } from './scripts/lib/ark-parts.ts';
import { chunkReport } from './scripts/lib/chunk-report.ts';
import { precompress } from './scripts/lib/precompress.ts';

const port = Number(process.env.WEB_PORT ?? 5173);

const CHAKRA_RECIPE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]/;
/**
 * The recipes src/ui/kit/system.ts registers, which the entry chunk holds. A recipe added there but not here
 * would sit in a chunk that the entry imports and that imports the entry back: scripts/budget.ts fails such a
 * build.
 */
const FIRST_LOAD_RECIPES = /[\\/]recipes[\\/](button|heading|input|link|spinner|card|field|list)\.js$/;

/** The names Chakra's anatomy module gives Ark's anatomies it extends (`accordionAnatomy$1`, …). */
const CHAKRA_ANATOMY = join(
  dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/anatomy.js',
);
const CHAKRA_ARK_ANATOMIES = [...new Set(readFileSync(CHAKRA_ANATOMY, 'utf8').match(/\b\w+Anatomy\$1\b/g))];

export default defineConfig({
  plugins: [
    // File-based routes in src/routes, each route's component split into its own chunk, except the sign-in
    // page's: it is what the first load is for, so it builds into the entry chunk (one file, compressed
    // together, with no list of chunks to preload for it) instead of a dozen small chunks fetched after it.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/login' ? [] : undefined) },
      quoteStyle: 'single',
      // Generated code lives outside src, which holds only what is written by hand.
      generatedRouteTree: './generated/routeTree.gen.ts',
    }),
    react(),
    // Chakra's components read only the Ark parts they draw (scripts/lib/ark-parts.ts).
    arkParts(),
    chunkReport(),
    precompress(),
  ],
  // The map packages are reached only through the lazily loaded pricing-tier map: pre-bundle them for dev.
  optimizeDeps: {
    include: ['maplibre-gl', 'react-map-gl/maplibre', '@mapbox/mapbox-gl-draw', 'topojson-client'],
  },
  server: { port, strictPort: true, host: 'localhost' },
  preview: { port, strictPort: true, host: 'localhost' },
  build: {
    manifest: true,
    // Every browser the console supports preloads modules itself (Chromium 66, Firefox 115, Safari 17): no
    // polyfill in the first load for the others, which simply fetch a screen's chunks as it imports them.
    modulePreload: { polyfill: false },
    sourcemap: false,
    chunkSizeWarningLimit: 1_000,
    rolldownOptions: {
      treeshake: {
        // Calls that build a value and touch nothing else, marked pure so that what is not used stays out:
        // Chakra's theme module builds its whole default config (every recipe) at load with defineConfig, an
        // identity function, so what src/ui/kit/system.ts leaves out stays out of the first load; Chakra's
        // components (withContext, withProvider, chakra, createIcon, forwardRef) and anatomies (createAnatomy,
        // `anatomy.build()`, and each `<name>Anatomy$1.extendWith(…)` of Ark's anatomies in its anatomy module)
        // are built at load too, each part of a module kept only when drawn.
        manualPureFunctions: [
          'defineConfig',
          'withContext',
          'withProvider',
          'withRootProvider',
          'chakra',
          'createIcon',
          'forwardRef',
          'createAnatomy',
          'anatomy',
          ...CHAKRA_ARK_ANATOMIES,
        ],
        // Emotion's withTheme, which the console never calls, reaches these CommonJS packages; without
        // a sideEffects field each would run (and stay) though nothing of it is used.
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
        ],
      },
      // Everything the entry imports statically goes in the entry chunk, not in a dozen small chunks beside it:
      // one file compresses better than its parts. Chakra's recipes are reached through its theme barrel, so
      // they count as imported by the entry: only the sign-in page's (FIRST_LOAD_RECIPES) join it, the rest
      // load with src/ui/kit/later-recipes.ts.
      output: {
        // A chunk is named by its hash alone: the entry lists every chunk's file name (to import it, and in each
        // route's list of chunks to preload), and the names' words cost the first load 0.8 kB gzip. Seven
        // characters of hash, the fewest the bundler accepts for this many chunks (its default is eight).
        chunkFileNames: 'assets/[hash:7].js',
        codeSplitting: {
          groups: [
            {
              name: 'index',
              tags: ['$initial'],
              includeDependenciesRecursively: false,
              test: (id) => !CHAKRA_RECIPE.test(id) || FIRST_LOAD_RECIPES.test(id),
            },
          ],
        },
      },
    },
  },
});
