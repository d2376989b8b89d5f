// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * Layer direction (docs/architecture.md):
 *   domain ← api ← machines ← screens ← routes/app;  ui takes domain types and api contract types only;
 *   screens bind machines (through their actor factories) and queries to ui components;
 *   server takes the api contract and domain, never React.
 * Inside each layer, one folder per feature (auth, catalogue, credits, promos, users, providers) plus shared
 * code (src/machines/shared, src/ui/kit).
 */
const zones = [
  {
    target: './src/domain',
    from: [
      './src/api',
      './src/machines',
      './src/ui',
      './src/routes',
      './src/app',
      './src/config',
      './src/screens',
      './server',
    ],
    message: 'src/domain is pure: it imports nothing of ours.',
  },
  {
    target: './src/api',
    from: ['./src/machines', './src/ui', './src/routes', './src/app', './src/screens', './server'],
    message: 'src/api may import src/domain only.',
  },
  {
    target: './src/machines',
    from: ['./src/ui', './src/routes', './src/app', './src/config', './src/screens', './server'],
    message: 'src/machines may import src/domain and types from src/api only (actor factories: the api too).',
  },
  {
    target: './src/ui',
    from: ['./src/machines', './src/routes', './src/app', './src/config', './src/screens', './server'],
    message: 'src/ui is presentational: domain and api contract types only.',
  },
  {
    target: './src/ui',
    from: './src/api',
    except: ['./contract'],
    message: 'src/ui may use the api contract types, never the client.',
  },
  {
    target: './server',
    from: ['./src/ui', './src/routes', './src/machines', './src/app', './src/config', './src/screens'],
    message: 'server/ may import the api contract and domain only.',
  },
  {
    target: './src/screens',
    from: './src/routes',
    message: 'Screens are rendered by routes, never the other way round.',
  },
  {
    target: './src/api/contract',
    from: ['./src/api/client.ts', './src/api/auth'],
    message: 'The contract is plain schemas.',
  },
];

/**
 * Feature isolation inside each layer (docs/architecture.md, "Features and what each may import"): a feature's
 * folder imports its own files, its layer's shared folders and files, and the features declared here, no
 * other. Each declared edge is a composition the guide names (the manage view mounts the availability,
 * mappings and calendar sections; a screen shows a record's "Changed by" line from the audit trail): a new
 * one is added here and in the guide, or its code moves to the layer's shared folder.
 */
const FEATURE_LAYERS = {
  'src/domain': {
    shared: ['shared'],
    uses: {
      appointments: ['dashboard', 'onboarding', 'users'],
      connections: ['onboarding'],
      dashboard: ['onboarding', 'providers'],
      notifications: ['audit', 'providers'],
      onboarding: ['connections', 'dashboard', 'providers', 'shell'],
      overview: ['dashboard'],
      promos: ['credits'],
      providers: ['onboarding', 'overview', 'settings'],
      shared: ['auth', 'onboarding'],
      users: ['auth'],
    },
  },
  'src/api': { shared: ['contract'], uses: {} },
  'src/machines': { shared: ['shared'], uses: { onboarding: ['availability'] } },
  'src/ui': {
    shared: ['kit'],
    uses: { dashboard: ['appointments'], notifications: ['audit'], users: ['appointments'] },
  },
  'src/screens': {
    shared: ['shared'],
    uses: {
      appointments: ['audit'],
      catalogue: ['audit'],
      connections: ['onboarding'],
      dashboard: ['appointments'],
      notifications: ['audit'],
      onboarding: ['availability', 'catalogue', 'mappings'],
      'pricing-tiers': ['audit'],
      providers: [
        'appointments',
        'audit',
        'availability',
        'catalogue',
        'connections',
        'dashboard',
        'mappings',
        'payouts',
      ],
      settings: ['audit'],
      shared: ['audit'],
      users: ['audit'],
    },
  },
  server: {
    shared: ['http', 'db'],
    uses: {
      appointments: ['notifications', 'payouts', 'settings'],
      audit: ['limits'],
      db: ['outside'],
      geo: ['outside', 'strategies'],
      health: ['limits'],
      'identity-sync': ['providers', 'users'],
      onboarding: ['identity-sync'],
      outside: ['geo', 'payouts', 'strategies'],
      overview: ['providers', 'settings'],
      payouts: ['outside', 'providers'],
      providers: ['identity-sync', 'settings'],
      strategies: ['notifications', 'onboarding', 'outside'],
      uploads: ['limits'],
      users: ['identity-sync'],
    },
  },
};

/** One zone per feature folder: the rest of its layer, but for what FEATURE_LAYERS lets it import. */
const featureZones = Object.entries(FEATURE_LAYERS).flatMap(([layer, { shared, uses }]) => {
  const entries = readdirSync(layer, { withFileTypes: true });
  const rootFiles = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  return entries
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${layer}/${name}`,
      from: `./${layer}`,
      except: [...new Set([name, ...shared, ...(uses[name] ?? []), ...rootFiles])].map((path) => `./${path}`),
      message: `${layer}/${name} imports only its own files, ${shared.join(' and ')}, and the features FEATURE_LAYERS in eslint.config.js declares for it.`,
    }));
});

/** The API's fields whose values are enumeration constants (src/api/contract: their `v.picklist`s). */
const ENUM_FIELDS =
  '/^(status|role|kind|type|paymentMethod|refundOption|recipient|delivery|onboarding|onboardingState)$/';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-test',
      '.data',
      '.tmp',
      'test-results',
      'playwright-report',
      'generated/routeTree.gen.ts',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...featureZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  // Size limits: no source file over 400 lines, and no route file over 150 (a route validates, guards,
  // loads and renders; the work is in its machine, actors and screen). The generated route tree is ignored
  // above.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 150 }] },
  },
  {
    files: ['src/machines/**/*.ts'],
    ignores: ['src/machines/**/*.actors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react', message: 'Machines do not import React.' },
            { name: '@xstate/react', message: 'Machines do not import @xstate/react.' },
            { name: 'ofetch', message: 'Side effects live in actors provided by routes.' },
          ],
          patterns: [
            {
              regex: '^(\\.\\./)+api/(?!contract/)',
              allowTypeImports: true,
              message: 'Machines take only types from src/api.',
            },
          ],
        },
      ],
    },
  },
  {
    // Actor factories (`create<Flow>Actors(api)`) turn API calls into the actors a machine declares.
    files: ['src/machines/**/*.actors.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', '@xstate/react', 'ofetch'].map((name) => ({
            name,
            message: 'Actor factories call the API modules, never React or ofetch directly.',
          })),
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'xstate', '@xstate/react', 'ofetch', 'firebase', '@chakra-ui/react'].map(
            (name) => ({ name, message: 'src/domain is pure.' }),
          ),
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'Rules take "now" as an argument (use Temporal values passed in).' },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', '@chakra-ui/react'].map((name) => ({
            name,
            message: 'server/ never imports React.',
          })),
        },
      ],
    },
  },
  {
    // One way to format what people read: src/domain/shared/format.ts (dates, times, counts, percents) and
    // formatDollars; a screen or component never formats a date or a number by hand.
    files: ['src/ui/**/*.{ts,tsx}', 'src/screens/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(toLocaleDateString|toLocaleTimeString|toLocaleString|toISOString)$/]',
          message: 'Format with src/domain/shared/format.ts (or formatDollars), in the location zone.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message: 'Format with src/domain/shared/format.ts (or formatDollars), in the location zone.',
        },
        // No constant on screen (docs/design.md, Words): a value of one of the API's enumerations (a status,
        // role, kind, type, payment method, refund option, recipient, delivery, onboarding stage) is shown
        // through its label from the catalogue, never as the constant itself in the text of an element (a
        // catalogue's own entries, OWN_ACCOUNT.role, are words).
        ...[
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > MemberExpression',
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > MemberExpression',
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > ChainExpression > MemberExpression',
        ].map((path) => ({
          selector: `${path}[computed=false][object.name!=/^[A-Z][A-Z0-9_]*$/][property.name=${ENUM_FIELDS}]`,
          message:
            'An enumeration value is shown by its label (status-labels.ts, audit.ts, promoTypeLabel, ROLE_LABELS…), never as its constant.',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**/*.ts', 'server/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
