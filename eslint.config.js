import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/**
 * Imports point one way, down the flow. Each folder of src/ is a room with one job, and LAYERS says,
 * for each, the rooms it MAY import from (an allow-list: a new room imports nothing until it is
 * written here, and a new import across rooms is a line in this table a reviewer sees). Read from the
 * bottom: text/ and http/ (words, HTTP and its retries), config/ (inputs, paths, settings), turn/
 * (Hermes' stream → one turn → the verdict), process/ (the one spawn path), then the jobs: hermes/
 * (running Hermes' CLI), install/ (installing it), fence/ (the agent's network by uid), confine/ (the
 * agent's own user and home), gateway/ (every model call), fronting/ (which keys the gateway fronts:
 * pure), fork/ (a stranger's pull request as data), thread/ (a conversation kept between runs); then
 * what the run reads and shows: api-server/, schema/, access/, publish/ (outputs, summary, artifact,
 * live log), github/ (the sticky comment, the review, labels); steps/ (run()'s steps) draws on all of
 * them and only main.ts imports it. The report sub-action (report-action/) sits beside main. docs/design.md
 * draws the same map.
 */
const BASE = ['text', 'http', 'config', 'turn'];
export const LAYERS = {
  text: [],
  http: ['text'],
  config: ['text'],
  turn: ['text', 'http', 'config'],
  process: [...BASE],
  hermes: [...BASE, 'process'],
  install: [...BASE, 'process', 'hermes'],
  // The egress fence runs nothing of Hermes': the kernel's tools through the caller's admin, its proxy.
  fence: [...BASE],
  confine: [...BASE, 'process', 'fence'],
  gateway: [...BASE],
  // The fronting decision: what Hermes reads (config/), the providers and the gateway's shape
  // (gateway/), what the agent's home takes (confine/); it runs nothing, reads no file, opens no socket.
  fronting: [...BASE, 'confine', 'gateway'],
  // A stranger's pull request fetched and quoted: git through process/, nothing of the other jobs'.
  fork: [...BASE, 'process'],
  // A conversation kept: the trigger phrase read, the Hermes session saved and restored with the cache.
  thread: [...BASE, 'process'],
  schema: [...BASE],
  access: [...BASE],
  'api-server': [...BASE],
  publish: [...BASE, 'schema'],
  // The sticky comment and the review draw with publish/'s Markdown helpers (one escaping; only the
  // files GITHUB_MAY_IMPORT names) but run nothing; the review reads a finding's shape from schema/.
  github: [...BASE, 'schema', 'publish'],
  // The second entry point reads transcripts with the run's reader and draws with publish/; it runs nothing.
  'report-action': [...BASE, 'publish'],
  // The post step: undoes what the main step's isolation left, should its process have died.
  post: [...BASE, 'confine']
};
const ROOMS = [...Object.keys(LAYERS), 'steps'];
// run()'s steps (src/steps/) draw on every room but the two other entry points; only main.ts imports them.
LAYERS.steps = ROOMS.filter(room => !['steps', 'report-action', 'post'].includes(room));
/** What src/github/ may read of src/publish/: the escaping, the answer's drawing and the blocks it shares with the summary. */
const GITHUB_MAY_IMPORT = [
  'markdown',
  'answer',
  'structured',
  'review-fact',
  'heading',
  'run-report'
];
const layerRules = Object.entries(LAYERS).map(([folder, allowed]) => ({
  files: [`src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...ROOMS.filter(room => room !== folder && !allowed.includes(room)).map(room => ({
            group: [`../${room}/*`],
            message: `src/${folder}/ may import only from ${allowed.map(r => `src/${r}/`).join(', ') || 'itself'}, not src/${room}/: imports point down the flow (LAYERS in eslint.config.js).`
          })),
          ...(folder === 'github'
            ? [
                {
                  group: ['../publish/*', ...GITHUB_MAY_IMPORT.map(f => `!../publish/${f}.js`)],
                  message: `src/github/ may import from src/publish/ only ${GITHUB_MAY_IMPORT.join(', ')} (see eslint.config.js).`
                }
              ]
            : [])
        ]
      }
    ]
  }
}));
// Every folder of src/ is a room of the table: one missing from it would be imported from freely.
const unlisted = readdirSync(new URL('./src/', import.meta.url), { withFileTypes: true })
  .filter(entry => entry.isDirectory() && !ROOMS.includes(entry.name))
  .map(entry => entry.name);
if (unlisted.length > 0) {
  throw new Error(`eslint.config.js: src/${unlisted.join('/, src/')}/ has no row in LAYERS`);
}

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
  {
    // Type-aware checks on the product: no promise left unawaited or passed where a void callback
    // goes, every switch over a union handles each member (a default counts as handling), and no
    // condition the types say is always one way (a dead branch, or a type narrower than the value).
    files: ['src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true }
      ]
    }
  },
  {
    // A file a newcomer can read through, a function that does one job (split by job, not by cut).
    files: ['src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': [
        'error',
        { max: 100, skipBlankLines: true, skipComments: true, IIFEs: true }
      ]
    }
  },
  {
    // No import circle in src/: each module's dependencies read down the flow.
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] }
    },
    rules: { 'import-x/no-cycle': 'error' }
  },
  ...layerRules
);
