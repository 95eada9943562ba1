/** Folds decoded lines into a Turn: init, paired tool calls, per-tool totals, result, anomalies. */
import { NONE, redactHead, type Redacted, type Redactor, TOKENS_ONLY } from '../text/redact.js';
import { stringify } from '../text/json.js';
import { clip, oneLine, own } from '../text/text.js';
import { RecentCalls } from './recent-calls.js';
import { StreamedText, type KeptText } from './streamed-text.js';
import type { ToolCall } from './tool-call.js';

export type { ToolCall } from './tool-call.js';
import type {
  DecodedLine,
  LineIssue,
  ResultEvent,
  ToolResultEvent,
  ToolUseEvent
} from './stream.js';

/*
 * Every string a turn keeps from the stream is redacted here, once, as it comes in (the ingest
 * boundary), and typed Redacted: the renderers take nothing else.
 */

export interface ToolStats {
  name: Redacted;
  calls: number;
  errors: number;
  totalMs: number;
  maxMs: number;
}

/** The result event as the turn keeps it: its strings redacted. */
export type KeptResult = Omit<ResultEvent, 'session_id' | 'text' | 'error'> & {
  session_id?: Redacted;
  text?: Redacted;
  error?: Redacted;
  line: number;
};

/** A problem with a line, its text redacted (it may quote the line). */
export type KeptIssue = Omit<LineIssue, 'problem'> & { problem: Redacted };

export interface Turn {
  lines: number;
  blankLines: number;
  events: number;
  model?: Redacted;
  sessionId?: Redacted;
  textDeltas: number;
  textChars: number;
  /**
   * Reasoning events (API server mode): counted, and the start of their text kept, a paragraph
   * break between bursts (reasoning that other events interrupted).
   */
  reasoning?: KeptText;
  /**
   * The text streamed since the last tool call (its start), where the result has no text (or there is
   * no result): what is left of an answer cut short.
   */
  answerSoFar?: KeptText;
  toolCalls: number;
  toolErrors: number;
  /** The most recent calls, oldest first; at most MAX_RECENT_CALLS. */
  recentCalls: ToolCall[];
  tools: ToolStats[];
  /** tool_use events that never got a result. */
  unfinished: { name: Redacted; inputPreview: Redacted }[];
  /** The last result event; several are an anomaly. */
  result?: KeptResult;
  /**
   * The last result's answer as Hermes wrote it, for json-schema alone: its JSON is parsed before
   * its strings are redacted (a secret that is a number would make `***` of valid JSON). Never
   * shown: it is a plain string, which no renderer takes.
   */
  answer?: string;
  resultCount: number;
  eventsAfterResult: number;
  /** Event types this version does not know, by name (redacted: keys cannot carry the type), and how many. */
  unknownTypes: Record<string, number>;
  /** The first MAX_ISSUES issues; issueCount counts them all. */
  issues: KeptIssue[];
  issueCount: number;
  skippedLines: number;
  /** The first stdout line that was not JSON, redacted, one line of at most STDOUT_TEXT_CHARS. */
  stdoutText?: string;
}

export const MAX_RECENT_CALLS = 2000;
export { MAX_REASONING_CHARS } from './streamed-text.js';
export const MAX_ISSUES = 200;
const MAX_PENDING = 10_000;
export const MAX_TOOL_NAMES = 500;
export const OTHER_TOOLS = '(other tools)';
export const MAX_UNKNOWN_TYPES = 50;
const INPUT_PREVIEW_CHARS = 160;
const OUTPUT_CHARS = 600;
/** How much of a non-JSON stdout line the verdict quotes ("Hermes isn't configured yet…"). */
export const STDOUT_TEXT_CHARS = 300;

interface Pending {
  name: string;
  id?: string;
  inputPreview: Redacted;
}

export interface TurnOptions {
  /**
   * How many of the most recent calls the turn keeps in `recentCalls` (MAX_RECENT_CALLS unless
   * said). 0 keeps none, and sets no memory aside for them: a fold that needs only the counts and
   * the per-tool totals (the matrix report) says so. Counts and totals are the same either way.
   */
  recentCalls?: number;
}

export class TurnBuilder {
  private readonly recent: RecentCalls;

  /** redact: applied to every string the turn keeps, before anything is cut. */
  constructor(
    private readonly redact: Redactor = TOKENS_ONLY,
    options: TurnOptions = {}
  ) {
    const kept = options.recentCalls ?? MAX_RECENT_CALLS;
    if (!Number.isSafeInteger(kept) || kept < 0)
      throw new RangeError(`recentCalls must be a whole number, 0 or more; got ${kept}`);
    this.recent = new RecentCalls(kept, INPUT_PREVIEW_CHARS, OUTPUT_CHARS);
  }

  private readonly turn: Turn = {
    lines: 0,
    blankLines: 0,
    events: 0,
    textDeltas: 0,
    textChars: 0,
    toolCalls: 0,
    toolErrors: 0,
    recentCalls: [],
    tools: [],
    unfinished: [],
    resultCount: 0,
    eventsAfterResult: 0,
    unknownTypes: {},
    issues: [],
    issueCount: 0,
    skippedLines: 0
  };
  private readonly stats = new Map<string, ToolStats>();
  private readonly unknownTypes = new Map<string, number>();
  // Replaced, not emptied, each time no call is pending (see take()).
  private pendingByName = new Map<string, Pending[]>();
  private pendingById = new Map<string, Pending>();
  private pendingCount = 0;
  /** The reasoning and the answer so far as streamed, redacted whole by finish(). */
  private readonly streamed = new StreamedText();

  /** Adds a line that was a text delta (as decoded by the fast path: nothing odd about it). */
  addText(text: string, line: number): void {
    const turn = this.turn;
    if (line > turn.lines) turn.lines = line;
    turn.events += 1;
    if (turn.result) turn.eventsAfterResult += 1;
    turn.textDeltas += 1;
    turn.textChars += text.length;
    this.streamed.text(text);
  }

  /**
   * Adds one decoded line; returns the tool call it completed, if any. inputPreview: a tool_use's
   * previewInput(input, redact), when the caller has already made it (for the log).
   */
  add(decoded: DecodedLine, line: number, inputPreview?: Redacted): ToolCall | undefined {
    const turn = this.turn;
    turn.lines = Math.max(turn.lines, line);
    for (const issue of decoded.issues) this.issue(issue);
    if (decoded.blank) turn.blankLines += 1;
    if (decoded.notJson !== undefined && turn.stdoutText === undefined)
      turn.stdoutText = own(oneLine(redactHead(this.redact, decoded.notJson), STDOUT_TEXT_CHARS));
    if (decoded.unknownType !== undefined) {
      // A Map: type names come from the stream, and "__proto__" must stay a name.
      const name = this.kept(decoded.unknownType);
      const known = this.unknownTypes.has(name) || this.unknownTypes.size < MAX_UNKNOWN_TYPES;
      const type = known ? name : '(other types)';
      this.unknownTypes.set(type, (this.unknownTypes.get(type) ?? 0) + 1);
    }
    const event = decoded.event;
    if (!event) return undefined;
    turn.events += 1;
    if (turn.result) turn.eventsAfterResult += 1;
    switch (event.type) {
      case 'system':
        turn.model = this.kept(event.model) ?? turn.model;
        turn.sessionId = this.kept(event.session_id) ?? turn.sessionId;
        return undefined;
      case 'text':
        turn.textDeltas += 1;
        turn.textChars += event.text.length;
        this.streamed.text(event.text);
        return undefined;
      case 'reasoning':
        this.streamed.reasoning(event.text, turn.events);
        return undefined;
      case 'tool_use':
        this.streamed.tool();
        this.startCall(event, inputPreview);
        return undefined;
      case 'tool_result':
        this.streamed.tool();
        return this.finishCall(event, line);
      case 'result':
        turn.resultCount += 1;
        if (turn.result)
          this.issue({
            line,
            problem: `another result event (the first was on line ${turn.result.line}); the last one counts`,
            skipped: false
          });
        turn.result = { ...event, line } as KeptResult;
        // Only the fields the event has: a result without an error has no `error` key.
        if (event.session_id !== undefined) turn.result.session_id = this.kept(event.session_id);
        if (event.text !== undefined) turn.result.text = this.redact(event.text);
        if (event.error !== undefined) turn.result.error = this.kept(event.error);
        turn.answer = event.text;
        turn.sessionId = turn.result.session_id ?? turn.sessionId;
        return undefined;
    }
  }

  /** Records a problem found outside decoding (e.g. a line too long to decode). */
  issue(issue: LineIssue): void {
    const turn = this.turn;
    turn.issueCount += 1;
    if (issue.skipped) turn.skippedLines += 1;
    if (turn.issues.length < MAX_ISSUES)
      turn.issues.push({ ...issue, problem: this.kept(issue.problem) });
  }

  /** A string from the stream as the turn keeps it: redacted, in memory of its own. */
  private kept<T extends string | undefined>(text: T): T extends string ? Redacted : undefined {
    return (text === undefined ? undefined : own(this.redact(text))) as T extends string
      ? Redacted
      : undefined;
  }

  /** The turn so far; calls still pending are listed as unfinished. */
  finish(): Turn {
    const unfinished: Turn['unfinished'] = [];
    for (const queue of this.pendingByName.values()) {
      for (const p of queue)
        unfinished.push({ name: this.kept(p.name), inputPreview: p.inputPreview });
    }
    const { reasoning, answerSoFar } = this.streamed.finish(this.redact);
    // The answer so far only where the turn has no answer: otherwise that is what it came to.
    const answered = (this.turn.result?.text ?? '').trim() !== '';
    return {
      ...this.turn,
      ...(reasoning && { reasoning }),
      ...(answerSoFar && !answered && { answerSoFar }),
      recentCalls: this.recent.toArray(),
      tools: [...this.stats.values()],
      unfinished,
      unknownTypes: Object.fromEntries(this.unknownTypes)
    };
  }

  private startCall(event: ToolUseEvent, inputPreview?: Redacted): void {
    if (this.pendingCount >= MAX_PENDING) return;
    const pending: Pending = {
      name: event.name,
      id: event.tool_call_id,
      inputPreview: own(inputPreview ?? previewInput(event.input, this.redact))
    };
    const queue = this.pendingByName.get(event.name);
    if (queue) queue.push(pending);
    else this.pendingByName.set(event.name, [pending]);
    if (pending.id !== undefined) this.pendingById.set(pending.id, pending);
    this.pendingCount += 1;
  }

  /** Pairs by tool_call_id when both sides have one, else first-in-first-out per tool name. */
  private take(event: ToolResultEvent): Pending | undefined {
    let pending =
      event.tool_call_id !== undefined ? this.pendingById.get(event.tool_call_id) : undefined;
    const queue = this.pendingByName.get(pending?.name ?? event.name);
    if (!queue) return pending;
    if (!pending) {
      // FIFO among the uses of this name that carry no id the result could have matched.
      pending = queue.find(p => p.id === undefined || event.tool_call_id === undefined);
      if (!pending) return undefined;
    }
    this.pendingCount -= 1;
    if (this.pendingCount === 0) {
      // New maps rather than deletions: a long-lived Map that entries keep leaving rebuilds its
      // table in the old generation, which grows (~15 MB per 100,000 calls) until a full GC.
      this.pendingByName = new Map();
      this.pendingById = new Map();
      return pending;
    }
    queue.splice(queue.indexOf(pending), 1);
    if (queue.length === 0) this.pendingByName.delete(pending.name);
    if (pending.id !== undefined) this.pendingById.delete(pending.id);
    return pending;
  }

  private finishCall(event: ToolResultEvent, line: number): ToolCall {
    const turn = this.turn;
    const pending = this.take(event);
    if (!pending)
      this.issue({
        line,
        problem: `tool_result for "${event.name}" without a matching tool_use`,
        skipped: false
      });
    turn.toolCalls += 1;
    if (event.is_error) turn.toolErrors += 1;

    let stats = this.stats.get(event.name);
    if (!stats) {
      // A hostile stream could invent a name per call: past a point, names share one row.
      const name = this.stats.size < MAX_TOOL_NAMES ? event.name : OTHER_TOOLS;
      stats = this.stats.get(name) ?? {
        name: this.kept(name),
        calls: 0,
        errors: 0,
        totalMs: 0,
        maxMs: 0
      };
      this.stats.set(name, stats);
    }
    stats.calls += 1;
    if (event.is_error) stats.errors += 1;
    const ms = event.duration_ms ?? 0;
    stats.totalMs += ms;
    stats.maxMs = Math.max(stats.maxMs, ms);

    const call: ToolCall = {
      index: turn.toolCalls,
      name: stats.name === OTHER_TOOLS ? this.kept(event.name) : stats.name,
      inputPreview: pending?.inputPreview ?? NONE,
      durationMs: event.duration_ms,
      isError: event.is_error,
      // Only a failed call's output is shown anywhere.
      // Redacted before it is cut; clipping redacted text leaves it redacted.
      output: (event.is_error
        ? clip(redactHead(this.redact, event.output), OUTPUT_CHARS)
        : NONE) as Redacted,
      line,
      ...(isCut(event.output) && { cut: true })
    };
    this.recent.add(call);
    return call;
  }
}

/** Hermes' cap on a tool_result's output: the first 5000 characters, then `...`. */
const STREAM_OUTPUT_CAP = 5000;
/** Python counts code points, JavaScript UTF-16 units: a cut output has 5003 of the former. */
function isCut(output: string): boolean {
  const cut = STREAM_OUTPUT_CAP + 3;
  if (output.length < cut || output.length > cut * 2 || !output.endsWith('...')) return false;
  let points = 0;
  for (const _ of output) points++;
  return points === cut;
}

// The argument that says most about a call, for tools whose input is one obvious thing.
const TELLING_KEYS = ['command', 'path', 'file_path', 'query', 'pattern', 'url', 'name'];

/** A one-line preview of a tool's input: its telling argument, or compact JSON. */
export function previewInput(input: unknown, redact: Redactor = TOKENS_ONLY): Redacted {
  if (input === undefined || input === null) return NONE;
  let text: string;
  if (typeof input === 'object' && !Array.isArray(input)) {
    const record = input as Record<string, unknown>;
    const key = TELLING_KEYS.find(k => typeof record[k] === 'string');
    text = key && Object.keys(record).length === 1 ? (record[key] as string) : safeJson(input);
  } else {
    text = typeof input === 'string' ? input : safeJson(input);
  }
  // Redacted before it is cut, so that a cut never leaves a piece of a secret the redactor can't know.
  // A cut of redacted text is still redacted text.
  return oneLine(redactHead(redact, text), INPUT_PREVIEW_CHARS) as Redacted;
}

function safeJson(value: unknown): string {
  try {
    return stringify(value) ?? '';
  } catch {
    return String(value);
  }
}
