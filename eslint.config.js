import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Imports point one way, down the flow: (http | text) ← config ← core ← (cli | api | schema | access) ←
 * report ← comment ← main; the matrix report (src/matrix/) sits beside main. A folder may not import from those after it, nor from a sibling mode.
 */
const LAYERS = {
  http: ['comment', 'config', 'core', 'cli', 'api', 'schema', 'access', 'report', 'matrix'],
  text: ['comment', 'config', 'core', 'cli', 'api', 'schema', 'access', 'report', 'matrix'],
  config: ['comment', 'core', 'cli', 'api', 'schema', 'access', 'report', 'matrix'],
  core: ['comment', 'cli', 'api', 'schema', 'access', 'report', 'matrix'],
  cli: ['comment', 'api', 'report', 'matrix'],
  api: ['comment', 'cli', 'report', 'matrix'],
  schema: ['comment', 'cli', 'api', 'access', 'report', 'matrix'],
  access: ['comment', 'cli', 'api', 'schema', 'report', 'matrix'],
  report: ['comment', 'cli', 'api', 'access', 'matrix'],
  // The second entry point reads transcripts with the core and draws with the report; it runs nothing.
  matrix: ['cli', 'api', 'access', 'schema', 'comment'],
  // The sticky comment draws with the report's Markdown helpers (one escaping) but runs nothing.
  comment: ['cli', 'api', 'schema', 'access', 'matrix']
};
/** What src/comment/ may read of src/report/: the escaping and the blocks it shares with the summary. */
const COMMENT_MAY_IMPORT = ['markdown', 'structured', 'summary', 'report'];
const layerRules = Object.entries(LAYERS).map(([folder, after]) => ({
  files: [`src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...after.map(f => ({
            group: [`../${f}/*`],
            message: `src/${folder}/ may not import from src/${f}/: imports point down the flow (see eslint.config.js).`
          })),
          ...(folder === 'comment'
            ? [
                {
                  group: ['../report/*', ...COMMENT_MAY_IMPORT.map(f => `!../report/${f}.js`)],
                  message: `src/comment/ may import from src/report/ only ${COMMENT_MAY_IMPORT.join(', ')} (see eslint.config.js).`
                }
              ]
            : [])
        ]
      }
    ]
  }
}));

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'build/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        TextDecoder: 'readonly'
      }
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  },
  ...layerRules
);
