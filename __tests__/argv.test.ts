import { describe, expect, test } from '@jest/globals';
import { buildArgv } from '../src/cli/hermes.js';
import { parseSettings, type Settings } from '../src/config/inputs.js';

/** Settings with every flag off, as parseSettings gives them for a bare query. */
function settings(overrides: Partial<Settings> = {}): Settings {
  return {
    query: { kind: 'text', text: 'Summarise the build log.' },
    ignoreUserConfig: false,
    ignoreRules: false,
    worktree: false,
    checkpoints: false,
    passSessionId: false,
    args: [],
    hermesPath: 'hermes',
    workingDirectory: '/w',
    timeoutMs: 0,
    tempfailRetries: 0,
    tempfailBackoffMs: 30_000,
    failOnError: true,
    summary: true,
    uploadArtifact: true,
    artifactArchive: false,
    redact: [],
    jsonlPath: '/tmp/run.jsonl',
    showReasoning: true,
    gate: { token: '', allowedUsers: [], allowedBots: [] },
    ...overrides
  };
}

const BASE = ['chat', '-q', 'Summarise the build log.', '--format', 'stream-json'];

describe('buildArgv', () => {
  test('a bare query: chat, -q, the query, --format stream-json, nothing else', () => {
    expect(buildArgv(settings())).toEqual(BASE);
  });

  test.each<[string, Partial<Settings>, string[]]>([
    ['model', { model: 'nous/hermes-4-70b' }, ['-m', 'nous/hermes-4-70b']],
    ['ignore-user-config', { ignoreUserConfig: true }, ['--ignore-user-config']],
    ['ignore-rules', { ignoreRules: true }, ['--ignore-rules']],
    ['worktree', { worktree: true }, ['--worktree']],
    ['checkpoints', { checkpoints: true }, ['--checkpoints']],
    ['pass-session-id', { passSessionId: true }, ['--pass-session-id']],
    ['args', { args: ['--max-turns', '5', '--yolo'] }, ['--max-turns', '5', '--yolo']],
    ['empty model', { model: '' }, []],
    // Settings that are not Hermes flags never reach argv.
    [
      'non-flag settings',
      {
        hermesPath: '/opt/hermes',
        timeoutMs: 60_000,
        tempfailRetries: 3,
        failOnError: false,
        summary: false,
        uploadArtifact: false,
        artifactName: 'x',
        artifactArchive: true,
        retentionDays: 3,
        redact: ['secret'],
        jsonlPath: '/elsewhere/run.jsonl'
      },
      []
    ]
  ])('%s', (_name, overrides, extra) => {
    expect(buildArgv(settings(overrides))).toEqual([...BASE, ...extra]);
  });

  test('every flag at once, in order: chat, query, --format, flags, then args', () => {
    expect(
      buildArgv(
        settings({
          model: 'm1',
          ignoreUserConfig: true,
          ignoreRules: true,
          worktree: true,
          checkpoints: true,
          passSessionId: true,
          args: ['--provider', 'openrouter', '--yolo']
        })
      )
    ).toEqual([
      'chat',
      '-q',
      'Summarise the build log.',
      '--format',
      'stream-json',
      '-m',
      'm1',
      '--ignore-user-config',
      '--ignore-rules',
      '--worktree',
      '--checkpoints',
      '--pass-session-id',
      '--provider',
      'openrouter',
      '--yolo'
    ]);
  });

  test('query-file: --query-file PATH instead of -q', () => {
    const argv = buildArgv(settings({ query: { kind: 'file', path: 'prompts/review.md' } }));
    expect(argv).toEqual(['chat', '--query-file', 'prompts/review.md', '--format', 'stream-json']);
    expect(argv).not.toContain('-q');
  });

  test('the query is one argument, verbatim: no shell, no splitting, no expansion', () => {
    const text = 'Fix "it"; then `rm -rf $HOME` | tee *.log\nsecond line';
    expect(buildArgv(settings({ query: { kind: 'text', text } }))).toEqual([
      'chat',
      '-q',
      text,
      '--format',
      'stream-json'
    ]);
  });

  test('args stay after the flags even when they look like flags of ours', () => {
    const argv = buildArgv(settings({ worktree: true, args: ['-m', 'other'] }));
    expect(argv.slice(-3)).toEqual(['--worktree', '-m', 'other']);
  });

  test('from real inputs, through parseSettings', () => {
    const inputs: Record<string, string> = {
      'query-file': 'q.md',
      model: 'nous/hermes-4-70b',
      'ignore-rules': 'True',
      checkpoints: 'TRUE',
      worktree: 'false',
      args: "--max-turns 5 -t 'web, terminal'"
    };
    const parsed = parseSettings({
      getInput: name => inputs[name] ?? '',
      env: { GITHUB_WORKSPACE: '/w' }
    });
    expect(buildArgv(parsed)).toEqual([
      'chat',
      '--query-file',
      'q.md',
      '--format',
      'stream-json',
      '-m',
      'nous/hermes-4-70b',
      '--ignore-rules',
      '--checkpoints',
      '--max-turns',
      '5',
      '-t',
      'web, terminal'
    ]);
  });
});
