/**
 * A listener of another user's (uid 65534, started as root) on this machine, as a process of the
 * isolated agent's would open one: a plain server and an HTTP proxy (CONNECT answered, the tunnel's
 * bytes printed). `seen()` is what it printed: a `seen <method> <url> auth=… proxy=… key=…` line a request,
 * `connect <host:port>` and `tunnel "<bytes>"` lines for a proxied one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export const FOREIGN_UID = 65534;

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
