import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Imports point one way, down the flow: (http | text) ← config ← core ← (cli | api | schema | access) ←
 * report ← main; the matrix report (src/matrix/) sits beside main. A folder may not import from those after it, nor from a sibling mode.
 */
const LAYERS = {
  http: ['config', 'core', 'cli', 'api', 'schema', 'access', 'report', 'matrix'],
  text: ['config', 'core', 'cli', 'api', 'schema', 'access', 'report', 'matrix'],
  config: ['core', 'cli', 'api', 'schema', 'access', 'report', 'matrix'],
  core: ['cli', 'api', 'schema', 'access', 'report', 'matrix'],
  cli: ['api', 'report', 'matrix'],
  api: ['cli', 'report', 'matrix'],
  schema: ['cli', 'api', 'access', 'report', 'matrix'],
  access: ['cli', 'api', 'schema', 'report', 'matrix'],
  report: ['cli', 'api', 'access', 'matrix'],
  // The second entry point reads transcripts with the core and draws with the report; it runs nothing.
  matrix: ['cli', 'api', 'access', 'schema']
};
const layerRules = Object.entries(LAYERS).map(([folder, after]) => ({
  files: [`src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: after.map(f => ({
          group: [`../${f}/*`],
          message: `src/${folder}/ may not import from src/${f}/: imports point down the flow (see eslint.config.js).`
        }))
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
