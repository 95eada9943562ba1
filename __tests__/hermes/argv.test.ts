import { describe, expect, test } from '@jest/globals';
import { buildArgv } from '../../src/hermes/cli.js';
import { cliSettings as settings } from '../helpers/settings.js';

const BASE = ['chat', '-q', 'Summarise the build log.', '--format', 'stream-json'];

describe('buildArgv', () => {
  test('a bare query: chat, -q, the query, --format stream-json, nothing else', () => {
    expect(buildArgv(settings())).toEqual(BASE);
  });

  test.each<[string, Record<string, string>, string[]]>([
    ['model', { model: 'nous/hermes-4-70b' }, ['-m', 'nous/hermes-4-70b']],
    ['ignore-user-config', { 'ignore-user-config': 'true' }, ['--ignore-user-config']],
    ['ignore-rules', { 'ignore-rules': 'true' }, ['--ignore-rules']],
    ['worktree', { worktree: 'true' }, ['--worktree']],
    ['checkpoints', { checkpoints: 'true' }, ['--checkpoints']],
    ['pass-session-id', { 'pass-session-id': 'true' }, ['--pass-session-id']],
    ['args', { args: '--max-turns 5 --yolo' }, ['--max-turns', '5', '--yolo']],
    ['empty model', { model: '' }, []],
    // Inputs that are not Hermes flags never reach argv.
    [
      'non-flag inputs',
      {
        'hermes-path': '/opt/hermes',
        'timeout-minutes': '1',
        'tempfail-retries': '3',
        'fail-on-error': 'false',
        summary: 'false',
        'upload-artifact': 'false',
        'artifact-name': 'x',
        'artifact-archive': 'true',
        'retention-days': '3',
        redact: 'secret',
        'jsonl-path': '/tmp/elsewhere/run.jsonl',
        install: 'false'
      },
      []
    ]
  ])('%s', (_name, inputs, extra) => {
    expect(buildArgv(settings(inputs))).toEqual([...BASE, ...extra]);
  });

  test('every flag at once, in order: chat, query, --format, flags, then args', () => {
    expect(
      buildArgv(
        settings({
          model: 'm1',
          'ignore-user-config': 'true',
          'ignore-rules': 'true',
          worktree: 'true',
          checkpoints: 'true',
          'pass-session-id': 'true',
          args: '--provider openrouter --yolo'
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
    const argv = buildArgv(settings({ query: '', 'query-file': 'prompts/review.md' }));
    expect(argv).toEqual(['chat', '--query-file', 'prompts/review.md', '--format', 'stream-json']);
    expect(argv).not.toContain('-q');
  });

  test('the query is one argument, verbatim: no shell, no splitting, no expansion', () => {
    const text = 'Fix "it"; then `rm -rf $HOME` | tee *.log\nsecond line';
    expect(buildArgv(settings({ query: text }))).toEqual([
      'chat',
      '-q',
      text,
      '--format',
      'stream-json'
    ]);
  });

  test('args stay after the flags even when they look like flags of ours', () => {
    const argv = buildArgv(settings({ worktree: 'true', args: '-m other' }));
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
    expect(buildArgv(settings({ query: '', ...inputs }))).toEqual([
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
