/**
 * A loopback listener of another user's (uid 65534, started as root), as a process of the isolated
 * agent's would open one; `seen()` is what it printed: a `seen <x-api-key>` line per request.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export const FOREIGN_UID = 65534;

export async function foreignListener(
  host: string,
  children: ChildProcess[]
): Promise<{ port: number; seen: () => string }> {
  const script = `
    const server = require('node:http').createServer((req, res) => {
      process.stdout.write('seen ' + req.headers['x-api-key'] + '\\n');
      res.end('{}');
    });
    server.listen(0, ${JSON.stringify(host)}, () => process.stdout.write('port ' + server.address().port + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], {
    uid: FOREIGN_UID,
    gid: FOREIGN_UID,
    stdio: ['ignore', 'pipe', 'inherit']
  });
  children.push(child);
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (out += chunk));
  while (!/port \d+\n/.test(out)) await once(child.stdout, 'data');
  return { port: Number(/port (\d+)/.exec(out)?.[1]), seen: () => out };
}
