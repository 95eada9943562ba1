/**
 * A listener of an agent's user on this machine, as a process of the isolated agent's would open
 * one: a real user named as the action names them (`hermes-agent-…`, made with useradd as root the
 * first time it is asked for, deleted when the test file ends), running a plain server and an HTTP
 * proxy (CONNECT answered, the tunnel's bytes printed). `seen()` is what it printed: a
 * `seen <method> <url> auth=… proxy=… key=…` line a request, `connect <host:port> proxy=…` and
 * `tunnel "<bytes>"` lines for a proxied one.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { afterAll } from '@jest/globals';
import { stagedForOthers } from '../../scripts/local-runner.mjs';
import { AGENT_USER_PREFIX } from '../../src/confine/agent-user.js';

let made: { name: string; uid: number; gid: number } | undefined;
afterAll(() => {
  if (made) execFileSync('userdel', [made.name], { stdio: 'ignore' });
  made = undefined;
});

/** The agent's user of this test file (made on first use; needs root). */
export function foreignUser(): { uid: number; gid: number } {
  if (!made) {
    const name = `${AGENT_USER_PREFIX}t${randomBytes(2).toString('hex')}`;
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
    const id = (flag: string): number =>
      Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
    made = { name, uid: id('-u'), gid: id('-g') };
  }
  return made;
}

export async function foreignListener(
  host: string,
  children: ChildProcess[],
  port = 0
): Promise<{ port: number; seen: () => string }> {
  const script = `
    const server = require('node:http').createServer((req, res) => {
      process.stdout.write('seen ' + req.method + ' ' + req.url + ' auth=' + req.headers.authorization + ' proxy=' + req.headers['proxy-authorization'] + ' key=' + req.headers['x-api-key'] + '\\n');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    server.on('connect', (req, socket) => {
      process.stdout.write('connect ' + req.url + ' proxy=' + req.headers['proxy-authorization'] + '\\n');
      socket.write('HTTP/1.1 200 Connection Established\\r\\n\\r\\n');
      socket.on('data', d => {
        process.stdout.write('tunnel ' + JSON.stringify(d.toString('latin1')) + '\\n');
        socket.write('HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\ncontent-length: 2\\r\\n\\r\\n{}');
      });
    });
    server.listen(${port}, ${JSON.stringify(host)}, () => process.stdout.write('port ' + server.address().port + '\\n'));`;
  const { uid, gid } = foreignUser();
  // The staged Node: this one may lie in a checkout another user cannot enter.
  const child = spawn(stagedForOthers().node, ['-e', script], {
    uid,
    gid,
    stdio: ['ignore', 'pipe', 'inherit']
  });
  children.push(child);
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (out += chunk));
  while (!/port \d+\n/.test(out)) await once(child.stdout, 'data');
  return { port: Number(/port (\d+)/.exec(out)?.[1]), seen: () => out };
}
