// Lint rules: JavaScript and TypeScript recommendations, the rules of hooks, and the rooms of DESIGN.md section 3
// (which directory may import which), so a wrong import fails `npm test` instead of waiting for a review.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Static imports a room may not make (React.lazy's dynamic import() is the allowed way into the editor). */
const forbid = (files, groups, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.tmp/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'server/services/tiler/assembly/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The browser's own alert/confirm/prompt block the page and some kiosks drop them: docs/notices.md.
    files: ['src/**'],
    rules: { 'no-alert': 'error' },
  },
  {
    // Kysely's advice for migrations: they run against the schema as it was then, so they take Kysely<any>.
    files: ['server/db/migration*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read the API's JSON answers and poke at loose shapes on purpose; the type check still runs on them.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  forbid(['contract/**'], ['**/src/**', '**/server/**'], 'contract/ imports nothing of ours: both sides import it.'),
  forbid(['server/**'], ['**/src/**'], 'The server imports nothing from src/: shared rules live in contract/.'),
  forbid(['src/**'], ['**/server/**'], 'The client imports nothing from server/: shared rules live in contract/.'),
  {
    // zod builds its schemas with a `new Function` probe that the page's CSP reports as a violation: the client
    // takes only types from the schemas, and plain values (roles, limits' numbers) from zod-free modules.
    files: ['src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '**/contract/api', '**/contract/limits', '**/contract/surveyEditing'],
              allowTypeImports: true,
              message: 'The client imports no zod schema (its eval probe breaks the CSP); use `import type`.',
            },
          ],
        },
      ],
    },
  },
  {
    // The settings page checks a change by the server's own schemas, with zod jitless (no eval probe): only there.
    files: ['src/editor/settings/schemas.ts', 'src/editor/settings/zodJitless.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  forbid(
    ['src/scene/**'],
    ['**/overlay/**', '**/editor/**', '**/domain/**', '**/state/**', '**/api/**', '**/routes/**'],
    'The renderer knows nothing of the app: it takes props and gives a handle.',
  ),
  forbid(
    ['src/overlay/**'],
    ['**/editor/**'],
    'Overlay and editor use ui, domain, state, api and scene, never each other (React.lazy entries aside).',
  ),
  forbid(
    ['src/editor/**'],
    ['**/overlay/**'],
    'Overlay and editor use ui, domain, state, api and scene, never each other.',
  ),
  forbid(
    ['src/domain/**', 'src/ui/**', 'src/state/**', 'src/api/**'],
    ['**/overlay/**', '**/editor/**', '**/routes/**'],
    'Shared rooms (domain, ui, state, api) are used by the screens, never the other way round.',
  ),
);
