import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screens`: screenshots of the main screens at phone and laptop sizes into docs/screens/. */
export default defineConfig({
  ...base,
  testDir: 'tests/screens',
  timeout: 300_000,
  reporter: [['list']],
});
