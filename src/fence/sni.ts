/**
 * What a client's first bytes in a tunnel ask for, read before any of them reaches the upstream: the
 * server_name of a TLS ClientHello, or the hosts a plain HTTP/1.x request head names. The egress
 * proxy lets a tunnel through only when that matches the name it was opened for, so a listed name
 * cannot front for another host. Pure and bounded: bytes from the agent never throw out of here.
 */

const TLS_RECORD_BODY_MAX = 16_384;
/** The most a tunnel's first bytes may take: one TLS record, its header and 2^14 bytes of body. */
export const MAX_FIRST_BYTES = 5 + TLS_RECORD_BODY_MAX;

export type FirstBytes =
  /** More bytes could still make one of the others. */
  | { kind: 'incomplete' }
  /**
   * A ClientHello, whole within the first TLS record; `serverName` is its SNI host_name, lower case
   * and without a trailing dot, or undefined when it sends none.
   */
  | { kind: 'tls'; serverName: string | undefined }
  /** A ClientHello whose server_name no listed name can match: two host_names, or not a DNS name. */
  | { kind: 'tls-bad-sni' }
  /** An HTTP/1.x request head: `hosts`, each authority it names (Host headers, an absolute target). */
  | { kind: 'http'; hosts: string[] }
  /**
   * Anything else, a malformed length included, and a ClientHello longer than the first record:
   * clients send theirs in one, and one record is all a stream is buffered for before it is checked.
   */
  | { kind: 'neither' };

const INCOMPLETE: FirstBytes = { kind: 'incomplete' };
const NEITHER: FirstBytes = { kind: 'neither' };

export function firstBytes(bytes: Uint8Array): FirstBytes {
  if (bytes.length === 0) return INCOMPLETE;
  if (bytes[0] === 0x16) return clientHello(bytes);
  const head = requestHead(bytes);
  if (head === 'incomplete') return INCOMPLETE;
  if (head === 'neither') return NEITHER;
  return { kind: 'http', hosts: hostsOf(head) };
}

/** Reads big-endian fields, answering undefined past the end rather than throwing or reading on. */
class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    private at: number,
    private readonly end: number
  ) {}

  get left(): number {
    return this.end - this.at;
  }

  int(size: 1 | 2 | 3): number | undefined {
    if (this.left < size) return undefined;
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + (this.bytes[this.at + i] ?? 0);
    this.at += size;
    return value;
  }

  /** The next `size` bytes as a Reader of their own, or undefined when fewer are left. */
  sub(size: number | undefined): Reader | undefined {
    if (size === undefined || this.left < size) return undefined;
    const sub = new Reader(this.bytes, this.at, this.at + size);
    this.at += size;
    return sub;
  }

  text(): string {
    let text = '';
    for (let i = this.at; i < this.end; i++) text += String.fromCharCode(this.bytes[i] ?? 0);
    return text;
  }
}

const SERVER_NAME = 0;
const HOST_NAME = 0;

function clientHello(bytes: Uint8Array): FirstBytes {
  // The record header, checked as far as it has come, so that garbage is "neither" at once.
  if (bytes.length >= 2 && bytes[1] !== 0x03) return NEITHER;
  if (bytes.length < 5) return INCOMPLETE;
  const record = new Reader(bytes, 3, bytes.length);
  const length = record.int(2) ?? 0;
  if (length < 4 || length > TLS_RECORD_BODY_MAX) return NEITHER;
  if (bytes.length > 5 && bytes[5] !== 0x01) return NEITHER;
  if (bytes.length < 5 + length) return INCOMPLETE;
  const body = new Reader(bytes, 6, 5 + length);
  const hello = body.sub(body.int(3));
  if (!hello) return NEITHER;
  if (hello.sub(2 + 32) === undefined) return NEITHER; // client_version, random
  const session = hello.sub(hello.int(1));
  const suites = hello.sub(hello.int(2));
  const compression = hello.sub(hello.int(1));
  if (!session || session.left > 32 || !suites || suites.left % 2 !== 0 || suites.left === 0)
    return NEITHER;
  if (!compression || compression.left === 0) return NEITHER;
  if (hello.left === 0) return { kind: 'tls', serverName: undefined };
  const extensions = hello.sub(hello.int(2));
  if (!extensions || hello.left !== 0) return NEITHER;
  const seen = new Set<number>();
  let serverName: FirstBytes = { kind: 'tls', serverName: undefined };
  while (extensions.left > 0) {
    const type = extensions.int(2);
    const data = extensions.sub(extensions.int(2));
    if (type === undefined || !data || seen.has(type)) return NEITHER;
    seen.add(type);
    if (type === SERVER_NAME) serverName = serverNameOf(data);
  }
  return serverName;
}

function serverNameOf(data: Reader): FirstBytes {
  const list = data.sub(data.int(2));
  if (!list || data.left !== 0) return NEITHER;
  const names: string[] = [];
  while (list.left > 0) {
    const type = list.int(1);
    const name = list.sub(list.int(2));
    if (type === undefined || !name) return NEITHER;
    if (type === HOST_NAME) names.push(name.text());
  }
  const [name] = names;
  if (names.length !== 1 || name === undefined) return { kind: 'tls-bad-sni' };
  const host = dnsName(name);
  return host === undefined ? { kind: 'tls-bad-sni' } : { kind: 'tls', serverName: host };
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A DNS name, lower case and without its trailing dot; undefined for anything else. */
export function dnsName(text: string): string | undefined {
  const name = text.toLowerCase().replace(/\.$/, '');
  return name.length <= 253 && name.split('.').every(l => LABEL.test(l)) ? name : undefined;
}

export interface RequestHead {
  method: string;
  target: string;
  /** Each header as sent, its name lower case, in order. */
  headers: [string, string][];
  /** The head's bytes, its blank line included: what follows is the body, or the tunnel's. */
  length: number;
}

/** The most an HTTP request head may take here, as the proxy's own head. */
export const MAX_HEAD_BYTES = 8 * 1024;

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** A target may hold any byte but whitespace and NUL: the agent's odd names are refused by name. */
const TARGET = '[^\\0\\t\\n\\v\\f\\r ]+';
const REQUEST_LINE = new RegExp(`^(${TOKEN}) (${TARGET}) HTTP/1\\.[01]$`);
/** Loosely, what a request line can be before its CRLF: a method, a target, a version begun. */
const REQUEST_LINE_START = new RegExp(`^(${TOKEN}( (${TARGET}( H?T?T?P?/?1?\\.?[01]?)?)?)?)?$`);
/** `.` stops at a bare CR or LF, so a head two parsers could split two ways is none. */
const HEADER = new RegExp(`^(${TOKEN}):(.*)$`);
/** How much of an unfinished head is looked at: its start says whether it can be one. */
const START_BYTES = 256;

/** An HTTP/1.x request head (read as latin1, one char a byte), or how far it is from being one. */
export function requestHead(bytes: Uint8Array): RequestHead | 'incomplete' | 'neither' {
  const window = Buffer.from(
    bytes.buffer,
    bytes.byteOffset,
    Math.min(bytes.length, MAX_FIRST_BYTES)
  );
  const end = window.indexOf('\r\n\r\n');
  if (end === -1) {
    // Called again as each chunk comes: bounded work, however small the chunks.
    if (bytes.length > MAX_FIRST_BYTES) return 'neither';
    const start = window.toString('latin1', 0, Math.min(window.length, START_BYTES));
    const eol = start.indexOf('\r\n');
    const started =
      eol === -1
        ? REQUEST_LINE_START.test(start.replace(/\r$/, ''))
        : REQUEST_LINE.test(start.slice(0, eol));
    return started ? 'incomplete' : 'neither';
  }
  const text = window.toString('latin1', 0, end);
  if (text.includes('\0')) return 'neither';
  const [first = '', ...fields] = text.split('\r\n');
  const line = REQUEST_LINE.exec(first);
  if (!line?.[1] || !line[2]) return 'neither';
  const headers: [string, string][] = [];
  for (const field of fields) {
    // A folded line (obs-fold) is none either: RFC 9112 lets a server reject it.
    const header = HEADER.exec(field);
    if (!header?.[1] || header[2] === undefined) return 'neither';
    headers.push([header[1].toLowerCase(), withoutOws(header[2])]);
  }
  return { method: line[1], target: line[2], headers, length: end + 4 };
}

/** A field value without the spaces and tabs around it (a regex for that is quadratic on spaces). */
function withoutOws(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value[start] === ' ' || value[start] === '\t')) start++;
  while (end > start && (value[end - 1] === ' ' || value[end - 1] === '\t')) end--;
  return value.slice(start, end);
}

/** Every authority a request names, which must all be the tunnel's: Host headers and the target's. */
function hostsOf(head: RequestHead): string[] {
  const hosts = head.headers.filter(([name]) => name === 'host').map(([, value]) => value);
  const target = targetAuthority(head.target);
  return target === undefined ? hosts : [...hosts, target];
}

/** The authority of an absolute-form or authority-form target; undefined for `/path` and `*`. */
export function targetAuthority(target: string): string | undefined {
  if (target.startsWith('/') || target === '*') return undefined;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(target);
  return scheme ? (/^[^/?#]*/.exec(target.slice(scheme[0].length))?.[0] ?? '') : target;
}

/**
 * `name`, `name:port`, `[v6]` or `[v6]:port` split, the name lower case without its trailing dot;
 * undefined when it is none of those (a userinfo, an empty name, a port out of range).
 */
export function splitAuthority(
  text: string
): { name: string; port: number | undefined } | undefined {
  const form = /^(?:\[([0-9a-fA-F:.]+)\]|([^[\]:@/?#\s]+))(?::(\d{1,5}))?$/.exec(text);
  const name = form?.[1] ?? form?.[2];
  if (!form || !name) return undefined;
  const port = form[3] === undefined ? undefined : Number(form[3]);
  if (port !== undefined && !(port >= 1 && port <= 65_535)) return undefined;
  return { name: name.toLowerCase().replace(/\.$/, ''), port };
}
