import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'data',
      'dist',
      'dist-ssr',
      'coverage',
      'server/db/migrations',
      'src/route-tree.gen.ts',
      'dev-dist',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The contract is shared by every part of the product, so it may import nothing but valibot.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '#server/*',
            '#src/*',
            '../server/*',
            '../../server/*',
            'fastify*',
            'drizzle*',
            'react*',
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['#src/*', '../src/*', '../../src/*', 'react*'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, lingui },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            '^[^\\p{L}]*$',
            '^\\.{1,2}/',
            '^(Fika|Telegram|Instagram|Facebook|YouTube)$',
            '^[a-z][\\w.-]*$',
            '^#',
            '^/',
            '^https?:',
            '^\\(min-width',
            // Cache keys such as `page:${slug}`.
            '^[a-z]+(:[a-z]+)*:',
            // Comma lists of API options (`with=image,priority_services`).
            '^[a-z_]+(,[a-z_]+)+$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|type|to|href|id|key|rel|target|role|inputMode|autoComplete|pattern|lang|name|value|htmlFor|data-testid|aria-.*)$',
              },
            },
            { regex: { pattern: '^[A-Z_]+$' } },
          ],
          ignoreFunctions: [
            'console.*',
            'Error',
            'new Error',
            'document.getElementById',
            'useAuthModal',
            'show',
            'register',
            'setError',
            'navigate',
            'matchMedia',
            'sessionStorage.*',
            'localStorage.*',
            'addEventListener',
            'removeEventListener',
            'dispatchEvent',
            'Event',
            'new Event',
            'import',
            'redirect',
            'createFileRoute',
            'guardRoute',
            'canEnter',
          ],
        },
      ],
      'lingui/t-call-in-function': 'error',
    },
  },
  {
    // A function you cannot see on two screens is one you cannot change safely: split it along its seams, or write
    // why it stays whole beside an eslint-disable comment. Tests are lists of cases and are left out.
    files: [
      'server/**/*.ts',
      'src/**/*.{ts,tsx}',
      'contract/**/*.ts',
      'service-worker/**/*.ts',
      'scripts/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Server and service worker code import contract/ but never the web app, and the web app never the server.
    files: ['src/**/*.{ts,tsx}', 'service-worker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['#server/*', '../server/*', '../../server/*'] }],
    },
  },
)
