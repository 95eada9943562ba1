/**
 * `thread: auto` through dist/, the way a runner runs it, as root (the agent as its own user): three
 * comments on one issue continue one Hermes session (turns 1, 2, 3: the simulator's state.db saved
 * in the Actions cache, a loopback cache service over a real blob store, restored and resumed);
 * another issue gets its own; a session that is not the one asked for, and a damaged entry, start a
 * new thread with a warning; a run off the default branch keeps none.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { startAzurite, type Azurite } from '../../scripts/azurite.mjs';
import { CacheService } from '../../scripts/cache-service.mjs';
import { runAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { GithubApi } from '../helpers/github-api.js';
import { unseal } from '../../src/thread/sealed.js';
import { render, textOf } from '../helpers/gfm.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';

const root = runsHere(
  rootWith('setpriv'),
  `the thread suite needs root on Linux with setpriv (uid ${process.getuid?.()}); threads are NOT tested here.`
);
const describeRoot = root ? describe : describe.skip;
const KEY = 'thread-key-secret-for-tests-0123456789';

describeRoot('dist/: a thread kept across comments', () => {
  let azurite: Azurite;
  let cache: CacheService;
  let api: GithubApi;
  // One RUNNER_TEMP for every run, as on a runner: a cache entry's paths are part of its version.
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-thread-temp-'));
  let runId = 100;

  beforeAll(async () => {
    azurite = await startAzurite();
    cache = await CacheService.start(azurite);
    api = await GithubApi.start();
    api.plan('octocat', { permission: 'write' });
  });
  afterAll(async () => {
    api.stop();
    await cache.stop();
    await azurite.stop();
    fs.rmSync(temp, { recursive: true, force: true });
  });

  async function comment(
    number: number,
    body: string,
    env: Record<string, string> = {},
    inputs: Record<string, string> = {}
  ): Promise<ActionRun> {
    const event = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'thread-event-')), 'event.json');
    fs.writeFileSync(
      event,
      JSON.stringify({
        action: 'created',
        issue: { number },
        repository: { full_name: 'octo/repo', default_branch: 'main' },
        comment: { body, user: { login: 'octocat', type: 'User' } }
      })
    );
    runId += 1;
    return runAction({
      inputs: {
        query: 'You help on this repository.',
        'trigger-phrase': '/hermes',
        isolation: 'user',
        'allowed-hosts': '*',
        'upload-artifact': 'false',
        'session-record': 'false',
        'github-token': 'gh-token',
        'thread-key': KEY,
        ...inputs
      },
      env: {
        ...cache.env(),
        RUNNER_TEMP: temp,
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'issue_comment',
        GITHUB_EVENT_PATH: event,
        GITHUB_REF: 'refs/heads/main',
        GITHUB_API_URL: api.url,
        GITHUB_RUN_ID: String(runId),
        ...env
      }
    });
  }

  const summary = (r: ActionRun): string => textOf(render(r.summary));

  test('three comments on one issue: turns 1, 2, 3 of one session; the answer shows the earlier turn', async () => {
    const first = await comment(12, '/hermes look at the failing test');
    expect(first.outputs.outcome).toBe('success');
    expect(first.outputs.thread_id).toBe('octo/repo#12');
    expect(first.outputs.thread_turn).toBe('1');
    expect(first.outputs.thread_resumed).toBe('false');
    expect(first.annotations.filter(a => a.command === 'warning')).toEqual([]);
    const session = first.outputs.session_id;

    const second = await comment(12, '/hermes now fix the second point');
    expect(second.outputs.thread_turn).toBe('2');
    expect(second.outputs.thread_resumed).toBe('true');
    expect(second.outputs.session_id).toBe(session);
    expect(second.outputs.text).toContain(`continuing session ${session}, turn 2`);
    expect(second.outputs.text).toContain('earlier: "You help on this repository.');
    expect(summary(second)).toContain(
      'turn 2 of octo/repo#12, continuing the thread of its first run'
    );

    const third = await comment(12, '/hermes and the docs');
    expect(third.outputs.thread_turn).toBe('3');
    expect(third.outputs.session_id).toBe(session);
    expect(third.outputs.text).toContain(`continuing session ${session}, turn 3`);
  });

  test('another issue gets a thread of its own', async () => {
    const other = await comment(13, '/hermes something else');
    expect(other.outputs.thread_id).toBe('octo/repo#13');
    expect(other.outputs.thread_turn).toBe('1');
    expect(other.outputs.thread_resumed).toBe('false');
  });

  test('what is saved is sealed; opened, a whole SQLite store, redacted, with no trigger left', async () => {
    const token = `ghp_${'Z9y8'.repeat(9)}`;
    await comment(14, `/hermes remember ${token}`);
    const entry = cache.entries.filter(e => e.key.includes('-14-')).at(-1);
    expect(entry).toBeDefined();
    // The blob in the store is sealed: neither the token nor the words around it are in it.
    const blob = await cache.container.getBlockBlobClient(entry!.blobName).downloadToBuffer();
    expect(blob.includes(Buffer.from('remember'))).toBe(false);
    // Restore it as the next run would, and read the store there.
    const next = await comment(14, '/hermes go on');
    expect(next.outputs.thread_resumed).toBe('true');
    // The newest entry, opened with the secret as a run would.
    const newest = cache.entries.filter(e => e.key.includes('-14-')).at(-1);
    const archive = path.join(temp, 'newest.tzst');
    await cache.container.getBlockBlobClient(newest!.blobName).downloadToFile(archive);
    // @actions/cache writes zstd with a long window and names relative to the workspace
    // (with ..): -O writes nothing to disk, so -P is safe here.
    const untar = spawnSync(
      'tar',
      [
        '-xPOf',
        archive,
        '--use-compress-program',
        'zstd -d --long=30',
        '--wildcards',
        '*thread.sealed'
      ],
      { maxBuffer: 64 * 1024 * 1024 }
    );
    expect(untar.stderr.toString()).toBe('');
    const sealed = untar.stdout;
    const opened = unseal(KEY, 'octo/repo', 'hermes-thread-v1-octo_repo-14-', sealed);
    expect(sealed.length).toBeGreaterThan(100);
    expect(opened).toBeDefined();
    const file = path.join(temp, 'opened.db');
    fs.writeFileSync(file, opened!.store);
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      const all = JSON.stringify(db.prepare('SELECT * FROM messages').all());
      expect(all).toContain('remember');
      expect(all).not.toContain(token);
      expect(
        db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger'").get()
      ).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  test('a damaged cache entry: a new thread, said in a warning and the outputs', async () => {
    await comment(15, '/hermes first');
    const entry = cache.entries.filter(e => e.key.includes('-15-')).at(-1);
    await cache.container.getBlockBlobClient(entry!.blobName).upload('not an archive', 14);
    const again = await comment(15, '/hermes second');
    expect(again.outputs.outcome).toBe('success');
    expect(again.outputs.thread_turn).toBe('1');
    expect(again.outputs.thread_resumed).toBe('false');
    const warnings = again.annotations.filter(a => a.command === 'warning').map(a => a.message);
    expect(warnings).toEqual([
      expect.stringContaining('A new thread was started for octo/repo#15')
    ]);
    expect(summary(again)).toContain('turn 1 of octo/repo#15 (a new thread)');
  });

  test('an entry sealed with another thread-key: a new thread, with the warning', async () => {
    await comment(17, '/hermes first', {}, { 'thread-key': 'another-secret-of-someone-else' });
    const again = await comment(17, '/hermes second');
    expect(again.outputs.thread_turn).toBe('1');
    const warnings = again.annotations.filter(a => a.command === 'warning').map(a => a.message);
    expect(warnings).toEqual([expect.stringContaining('does not open with this thread-key')]);
  });

  test('no thread-key: no thread kept, and the log says why', async () => {
    const r = await comment(18, '/hermes hi', {}, { 'thread-key': '' });
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.thread_id).toBe('');
    expect(r.log).toContain('"thread-key" is not set');
    expect(cache.entries.some(e => e.key.includes('-18-'))).toBe(false);
  });

  test('a run off the default branch keeps no thread, and says why', async () => {
    const r = await comment(16, '/hermes on a branch', { GITHUB_REF: 'refs/pull/16/merge' });
    expect(r.outputs.outcome).toBe('success');
    expect(r.outputs.thread_id).toBe('');
    expect(r.log).toContain('thread: none is kept here');
    expect(cache.entries.some(e => e.key.includes('-16-'))).toBe(false);
  });
});
