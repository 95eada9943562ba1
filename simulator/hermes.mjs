// Hermes CLI simulator: behaves like `hermes chat -q ... --format stream-json` without the agent.
// Plain ESM, Node built-ins only. See simulator/README.md for scenarios, directives and env vars.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hermesConfigPath, modelCalls, readModelConfig, resolveProvider } from './model-client.mjs';
import { openStore, StoreError } from './session-store.mjs';

const VERSION_LINE = 'Hermes Agent v0.21.4 (2026.9.20)';
const DEFAULT_MODEL = 'nous/hermes-4-70b';
const OUTPUT_CAP = 5000;
/** Exit code for simulator problems (bad scenario etc.): deliberately not a Hermes code. */
const SIM_ERROR = 3;
const SCENARIO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'scenarios');

// ---------------------------------------------------------------------------------------------
// Python-compatible JSON (json.dumps defaults with ensure_ascii=False)
// ---------------------------------------------------------------------------------------------

/** A float that must print as a Python float even when integral (`1.0`), kept from scenarios. */
class PyFloat {
  constructor(value) {
    this.value = value;
  }
}

/** repr() of a Python float. */
function pyFloatRepr(n) {
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  const [mantissa, expText] = n.toExponential().split('e');
  const exp = Number(expText);
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
    const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
    return `${sign}${intPart}.${digits.slice(exp + 1) || '0'}`;
  }
  const frac = digits.length > 1 ? `.${digits.slice(1)}` : '';
  const expOut = `${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return `${sign}${digits[0]}${frac}e${expOut}`;
}

const STRING_ESCAPES = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t'
};

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\u0000-\u001f"\\]/g;

/** Python's py_encode_basestring: only `"`, `\` and C0 controls are escaped; the rest is raw. */
function pyString(s) {
  return (
    '"' +
    s.replace(
      NEEDS_ESCAPE,
      c => STRING_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
    ) +
    '"'
  );
}

/** json.dumps(value) with Python's default separators (", " and ": ") and ensure_ascii=False. */
export function pyDumps(value) {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (Number.isInteger(value)) {
      return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
    }
    return pyFloatRepr(value);
  }
  if (value instanceof PyFloat) return pyFloatRepr(value.value);
  if (Array.isArray(value)) return `[${value.map(pyDumps).join(', ')}]`;
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return `{${entries.map(([k, v]) => `${pyString(String(k))}: ${pyDumps(v)}`).join(', ')}}`;
}

/**
 * Strict JSON parser that keeps object key order exactly (objects become Maps, so integer-like
 * keys are not reordered) and remembers floats written with a fraction/exponent (PyFloat).
 */
function parseOrderedJson(text) {
  let i = 0;
  const fail = what => {
    throw new SyntaxError(`${what} at column ${i + 1}`);
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  // eslint-disable-next-line no-control-regex
  const STRING_RE = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
  const NUMBER_RE = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  const str = () => {
    STRING_RE.lastIndex = i;
    const m = STRING_RE.exec(text);
    if (!m) fail('invalid string');
    i += m[0].length;
    return JSON.parse(m[0]);
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj = new Map();
      ws();
      if (text[i] === '}') {
        i++;
        return obj;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a string key');
        const key = str();
        ws();
        if (text[i++] !== ':') fail("expected ':'");
        obj.set(key, value());
        ws();
        const d = text[i++];
        if (d === '}') return obj;
        if (d !== ',') fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const arr = [];
      ws();
      if (text[i] === ']') {
        i++;
        return arr;
      }
      for (;;) {
        arr.push(value());
        ws();
        const d = text[i++];
        if (d === ']') return arr;
        if (d !== ',') fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null]
    ]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    NUMBER_RE.lastIndex = i;
    const m = NUMBER_RE.exec(text);
    if (!m) fail('unexpected character');
    i += m[0].length;
    if (m[1] || m[2]) return new PyFloat(Number(m[0]));
    const n = Number(m[0]);
    return Number.isSafeInteger(n) ? n : BigInt(m[0]);
  };
  const result = value();
  ws();
  if (i !== text.length) fail('trailing characters');
  return result;
}

const num = v => (v instanceof PyFloat ? v.value : typeof v === 'bigint' ? Number(v) : v);

/** tool_result output as the real CLI caps it: 5000 characters (code points) plus `...`. */
function capOutput(s) {
  if (typeof s !== 'string' || s.length <= OUTPUT_CAP) return s;
  const cps = Array.from(s);
  return cps.length <= OUTPUT_CAP ? s : cps.slice(0, OUTPUT_CAP).join('') + '...';
}

// ---------------------------------------------------------------------------------------------
// Command line (argparse-like)
// ---------------------------------------------------------------------------------------------

class UsageError extends Error {}

const VALUE_FLAGS = new Map([
  ['-q', ['query', '-q/--query']],
  ['--query', ['query', '-q/--query']],
  ['--query-file', ['queryFile', '--query-file']],
  ['--format', ['format', '--format']],
  ['-m', ['model', '-m/--model']],
  ['--model', ['model', '-m/--model']],
  ['--provider', ['provider', '--provider']],
  ['--max-turns', ['maxTurns', '--max-turns']],
  ['--run-budget', ['runBudget', '--run-budget']],
  ['-t', ['toolsets', '-t/--toolsets']],
  ['--toolsets', ['toolsets', '-t/--toolsets']],
  ['-s', ['skills', '-s/--skills']],
  ['--skills', ['skills', '-s/--skills']],
  ['--source', ['source', '--source']],
  ['-r', ['resume', '-r/--resume']],
  ['--resume', ['resume', '-r/--resume']]
]);

const BOOL_FLAGS = new Map([
  ['--yolo', ['yolo', '--yolo']],
  ['--ignore-user-config', ['ignoreUserConfig', '--ignore-user-config']],
  ['--ignore-rules', ['ignoreRules', '--ignore-rules']],
  ['--pass-session-id', ['passSessionId', '--pass-session-id']],
  ['--checkpoints', ['checkpoints', '--checkpoints']],
  ['-w', ['worktree', '-w/--worktree']],
  ['--worktree', ['worktree', '-w/--worktree']],
  ['--tui', ['tui', '--tui']],
  ['--no-restore-cwd', ['noRestoreCwd', '--no-restore-cwd']],
  ['-h', ['help', '-h/--help']],
  ['--help', ['help', '-h/--help']]
]);

/** argparse's idea of "this looks like an option" (so it cannot be an option's value). */
function looksLikeOption(arg) {
  if (!arg.startsWith('-') || arg === '-') return false;
  if (/^-\d+$|^-\d*\.\d+$/.test(arg)) return false; // negative number
  if (arg.includes(' ') && !VALUE_FLAGS.has(arg.split('=')[0])) return false;
  return true;
}

const INT_RE = /^\s*[-+]?\d+\s*$/;
const FLOAT_RE = /^\s*[-+]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|inf(?:inity)?|nan)\s*$/i;

/** Parses everything after `chat`. Throws UsageError for argparse-level errors. */
function parseChatArgs(args) {
  const opts = {};
  const unknown = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    let name = arg;
    let inline;
    if (arg.startsWith('--') && arg.includes('=')) {
      name = arg.slice(0, arg.indexOf('='));
      inline = arg.slice(arg.indexOf('=') + 1);
    } else if (/^-[^-]./.test(arg) && VALUE_FLAGS.has(arg.slice(0, 2))) {
      name = arg.slice(0, 2);
      inline = arg[2] === '=' ? arg.slice(3) : arg.slice(2);
    }
    if (VALUE_FLAGS.has(name)) {
      const [key, display] = VALUE_FLAGS.get(name);
      let value = inline;
      if (value === undefined) {
        const next = args[i + 1];
        if (next === undefined || looksLikeOption(next)) {
          throw new UsageError(`argument ${display}: expected one argument`);
        }
        value = next;
        i++;
      }
      if (key === 'maxTurns' && !INT_RE.test(value)) {
        throw new UsageError(`argument ${display}: invalid int value: '${value}'`);
      }
      if (key === 'runBudget' && !FLOAT_RE.test(value)) {
        throw new UsageError(`argument ${display}: invalid float value: '${value}'`);
      }
      opts[key] = value;
    } else if (BOOL_FLAGS.has(name)) {
      const [key, display] = BOOL_FLAGS.get(name);
      if (inline !== undefined) {
        throw new UsageError(`argument ${display}: ignored explicit argument '${inline}'`);
      }
      opts[key] = true;
    } else {
      unknown.push(arg);
    }
  }
  if (unknown.length > 0) throw new UsageError(`unrecognized arguments: ${unknown.join(' ')}`);
  if (opts.maxTurns !== undefined) opts.maxTurns = Number.parseInt(opts.maxTurns, 10);
  return opts;
}

/** Returns {kind: 'version'|'help'|'chat', opts}. Throws UsageError. */
function parseArgv(argv) {
  const unknown = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--version') return { kind: 'version' };
    if (arg === '-h' || arg === '--help') return { kind: 'help' };
    if (!looksLikeOption(arg)) break;
    unknown.push(arg);
  }
  if (unknown.length > 0) throw new UsageError(`unrecognized arguments: ${unknown.join(' ')}`);
  const command = argv[i];
  if (command === undefined) throw new UsageError('the following arguments are required: command');
  // HERMES_SIM_SESSIONS=absent: a Hermes from before `hermes sessions export`.
  const sessions = command === 'sessions' && process.env.HERMES_SIM_SESSIONS !== 'absent';
  if (sessions) return { kind: 'sessions', opts: parseSessionsArgs(argv.slice(i + 1)) };
  if (command !== 'chat') {
    const choices = process.env.HERMES_SIM_SESSIONS === 'absent' ? "'chat'" : "'chat', 'sessions'";
    throw new UsageError(`argument command: invalid choice: '${command}' (choose from ${choices})`);
  }
  const opts = parseChatArgs(argv.slice(i + 1));
  if (opts.help) return { kind: 'chat-help' };
  return { kind: 'chat', opts };
}

/** `sessions export OUTPUT [--session-id ID] [--redact] [--format jsonl]`, as upstream parses it. */
function parseSessionsArgs(args) {
  const [action, ...rest] = args;
  if (action !== 'export')
    throw new UsageError(
      `argument sessions_action: invalid choice: '${action}' (choose from 'export')`
    );
  const opts = { output: undefined, sessionId: undefined, redact: false, format: 'jsonl' };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg];
    const value = () => {
      if (inline !== undefined) return inline;
      const next = rest[++i];
      if (next === undefined || looksLikeOption(next))
        throw new UsageError(`argument ${flag}: expected one argument`);
      return next;
    };
    if (flag === '--session-id') opts.sessionId = value();
    else if (flag === '--format') opts.format = value();
    else if (flag === '--redact') opts.redact = true;
    else if (!looksLikeOption(arg) && opts.output === undefined) opts.output = arg;
    else throw new UsageError(`unrecognized arguments: ${arg}`);
  }
  if (opts.format !== 'jsonl')
    throw new UsageError(
      `argument --format: the simulator writes jsonl only, not '${opts.format}'`
    );
  return opts;
}

const HELP_TEXT = `usage: hermes [--version] {chat} ...

Hermes Agent (simulator). Only \`hermes chat\` is simulated.

usage: hermes chat [-q QUERY | --query-file PATH] [--format {text,stream-json}]
                   [-m MODEL] [--provider PROVIDER] [--max-turns N]
                   [--run-budget SECONDS] [-t TOOLSETS] [-s SKILLS] [--yolo]
                   [--ignore-user-config] [--ignore-rules] [--pass-session-id]
                   [--checkpoints] [-w] [--source TAG] [--tui]
                   [-r SESSION_ID] [--no-restore-cwd]
`;

// ---------------------------------------------------------------------------------------------
// Output plumbing
// ---------------------------------------------------------------------------------------------

const stdout = process.stdout;
const stderr = process.stderr;
let halted = false; // set once the process is on its way out (signal, exit directive)
const never = () => new Promise(() => {});
let stdoutBroken = false;

stdout.on('error', () => {
  // Like Python's BrokenPipeError: the reader went away; nothing more can be reported.
  stdoutBroken = true;
  halted = true;
  process.exit(1);
});

function whenDrained(stream) {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise(resolve => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      stream.off('error', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
    stream.on('error', done);
  });
}

/**
 * Resolves once everything written so far has reached the OS: on a pipe, writes are asynchronous,
 * and process.exit() drops what is still queued (not just what is over the high-water mark).
 */
function whenFlushed(stream) {
  if (stream.destroyed || stream.writableLength === 0) return Promise.resolve();
  return new Promise(resolve => stream.write('', () => resolve()));
}

/** Writes to stdout respecting backpressure (waits for 'drain' instead of buffering). */
async function writeOut(data) {
  if (halted) return never();
  if (!stdout.write(data)) await whenDrained(stdout);
  if (halted) return never();
  return undefined;
}

/** Flushes stdout/stderr, then exits. Never resolves. */
function exitAfterFlush(code) {
  halted = true;
  Promise.all([whenFlushed(stdout), whenFlushed(stderr)]).then(() => process.exit(code));
  return never();
}

let cancelSleep = null;

/** A sleep that an interrupt can cut short (the caller then halts). */
function sleep(ms) {
  if (halted) return never();
  return new Promise(resolve => {
    const timer = setTimeout(finish, Math.max(0, ms));
    function finish() {
      clearTimeout(timer);
      cancelSleep = null;
      resolve();
    }
    cancelSleep = finish;
  });
}

async function hang() {
  const keepAlive = setInterval(() => {}, 1 << 30);
  await never();
  clearInterval(keepAlive);
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

function localSessionId() {
  const d = new Date();
  const p = (n, w = 2) => String(n).padStart(w, '0');
  const date = `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}`;
  const time = `${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
  return `${date}_${time}_${randomBytes(3).toString('hex')}`;
}

const approxTokens = s => Math.ceil(String(s ?? '').length / 4);

/** How the session store reads and writes the simulator's JSON (see session-store.mjs). */
const STORE_CODEC = { dumps: pyDumps, parse: parseOrderedJson, Float: PyFloat };
/** An unpaced run commits with its first new message this long or more after its last commit. */
const FLUSH_MS = 100;

class Run {
  constructor({ streamJson, model, query, delayMs, store, resumed, fresh }) {
    this.streamJson = streamJson;
    this.model = model; // from -m, or undefined
    this.sessionId = process.env.HERMES_SIM_SESSION_ID || localSessionId();
    this.sessionForced = Boolean(process.env.HERMES_SIM_SESSION_ID);
    // The stored session this run continues (--resume): its row and messages, as state.db has them.
    this.resumed = resumed ?? null;
    if (this.resumed) {
      this.sessionId = this.resumed.id;
      this.sessionForced = true;
    }
    // A resume that found nothing: a new id, not a scenario's fixed one (which may be stored).
    if (fresh) this.sessionForced = true;
    // This run's writes to state.db, marked with a token of its own (see session-store.mjs).
    this.writer = store ? store.writer(randomBytes(8).toString('hex')) : null;
    this.sessionOpen = false;
    this.lastFlush = 0;
    this.query = query;
    this.delayMs = delayMs;
    this.startedAt = Date.now();
    this.events = 0;
    this.initEmitted = false;
    this.resultEmitted = false;
    this.trailerWritten = false;
    this.lastResult = null;
    this.exitOverride = undefined;
    this.ignoreSigint = false;
    this.finalText = ''; // text deltas since the last tool call (the current assistant message)
    this.tokens = { input: 0, output: 0 };
    // The session as the state store keeps it: messages with tool outputs whole, row overrides.
    this.messages = [];
    this.pendingCalls = [];
    this.apiCalls = 0;
    this.toolCalls = 0;
    this.sessionFields = new Map();
  }

  tokenSnapshot() {
    const { input, output } = this.tokens;
    return {
      input,
      output,
      total: input + output,
      cache_read: Math.floor(input * 0.6),
      cache_write: Math.floor(input * 0.1)
    };
  }

  /** Normalises an event (Map or plain object) the way the real CLI would print it. */
  prepare(event) {
    const ev = event instanceof Map ? new Map(event) : new Map(Object.entries(event));
    const type = ev.get('type');
    const isInit = type === 'system' && ev.get('subtype') === 'init';
    const keysBefore = ev.size;
    if (isInit || type === 'result') {
      const sid = ev.get('session_id');
      if (this.sessionForced || sid === undefined || sid === '$SESSION') {
        ev.set('session_id', this.sessionId);
      } else if (typeof sid === 'string' && isInit) {
        this.sessionId = sid; // the stream's id wins, so the stderr trailer matches it
      }
    }
    if (isInit && (this.model !== undefined || !ev.has('model'))) {
      ev.set('model', this.model ?? DEFAULT_MODEL);
    }
    // Keys the simulator had to add go where the real CLI prints them (otherwise keep the
    // scenario's order untouched).
    if (ev.size !== keysBefore) {
      if (isInit) reorder(ev, ['type', 'subtype', 'model', 'session_id']);
      if (type === 'result') reorder(ev, ['type', 'session_id']);
    }
    if (type === 'tool_result' && ev.has('output')) ev.set('output', capOutput(ev.get('output')));
    if (type === 'result' && ev.get('tokens') === '$TOKENS') ev.set('tokens', this.tokenSnapshot());
    if (type === 'result' && this.resumed && typeof ev.get('text') === 'string')
      ev.set('text', this.continuation(ev.get('text')));
    const ts = ev.has('timestamp') ? ev.get('timestamp') : Date.now();
    ev.delete('timestamp');
    ev.set('timestamp', ts);
    return ev;
  }

  account(ev) {
    switch (ev.get('type')) {
      case 'system':
        if (ev.get('subtype') === 'init') {
          this.initEmitted = true;
          this.tokens.input += 1200 + approxTokens(this.query);
        }
        break;
      case 'text':
        this.finalText += String(ev.get('text') ?? '');
        this.tokens.output += approxTokens(ev.get('text'));
        break;
      case 'tool_use':
        this.finalText = '';
        this.tokens.output += 12 + approxTokens(pyDumps(ev.get('input') ?? {}));
        break;
      case 'tool_result':
        this.finalText = '';
        this.tokens.input += 30 + approxTokens(ev.get('output'));
        break;
      case 'result':
        this.resultEmitted = true;
        this.lastResult = ev;
        break;
      default:
        break;
    }
  }

  async emit(event) {
    if (halted) return never();
    if (this.delayMs > 0 && this.events > 0) await sleep(this.delayMs);
    if (halted) return never();
    this.events++;
    const ev = this.prepare(event);
    // The record keeps what the tool returned, before the stream's 5000-character cap.
    const full = event instanceof Map ? event.get('output') : event.output;
    this.remember(ev, full);
    this.account(ev);
    if (this.streamJson) return writeOut(pyDumps(ev) + '\n');
    return undefined;
  }

  /**
   * A resumed run's answer: the scenario's, a blank line, then one line naming the session, this
   * turn's number and the start of the previous turn's query (80 characters, JSON-quoted).
   */
  continuation(text) {
    const users = this.resumed.messages.filter(m => m.role === 'user');
    const earlier = Array.from(String(users.at(-1)?.content ?? ''))
      .slice(0, 80)
      .join('');
    const line = `(continuing session ${this.sessionId}, turn ${users.length + 1}; earlier: ${pyDumps(earlier)})`;
    return text === '' ? line : `${text}\n\n${line}`;
  }

  /** Keeps the session's messages as upstream's state store would (role, content, tool calls). */
  remember(ev, fullOutput) {
    this.rememberMessage(ev, fullOutput);
    if (this.sessionOpen && (this.delayMs > 0 || Date.now() - this.lastFlush >= FLUSH_MS))
      this.flushSession();
  }

  rememberMessage(ev, fullOutput) {
    const now = Date.now() / 1000;
    const message = fields => {
      this.messages.push({
        id: null, // state.db's, once stored
        session_id: this.sessionId,
        role: 'assistant',
        content: null,
        tool_call_id: null,
        tool_calls: null,
        tool_name: null,
        timestamp: new PyFloat(now),
        token_count: null,
        finish_reason: null,
        reasoning: null,
        ...fields
      });
    };
    switch (ev.get('type')) {
      case 'system':
        if (ev.get('subtype') === 'init') {
          message({ role: 'user', content: this.query ?? '' });
          this.openSession();
        }
        break;
      case 'tool_use': {
        const id =
          ev.get('tool_call_id') ?? `call_${this.toolCalls + this.pendingCalls.length + 1}`;
        const call = {
          id,
          type: 'function',
          function: { name: ev.get('name'), arguments: pyDumps(ev.get('input') ?? {}) }
        };
        // Consecutive tool_use events are one model call asking for several tools.
        const last = this.messages.at(-1);
        if (last?.role === 'assistant' && last.tool_calls && this.pendingCalls.length > 0) {
          last.tool_calls.push(call);
          this.writer?.touch(last);
        } else {
          this.apiCalls++;
          message({ content: this.finalText, tool_calls: [call], finish_reason: 'tool_calls' });
        }
        this.pendingCalls.push({ id, name: ev.get('name') });
        break;
      }
      case 'tool_result': {
        const k = this.pendingCalls.findIndex(c => c.name === ev.get('name'));
        const [pending] = k >= 0 ? this.pendingCalls.splice(k, 1) : [];
        this.toolCalls++;
        message({
          role: 'tool',
          content: String(fullOutput ?? ev.get('output') ?? ''),
          tool_call_id: ev.get('tool_call_id') ?? pending?.id ?? null,
          tool_name: ev.get('name')
        });
        break;
      }
      case 'result':
        this.apiCalls++;
        message({ content: String(ev.get('text') ?? ''), finish_reason: 'stop' });
        break;
      default:
        break;
    }
  }

  /** The messages of the session: the earlier turns' (a resumed run), then this turn's. */
  allMessages() {
    return this.resumed ? [...this.resumed.messages, ...this.messages] : this.messages;
  }

  /**
   * The session row as `hermes sessions export` writes it (its messages are state.db's): `ended`, as
   * the turn ends; before that, with no end. A resumed session's counts and tokens add this turn's.
   */
  sessionRecord(ended = true) {
    const prior = this.resumed?.row;
    const before = name => Number(prior?.[name] ?? 0);
    const turn = this.tokenSnapshot();
    const t = {
      input: before('input_tokens') + turn.input,
      output: before('output_tokens') + turn.output,
      cache_read: before('cache_read_tokens') + turn.cache_read,
      cache_write: before('cache_write_tokens') + turn.cache_write
    };
    // A deterministic made-up price: the simulator's provider, not a price list anyone should use.
    const price = Math.round((t.input * 3 + t.output * 15) / 100) / 10_000;
    const cost = process.env.HERMES_SIM_COST || 'actual';
    const costs = {
      actual: [new PyFloat(price), new PyFloat(price), 'actual', 'provider_generation_api'],
      estimated: [new PyFloat(price), null, 'estimated', 'official_docs_snapshot'],
      none: [null, null, 'unknown', 'none']
    }[cost] ?? [null, null, 'unknown', 'none'];
    const row = new Map(
      Object.entries({
        id: this.sessionId,
        source: 'oneshot',
        user_id: null,
        model: this.model ?? DEFAULT_MODEL,
        parent_session_id: null,
        started_at: new PyFloat(prior ? before('started_at') : this.startedAt / 1000),
        ended_at: ended ? new PyFloat(Date.now() / 1000) : null,
        end_reason: ended ? 'cli_close' : null,
        message_count: before('message_count') + this.messages.length,
        tool_call_count: before('tool_call_count') + this.toolCalls,
        input_tokens: t.input,
        output_tokens: t.output,
        cache_read_tokens: t.cache_read,
        cache_write_tokens: t.cache_write,
        reasoning_tokens: before('reasoning_tokens'),
        billing_provider: 'openrouter',
        billing_base_url: 'https://openrouter.ai/api/v1',
        billing_mode: null,
        estimated_cost_usd: costs[0],
        actual_cost_usd: costs[1],
        cost_status: costs[2],
        cost_source: costs[3],
        pricing_version: cost === 'none' ? null : 'sim-2026-12',
        title: null,
        api_call_count: before('api_call_count') + this.apiCalls
      })
    );
    // A scenario's `session` directive sets row fields (e.g. an estimate only, no cost at all).
    for (const [k, v] of this.sessionFields) row.set(k, v);
    return row;
  }

  /** At init: the session goes into state.db with its user message (committed before init prints). */
  openSession() {
    if (!this.writer || this.sessionOpen) return;
    this.sessionOpen = true;
    this.writer.begin({
      id: this.sessionId,
      resumed: Boolean(this.resumed),
      row: this.sessionRecord(false),
      messages: this.allMessages()
    });
    this.lastFlush = Date.now();
  }

  /**
   * Commits the messages not stored yet and the row's counts so far. Upstream writes as the turn
   * goes, so a killed Hermes leaves its session up to there. Runs sharing a scenario's fixed id: the
   * last to start writes as it goes, the last to end leaves its whole session (session-store.mjs).
   */
  flushSession(final = false) {
    if (!this.sessionOpen || this.sessionSaved) return;
    if (final) this.sessionSaved = true;
    this.writer.write({
      id: this.sessionId,
      row: this.sessionRecord(final),
      messages: this.allMessages(),
      final
    });
    this.lastFlush = Date.now();
  }

  /** Stores the session's end where `sessions export` finds it; once per run, as the turn ends. */
  saveSession() {
    if (this.initEmitted) this.flushSession(true);
  }

  /** Human-mode summary (for --format other than stream-json). */
  humanSummary() {
    const r = this.lastResult;
    if (!r) return;
    const text = r.get('text');
    if (typeof text === 'string' && text !== '')
      stdout.write(text.endsWith('\n') ? text : text + '\n');
    const error = r.get('error');
    if (error !== undefined && error !== null) stderr.write(`Error: ${error}\n`);
  }

  writeTrailer() {
    if (this.trailerWritten) return;
    this.trailerWritten = true;
    stderr.write(`\nsession_id: ${this.sessionId}\n`);
  }

  exitCode() {
    if (this.exitOverride !== undefined) return this.exitOverride;
    if (this.lastResult) return toExitCode(num(this.lastResult.get('exit_code')));
    return 0;
  }

  /** End of the conversation: trailer (if it started), then exit. Never resolves. */
  finish() {
    if (halted) return never();
    this.saveSession();
    if (!this.streamJson) this.humanSummary();
    if (this.initEmitted) this.writeTrailer();
    return exitAfterFlush(this.exitCode());
  }

  /** SIGINT: the last event is a result with exit_code 130. */
  interrupt() {
    if (halted) return;
    halted = true;
    if (cancelSleep) cancelSleep();
    if (!this.initEmitted) {
      process.exit(130);
      return;
    }
    if (this.resultEmitted) {
      this.saveSession();
      // The turn already reported its result; just finish as planned.
      if (this.initEmitted) this.writeTrailer();
      exitAfterFlush(this.exitCode());
      return;
    }
    const ev = this.prepare({
      type: 'result',
      session_id: this.sessionId,
      exit_code: 130,
      text: this.finalText,
      tokens: this.tokenSnapshot(),
      duration_ms: Date.now() - this.startedAt,
      error: 'Interrupted'
    });
    this.remember(ev);
    this.saveSession();
    if (this.streamJson && !stdoutBroken) stdout.write(pyDumps(ev) + '\n');
    if (!this.streamJson) stderr.write('Interrupted.\n');
    this.writeTrailer();
    exitAfterFlush(130);
  }
}

/** Moves `leading` keys (those present) to the front of the Map, in that order. */
function reorder(map, leading) {
  const entries = [...map.entries()];
  const rank = k => (leading.includes(k) ? leading.indexOf(k) : leading.length);
  // Stable sort: the remaining keys keep their relative order.
  entries.sort((a, b) => rank(a[0]) - rank(b[0]));
  map.clear();
  for (const [k, v] of entries) map.set(k, v);
}

function toExitCode(v) {
  const n = Number(v);
  if (!Number.isFinite(n)) return 1;
  return ((Math.trunc(n) % 256) + 256) % 256;
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

class SimError extends Error {}

const DIRECTIVES = new Set([
  'model-calls',
  'sleep',
  'stderr',
  'raw',
  'exit',
  'kill',
  'hang',
  'ignore-sigint',
  'exit-code',
  'session'
]);

function resolveScenario(spec) {
  const looksLikePath = spec.includes('/') || spec.includes(path.sep) || spec.endsWith('.jsonl');
  const file = looksLikePath ? path.resolve(spec) : path.join(SCENARIO_DIR, `${spec}.jsonl`);
  if (!existsSync(file) || !statSync(file).isFile()) {
    const known = existsSync(SCENARIO_DIR) ? ` (known: ${listScenarios().join(', ')})` : '';
    throw new SimError(`unknown scenario '${spec}': no file ${file}${known}`);
  }
  return file;
}

/**
 * A comma-separated list plays one scenario per run, in order (the last one repeats), counting runs
 * in the file HERMES_SIM_STATE: e.g. "tempfail,success" to test a retry that then succeeds.
 */
function pickScenario(spec) {
  const list = spec.split(',').map(s => s.trim());
  if (list.length === 1) return list[0];
  const state = process.env.HERMES_SIM_STATE;
  if (!state)
    throw new SimError('a list of scenarios needs HERMES_SIM_STATE, a file that counts the runs');
  const done = existsSync(state) ? Number(readFileSync(state, 'utf8')) || 0 : 0;
  writeFileSync(state, String(done + 1));
  return list[Math.min(done, list.length - 1)];
}

function listScenarios() {
  try {
    return readdirSync(SCENARIO_DIR)
      .filter(n => n.endsWith('.jsonl'))
      .map(n => n.slice(0, -'.jsonl'.length))
      .sort();
  } catch {
    return [];
  }
}

/** Loads and validates a scenario; returns steps ({event} or {sim: Map}). */
function loadScenario(file) {
  let text = readFileSync(file, 'utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const steps = [];
  text.split('\n').forEach((rawLine, idx) => {
    const line = rawLine.replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const where = `${path.basename(file)}:${idx + 1}`;
    let value;
    try {
      value = parseOrderedJson(line);
    } catch (err) {
      throw new SimError(`${where}: invalid JSON (${err.message})`);
    }
    if (!(value instanceof Map)) throw new SimError(`${where}: each line must be a JSON object`);
    if (value.has('sim')) {
      const kind = value.get('sim');
      if (!DIRECTIVES.has(kind)) throw new SimError(`${where}: unknown directive '${kind}'`);
      if (kind === 'raw' && typeof value.get('text') !== 'string' && !value.has('base64')) {
        throw new SimError(`${where}: raw needs "text" or "base64"`);
      }
      steps.push({ sim: value, where });
    } else if (value.has('type')) {
      steps.push({ event: value, where });
    } else {
      throw new SimError(`${where}: neither an event ("type") nor a directive ("sim")`);
    }
  });
  return steps;
}

async function runDirective(run, d) {
  switch (d.get('sim')) {
    case 'sleep':
      run.flushSession(); // what the turn did so far is in state.db while it waits
      await sleep(Number(num(d.get('ms')) ?? 0));
      if (halted) await never();
      return;
    case 'stderr':
      stderr.write(`${d.get('text') ?? ''}\n`);
      return;
    case 'raw': {
      const body = d.has('base64')
        ? Buffer.from(String(d.get('base64')), 'base64')
        : Buffer.from(String(d.get('text')), 'utf8');
      const newline = d.get('newline') !== false;
      await writeOut(newline ? Buffer.concat([body, Buffer.from('\n')]) : body);
      return;
    }
    case 'exit':
      // The state store is written as the turn goes: a Hermes that stops early leaves its session.
      run.saveSession();
      await exitAfterFlush(toExitCode(num(d.get('code') ?? 0)));
      return;
    case 'kill': {
      run.saveSession();
      const signal = String(d.get('signal') ?? 'SIGKILL');
      halted = true;
      await Promise.all([whenFlushed(stdout), whenFlushed(stderr)]);
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
      await hang();
      return;
    }
    case 'hang':
      run.flushSession();
      await hang();
      return;
    case 'ignore-sigint':
      run.ignoreSigint = true;
      return;
    case 'exit-code':
      run.exitOverride = toExitCode(num(d.get('code')));
      return;
    case 'session':
      for (const [k, v] of d) if (k !== 'sim') run.sessionFields.set(k, v);
      return;
    case 'model-calls':
      return callModel(run, d);
    default:
      throw new SimError(`unknown directive '${d.get('sim')}'`);
  }
}

async function playScenario(run, steps) {
  for (const step of steps) {
    if (step.sim) {
      if ((await runDirective(run, step.sim)) === 'end') break;
    } else await run.emit(step.event);
  }
  await run.finish();
}

/**
 * `model-calls`: real calls to the provider the environment names (none set: nothing happens). The
 * turn's tokens become the responses' usage; an error response ends the turn as Hermes ends it on a
 * provider error: a result with exit_code 1 quoting the error.
 */
async function callModel(run, d) {
  const provider = resolveProvider(process.env, await readModelConfig());
  if (!provider) return undefined;
  const count = process.env.HERMES_SIM_MODEL_CALLS
    ? intEnv('HERMES_SIM_MODEL_CALLS', 1)
    : Number(num(d.get('count')) ?? 1);
  const stream = d.get('stream') === true || process.env.HERMES_SIM_MODEL_STREAM === '1';
  const done = await modelCalls(provider, {
    count,
    model: run.model ?? DEFAULT_MODEL,
    query: run.query,
    // Streamed as Hermes streams: each delta a text event as it arrives.
    stream,
    onDelta: text => run.emit({ type: 'text', text })
  });
  run.tokens = { ...done.tokens };
  run.apiCalls += done.calls;
  if (done.error === undefined) return undefined;
  await run.emit({
    type: 'result',
    session_id: run.sessionId,
    exit_code: 1,
    // A stream cut short leaves no final response: its deltas are all there is of it.
    text: stream ? '' : run.finalText,
    tokens: run.tokenSnapshot(),
    duration_ms: Date.now() - run.startedAt,
    error: done.error
  });
  return 'end';
}

// ---------------------------------------------------------------------------------------------
// Generated runs (HERMES_SIM_TOOL_CALLS=N)
// ---------------------------------------------------------------------------------------------

const TOOL_NAMES = ['terminal', 'read_file', 'search_files', 'patch', 'web_search'];

function generatedCall(k, outputChars = 0) {
  // k is 1-based; deterministic inputs/outputs; every 7th call fails.
  const name = TOOL_NAMES[(k - 1) % TOOL_NAMES.length];
  const isError = k % 7 === 0;
  const file = `src/module_${k}.ts`;
  let input;
  let output;
  switch (name) {
    case 'terminal':
      input = { command: `npm test -- --shard=${k}` };
      output = isError
        ? `exit code 1\nFAIL ${file}\n  expected 200, received 500`
        : `PASS ${file}\nTests: ${k} passed, ${k} total`;
      break;
    case 'read_file':
      input = { path: file };
      output = isError
        ? `No such file: ${file}`
        : `export const value${k} = ${k};\nexport default value${k};`;
      break;
    case 'search_files':
      input = { pattern: `TODO\\(${k}\\)`, path: 'src' };
      output = isError ? `Invalid regex: TODO\\(${k}` : `${file}:${k}: // TODO(${k}): tidy up`;
      break;
    case 'patch':
      input = { path: file, old_string: `value${k}`, new_string: `value_${k}` };
      output = isError ? `old_string not found in ${file}` : `Applied 1 hunk to ${file}`;
      break;
    default:
      input = { query: `hermes agent release notes ${k}` };
      output = isError
        ? 'web_search failed: HTTP 503 from search backend'
        : `1. Release notes ${k} - https://example.com/notes/${k}`;
      break;
  }
  if (!isError && k % 25 === 0) {
    // Occasionally a long output, to exercise the 5000-character cap.
    output += '\n' + `${name} line ${k} `.repeat(Math.ceil(6000 / (name.length + 12)));
  }
  // HERMES_SIM_OUTPUT_CHARS: successful outputs padded with numbered lines to at least that length.
  for (let line = 1; !isError && output.length < outputChars; line++) {
    output += `\n${String(line).padStart(4, ' ')}  // ${file}: generated line ${k}.${line}`;
  }
  return { name, input, output, isError, durationMs: 3 + ((k * 37) % 400) };
}

async function playGenerated(run, calls, deltas, outputChars, maxTurns) {
  await run.emit({ type: 'system', subtype: 'init', model: DEFAULT_MODEL, session_id: '$SESSION' });
  const limit = maxTurns !== undefined ? Math.min(calls, Math.max(0, maxTurns)) : calls;
  for (let k = 1; k <= limit; k++) {
    const c = generatedCall(k, outputChars);
    await run.emit({ type: 'tool_use', name: c.name, input: c.input });
    await run.emit({
      type: 'tool_result',
      name: c.name,
      output: c.output,
      duration_ms: c.durationMs,
      is_error: c.isError
    });
    for (let j = 0; j < deltas; j++) {
      const piece = j === 0 ? `Step ${k} (${c.name}) ${c.isError ? 'failed' : 'ok'}` : ` part ${j}`;
      await run.emit({ type: 'text', text: j === deltas - 1 ? `${piece}. ` : piece });
    }
  }
  const stopped = limit < calls;
  const result = {
    type: 'result',
    session_id: '$SESSION',
    exit_code: stopped ? 1 : 0,
    text: run.finalText,
    tokens: run.tokenSnapshot(),
    duration_ms: Date.now() - run.startedAt
  };
  if (stopped) result.error = `Stopped part-way: reached max iterations (${maxTurns})`;
  await run.emit(result);
  await run.finish();
}

// ---------------------------------------------------------------------------------------------
// main
// ---------------------------------------------------------------------------------------------

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function intEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new SimError(`${name} must be a non-negative integer`);
  return n;
}

function simFail(message) {
  stderr.write(`hermes-sim: ${message}\n`);
  return exitAfterFlush(SIM_ERROR);
}

let currentRun = null;

/**
 * The state store (`$HERMES_HOME/state.db`, else the temp directory's; session-store.mjs), opened; a
 * damaged one is moved aside first, with a line on stderr. When it cannot be (no node:sqlite), says
 * so and exits 3.
 */
async function sessionStore() {
  try {
    const store = await openStore({ codec: STORE_CODEC, note: line => stderr.write(`${line}\n`) });
    // Closed as the process exits: SQLite then folds its -wal into state.db.
    process.on('exit', () => store.close());
    return store;
  } catch (err) {
    if (err instanceof StoreError) return simFail(err.message);
    throw err;
  }
}

/** Upstream's --redact masks a token as its first 6 and last 4 characters. */
const TOKEN_RE = /(?:sk-[A-Za-z0-9_-]{20,}|gh[pousr]_[A-Za-z0-9]{36,})/g;
const maskToken = t => `${t.slice(0, 6)}...${t.slice(-4)}`;
function redactValue(value) {
  if (typeof value === 'string') return value.replace(TOKEN_RE, maskToken);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, redactValue(v)]));
  if (value && typeof value === 'object' && !(value instanceof PyFloat))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v)]));
  return value;
}

/**
 * `hermes sessions export OUTPUT --session-id ID [--redact]`. HERMES_SIM_SESSIONS: `fail` (the
 * store cannot be read), `hang` (never returns), `garbage` (writes what is not JSON).
 */
async function exportSession(opts) {
  const mode = process.env.HERMES_SIM_SESSIONS;
  if (mode === 'hang') return hang();
  if (mode === 'fail') {
    stderr.write('sqlite3.OperationalError: database is locked\n');
    return exitAfterFlush(1);
  }
  if (!opts.output) {
    stdout.write('JSONL export requires an output path (use - for stdout).\n');
    return exitAfterFlush(0);
  }
  let text;
  if (mode === 'garbage') text = 'Traceback (most recent call last):\n';
  else {
    const store = await sessionStore();
    const record = opts.sessionId === undefined ? null : store.record(opts.sessionId);
    if (!record) {
      stdout.write(`No session '${opts.sessionId}'. Run: hermes sessions list to find the id.\n`);
      return exitAfterFlush(1);
    }
    text = pyDumps(opts.redact ? redactValue(record) : record) + '\n';
  }
  if (opts.output === '-') {
    await writeOut(text);
    return exitAfterFlush(0);
  }
  writeFileSync(opts.output, text);
  stdout.write(`Exported 1 session to ${opts.output}\n`);
  return exitAfterFlush(0);
}

async function main() {
  process.on('SIGINT', () => {
    if (currentRun) {
      if (currentRun.ignoreSigint) return;
      currentRun.interrupt();
    } else if (!halted) {
      halted = true;
      process.exit(130);
    }
  });
  process.on('SIGTERM', () => process.exit(143));

  const argv = process.argv.slice(2);
  let parsed;
  let usageError;
  try {
    parsed = parseArgv(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    usageError = err.message;
  }

  // Read the query (stdin / file) when the command line is otherwise sound.
  let query = null;
  const opts = parsed?.kind === 'chat' ? parsed.opts : undefined;
  if (opts) {
    if (opts.query !== undefined) query = opts.query;
    if (opts.query !== undefined && opts.queryFile !== undefined) {
      usageError = '-q/--query and --query-file cannot be used together.';
    } else if (opts.queryFile !== undefined) {
      try {
        query = opts.queryFile === '-' ? await readStdin() : readFileSync(opts.queryFile, 'utf8');
      } catch (err) {
        usageError = `cannot read --query-file '${opts.queryFile}': ${err.code ?? err.message}`;
      }
    }
  }

  // --version and sessions write beside it: the action runs them around the chat, whose record stays.
  const argvFile = process.env.HERMES_SIM_ARGV_FILE;
  if (argvFile) {
    const suffix = { version: '.version', sessions: '.export' }[parsed?.kind] ?? '';
    writeFileSync(
      `${argvFile}${suffix}`,
      JSON.stringify({
        argv,
        cwd: process.cwd(),
        query,
        env: process.env,
        config: homeText('config.yaml'),
        dotenv: homeText('.env')
      }) + '\n'
    );
  }

  if (!usageError && opts) {
    const streamJson = opts.format === 'stream-json';
    if (streamJson && opts.tui) {
      usageError = '--format stream-json cannot be used with --tui.';
    } else if (query === null || query.trim() === '') {
      usageError = streamJson
        ? '--format stream-json requires -q/--query.'
        : 'a query is required (-q/--query or --query-file); interactive mode is not simulated.';
    }
  }
  if (usageError) {
    stderr.write(`Error: ${usageError}\n`);
    return exitAfterFlush(2);
  }
  if (parsed.kind === 'sessions') return exportSession(parsed.opts);
  if (parsed.kind === 'version') {
    stdout.write(`${VERSION_LINE}\n`);
    return exitAfterFlush(0);
  }
  if (parsed.kind === 'help' || parsed.kind === 'chat-help') {
    // An older Hermes, whose chat has no --max-turns or --run-budget yet.
    if (process.env.HERMES_SIM_HELP === 'old')
      stdout.write(
        HELP_TEXT.replace(' [--max-turns N]', '').replace('[--run-budget SECONDS] ', '')
      );
    else stdout.write(HELP_TEXT);
    return exitAfterFlush(0);
  }

  let steps = null;
  let calls;
  let deltas;
  let outputChars;
  let delayMs;
  try {
    calls = process.env.HERMES_SIM_TOOL_CALLS ? intEnv('HERMES_SIM_TOOL_CALLS', 0) : undefined;
    deltas = intEnv('HERMES_SIM_TEXT_DELTAS', 3);
    outputChars = intEnv('HERMES_SIM_OUTPUT_CHARS', 0);
    delayMs = intEnv('HERMES_SIM_DELAY_MS', 0);
    if (calls === undefined) {
      steps = loadScenario(
        resolveScenario(pickScenario(process.env.HERMES_SIM_SCENARIO || 'success'))
      );
    }
  } catch (err) {
    if (err instanceof SimError) return simFail(err.message);
    throw err;
  }

  // Every chat keeps its session in state.db; --resume continues a stored one. An id the store does
  // not hold (a missing or damaged store holds none) starts a new session, as upstream does.
  const store = await sessionStore();
  let resumed = null;
  if (opts.resume !== undefined) {
    const found = store.find(opts.resume);
    if (found) resumed = { id: opts.resume, ...found };
    else stderr.write(`Session not found: ${opts.resume}; starting a new session.\n`);
  }

  const run = new Run({
    streamJson: opts.format === 'stream-json',
    model: opts.model,
    query,
    delayMs,
    store,
    resumed,
    fresh: opts.resume !== undefined && !resumed
  });
  currentRun = run;
  if (steps) return playScenario(run, steps);
  return playGenerated(run, calls, deltas, outputChars, opts.maxTurns);
}

main().catch(err => {
  stderr.write(`hermes-sim: internal error: ${err?.stack ?? err}\n`);
  exitAfterFlush(SIM_ERROR);
});

/** A file of the Hermes home it would read (config.yaml, .env), as text, or null when there is none. */
function homeText(name) {
  try {
    return readFileSync(path.join(path.dirname(hermesConfigPath()), name), 'utf8');
  } catch {
    return null;
  }
}
