/**
 * Every request of a plain-HTTP connection checked, not only its first: the bytes from the agent to
 * a listed host pass through a Transform that frames each request (its head, then a body by
 * Content-Length or chunked) and asks `allowed` of every head before one byte of it goes on. A
 * keep-alive request naming another Host would otherwise reach the listed address (a shared vhost,
 * a CDN, a forward proxy) with whatever the agent put in it.
 *
 * Strict where two parsers could frame a request two ways (RFC 9112 §6.3): both Content-Length and
 * Transfer-Encoding, two lengths, a coding other than `chunked` alone, an Upgrade or a CONNECT: the
 * connection ends instead. The response side is not read: it only reaches the agent.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { MAX_HEAD_BYTES, requestHead, type RequestHead } from './sni.js';

/** Why a later request ended the connection: a head `allowed` refused, or one framed ambiguously. */
export type StreamRefusal = 'host-mismatch' | 'bad-request';

type State =
  | { at: 'head' }
  | { at: 'body'; left: number }
  | { at: 'chunk-size' }
  | { at: 'chunk-data'; left: number }
  | { at: 'chunk-end' }
  | { at: 'trailers' };

/** The longest chunk-size line (hex digits and extensions) taken. */
const MAX_LINE = 1024;

export class HttpRequests extends Transform {
  private state: State = { at: 'head' };
  private held: Buffer = Buffer.alloc(0);

  constructor(
    /** Whether a request head may go on (its Host and target checked by the caller). */
    private readonly allowed: (head: RequestHead) => boolean,
    private readonly refused: (why: StreamRefusal) => void
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.held = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const why = this.frame();
    if (why) {
      this.refused(why);
      done(new Error(`egress proxy: a request on this connection was refused (${why})`));
    } else done();
  }

  /** Passes on every whole piece it holds; keeps an unfinished head or line for the next chunk. */
  private frame(): StreamRefusal | undefined {
    for (;;) {
      const state = this.state;
      if (this.held.length === 0) return undefined;
      switch (state.at) {
        case 'head': {
          const head = requestHead(this.held);
          if (head === 'incomplete')
            return this.held.length > MAX_HEAD_BYTES ? 'bad-request' : undefined;
          if (head === 'neither' || head.length > MAX_HEAD_BYTES) return 'bad-request';
          const http10 = this.held
            .toString('latin1', 0, this.held.indexOf('\r\n'))
            .endsWith(' HTTP/1.0');
          const body = bodyOf(head, http10);
          if (body === undefined) return 'bad-request';
          if (!this.allowed(head)) return 'host-mismatch';
          this.pass(head.length);
          this.state =
            body === 'chunked'
              ? { at: 'chunk-size' }
              : body > 0
                ? { at: 'body', left: body }
                : { at: 'head' };
          break;
        }
        case 'body':
        case 'chunk-data': {
          const n = Math.min(state.left, this.held.length);
          this.pass(n);
          const left = state.left - n;
          if (left > 0) this.state = { ...state, left };
          else this.state = state.at === 'body' ? { at: 'head' } : { at: 'chunk-end' };
          break;
        }
        case 'chunk-size': {
          const line = this.line();
          if (line === 'incomplete') return undefined;
          const size = /^([0-9a-fA-F]{1,13})(?:;[\t -~]*)?$/.exec(line ?? '');
          if (!size?.[1]) return 'bad-request';
          this.passLine();
          const n = parseInt(size[1], 16);
          this.state = n === 0 ? { at: 'trailers' } : { at: 'chunk-data', left: n };
          break;
        }
        case 'chunk-end': {
          const line = this.line();
          if (line === 'incomplete') return undefined;
          if (line !== '') return 'bad-request';
          this.passLine();
          this.state = { at: 'chunk-size' };
          break;
        }
        case 'trailers': {
          const line = this.line();
          if (line === 'incomplete') return undefined;
          if (line !== '' && (line === undefined || !TRAILER.test(line))) return 'bad-request';
          this.passLine();
          if (line === '') this.state = { at: 'head' };
          break;
        }
      }
    }
  }

  /**
   * The CRLF-ended line it holds first, without its CRLF, not passed on yet (it is checked first:
   * a line with a bare LF could be a request head to a lenient server); undefined when too long or
   * holding a bare CR or LF.
   */
  private line(): string | undefined | 'incomplete' {
    const end = this.held.indexOf('\r\n');
    if (end === -1) return this.held.length > MAX_LINE ? undefined : 'incomplete';
    const text = this.held.toString('latin1', 0, end);
    return /[\r\n]/.test(text) || end > MAX_LINE ? undefined : text;
  }

  /** The line line() read, checked: passed on with its CRLF. */
  private passLine(): void {
    this.pass(this.held.indexOf('\r\n') + 2);
  }

  private pass(n: number): void {
    this.push(this.held.subarray(0, n));
    this.held = this.held.subarray(n);
  }
}

const TRAILER = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[\t -~]*$/;

/**
 * How a request's body is framed, or undefined when two readers could frame it two ways (chunked
 * on HTTP/1.0 too: RFC 9112 §6.1 calls that framing faulty, and a 1.0 server would not read it).
 */
function bodyOf(head: RequestHead, http10: boolean): number | 'chunked' | undefined {
  const values = (name: string): string[] =>
    head.headers.filter(([field]) => field === name).map(([, value]) => value);
  const method = head.method.toUpperCase();
  if (method === 'CONNECT' || values('upgrade').length > 0) return undefined;
  const codings = values('transfer-encoding');
  const lengths = values('content-length');
  if (codings.length > 0)
    return !http10 &&
      lengths.length === 0 &&
      codings.length === 1 &&
      codings[0]?.toLowerCase() === 'chunked'
      ? 'chunked'
      : undefined;
  if (lengths.length === 0) return 0;
  const [length] = lengths;
  return lengths.length === 1 && length !== undefined && /^\d{1,15}$/.test(length)
    ? Number(length)
    : undefined;
}
