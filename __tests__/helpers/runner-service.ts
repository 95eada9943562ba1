/**
 * An Anthropic stand-in of this process's, as a service the runner's user started on this machine:
 * the `x-api-key` of every request it was sent. The caller closes the server it pushes to `servers`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function runnerService(
  host: string,
  servers: Server[],
  port = 0
): Promise<{ port: number; keys: string[] }> {
  const keys: string[] = [];
  const server = createServer((req, res) => {
    keys.push(String(req.headers['x-api-key']));
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"type":"message","content":[],"usage":{"input_tokens":1,"output_tokens":1}}');
    });
  });
  servers.push(server);
  await new Promise<void>(resolve => server.listen(port, host, () => resolve()));
  return { port: (server.address() as AddressInfo).port, keys };
}
