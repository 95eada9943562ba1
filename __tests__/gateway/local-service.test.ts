/**
 * A local model server of its own service user (Ollama's `ollama`, a `vllm` service) is the
 * runner's set-up, not the agent's: the gateway's owner check lets it serve the upstream, as it
 * does the runner's own; only an agent's user (hermes-agent-…) is refused (loopback-owner.test.ts).
 * Found by a review for regressions: the check first trusted root and the runner's user alone.
 * Needs root (a service user is made and removed); skipped elsewhere with a loud line.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { request } from 'undici';
import { stagedForOthers } from '../../scripts/local-runner.mjs';
import { notAgentOwned } from '../../src/confine/agent-user.js';
import { ownerCheckedDispatcher } from '../../src/gateway/loopback-owner.js';
import { rootWith, runsHere } from '../helpers/machine-tools.js';

const SERVER =
  "const s=require('http').createServer((q,r)=>r.end('ok')).listen(0,'127.0.0.1',()=>console.log(s.address().port))";

const root = runsHere(
  rootWith('useradd'),
  'a local server of a service user needs root on Linux (useradd): NOT tested here.'
);
const rootTest = root ? test : test.skip;
const SERVICE = `rtsvc${process.pid}`;
let uid = -1;
let child: ChildProcess | undefined;

beforeAll(() => {
  if (!root) return;
  execFileSync('useradd', ['-r', '-M', '-s', '/usr/sbin/nologin', SERVICE], { stdio: 'ignore' });
  uid = Number(execFileSync('id', ['-u', SERVICE]).toString().trim());
});

afterAll(() => {
  child?.kill();
  if (uid >= 0) execFileSync('userdel', [SERVICE], { stdio: 'ignore' });
});

async function serveAs(serviceUid: number): Promise<number> {
  // The staged Node: this one may lie in a checkout the service user cannot enter.
  child = spawn(stagedForOthers().node, ['-e', SERVER], {
    uid: serviceUid,
    stdio: ['ignore', 'pipe', 'inherit']
  });
  const out = child.stdout;
  if (!out) throw new Error('no stdout');
  return new Promise(resolve =>
    out.once('data', (d: Buffer) => resolve(Number(d.toString().trim())))
  );
}

rootTest('a loopback upstream served by a service user (ollama-style) is reached', async () => {
  const port = await serveAs(uid);
  const dispatcher = ownerCheckedDispatcher(notAgentOwned);
  const res = await request(`http://127.0.0.1:${port}/`, { dispatcher });
  expect(await res.body.text()).toBe('ok');
});

rootTest('a loopback upstream served by the runner user is reached', async () => {
  child?.kill();
  const port = await serveAs(process.getuid?.() ?? 0);
  const dispatcher = ownerCheckedDispatcher(notAgentOwned);
  const res = await request(`http://127.0.0.1:${port}/`, { dispatcher });
  expect(await res.body.text()).toBe('ok');
});
