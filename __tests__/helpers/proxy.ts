/**
 * A loopback forward proxy for the tests, as a runner's `HTTPS_PROXY` would name one. It takes
 * CONNECT tunnels (what undici's ProxyAgent opens, for http:// targets too) and absolute-form
 * requests, records each target it is asked for, and connects every one to 127.0.0.1 on the
 * target's port: a made-up host name such as `api.github.test` reaches a stand-in server on this
 * machine only through the proxy, and a request that bypasses it fails to resolve. It counts the
 * connections made to it too: a client that keeps its tunnels alive opens one for many requests.
 */
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

export class Proxy {
  /** `host:port` of every tunnel or request, in order. */
  readonly targets: string[] = [];
  /** Connections accepted, each a tunnel's or a kept-alive client's. */
  connections = 0;
  private readonly sockets = new Set<net.Socket>();

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<Proxy> {
    const server = http.createServer();
    const proxy = new Proxy(server);
    server.on('connection', () => proxy.connections++);
    server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      const target = req.url ?? '';
      proxy.targets.push(target);
      const upstream = net.connect(Number(target.split(':').pop()), '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      proxy.track(client, upstream);
    });
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      const url = new URL(req.url ?? '');
      proxy.targets.push(url.host);
      const forwarded = http.request(
        {
          host: '127.0.0.1',
          port: url.port || 80,
          path: url.pathname + url.search,
          method: req.method,
          headers: req.headers
        },
        answer => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        }
      );
      forwarded.on('error', () => res.destroy());
      req.pipe(forwarded);
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.sockets.forEach(s => s.destroy());
    this.server.closeAllConnections();
    await new Promise(resolve => this.server.close(resolve));
  }

  private track(...sockets: net.Socket[]): void {
    for (const socket of sockets) {
      this.sockets.add(socket);
      socket.on('error', () => sockets.forEach(s => s.destroy()));
      socket.on('close', () => this.sockets.delete(socket));
    }
  }
}
