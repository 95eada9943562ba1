import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * Imports point one way, down the flow: (http | text) ← config ← run ← process ← cli ← install, and
 * process ← (confine | gateway) ← fronting, fence ← confine, then (api | schema | access) ← publish ← comment ← steps ← main; the
 * report sub-action (src/report-action/) sits beside main. Each job has its folder: process/ (the one
 * spawn path), cli/ (running Hermes), install/ (installing it), confine/ (the agent's fence), gateway/
 * (every model call), fronting/ (which keys the gateway fronts and what the agent still holds: pure),
 * fence/ (the agent's network: kernel rules by uid, the egress proxy), fork/ (a
 * stranger's pull request as data), thread/ (a conversation kept between runs). A folder may not import from those after it, nor from a sibling job.
 */
const JOBS = [
  'process',
  'cli',
  'install',
  'confine',
  'gateway',
  'fence',
  'fork',
  'thread',
  'fronting'
];
const LAYERS = {
  http: [
    'comment',
    'config',
    'run',
    ...JOBS,
    'api',
    'schema',
    'access',
    'publish',
    'report-action'
  ],
  text: [
    'comment',
    'config',
    'run',
    ...JOBS,
    'api',
    'schema',
    'access',
    'publish',
    'report-action'
  ],
  config: ['comment', 'run', ...JOBS, 'api', 'schema', 'access', 'publish', 'report-action'],
  run: ['comment', ...JOBS, 'api', 'schema', 'access', 'publish', 'report-action'],
  process: [
    'comment',
    'fork',
    'thread',
    'fence',
    'cli',
    'install',
    'confine',
    'gateway',
    'api',
    'schema',
    'access',
    'publish',
    'fronting',
    'report-action'
  ],
  cli: [
    'comment',
    'fork',
    'thread',
    'install',
    'confine',
    'gateway',
    'fence',
    'api',
    'publish',
    'fronting',
    'report-action'
  ],
  install: [
    'comment',
    'fork',
    'thread',
    'confine',
    'gateway',
    'fence',
    'api',
    'schema',
    'access',
    'publish',
    'fronting',
    'report-action'
  ],
  confine: [
    'comment',
    'fork',
    'thread',
    'cli',
    'install',
    'gateway',
    'api',
    'schema',
    'access',
    'publish',
    'fronting',
    'report-action'
  ],
  gateway: [
    'comment',
    'fork',
    'thread',
    'cli',
    'install',
    'confine',
    'fence',
    'api',
    'schema',
    'access',
    'publish',
    'fronting',
    'report-action'
  ],
  // The egress fence runs nothing of Hermes': the kernel's tools through the caller's admin, its proxy.
  fence: [
    'comment',
    'fork',
    'thread',
    'process',
    'cli',
    'install',
    'confine',
    'gateway',
    'api',
    'schema',
    'access',
    'publish',
    'fronting',
    'report-action'
  ],
  // A stranger's pull request fetched and quoted: git through process/, nothing of the other jobs'.
  fork: [
    'comment',
    'thread',
    'cli',
    'install',
    'confine',
    'gateway',
    'fence',
    'api',
    'schema',
    'access',
    'publish',
    'fronting',
    'report-action'
  ],
  // A conversation kept: the trigger phrase read, the Hermes session saved and restored with the cache.
  thread: [
    'comment',
    'fork',
    'cli',
    'install',
    'confine',
    'gateway',
    'fence',
    'api',
    'schema',
    'access',
    'publish',
    'fronting',
    'report-action'
  ],
  // The fronting decision: what Hermes reads (config/), the providers and the gateway's shape
  // (gateway/), what the agent's home takes (confine/); it runs nothing, reads no file, opens no socket.
  fronting: [
    'comment',
    'process',
    'fork',
    'thread',
    'cli',
    'install',
    'fence',
    'api',
    'schema',
    'access',
    'publish',
    'report-action'
  ],
  api: ['comment', ...JOBS, 'publish', 'report-action'],
  schema: ['comment', ...JOBS, 'api', 'access', 'publish', 'report-action'],
  access: ['comment', ...JOBS, 'api', 'schema', 'publish', 'report-action'],
  publish: ['comment', ...JOBS, 'api', 'access', 'report-action'],
  // The second entry point reads transcripts with the run's reader and draws with publish/; it runs nothing.
  'report-action': [...JOBS, 'api', 'access', 'schema', 'comment'],
  // The sticky comment draws with publish/'s Markdown helpers (one escaping) but runs nothing; the
  // review reads the answer's shape from schema/ (one definition of a finding).
  comment: [...JOBS, 'api', 'access', 'report-action'],
  // run()'s steps (src/steps/) draw on every folder above; only main.ts imports them.
  steps: ['report-action']
};
/** What src/comment/ may read of src/publish/: the escaping, the answer's drawing and the blocks it shares with the summary. */
const COMMENT_MAY_IMPORT = [
  'markdown',
  'answer',
  'structured',
  'review-fact',
  'heading',
  'run-report'
];
const layerRules = Object.entries(LAYERS).map(([folder, after]) => ({
  files: [`src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...(folder === 'steps' ? after : [...after, 'steps']).map(f => ({
            // http/github.ts retries with run/retry.ts, a leaf that imports nothing.
            group:
              folder === 'http' && f === 'run' ? ['../run/*', '!../run/retry.js'] : [`../${f}/*`],
            message: `src/${folder}/ may not import from src/${f}/: imports point down the flow (see eslint.config.js).`
          })),
          ...(folder === 'comment'
            ? [
                {
                  group: ['../publish/*', ...COMMENT_MAY_IMPORT.map(f => `!../publish/${f}.js`)],
                  message: `src/comment/ may import from src/publish/ only ${COMMENT_MAY_IMPORT.join(', ')} (see eslint.config.js).`
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
