import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
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
    sourcemap: false,
    chunkSizeWarningLimit: 1_000,
    rolldownOptions: {
      // Chakra's theme module builds its whole default config (every recipe) at load with defineConfig, an
      // identity function: marked pure, what src/ui/kit/system.ts leaves out stays out of the first load.
      treeshake: { manualPureFunctions: ['defineConfig'] },
      // Everything the entry imports statically goes in the entry chunk, not in a dozen small chunks beside it:
      // one file compresses better than its parts. Chakra's recipes are reached through its theme barrel, so
      // they count as imported by the entry: only the sign-in page's (FIRST_LOAD_RECIPES) join it, the rest
      // load with src/ui/kit/later-recipes.ts.
      output: {
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
