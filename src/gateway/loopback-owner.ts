/**
 * Who answers on an upstream on this machine. The agent, as its own user, shares the runner's
 * network and may bind any free port above 1024 (on 0.0.0.0 as well): a base URL of
 * `http://127.0.0.1:8080` whose server is not up yet (or is down, or listens on the other address
 * family), a name that resolves to loopback, or one of the machine's own addresses, would hand the
 * real key to a listener of the agent's. So once a direct connection to the upstream is made, and
 * before a byte is sent on it, the kernel's socket table (`/proc/net/tcp`, `/proc/net/tcp6`) is asked
 * which user owns the other end: the socket accepted for this connection, which belongs to the user
 * who made the listening socket. An agent's user is not trusted (the caller says who is:
 * confine/agent-user.ts notAgentOwned): its socket ends the connection, as does an owner that
 * cannot be found. Every direct connection is looked up: a peer the table does not show, at an
 * address not of this machine's, is another host's. The table is read in the thread pool and
 * scanned a slice at a time, so that one the agent lengthened holds none of the gateway's other
 * streams.
 */
import { open } from 'node:fs/promises';
import { endianness, networkInterfaces } from 'node:os';
import type { Socket } from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Agent, buildConnector, Pool, ProxyAgent, type Dispatcher } from 'undici';
import { isLoopback } from '../text/url.js';

type Ends = Pick<Socket, 'localAddress' | 'localPort' | 'remoteAddress' | 'remotePort'>;

/** A table as the kernel writes it: whole, or in the pieces it was read in, one after another. */
export type Table = string | readonly string[];

/**
 * The uid owning the socket at the other end of a connection, as this machine's table shows it:
 * `unknown` when the table shows that end only as closed (TIME_WAIT, whose row reads as root's) or
 * as sockets of several users; undefined when it shows no such socket (another host's). The tables
 * are given (the tests' rows, the bench's synchronous read); the connector asks lookUpPeerOwner.
 */
export function peerOwner(socket: Ends, tables: Iterable<Table>): number | 'unknown' | undefined {
  const search = PeerSearch.of(socket);
  if (!search) return undefined;
  for (const table of tables)
    for (const line of rows(table)) {
      const owner = search.row(line);
      if (owner !== undefined) return owner;
    }
  return search.answer();
}

/**
 * How many rows lookUpPeerOwner reads between two turns of the event loop: a table the agent
 * lengthened to thousands of rows would otherwise hold every other stream while it is scanned.
 */
export const ROWS_PER_TURN = 250;

/**
 * peerOwner's answer, the tables read from the kernel (or given) without holding the event loop:
 * read in the thread pool, a page at a time, the rows scanned ROWS_PER_TURN at a time, the loop
 * turning between. The same rows in the same order give the same answer, read by the same
 * PeerSearch.
 */
export async function lookUpPeerOwner(
  socket: Ends,
  tables: AsyncIterable<Table> | Iterable<Table> = readTables()
): Promise<number | 'unknown' | undefined> {
  const search = PeerSearch.of(socket);
  if (!search) return undefined;
  let read = 0;
  for await (const table of tables)
    for (const line of rows(table)) {
      const owner = search.row(line);
      if (owner !== undefined) return owner;
      if (++read % ROWS_PER_TURN === 0) await nextTurn();
    }
  return search.answer();
}

/** The peer's row sought one row at a time, through the IPv4 table, then the IPv6 one. */
class PeerSearch {
  private closed = false;
  // Rows of sockets connected to our end from another address than the one we asked for: a NAT
  // rule (REDIRECT, DNAT) sent the connection to a port of this machine, and our socket still
  // names the address it was sent to (destination NAT leaves our end as it is). Open ones only
  // (ESTABLISHED, or half-closed by the agent: FIN_WAIT), and none another socket of our port
  // explains: Linux lets sockets share a local port towards different hosts, so a client that
  // shares ours, connected to a server here, gives that server a row on our end too.
  private readonly candidates: [string, number][] = [];
  private readonly sharing = new Set<string>();

  /** The peer's row: its local end is our remote one (near), its remote end our local one (far). */
  private constructor(
    private readonly near: string,
    private readonly far: string
  ) {}

  /** The search for socket's peer; undefined for a socket not connected (no such row). */
  static of(socket: Ends): PeerSearch | undefined {
    const { localAddress, localPort, remoteAddress, remotePort } = socket;
    if (!localAddress || !localPort || !remoteAddress || !remotePort) return undefined;
    return new PeerSearch(endpoint(remoteAddress, remotePort), endpoint(localAddress, localPort));
  }

  /** Reads one row; the owner when this row is the peer's own, open: no later row can change it. */
  row(line: string): number | undefined {
    const [, localField, remoteField, state, , , , uid] = line.trim().split(/\s+/);
    if (localField === undefined || remoteField === undefined || uid === undefined)
      return undefined;
    const local = decoded(localField);
    const remote = decoded(remoteField);
    if (local === this.far && remote !== this.near && remote !== undefined)
      this.sharing.add(remote);
    if (remote !== this.far || local === undefined) return undefined;
    // TIME_WAIT has no owner left (its row reads as root's), nor anything to read from.
    if (local === this.near) {
      if (state !== '06') return Number(uid);
      this.closed = true;
    } else if (local !== this.far && ['01', '04', '05'].includes(state ?? ''))
      this.candidates.push([local, Number(uid)]);
    return undefined;
  }

  /** The answer once every row is read and none was the peer's own open one. */
  answer(): number | 'unknown' | undefined {
    if (this.closed) return 'unknown';
    const redirected = new Set(
      this.candidates.filter(([local]) => !this.sharing.has(local)).map(([, u]) => u)
    );
    if (redirected.size === 0) return undefined;
    return redirected.size === 1 ? [...redirected][0] : 'unknown';
  }
}

/**
 * A table's rows, its heading left out, as `split('\n').slice(1)` gives them from the whole table:
 * a row the pieces cut is joined again.
 */
function* rows(table: Table): Generator<string> {
  let heading = true;
  // The start of a row a piece ended before its newline.
  let carried = '';
  for (const piece of typeof table === 'string' ? [table] : table) {
    let start = 0;
    for (let end = piece.indexOf('\n'); end !== -1; end = piece.indexOf('\n', start)) {
      const line = carried + piece.slice(start, end);
      carried = '';
      start = end + 1;
      if (heading) heading = false;
      else yield line;
    }
    carried += piece.slice(start);
  }
  if (!heading) yield carried;
}

/** The code of the error a refused connection fails with: not retried (forward.ts). */
export const UNTRUSTED = 'HERMES_UNTRUSTED_UPSTREAM';

/**
 * The upstream's dispatcher when the agent could be listening on this machine: direct, or through
 * the runner's proxy (`proxy`, as @actions/http-client names it), whose own connection is checked
 * too: a proxy on this machine that is not up could be the agent's, and over plain http it would
 * read the key.
 */
export function ownerCheckedDispatcher(trusted: (uid: number) => boolean, proxy?: URL): Dispatcher {
  if (!proxy) return new Agent({ connect: checked(buildConnector({}), trusted) });
  const credentials = proxy.username || proxy.password;
  return new ProxyAgent({
    uri: proxy.href,
    pipelining: 1,
    // As @actions/http-client sends a proxy's user name and password.
    ...(credentials && {
      token: `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}`
    }),
    clientFactory: (origin, options) => {
      const { connect } = options as { connect: buildConnector.connector };
      return new Pool(origin, { ...options, connect: checked(connect, trusted) });
    }
  });
}

/** connect, with the peer's owner checked before the socket is handed on. */
function checked(
  connect: buildConnector.connector,
  trusted: (uid: number) => boolean
): buildConnector.connector {
  return (options, callback) => {
    connect(options, (error, socket) => {
      if (error) return callback(error, null);
      // Looked up whatever the address: one of an interface without carrier (docker0 with no
      // container) is this machine's too, and os.networkInterfaces() does not list it. A lookup
      // that fails finds no owner, and so refuses.
      void lookUpPeerOwner(socket)
        .catch(() => 'unknown' as const)
        .then(owner => {
          const local = owner !== undefined || onThisMachine(socket.remoteAddress ?? '');
          // Not in the table, and not an address of this machine: another host's.
          if (!local || (typeof owner === 'number' && trusted(owner)))
            return callback(null, socket);
          socket.destroy();
          const refused = new Error(
            typeof owner === 'number'
              ? `the upstream (or proxy) on this machine is served by user ${owner}, an agent's, so the key is not sent`
              : 'the owner of the upstream (or proxy) on this machine could not be found, so the key is not sent'
          );
          callback(Object.assign(refused, { code: UNTRUSTED }), null);
        });
    });
  };
}

/** Loopback, or an address of one of this machine's interfaces (an IPv4-mapped one as IPv4). */
function onThisMachine(address: string): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.)/i, '');
  if (isLoopback(plain) || plain === '' || plain === '0.0.0.0' || plain === '::') return true;
  const own = Object.values(networkInterfaces()).flatMap(list => list ?? []);
  return own.some(i => endpoint(i.address, 0) === endpoint(plain, 0));
}

/**
 * The IPv4 table, then the IPv6 one, read only if needed: a read takes milliseconds, tens of them
 * for a table of thousands of rows, spent in the kernel a page per read, so in the thread pool.
 */
async function* readTables(): AsyncGenerator<Table> {
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    try {
      yield await readPieces(file);
    } catch {
      // No such table (no IPv6): nothing of it to find.
    }
}

/**
 * A file's text in the pieces read, never one string of it all: allocating one of hundreds of KB
 * held the loop for up to 5 ms on its own on a busy 2-core machine (docs/BENCHMARKS.md).
 */
async function readPieces(file: string): Promise<string[]> {
  const handle = await open(file);
  try {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    const decoder = new StringDecoder('utf8');
    const pieces: string[] = [];
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      pieces.push(decoder.write(buffer.subarray(0, bytesRead)));
    }
    pieces.push(decoder.end());
    return pieces;
  } finally {
    await handle.close();
  }
}

/** `address:port` as written below: IPv4 dotted (an IPv4-mapped address too), IPv6 as the URL parser writes it. */
function endpoint(address: string, port: number): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return `${mapped[1]}:${port}`;
  if (!address.includes(':')) return `${address}:${port}`;
  // A zone (`fe80::1%eth0`) is not part of the address the table shows.
  const bare = address.replace(/%.*$/, '');
  return URL.canParse(`http://[${bare}]`)
    ? `${new URL(`http://[${bare}]`).hostname}:${port}`
    : `${bare.toLowerCase()}:${port}`;
}

/**
 * A table's `ADDRESS:PORT` in hex: the address as the kernel stores it, 32-bit words in the
 * machine's byte order, the port big-endian.
 */
function decoded(field: string): string | undefined {
  const [hex, portHex] = field.split(':');
  if (!hex || !portHex || !/^[0-9A-F]+$/i.test(hex)) return undefined;
  const bytes: number[] = [];
  const order = endianness() === 'LE' ? [6, 4, 2, 0] : [0, 2, 4, 6];
  for (let word = 0; word < hex.length; word += 8)
    for (const b of order) bytes.push(parseInt(hex.slice(word + b, word + b + 2), 16));
  const port = parseInt(portHex, 16);
  const v4 = (at: number): string => bytes.slice(at, at + 4).join('.');
  if (bytes.length === 4) return `${v4(0)}:${port}`;
  if (bytes.length !== 16) return undefined;
  if (bytes.slice(0, 10).every(b => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff)
    return `${v4(12)}:${port}`;
  const groups: string[] = [];
  for (let g = 0; g < 16; g += 2)
    groups.push((((bytes[g] ?? 0) << 8) | (bytes[g + 1] ?? 0)).toString(16));
  return endpoint(groups.join(':'), port);
}
