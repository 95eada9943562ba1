export const id = 157;
export const ids = [157];
export const modules = {

/***/ 5157:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  run: () => (/* binding */ run)
});

// EXTERNAL MODULE: ./src/text/errors.ts
var errors = __webpack_require__(90108);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(73024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(48161);
// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var lib_core = __webpack_require__(77094);
// EXTERNAL MODULE: external "node:buffer"
var external_node_buffer_ = __webpack_require__(4573);
;// CONCATENATED MODULE: ./src/text/json.ts
/** JSON in and out: the one parse (a failure said without quoting the text), and JSON as upstream Hermes writes it. */

/** Python's `json.dumps` spacing (`", "` and `": "`), non-ASCII raw; undefined members left out. */
function json_pythonJson(value) {
    if (Array.isArray(value))
        return `[${value.map(json_pythonJson).join(', ')}]`;
    if (value !== null && typeof value === 'object') {
        const entries = Object.entries(value).filter(([, v]) => v !== undefined);
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${json_pythonJson(v)}`).join(', ')}}`;
    }
    return stringify(value) ?? 'null';
}
/** JSON.stringify as it behaves: undefined for undefined, a function or a symbol (its type says string). */
function stringify(value) {
    return JSON.stringify(value);
}
/**
 * JSON.parse that never throws, with a failure said the same way on every Node (line and column,
 * counted from 1). `.value` alone is the value, or undefined where the text is not JSON.
 */
function json_parseJson(text) {
    try {
        return { ok: true, value: JSON.parse(text) };
    }
    catch (error) {
        // V8 quotes the text's first characters, cut short: a piece of a secret no redactor could
        // know. The position says where the fault is; the quote goes.
        const message = (0,errors/* messageOf */.b)(error).replace(/(?:, )?".*"(?:\.\.\.)? is not valid JSON$/s, '') ||
            'not valid JSON';
        const at = /at position (\d+)/.exec(message);
        if (!at)
            return { ok: false, error: message };
        const position = Number(at[1]);
        const before = text.slice(0, position).split(/\r\n|\r|\n/);
        // split gives at least one piece: the line the position is on.
        const column = (before.at(-1) ?? '').length + 1;
        const where = `line ${before.length}, column ${column}`;
        return { ok: false, error: `${message.replace(/\s*\(line \d+ column \d+\)/, '')} (${where})` };
    }
}

;// CONCATENATED MODULE: ./src/text/redact.ts
/**
 * Secrets out of everything the action writes: user-listed values, values of the child
 * environment's secret-looking variables, and well-known token and credential formats.
 */

/**
 * Where a bare `sk-` key may begin: not right after a letter, digit or `_` (`risk-assessment-…` is
 * no key), except where that letter ends a JSON escape (`\n`, `\t`, `\u00e9`…) or a percent escape
 * (`Bearer%20sk-…`): in a raw transcript line, a key alone on a line of a file the agent read
 * stands right after the `n` of `\n`. The other formats have prefixes distinctive enough to be
 * masked wherever they stand, glued to a word too: an injected agent must not get a token past the
 * redactor by writing a letter before it.
 */
const LEAD = String.raw `(?:(?<![A-Za-z0-9_])|(?<=\\[bfnrt])|(?<=\\u[0-9A-Fa-f]{4})|(?<=%[0-9A-Fa-f]{2}))`;
/** Token formats of well-known providers: each a prefix and what may follow it. */
const FORMATS = [
    { prefix: 'gh[pousr]_', body: 'A-Za-z0-9', min: 36 }, // GitHub tokens
    { prefix: 'github_pat_', body: 'A-Za-z0-9_', min: 22 }, // GitHub fine-grained tokens
    { prefix: 'sk-ant-', body: 'A-Za-z0-9_-', min: 20 }, // Anthropic
    { prefix: 'sk-or-', body: 'A-Za-z0-9-', min: 20 }, // OpenRouter (sk-or-v1-…)
    { prefix: 'sk-(?:proj|svcacct|admin)-', body: 'A-Za-z0-9_-', min: 20 }, // OpenAI project keys
    { prefix: 'sk-', body: 'A-Za-z0-9_-', min: 20, lead: LEAD }, // OpenAI (and look-alikes)
    { prefix: '(?:AKIA|ASIA)', body: 'A-Z0-9', min: 16, max: 16 }, // AWS access key ids
    { prefix: 'xox[abposr]-', body: 'A-Za-z0-9-', min: 10 }, // Slack
    { prefix: 'AIza', body: 'A-Za-z0-9_-', min: 30 }, // Google API keys (Gemini)
    { prefix: 'gsk_', body: 'A-Za-z0-9', min: 20 }, // Groq
    { prefix: 'hf_', body: 'A-Za-z0-9', min: 30 }, // Hugging Face
    { prefix: 'npms?_', body: 'A-Za-z0-9', min: 36 }, // npm
    // GitLab: personal, deploy, runner, pipeline-trigger, CI-job, incoming-mail, feed, OAuth, agent…
    {
        prefix: 'gl(?:pat|dt|rt|ptt|cbt|imt|ft|soat|oas|agent|ffct|wt)-',
        body: 'A-Za-z0-9_.-',
        min: 20
    },
    { prefix: '(?:sk|rk)_(?:live|test)_', body: 'A-Za-z0-9', min: 10 }, // Stripe secret, restricted
    { prefix: 'whsec_', body: 'A-Za-z0-9', min: 24 } // Stripe webhook secrets
];
// `[A-Za-z]` spelt out: the one expression is case-sensitive, the header words may not be.
const BEARER = '(?<![A-Za-z])(?:[Bb]earer|BEARER|[Bb]asic|BASIC)';
const SCHEME = '(?:[Bb]earer|BEARER|[Bb]asic|BASIC|[Tt]oken|TOKEN|[Dd]igest)';
const GAP = String.raw `(?:[ \t]+|%20|\+)`;
const CRED = String.raw `[A-Za-z0-9._~+/-]`;
const PATTERNS = [
    ...FORMATS.map(f => `${f.lead ?? ''}${f.prefix}[${f.body}]{${f.min},${f.max ?? ''}}`),
    // JWTs: three base64url parts, the first two JSON objects (`e30` is the empty one, `{}`).
    String.raw `eyJ[A-Za-z0-9_-]{8,}\.(?:eyJ[A-Za-z0-9_-]{8,}|e30)\.[A-Za-z0-9_-]{8,}`,
    // A prefix cut short by `...` (upstream's 5000-character cut, V8's JSON.parse quote `"…"...`):
    // what is left of the token is enough to rebuild it (GitHub's last 6 characters are a checksum).
    ...FORMATS.map(f => `${f.lead ?? ''}${f.prefix}[${f.body}]+(?="?(?:\\.\\.\\.|…))`),
    String.raw `eyJ[A-Za-z0-9_.-]+(?="?(?:\.\.\.|…))`,
    // The value of an Authorization header, whatever its scheme.
    String.raw `(?<=(?<![A-Za-z])(?:[Pp]roxy-)?(?:[Aa]uthorization|AUTHORIZATION)["']?[ \t]*(?::|%3[Aa]|=)(?:[ \t]|%20)*["']?(?:${SCHEME}${GAP})?)(?!${SCHEME}${GAP}|%20)[^\s"',;&]+`,
    // Bearer or Basic and a credential elsewhere (curl -H, a log line): one with a digit, or long.
    String.raw `(?<=${BEARER}${GAP})(?=${CRED}{8,})(?:(?=[A-Za-z._~+/-]*[0-9])|(?=${CRED}{16,}))${CRED}+=*`,
    // A URL's password (`https://user:secret@host`), and a token standing as the user.
    String.raw `(?<=[A-Za-z][A-Za-z0-9+.-]*://[^\s/?#@:"'<>\\]*:)[^\s/?#@"'<>\\]+(?=@)`,
    String.raw `(?<=[A-Za-z][A-Za-z0-9+.-]*://)[A-Za-z0-9_-]{16,}(?=@)`
];
/** What every pattern above holds, for a cheap test of whether a text may hold one at all. */
const PREFIXES = [
    'gh[pousr]_',
    'github_pat_',
    'sk-',
    'AKIA',
    'ASIA',
    'xox',
    'eyJ',
    'AIza',
    'gsk_',
    'hf_',
    'npms?_',
    'gl[a-z]+-',
    '[sr]k_',
    'whsec_',
    '[Aa]uthorization|AUTHORIZATION|[Bb]earer|BEARER|[Bb]asic|BASIC',
    '://'
];
const redact_MASK = '***';
/** The empty string holds no secret. */
const NONE = '';
/** The least a `redact` value or an environment secret must hold to be told from ordinary text. */
const MIN_ENV_SECRET_CHARS = 8;
/** Names of variables that hold a credential: `…KEY`, `…TOKEN`, `…SECRET`, `…PASSWORD`, `…PAT`, `…CREDENTIALS`. */
const SECRET_NAME = /(?:KEY|TOKEN|SECRET|PASSWORD|PAT|CREDENTIALS)$/i;
/**
 * The values of an environment's variables whose names look secret (at least 8 characters): the
 * provider keys a workflow passes through `env:`, whatever their format. A value of several lines
 * (a PEM key, a JSON credential) counts whole and line by line.
 */
function environmentSecrets(env) {
    const out = [];
    for (const [name, value] of Object.entries(env)) {
        if (value === undefined || !SECRET_NAME.test(name))
            continue;
        for (const v of [value, ...value.split(/\r?\n/).map(l => l.trim())])
            if (v.length >= MIN_ENV_SECRET_CHARS)
                out.push(v);
    }
    return [...new Set(out)];
}
/**
 * How much of a long text is redacted when only its start is shown. Generous, because masking
 * shortens the text: a head cut just past what is shown could bring half a secret into view.
 */
const REDACTED_HEAD_CHARS = 64 * 1024;
/** The start of text, redacted: what a preview of at most a few thousand characters is cut from. */
function redactHead(redact, text) {
    return redact(text.length > REDACTED_HEAD_CHARS ? text.slice(0, REDACTED_HEAD_CHARS) : text);
}
/**
 * Builds the redactor for the given literal values, also in the forms they take inside a JSON
 * string (how they stand in a transcript line) and percent-encoded, and for the token formats
 * unless `tokens` is false. One regular expression, one pass over the text (the redactor runs on
 * every line of the log); literal values come first and longest first, so a value inside another
 * goes too.
 */
function makeRedactor(values, { tokens = true } = {}) {
    const literals = [...new Set(values.flatMap(redact_forms).filter(v => v.length > 0))].sort((a, b) => b.length - a.length);
    const patterns = [...literals.map(escapeRegExp), ...(tokens ? PATTERNS : [])];
    const all = patterns.length > 0 ? new RegExp(patterns.join('|'), 'g') : undefined;
    // Most lines hold no secret: a scan for the patterns' fixed parts and the values is cheaper.
    const maybe = new RegExp([...literals.map(escapeRegExp), ...(tokens ? PREFIXES : [])].join('|') || '(?!)');
    const mayHold = (text) => all !== undefined && maybe.test(text);
    const redact = ((text) => (mayHold(text) ? text.replace(all, redact_MASK) : text));
    redact.mayHold = mayHold;
    redact.find = text => {
        if (!mayHold(text))
            return [];
        const found = [];
        for (const m of text.matchAll(all))
            if (m[0].length > 0)
                found.push([m.index, m.index + m[0].length]);
        return found;
    };
    return redact;
}
/**
 * A value as it may stand inside a JSON string: as it is, escaped as JSON.stringify and Python's
 * json.dumps escape it, with every non-ASCII character as `\uXXXX` (ensure_ascii), with `/` as
 * `\/` (encoders that escape it); and percent-encoded, as in a URL.
 */
function redact_forms(value) {
    const escaped = JSON.stringify(value).slice(1, -1);
    const ascii = escaped.replace(/[\u0080-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    let percent = value;
    try {
        percent = encodeURIComponent(value);
    }
    catch {
        // A lone surrogate has no percent form.
    }
    return [
        value,
        escaped,
        ascii,
        escaped.replaceAll('/', '\\/'),
        ascii.replaceAll('/', '\\/'),
        percent
    ];
}
/** Only the token formats: for folds that were given no values (tests, a bare transcript). */
const TOKENS_ONLY = makeRedactor([]);
function escapeRegExp(value) {
    return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
/**
 * The value with every string (keys too) redacted: a secret becomes `***` and the JSON stays JSON,
 * which redacting its text could break (a secret that is a number, or that spans a quote). A number
 * can be a secret too (an account id in `redact`): it becomes the masked string.
 */
function redact_redactStrings(value, redact) {
    if (typeof value === 'string')
        return redact(value);
    if (Array.isArray(value))
        return value.map(v => redact_redactStrings(v, redact));
    if (value !== null && typeof value === 'object') {
        // fromEntries defines own properties: a key "__proto__" stays a key.
        return Object.fromEntries(Object.entries(value).map(([key, v]) => [redact(key), redact_redactStrings(v, redact)]));
    }
    const text = stringify(value);
    if (text === undefined)
        return value;
    const clean = redact(text);
    return clean === text ? value : clean;
}
// A JSON string literal (escapes included), or a JSON number: a string is skipped whole, so a
// number is matched only where it stands outside one.
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/g;
/**
 * JSON text with every number that holds a secret (a `redact` value of digits) written as the
 * masked string, read off the text as written: parsed, a long number would be rounded first and no
 * longer match, and the line kept as it was. The text stays JSON.
 */
function redact_redactJsonNumbers(text, redact) {
    if (!redact.mayHold(text))
        return text;
    return text.replace(STRING_OR_NUMBER, token => {
        if (token.startsWith('"'))
            return token;
        const clean = redact(token);
        return clean === token ? token : JSON.stringify(clean);
    });
}

;// CONCATENATED MODULE: ./src/text/text.ts
/**
 * A copy of a string that shares no memory with the text it was cut from. V8 makes substrings (and
 * JSON.parse's strings) views into their source: one kept tool name would keep a whole 64 KiB chunk.
 */
function own(text) {
    // Slicing a concatenation flattens it into a new string of its own: one copy, no Buffer round trip.
    return (text && ` ${text}`.slice(1));
}
/** Collapses whitespace and cuts to max characters, marking the cut. */
function text_oneLine(text, max) {
    // Only the head can show, so only the head is flattened: inputs can be megabytes.
    const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
    const flat = head.replace(/\s+/g, ' ').trim();
    if (flat.length <= max && head === text)
        return flat;
    return `${slice(flat, max - 1)}…`;
}
function text_formatMs(ms) {
    // Rounded first, to the unit shown, so that 59.96 s reads "1 min 0 s", never "60.0 s".
    if (Math.round(ms) < 1000)
        return `${Math.round(ms)} ms`;
    const tenths = Math.round(ms / 100);
    if (tenths < 600)
        return `${(tenths / 10).toFixed(1)} s`;
    const seconds = Math.round(ms / 1000);
    if (seconds < 3600)
        return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
    const minutes = Math.round(ms / 60_000);
    return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
/** Cuts to at most max characters, the mark included, never splitting a surrogate pair. */
function text_clip(text, max) {
    return text.length <= max ? text : `${slice(text, max - 1)}…`;
}
/**
 * Where to cut text that runs past max characters: after the last blank in the last `margin`
 * characters before max, else at max (never inside a surrogate pair). Cut after redaction, a
 * secret (which holds no blank) stays whole on one side of it.
 */
function text_cutPoint(text, max, margin = 4096) {
    if (text.length <= max)
        return text.length;
    const blank = text.lastIndexOf(' ', max - 1);
    return blank >= max - margin ? blank + 1 : slice(text, max).length;
}
/** The end of a line without end that is never cut off: a secret still arriving is whole in it. */
const HELD_SECRET_CHARS = 4096;
/**
 * A line without end, past max characters, cut into pieces of at most max: redacted before it is
 * cut, and never cut in its last HELD_SECRET_CHARS, where a secret may still be arriving (its
 * start alone, cut off, would match no pattern and pass). The pieces, and what is held.
 */
function cutRedacted(pending, redact, max) {
    const pieces = [];
    let rest = pending;
    while (rest.length > max) {
        const clean = redact(rest);
        const room = Math.min(max, clean.length - HELD_SECRET_CHARS);
        const at = room < 2 || clean.length <= max ? 0 : text_cutPoint(clean, room);
        if (at === 0)
            return { pieces, rest: clean };
        pieces.push(clean.slice(0, at));
        rest = clean.slice(at);
    }
    return { pieces, rest };
}
/** The first `end` characters, or one fewer where the last would be half a surrogate pair. */
function slice(text, end) {
    return /[\ud800-\udbff]/.test(text[end - 1] ?? '') ? text.slice(0, end - 1) : text.slice(0, end);
}
/** A JSON object (not null, not an array). */
function text_isObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/**
 * The start of a piece of raw input (a line that is not JSON, an event the server garbled), for a
 * problem report: one line, about 60 characters, cut from text already redacted.
 */
function preview(text) {
    const flat = (text.length > 240 ? text.slice(0, 240) : text).replace(/\s+/g, ' ');
    // Cuts and whitespace folded in redacted text leave it redacted.
    if (flat.length <= 60 && text.length <= 240)
        return flat;
    // Cut before a token-like run that the cut would split: what the redactor does not know as a
    // secret may still be one, and a piece of it is never shown.
    let end = Math.min(60, flat.length);
    while (end > 0 && TOKEN_CHAR.test(flat.charAt(end)) && TOKEN_CHAR.test(flat.charAt(end - 1)))
        end--;
    return (end > 0 ? `${flat.slice(0, end)}…` : `(one word of ${text.length} characters)`);
}
const TOKEN_CHAR = /[A-Za-z0-9_.-]/;

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(77598);
;// CONCATENATED MODULE: ./src/turn/verdict.ts

/** Hermes' exit codes with a meaning of their own (any other non-zero code is a failure). */
const ExitCode = {
    Success: 0,
    Failure: 1,
    Usage: 2,
    TempFail: 75,
    Config: 78,
    Interrupted: 130
};
const OUTCOME_BY_CODE = {
    [ExitCode.Success]: 'success',
    [ExitCode.Failure]: 'failure',
    [ExitCode.Usage]: 'usage_error',
    [ExitCode.TempFail]: 'tempfail',
    [ExitCode.Config]: 'config_error',
    [ExitCode.Interrupted]: 'interrupted'
};
/** The outcome table: every place that names an outcome to a person (verdict, summaries, comment, log) reads it here. */
const verdict_OUTCOMES = {
    success: { icon: '✅', title: 'Hermes completed the turn', what: 'Hermes completed the turn' },
    failure: { icon: '❌', title: 'Hermes failed', what: 'Hermes failed' },
    interrupted: { icon: '⏹️', title: 'Hermes was interrupted', what: 'Hermes was interrupted' },
    tempfail: {
        icon: '⏳',
        title: 'Temporary provider failure',
        what: 'Hermes hit a temporary provider failure (EX_TEMPFAIL: rate limit, overload, 5xx, timeout or quota); retry later',
        whatApi: 'The Hermes API server could not take the turn now (EX_TEMPFAIL: 429, 5xx, a timeout or a refused connection); retry later'
    },
    config_error: {
        icon: '⚙️',
        title: 'Configuration error',
        what: 'Hermes stopped on a configuration error (EX_CONFIG); fix the provider configuration, a retry will not help',
        whatApi: 'The Hermes API server refused the request (EX_CONFIG); check api-url and api-key, a retry will not help'
    },
    usage_error: {
        icon: '❌',
        title: 'Hermes rejected its arguments',
        what: 'Hermes rejected its arguments'
    },
    no_result: { icon: '❌', title: 'The turn did not complete', what: 'The turn did not complete' },
    not_found: { icon: '❌', title: 'Hermes not found', what: 'Hermes was not found' },
    timeout: { icon: '⌛', title: 'Hermes timed out', what: 'Hermes did not finish in time' },
    not_allowed: {
        icon: '🚫',
        title: 'Not allowed to start the agent',
        what: 'The triggering actor may not start the agent'
    },
    invalid_output: {
        icon: '❌',
        title: 'The answer does not match json-schema',
        what: 'The answer does not match json-schema'
    },
    invalid_input: { icon: '❌', title: 'Invalid input', what: 'An input is invalid' },
    budget_exceeded: {
        icon: '💸',
        title: 'Budget exceeded',
        what: 'A budget of the turn was reached'
    },
    skipped: { icon: '⏭️', title: 'Skipped', what: 'The run was skipped' }
};
/** The icon and title, as the summary's and the comment's heading show them. */
function verdict_titleOf(outcome) {
    return `${verdict_OUTCOMES[outcome].icon} ${verdict_OUTCOMES[outcome].title}`;
}
/** What happened, in the words of the mode that ran. */
function whatOf(outcome, mode) {
    const words = verdict_OUTCOMES[outcome];
    return (mode === 'api' && words.whatApi) || words.what;
}
/** What Hermes says when it has no provider: "isn't configured yet. Run 'hermes setup'…". */
const NOT_CONFIGURED = /\bhermes setup\b|\bisn't configured\b|\bnot configured\b/i;
const NOT_CONFIGURED_HINT = 'In a workflow there is no "hermes setup": pass the provider\'s key in the step\'s env: ' +
    '(OPENROUTER_API_KEY: ${{ secrets.OPENROUTER_API_KEY }}, or OPENAI_BASE_URL with OPENAI_API_KEY and HERMES_INFERENCE_PROVIDER: openai-api) and choose the model with "model". ' +
    'Where the key is passed already, the secret is empty in this run: not defined in the repository, or a pull request from a fork, which gets no secrets.';
function verdict_verdictOf(turn, end) {
    if (end.kind === 'not_found') {
        return {
            outcome: 'not_found',
            message: end.detail ??
                `Hermes was not found: "${end.hermesPath}" is not an executable on PATH. ` +
                    'Fix "hermes-path", or leave it unset with "install: auto" (the default) or "true" and the action installs Hermes with its install script.'
        };
    }
    const reported = turn.result?.exit_code;
    const processCode = end.kind === 'transcript' ? reported : processExitCode(end);
    const error = turn.result?.error ? `: ${turn.result.error}` : '';
    const stderr = end.kind === 'process' ? lastStderrLine(end.stderrTail) : undefined;
    const signal = end.kind === 'process' ? end.signal : null;
    const ended = signal ? `was killed by ${signal}` : `exited with code ${processCode}`;
    if (end.kind !== 'transcript' && end.timedOut) {
        // To six significant digits: 0.001 must not read as 0, which would mean no limit.
        const minutes = +(end.timeoutMs / 60_000).toPrecision(6);
        return {
            outcome: 'timeout',
            exitCode: processCode ?? reported,
            message: `Hermes did not finish within timeout-minutes (${minutes}); it was stopped` +
                (reported !== undefined
                    ? ` and reported exit code ${reported}${error}.`
                    : ' before it wrote a result event.')
        };
    }
    if (reported === undefined) {
        // A result without a usable exit_code confirms nothing: it counts as no result, said as it is.
        const without = turn.result
            ? `with a result event (line ${turn.result.line}) that has no usable exit_code`
            : 'without a result event';
        if (end.kind === 'api') {
            const why = end.detail ? ` (${end.detail})` : '';
            return {
                outcome: end.cancelled ? 'interrupted' : 'no_result',
                message: `The Hermes API server's stream ended ${without}${why}; the turn did not complete.`
            };
        }
        if (end.kind === 'transcript') {
            return {
                outcome: 'no_result',
                message: `The transcript ends ${without}; the turn did not complete.`
            };
        }
        if (end.cancelled) {
            return {
                outcome: 'interrupted',
                exitCode: processCode,
                message: `The job was cancelled and Hermes ${ended} ${without}.`
            };
        }
        if (processCode === 2 && turn.events === 0) {
            return {
                outcome: 'usage_error',
                exitCode: 2,
                message: `Hermes rejected its arguments (exit code 2)${stderr ? `: ${stderr}` : '.'}`
            };
        }
        // The likely cause of a first failure ("isn't configured yet") is human text on stdout.
        const printed = turn.stdoutText ? ` It printed on stdout: ${turn.stdoutText}` : '';
        // Hermes then says to run `hermes setup`, which a workflow cannot: say what to set instead.
        const setup = NOT_CONFIGURED.test(`${turn.stdoutText ?? ''}\n${stderr ?? ''}`)
            ? ` ${NOT_CONFIGURED_HINT}`
            : '';
        return {
            outcome: 'no_result',
            exitCode: processCode,
            message: `Hermes ${ended} ${without}; the turn did not complete.${printed}${stderr ? ` Its last words on stderr: ${stderr}` : ''}${setup}`
        };
    }
    // The non-zero one wins: a clean result from a process that then failed is no success.
    const code = reported !== 0 ? reported : (processCode ?? reported);
    const outcome = OUTCOME_BY_CODE[code] ?? 'failure';
    const mismatch = processCode !== reported
        ? ` The result event said exit_code ${reported}, but the process ${ended}.`
        : '';
    const what = whatOf(outcome, end.kind === 'process' ? 'cli' : end.kind);
    const message = outcome === 'success' ? `${what}.` : `${what} (exit code ${code})${error}.${mismatch}`;
    return { outcome, exitCode: code, message };
}
/** Signal numbers: the type lists every signal, the table only the platform's (no SIGINFO on Linux). */
const SIGNALS = external_node_os_.constants.signals;
function processExitCode(end) {
    if (end.exitCode !== null)
        return end.exitCode;
    // A shell's convention, so that a signal death is never mistaken for success.
    if (end.kind === 'process' && end.signal)
        return 128 + (SIGNALS[end.signal] ?? 0);
    return undefined;
}
function lastStderrLine(tail) {
    for (const raw of tail.toReversed()) {
        const line = raw.trim();
        if (line !== '' && !line.startsWith('session_id:'))
            return line;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/turn/outcome-record.ts
/**
 * The action's own verdict as the uploaded transcript's last line: what the step decided (outcome,
 * exit code, its `error` output), which the stream alone does not hold (a budget, a timeout, a
 * schema), for the report over a matrix to read. Bound to the bytes before it by their length and
 * SHA-256, so that a line another process wrote into Hermes' stdout, which cannot know them, does not
 * pass for it (docs/REPORT.md, "What it trusts").
 */





/** The line's `type`: no Hermes event has it, and the stream reader passes over it. */
const OUTCOME_RECORD_TYPE = 'action_outcome';
/** The record's `error` is the step's, cut here (the runner cuts an annotation at 4,096 too). */
const RECORD_ERROR_CHARS = 4096;
/** How much of a transcript's end is read for its record: a whole record, escapes and all. */
const TAIL_BYTES = 64 * 1024;
/**
 * Ends the transcript at `file` (the copy that is uploaded) with the record, whose `bytes` and
 * `sha256` are the transcript's; where its last line has no newline, one comes between them.
 */
async function outcome_record_appendOutcomeRecord(file, record) {
    const hash = createHash('sha256');
    let size = 0;
    let last;
    for await (const chunk of fs.createReadStream(file)) {
        const data = chunk;
        hash.update(data);
        size += data.length;
        last = data.at(-1);
    }
    // A last line without its newline (Hermes killed mid-line) keeps it: a separator, not counted.
    const head = last !== undefined && last !== 0x0a ? '\n' : '';
    const error = record.error.length > RECORD_ERROR_CHARS
        ? `${record.error.slice(0, RECORD_ERROR_CHARS - 1)}…`
        : record.error;
    const line = pythonJson({
        type: OUTCOME_RECORD_TYPE,
        outcome: record.outcome,
        exit_code: record.exitCode ?? null,
        error,
        bytes: size,
        sha256: hash.digest('hex'),
        timestamp: Date.now()
    });
    fs.appendFileSync(file, `${head}${line}\n`);
}
/**
 * The record a transcript file ends with, when it is one the bytes before it match; undefined for
 * any other last line (an older action, the `jsonl-path` file, a transcript from elsewhere), and
 * for a record whose length or SHA-256 is not that of what precedes it.
 */
async function readOutcomeRecord(file) {
    const size = external_node_fs_.statSync(file).size;
    const length = Math.min(size, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    const fd = external_node_fs_.openSync(file, 'r');
    try {
        external_node_fs_.readSync(fd, tail, 0, length, size - length);
    }
    finally {
        external_node_fs_.closeSync(fd);
    }
    if (tail.at(-1) !== 0x0a)
        return undefined;
    const start = tail.lastIndexOf(0x0a, length - 2) + 1;
    // A last line longer than the tail is no record the action wrote.
    if (start === 0 && length < size)
        return undefined;
    const value = json_parseJson(tail.subarray(start, length - 1).toString('utf8')).value;
    const offset = size - length + start;
    if (!text_isObject(value) || value.type !== OUTCOME_RECORD_TYPE)
        return undefined;
    const { outcome, exit_code: exitCode, error, sha256, bytes } = value;
    // The record starts where the transcript ends, or a newline later where its last line had none.
    const separated = bytes === offset - 1 && start > 0 && tail[start - 2] !== 0x0a;
    if (bytes !== offset && !separated)
        return undefined;
    if (typeof outcome !== 'string' || !Object.hasOwn(verdict_OUTCOMES, outcome))
        return undefined;
    if (exitCode !== null && !Number.isInteger(exitCode))
        return undefined;
    if (typeof error !== 'string' || typeof sha256 !== 'string')
        return undefined;
    if ((await digest(file, bytes)) !== sha256)
        return undefined;
    return {
        outcome: outcome,
        ...(typeof exitCode === 'number' && { exitCode }),
        error
    };
}
/** The SHA-256 (hex) of the file's first `bytes` bytes. */
async function digest(file, bytes) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    if (bytes > 0)
        for await (const chunk of external_node_fs_.createReadStream(file, { start: 0, end: bytes - 1 }))
            hash.update(chunk);
    return hash.digest('hex');
}

;// CONCATENATED MODULE: ./src/turn/stream.ts
/** Bytes → lines → typed Hermes events. Damage is described, never thrown. */




const BOM = 0xfeff;
const CR = 0x0d;
const BRACE = 0x7b;
const KNOWN_TYPES = new Set(['system', 'text', 'reasoning', 'tool_use', 'tool_result', 'result']);
const TOKEN_KEYS = ['input', 'output', 'total', 'cache_read', 'cache_write'];
const NO_ISSUES = Object.freeze([]);
const TEXT_HEAD = '{"type": "text", "text": "';
const TIMESTAMP_KEY = ', "timestamp": ';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** Upstream's text delta whose string is printable ASCII without a quote or a backslash. */
const ASCII_DELTA = /\{"type": "text", "text": "[\x20\x21\x23-\x5b\x5d-\x7f]*", "timestamp": [0-9]{1,16}\}/y;
/**
 * Text deltas are most of a stream. In upstream's exact shape (`{"type": "text", "text": "…",
 * "timestamp": N}`) only the string is decoded; any other shape returns undefined and goes through
 * JSON.parse. It accepts nothing that JSON.parse would refuse or read differently.
 */
function stream_upstreamTextDelta(line) {
    return textDeltaIn(line, 0, line.length);
}
/**
 * upstreamTextDelta on the line view[start..end) (without its newline). For the splitter, `view`
 * holds a chunk's bytes one character per byte (latin1) and `bytes[base..]` the same bytes (valid
 * UTF-8), from which a string that is not ASCII is decoded; without `bytes`, view is the text itself.
 */
function textDeltaIn(view, start, end, bytes, base = 0) {
    const head = TEXT_HEAD.length;
    // Most deltas are plain ASCII: one compiled regular expression checks them (test(), not exec():
    // no match array for each of millions of lines). The string's closing quote is just before the
    // timestamp's key, which ends at the space before the digits.
    ASCII_DELTA.lastIndex = start;
    if (ASCII_DELTA.test(view) && ASCII_DELTA.lastIndex === end) {
        let space = end - 2;
        while (view.charCodeAt(space) !== 0x20)
            space--;
        return view.slice(start + head, space - TIMESTAMP_KEY.length);
    }
    const minTail = TIMESTAMP_KEY.length + 2; // the key, one digit and the closing brace
    if (end - start < head + 1 + minTail)
        return undefined;
    for (let i = 0; i < head; i++)
        if (view.charCodeAt(start + i) !== TEXT_HEAD.charCodeAt(i))
            return undefined;
    const body = start + head;
    // To the closing quote: an escape's next character is skipped (JSON.parse judges the escape below).
    let close = body;
    let escaped = false;
    let ascii = true;
    for (;; close++) {
        if (close >= end)
            return undefined;
        const c = view.charCodeAt(close);
        if (c === QUOTE)
            break;
        if (c === BACKSLASH) {
            escaped = true;
            close++;
        }
        else if (c < 0x20)
            return undefined;
        else if (c >= 0x80)
            ascii = false;
    }
    // The tail: `, "timestamp": <1 to 16 digits>}`.
    const key = close + 1;
    const digits = key + TIMESTAMP_KEY.length;
    const brace = end - 1;
    if (view.charCodeAt(brace) !== 0x7d || brace <= digits || brace - digits > 16)
        return undefined;
    for (let i = 0; i < TIMESTAMP_KEY.length; i++)
        if (view.charCodeAt(key + i) !== TIMESTAMP_KEY.charCodeAt(i))
            return undefined;
    for (let i = digits; i < brace; i++) {
        const c = view.charCodeAt(i);
        if (c < 0x30 || c > 0x39)
            return undefined;
    }
    const text = ascii || !bytes ? view.slice(body, close) : bytes.toString('utf8', base + body, base + close);
    if (!escaped)
        return text;
    try {
        return JSON.parse(`"${text}"`);
    }
    catch {
        return undefined;
    }
}
/**
 * Decodes one line (without its newline) into an event, or says why it can't. Given bytes, it checks
 * their UTF-8 itself; given text, validUtf8 says whether the bytes it came from were valid. What a
 * problem quotes of the line is redacted (with `redact`) before it is cut.
 */
function decodeLine(input, line, validUtf8 = true, redact = TOKENS_ONLY) {
    let text = typeof input === 'string' ? input : input.toString('utf8');
    const utf8 = typeof input === 'string' ? validUtf8 : (0,external_node_buffer_.isUtf8)(input);
    if (text.charCodeAt(0) === BOM)
        text = text.slice(1);
    if (text.charCodeAt(text.length - 1) === CR)
        text = text.slice(0, -1);
    // Events start with "{": only a line that does not can be blank.
    if (text.charCodeAt(0) !== BRACE && text.trim() === '')
        return { blank: true, issues: [] };
    if (utf8) {
        const delta = stream_upstreamTextDelta(text);
        if (delta !== undefined)
            return { event: { type: 'text', text: delta }, issues: NO_ISSUES };
    }
    const issues = [];
    const flaw = (problem) => void issues.push({ line, problem, skipped: false });
    const skip = (problem) => ({ issues: [{ line, problem, skipped: true }] });
    if (!utf8)
        flaw('invalid UTF-8 (replaced by U+FFFD)');
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        const skipped = skip(`not JSON: ${preview(redactHead(redact, text))}`);
        return text.charCodeAt(0) === BRACE ? skipped : { ...skipped, notJson: text };
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return skip(`JSON but not an object: ${preview(redactHead(redact, text))}`);
    }
    const raw = value;
    if (typeof raw.type !== 'string')
        return skip('an object without a string "type"');
    // The action's own last line of an uploaded transcript (outcome-record.ts): not Hermes' to fold.
    if (raw.type === OUTCOME_RECORD_TYPE)
        return { issues: NO_ISSUES };
    if (!KNOWN_TYPES.has(raw.type))
        return { unknownType: preview(redactHead(redact, raw.type)), issues: [] };
    return { event: eventOf(raw, flaw), issues };
}
/** A known event's fields, each checked for its type; a flaw of a field is said, the event kept. */
function eventOf(raw, flaw) {
    const str = (key) => {
        const v = raw[key];
        if (v === undefined)
            return undefined;
        if (typeof v === 'string')
            return v;
        flaw(`${raw.type}.${key} is not a string`);
        return typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
    };
    const num = (key) => {
        const v = raw[key];
        if (v === undefined)
            return undefined;
        if (typeof v === 'number' && Number.isFinite(v))
            return v;
        flaw(`${raw.type}.${key} is not a number`);
        return undefined;
    };
    const required = (key, v, fallback) => {
        if (v !== undefined)
            return v;
        if (raw[key] === undefined)
            flaw(`${raw.type} without "${key}"`);
        return fallback;
    };
    switch (raw.type) {
        case 'system':
            return {
                type: 'system',
                subtype: str('subtype'),
                model: str('model'),
                session_id: str('session_id')
            };
        case 'text':
            return { type: 'text', text: required('text', str('text'), '') };
        case 'reasoning':
            return { type: 'reasoning', text: required('text', str('text'), '') };
        case 'tool_use':
            return {
                type: 'tool_use',
                name: required('name', str('name'), '(unnamed)'),
                input: raw.input,
                tool_call_id: str('tool_call_id')
            };
        case 'tool_result': {
            const isError = raw.is_error;
            if (isError !== undefined && typeof isError !== 'boolean')
                flaw('tool_result.is_error is not a boolean');
            return {
                type: 'tool_result',
                name: required('name', str('name'), '(unnamed)'),
                output: str('output') ?? '',
                duration_ms: required('duration_ms', num('duration_ms'), undefined),
                is_error: isError === true,
                tool_call_id: str('tool_call_id')
            };
        }
        default: {
            const exitCode = num('exit_code');
            if (exitCode !== undefined && !Number.isInteger(exitCode))
                flaw('result.exit_code is not a whole number');
            return {
                type: 'result',
                session_id: str('session_id'),
                exit_code: exitCode !== undefined && Number.isInteger(exitCode)
                    ? exitCode
                    : required('exit_code', undefined, undefined),
                text: str('text'),
                tokens: tokens(raw.tokens, flaw),
                duration_ms: num('duration_ms'),
                error: str('error')
            };
        }
    }
}
function tokens(value, flaw) {
    if (value === undefined)
        return undefined;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        flaw('result.tokens is not an object');
        return undefined;
    }
    const raw = value;
    const out = { input: 0, output: 0, total: 0, cache_read: 0, cache_write: 0 };
    for (const key of TOKEN_KEYS) {
        const v = raw[key];
        if (typeof v === 'number' && Number.isFinite(v))
            out[key] = v;
        else if (v !== undefined)
            flaw(`result.tokens.${key} is not a number`);
    }
    return out;
}

;// CONCATENATED MODULE: ./src/publish/egress.ts
/**
 * The egress boundary: the transcript as it is uploaded. Each line is redacted inside its JSON
 * string values (parsed, its strings redacted, written again), so that it stays JSON whatever the
 * secrets are; a line that is not JSON is redacted as text. A run of consecutive `text` (or
 * `reasoning`) deltas is redacted as the text it joins to: a secret streamed a few characters at a
 * time matches in no single line, so every delta that overlaps a match is rewritten, and no piece
 * of the secret is left in any line.
 */






/** Past this many characters of deltas held, the start of the run is written out. */
const RUN_HOLD_CHARS = (/* unused pure expression or super */ null && (16 * 1024));
/**
 * What stays held of a run when its start is written: a secret split across deltas is found whole
 * when it is shorter than this (known formats are at most a few hundred characters).
 */
const RUN_TAIL_CHARS = (/* unused pure expression or super */ null && (4 * 1024));
/** A match that keeps growing (a hostile run of token characters) is written out past this. */
const RUN_MAX_CHARS = (/* unused pure expression or super */ null && (1024 * 1024));
class TranscriptRedactor {
    redact;
    write;
    run = [];
    runType;
    runChars = 0;
    constructor(redact, write) {
        this.redact = redact;
        this.write = write;
    }
    /** One line, its newline (if any) included. */
    line(bytes) {
        const whole = bytes.toString('utf8');
        const cut = whole.endsWith('\r\n') ? 2 : whole.endsWith('\n') ? 1 : 0;
        const read = whole.slice(0, whole.length - cut);
        const ending = whole.slice(read.length);
        // A number holding a secret is masked as written, before a parse could round it out of sight.
        const body = redactJsonNumbers(read, this.redact);
        if (body !== read)
            bytes = Buffer.from(body + ending);
        const delta = this.delta(body);
        if (!delta || delta.type !== this.runType)
            this.flushRun(true);
        if (delta) {
            this.runType = delta.type;
            this.run.push({ bytes, body, ending, text: delta.text, event: delta.event });
            this.runChars += delta.text.length;
            if (this.runChars > RUN_HOLD_CHARS)
                this.flushRun(false);
            return;
        }
        // A \u escape can spell a secret the raw bytes do not show: such a line is read as JSON.
        if (!body.includes('\\u') && !this.redact.mayHold(body))
            return this.write(bytes);
        const clean = this.cleanLine(body);
        this.write(clean === body ? bytes : Buffer.from(clean + ending));
    }
    /** Whether a run of deltas is held (what comes next may join it). A method: line() changes it. */
    holding() {
        return this.run.length > 0;
    }
    /** Writes what is still held. */
    end() {
        this.flushRun(true);
    }
    /** A text or reasoning delta: upstream's shape decoded fast, any other shape parsed. */
    delta(body) {
        const fast = upstreamTextDelta(body);
        if (fast !== undefined)
            return { type: 'text', text: fast };
        if (!body.startsWith('{') || !body.includes('"text"'))
            return undefined;
        const event = parseJson(body).value;
        if (!isObject(event) || typeof event.text !== 'string')
            return undefined;
        if (event.type !== 'text' && event.type !== 'reasoning')
            return undefined;
        return { type: event.type, text: event.text, event };
    }
    /**
     * Writes the run's deltas, rewritten where a secret overlaps them. Not at its end (`all` false),
     * only those before the run's last RUN_TAIL_CHARS, and never a part of a match without the
     * rest of it: what is held may join with what comes next.
     */
    flushRun(all) {
        if (this.run.length === 0)
            return;
        const joined = this.run.map(d => d.text).join('');
        const found = this.redact.find(joined);
        const bounds = [0];
        let end = 0;
        for (const d of this.run) {
            end += d.text.length;
            bounds.push(end);
        }
        let count = this.run.length;
        if (!all && joined.length <= RUN_MAX_CHARS) {
            let limit = joined.length - RUN_TAIL_CHARS;
            for (;;) {
                count = bounds.findLastIndex(b => b <= limit);
                // Called past RUN_HOLD_CHARS, so the limit is never below bounds[0], which is 0.
                const at = present(bounds[count], 'a delta boundary before the held tail');
                const across = found.find(([start, stop]) => start < at && stop > at);
                if (!across)
                    break;
                limit = across[0];
            }
        }
        let offset = 0;
        for (const d of this.run.slice(0, count)) {
            this.write(this.rewrite(d, offset, found));
            offset += d.text.length;
        }
        this.run = this.run.slice(count);
        this.runChars -= offset;
        if (this.run.length === 0)
            this.runType = undefined;
    }
    /** A delta at offset `at` of the joined text: as read, or without any piece of a match. */
    rewrite(d, at, found) {
        const stop = at + d.text.length;
        let text = '';
        let pos = at;
        let touched = false;
        for (const [start, end] of found) {
            if (end <= at || start >= stop)
                continue;
            touched = true;
            if (start >= pos)
                text += d.text.slice(pos - at, start - at) + MASK;
            pos = Math.max(pos, Math.min(end, stop));
        }
        text += d.text.slice(pos - at);
        // Upstream's own shape holds no other string; another shape's other fields are redacted too.
        if (!touched && (d.event === undefined || !this.redact.mayHold(d.body)))
            return d.bytes;
        const event = d.event ?? parseJson(d.body).value;
        if (!isObject(event))
            return Buffer.from(this.redact(d.body) + d.ending);
        const clean = redactStrings({ ...event, text: '' }, this.redact);
        return Buffer.from(pythonJson({ ...clean, text: this.redact(text) }) + d.ending);
    }
    /** A line that is not a delta: its strings redacted, or, not JSON, the line as text. */
    cleanLine(body) {
        const value = parseJson(body).value;
        if (value === undefined)
            return this.redact(body);
        const clean = redactStrings(value, this.redact);
        return changed(value, clean) ? pythonJson(clean) : body;
    }
}
function changed(a, b) {
    return JSON.stringify(a) !== JSON.stringify(b);
}
/** Between two deltas in upstream's shape: removed, the deltas' strings join as their text does. */
const GLUE = /", "timestamp": [0-9]+\}\r?\n\{"type": "(?:text|reasoning)", "text": "/g;
/** Any text or reasoning event, and one in upstream's shape at the start of a line. */
const ANY_DELTA = /"type"\s*:\s*"(?:text|reasoning)"/g;
const UPSTREAM_DELTA = /(?:^|\n)\{"type": "(?:text|reasoning)", "text": "/g;
const DELTA_HEAD = [Buffer.from('{"type": "text", '), Buffer.from('{"type": "reasoning", ')];
/** A trailing run of deltas longer than this goes line by line rather than on to the next block. */
const MAX_CARRY_BYTES = (/* unused pure expression or super */ null && (1024 * 1024));
/**
 * Lines that surely hold no secret, in a block: none in any string, none in the text the block's
 * deltas join to. Only when every delta is in upstream's shape can the join be read off the raw
 * text (its glue removed); otherwise the block goes line by line.
 */
function clean(block, redact) {
    const text = block.toString('utf8');
    if (text.includes('\\u') || redact.mayHold(text))
        return false;
    const deltas = text.match(ANY_DELTA)?.length ?? 0;
    if (deltas === 0)
        return true;
    if ((text.match(UPSTREAM_DELTA)?.length ?? 0) !== deltas)
        return false;
    return !redact.mayHold(text.replace(GLUE, ''));
}
/** Where the run of delta lines that ends the block starts (the block's length when none does). */
function trailingRun(block) {
    let start = block.length;
    while (start > 0) {
        const previous = block.lastIndexOf(0x0a, start - 2) + 1;
        const line = block.subarray(previous, start);
        if (!DELTA_HEAD.some(head => line.subarray(0, head.length).equals(head)))
            break;
        start = previous;
    }
    return start;
}
/** How much of the transcript copyRedacted reads at a time. */
const COPY_READ_BYTES = (/* unused pure expression or super */ null && (1 << 20));
/**
 * Copies the transcript, through the redactor unless there is none. Blocks that surely hold no
 * secret are copied as they are (most of a transcript: a line by line pass costs twenty times
 * more); a block that may hold one goes line by line through TranscriptRedactor. A block's trailing
 * run of deltas waits for the next block, which it may join.
 */
async function egress_copyRedacted(from, to, redact, readBytes = COPY_READ_BYTES) {
    if (!redact) {
        fs.copyFileSync(from, to);
        return;
    }
    const out = fs.openSync(to, 'w');
    try {
        const lines = new TranscriptRedactor(redact, bytes => fs.writeSync(out, bytes));
        const slow = (block) => {
            let start = 0;
            for (let nl = block.indexOf(0x0a); nl !== -1; nl = block.indexOf(0x0a, start)) {
                lines.line(block.subarray(start, nl + 1));
                start = nl + 1;
            }
            if (start < block.length)
                lines.line(block.subarray(start));
        };
        let carry;
        for await (const chunk of fs.createReadStream(from, { highWaterMark: readBytes })) {
            const data = carry ? Buffer.concat([carry, chunk]) : chunk;
            const end = data.lastIndexOf(0x0a) + 1;
            let cut = trailingRun(data.subarray(0, end));
            const block = data.subarray(0, cut);
            if (lines.holding()) {
                // A run the redactor holds goes on line by line; all of the block when it does not end.
                slow(block);
                if (lines.holding()) {
                    slow(data.subarray(cut, end));
                    cut = end;
                }
            }
            else if (clean(block, redact))
                fs.writeSync(out, block);
            else
                slow(block);
            carry = Buffer.from(data.subarray(cut));
            if (carry.length > MAX_CARRY_BYTES) {
                const whole = carry.lastIndexOf(0x0a) + 1;
                slow(carry.subarray(0, whole));
                carry = Buffer.from(carry.subarray(whole));
            }
        }
        if (carry && carry.length > 0) {
            if (!lines.holding() && clean(carry, redact))
                fs.writeSync(out, carry);
            else
                slow(carry);
        }
        lines.end();
    }
    finally {
        fs.closeSync(out);
    }
}

;// CONCATENATED MODULE: ./src/turn/tempfail.ts
/** Exit 75 (a temporary provider failure) is retried: each attempt's transcript kept, the last at jsonl-path. */




/**
 * The one name of an earlier attempt's transcript: `<name>.attempt-N.jsonl` beside `<name>.jsonl`, on
 * disk (beside jsonl-path), in the uploaded zip, and as the report reads it (EARLIER_ATTEMPT).
 */
function tempfail_attemptTranscript(jsonlPath, n) {
    return jsonlPath.replace(/(\.jsonl)?$/, `.attempt-${n}$1`);
}
/** A transcript that attemptTranscript() named. */
const EARLIER_ATTEMPT = /\.attempt-\d+\.jsonl$/;
/** Runs once() until it does not end in exit 75, the retries run out, or the job is cancelled. */
async function retryTempfail(once, policy) {
    const earlier = [];
    let previous;
    const attempt = await retry(async (n) => {
        if (previous) {
            const transcript = tempfail_attemptTranscript(policy.jsonlPath, n - 1);
            // The action's own name: whatever the agent put there (a folder fails the rename) goes first.
            fs.rmSync(transcript, { recursive: true, force: true });
            fs.renameSync(policy.jsonlPath, transcript);
            earlier.push({ verdict: previous, transcript });
        }
        const value = await once();
        // Whether to try again; the run's verdict is decided once, after the last attempt.
        previous = verdictOf(value.turn, value.end);
        return previous.outcome === 'tempfail' && !policy.cancellation.cancelled
            ? { value, retry: policy.why }
            : { value };
    }, {
        tries: policy.retries + 1,
        backoffMs: policy.backoffMs,
        jitter: policy.jitter,
        signal: policy.cancellation.signal,
        sleep: policy.sleep,
        onRetry: (why, next, waitMs) => policy.note(`Exit 75 (${why}): attempt ${next} of ${policy.retries + 1} in ${formatMs(waitMs)}`)
    });
    return { attempt, earlier };
}

;// CONCATENATED MODULE: ./src/publish/artifact.ts
/** The transcript upload: a redacted copy, named uniquely, through @actions/artifact, within a deadline. */









/**
 * How many names are tried when they are taken: `<name>`, `<name>-2` … (a matrix of up to 256 legs
 * sharing the default name, several steps).
 */
const MAX_NAME_ATTEMPTS = 300;
const artifact_UPLOAD_LIMITS = Object.freeze({
    baseBudgetMs: 120_000,
    budgetMsPerMb: 1000,
    afterSigtermMs: 1000,
    afterCancelMs: 4000
});
async function uploadTranscript(request, limits = artifact_UPLOAD_LIMITS) {
    const { env } = request;
    if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) {
        return {
            uploaded: false,
            reason: 'not on a GitHub Actions runner (ACTIONS_RUNTIME_TOKEN or ACTIONS_RESULTS_URL is not set)',
            warn: false
        };
    }
    const size = fileSize(request.transcriptPath);
    if (size === undefined) {
        return { uploaded: false, reason: 'there is no transcript to upload', warn: true };
    }
    if (size === 0)
        return { uploaded: false, reason: 'the transcript is empty', warn: false };
    const budgetMs = artifact_uploadBudgetMs(size, env, limits);
    const state = { givenUp: false };
    const giveUp = artifact_deadline(budgetMs, limits, request.cancel);
    let staging;
    core.startGroup('Uploading the transcript');
    try {
        staging = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-upload-'));
        const outcome = await Promise.race([upload(request, staging, state), giveUp.expired]);
        if (typeof outcome === 'string') {
            state.givenUp = true;
            return { uploaded: false, reason: outcome, warn: true, abandoned: true };
        }
        return outcome;
    }
    catch (error) {
        return { uploaded: false, reason: `the upload failed: ${artifact_errorMessage(error)}`, warn: true };
    }
    finally {
        giveUp.clear();
        core.endGroup();
        // Left for the runner to clear with RUNNER_TEMP when the client, given up, may still read it:
        // a staged file removed under it is a read error nobody listens to, and the process crashes.
        if (staging && !state.givenUp)
            fs.rmSync(staging, { recursive: true, force: true });
    }
}
async function upload(request, staging, state) {
    const { env } = request;
    const base = (request.name ?? defaultName(env)).replace(/\.jsonl$/, '');
    const tag = rerunTag(env);
    let file = path.join(staging, `${base}${tag}.jsonl`);
    await copyRedacted(request.transcriptPath, file, request.redact);
    if (request.outcome)
        await appendOutcomeRecord(file, request.outcome);
    // Several attempts go up together, as a zip: <name>.attempt-N.jsonl beside <name>.jsonl.
    const earlier = request.earlierAttempts ?? [];
    const archive = request.archive || earlier.length > 0;
    const others = [];
    for (const [i, transcript] of earlier.entries()) {
        const copy = attemptTranscript(path.join(staging, `${base}.jsonl`), i + 1);
        if (fileSize(transcript) === undefined)
            continue;
        await copyRedacted(transcript, copy, request.redact);
        others.push(copy);
    }
    // Loaded only now: the artifact client is most of the bundle, and most of start-up.
    const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 584).then(__webpack_require__.bind(__webpack_require__, 20584));
    const client = new DefaultArtifactClient();
    const givenUp = { uploaded: false, reason: 'the upload was given up', warn: true };
    // A taken name is no fault to wait out: the next name is tried at once.
    return retry(async (n) => {
        if (state.givenUp)
            return { value: givenUp };
        // A taken name gets a number before the re-run's tag, which must stay last.
        const stem = `${n === 1 ? base : `${base}-${n}`}${tag}`;
        if (n > 1 && !archive) {
            const next = path.join(staging, `${stem}.jsonl`);
            fs.renameSync(file, next);
            file = next;
        }
        // Every transcript artifact is named <stem>.jsonl, so that the report sub-action can tell them
        // from other artifacts: the bare file is named after the file, and a zip gets the same name.
        const name = archive ? `${stem}.jsonl` : path.basename(file);
        try {
            const { id } = await client.uploadArtifact(name, [...others, file], staging, {
                retentionDays: request.retentionDays,
                skipArchive: !archive
            });
            if (id === undefined)
                return {
                    value: { uploaded: false, reason: 'the artifact service returned no id', warn: true }
                };
            const url = artifact_artifactUrl(id, env);
            // A name the user chose may be looked up by a later step: say it was not the one used.
            const warning = n > 1 && request.name
                ? `The artifact name "${request.name}" is taken on this run, so the transcript was uploaded as "${name}".`
                : undefined;
            return { value: { uploaded: true, name, id, url, ...(warning && { warning }) } };
        }
        catch (error) {
            const message = artifact_errorMessage(error);
            const failed = {
                uploaded: false,
                reason: `the upload failed: ${message}`,
                warn: true
            };
            if (!isNameTaken(message))
                return { value: failed };
            return { value: failed, retry: `The artifact name ${name} is taken on this run` };
        }
    }, {
        tries: MAX_NAME_ATTEMPTS,
        backoffMs: 0,
        onRetry: why => core.info(`${why}; trying the next one.`)
    });
}
/** hermes-<job>-<step>; only characters the service accepts. */
function defaultName(env) {
    return ['hermes', env.GITHUB_JOB, env.GITHUB_ACTION]
        .filter((p) => !!p)
        .join('-')
        .replace(/[^A-Za-z0-9._-]+/g, '_')
        .slice(0, 200);
}
/**
 * What a re-run adds to the artifact's name, last before `.jsonl`: the matrix report counts each leg's
 * newest attempt by it (src/report-action/reruns.ts).
 */
const RUN_ATTEMPT_TAG = '.run-attempt-';
/** `GITHUB_RUN_ATTEMPT` as that tag; empty on a first attempt. */
function rerunTag(env) {
    const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? '1');
    return Number.isSafeInteger(attempt) && attempt > 1 ? `${RUN_ATTEMPT_TAG}${attempt}` : '';
}
/** The service's answer to a taken name: 409 "an artifact with this name already exists on the workflow run". */
function isNameTaken(message) {
    return /\(409\)|already exists/i.test(message);
}
/** HERMES_UPLOAD_TIMEOUT_SECONDS when set, else two minutes plus a second per MB. */
function artifact_uploadBudgetMs(size, env, limits = artifact_UPLOAD_LIMITS) {
    const seconds = Number(env.HERMES_UPLOAD_TIMEOUT_SECONDS);
    if (seconds > 0)
        return seconds * 1000;
    return limits.baseBudgetMs + Math.ceil(size / 1_000_000) * limits.budgetMsPerMb;
}
/**
 * Resolves with a reason when the upload must be given up: its budget spent, the runner's SIGTERM
 * (the kill follows 2.5 s later, and the outputs and summary are still to be written), or `cancel`.
 */
function artifact_deadline(budgetMs, limits = artifact_UPLOAD_LIMITS, cancel) {
    let timer;
    let onTerm = () => { };
    let onCancel = () => { };
    const expired = new Promise(resolve => {
        const expire = (why) => resolve(why);
        timer = setTimeout(() => expire(`the upload did not finish within ${budgetMs / 1000} s`), budgetMs);
        onTerm = () => {
            clearTimeout(timer);
            timer = setTimeout(() => expire('the job was cancelled before the upload finished'), limits.afterSigtermMs);
        };
        process.once('SIGTERM', onTerm);
        onCancel = () => {
            clearTimeout(timer);
            expire('the job was cancelled before the upload finished');
        };
        if (cancel?.aborted)
            onCancel();
        else
            cancel?.addEventListener('abort', onCancel, { once: true });
    });
    return {
        expired,
        clear() {
            clearTimeout(timer);
            process.off('SIGTERM', onTerm);
            cancel?.removeEventListener('abort', onCancel);
        }
    };
}
function fileSize(file) {
    try {
        return fs.statSync(file).size;
    }
    catch {
        return undefined;
    }
}
/** Where the run page shows an artifact. */
function artifact_artifactUrl(id, env) {
    const server = env.GITHUB_SERVER_URL ?? 'https://github.com';
    return `${server}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}/artifacts/${id}`;
}
/** Signed URLs carry their credential in the query: error messages keep only the address. */
function artifact_errorMessage(error) {
    const message = (0,errors/* messageOf */.b)(error);
    return message.replace(/(https?:\/\/[^\s?#]+)\?[^\s]*/g, '$1');
}

;// CONCATENATED MODULE: ./src/publish/log.ts
/** The live log: what a person watching the job sees, with every workflow command from the stream made inert. */


/** How many bytes of log lines are gathered before they are written. */
const STDOUT_BUFFER_BYTES = (/* unused pure expression or super */ null && (64 * 1024));
/**
 * Lines to stdout, gathered into writes of up to 64 KiB at most 100 ms apart: a run prints hundreds
 * of thousands of lines, and one write each would cost more than reading the stream. They are
 * gathered as bytes, not as a string: a long concatenation that survives a garbage collection
 * would be flattened in the old generation, which only grows until a full collection.
 */
class BufferedStdout {
    bytes = Buffer.allocUnsafe(STDOUT_BUFFER_BYTES);
    used = 0;
    timer;
    constructor() {
        process.once('exit', () => this.flush());
    }
    write = line => {
        // A UTF-16 unit is at most 3 bytes of UTF-8.
        if (this.used + line.length * 3 + 1 > this.bytes.length) {
            this.flush();
            if (line.length * 3 + 1 > this.bytes.length) {
                process.stdout.write(`${line}\n`);
                return;
            }
        }
        this.used += this.bytes.write(line, this.used, 'utf8');
        this.bytes[this.used++] = 0x0a;
        this.timer ??= setTimeout(() => this.flush(), 100).unref();
    };
    flush() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = undefined;
        if (this.used === 0)
            return;
        // A copy: the stream may still hold it after write() returns, and the buffer is reused.
        process.stdout.write(Buffer.from(this.bytes.subarray(0, this.used)));
        this.used = 0;
    }
}
// How much unfinished assistant text is held before it is printed anyway (memory stays bounded).
const MAX_PENDING_TEXT = (/* unused pure expression or super */ null && (64 * 1024));
// The longest line printed; longer lines go out in pieces.
const MAX_LOG_LINE = 4000;
/**
 * Adds a streamed delta to the text held so far, emits every line it completes, and returns what
 * is still held. Past MAX_PENDING_TEXT the held text goes out anyway: redacted first, then cut at
 * a blank (see cutPoint), so that the cut never halves a secret.
 */
function joinLines(held, delta, emit, redact) {
    let start = 0;
    for (let nl = delta.indexOf('\n'); nl !== -1; nl = delta.indexOf('\n', start)) {
        emit(held + delta.slice(start, nl));
        held = '';
        start = nl + 1;
    }
    held += start === 0 ? delta : delta.slice(start);
    if (held.length <= MAX_PENDING_TEXT)
        return held;
    const clean = redact(held);
    const cut = cutPoint(clean, MAX_PENDING_TEXT);
    emit(clean.slice(0, cut));
    return clean.slice(cut);
}
/**
 * Everything from Hermes is printed between `::stop-commands::<token>` and `::<token>::`:
 * the runner ignores workflow commands there (`::error::`, `::add-mask::`, `##[set-output]`…),
 * and the stream cannot end the block because it cannot know the random token.
 */
class LiveLog {
    redact;
    text = '';
    /** Reasoning held until its line ends, and whether its `::group::` is open. */
    reasoning = '';
    inReasoning = false;
    reasoningHidden = false;
    stopped = false;
    token = randomUUID().replace(/-/g, '');
    sink;
    stdout;
    /** Without a sink, lines go to stdout (buffered; end() flushes them). */
    constructor(redact, sink) {
        this.redact = redact;
        if (!sink)
            this.stdout = new BufferedStdout();
        this.sink = sink ?? this.stdout.write;
    }
    /** Stops workflow commands; call before anything from the stream is printed. */
    begin() {
        if (this.stopped)
            return;
        this.sink(`::stop-commands::${this.token}`);
        this.stopped = true;
    }
    /** Flushes pending text and lets workflow commands work again (for the action's own). */
    end() {
        this.flushText();
        this.closeReasoning();
        if (this.stopped)
            this.sink(`::${this.token}::`);
        this.stopped = false;
        this.stdout?.flush();
    }
    /** Our own words (not from the stream); still sanitised, since they may quote it. */
    note(line) {
        this.flushText();
        this.print(line);
    }
    /** One streamed delta of assistant text; printed a whole line at a time. */
    textDelta(delta) {
        this.text = joinLines(this.text, delta, line => this.printText(line), this.redact);
    }
    /** A line of assistant text (a CRLF's CR is not part of it). */
    printText(line) {
        this.print(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    /**
     * One streamed delta of reasoning (API server mode), printed a whole line at a time inside a
     * collapsed `Reasoning` group; the next line of anything else closes the group.
     */
    reasoningDelta(delta) {
        if (this.reasoningHidden || delta === '')
            return;
        this.flushText();
        if (!this.inReasoning) {
            this.command('::group::Reasoning');
            this.inReasoning = true;
        }
        this.reasoning = joinLines(this.reasoning, delta, line => this.writeReasoning(line), this.redact);
    }
    /** `show-reasoning: false`: reasoning is not printed. */
    hideReasoning() {
        this.reasoningHidden = true;
    }
    /** Prints what reasoning is pending, inside its group, then closes the group. */
    closeReasoning() {
        if (!this.inReasoning)
            return;
        if (this.reasoning !== '')
            this.writeReasoning(this.reasoning);
        this.reasoning = '';
        this.inReasoning = false;
        this.command('::endgroup::');
    }
    /** A line of reasoning (a CRLF's CR is not part of it), inside the open group. */
    writeReasoning(line) {
        this.write(line.endsWith('\r') ? line.slice(0, -1) : line);
    }
    /**
     * A workflow command of the action's own (a group): the runner ignores commands inside the
     * stop-commands block, so the block is ended for it and reopened with the same token.
     */
    command(line) {
        if (this.stopped)
            this.sink(`::${this.token}::`);
        this.sink(line);
        if (this.stopped)
            this.sink(`::stop-commands::${this.token}`);
    }
    toolStart(name, inputPreview) {
        this.note(`→ ${name}${inputPreview ? `  ${inputPreview}` : ''}`);
    }
    toolEnd(call) {
        const took = call.durationMs !== undefined ? `  ${formatMs(call.durationMs)}` : '';
        const status = call.isError ? `  ERROR  ${oneLine(call.output, 200)}` : '  ok';
        this.note(`${call.isError ? '✗' : '←'} ${call.name}${took}${status}`);
    }
    /** Hermes' stderr is for people: passed through (blank lines dropped), never parsed. */
    stderr(line) {
        if (line.trim() !== '')
            this.note(`stderr: ${line}`);
    }
    flushText() {
        if (this.text === '')
            return;
        this.printText(this.text);
        this.text = '';
    }
    /** A line of anything but reasoning: an open reasoning group ends first. */
    print(line) {
        this.closeReasoning();
        this.write(line);
    }
    /** Redacted whole, then printed in pieces, so that no log line is huge and no cut halves a secret. */
    write(line) {
        const clean = this.redact(line);
        for (let i = 0; i < clean.length || i === 0; i += MAX_LOG_LINE) {
            this.sink(inert(clean.slice(i, i + MAX_LOG_LINE)));
        }
    }
}
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/**
 * Control characters (C0 and C1) become visible escapes (an ANSI sequence could hide or rewrite what
 * the log shows, a newline inside a name or a message would start a line of its own, and the runner
 * trims U+0085 before it looks for a command),
 * and what would read as a workflow command gets a zero-width space (the runner does not trim it),
 * in case a stop-commands block is not open.
 */
function inert(line) {
    if (!HAS_CONTROL.test(line) && !line.includes('::') && !line.includes('##['))
        return line;
    const visible = line.replace(CONTROL, c => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
    return visible.replace(/^(\s*)::/, '$1\u200b::').replaceAll('##[', '#\u200b#[');
}
/**
 * The log's last line: the outcome by its name (the `outcome` output people grep for), the exit code,
 * tokens, duration and tool calls.
 */
function closingLine(verdict, attempt) {
    const { turn } = attempt;
    const tokens = turn.result?.tokens;
    const parts = [
        `■ ${verdict.outcome}`,
        verdict.exitCode !== undefined ? `exit ${verdict.exitCode}` : undefined,
        tokens ? `${tokens.total} tokens (${tokens.input} in, ${tokens.output} out)` : undefined,
        formatMs(turn.result?.duration_ms ?? attempt.durationMs),
        `${turn.toolCalls} tool call${turn.toolCalls === 1 ? '' : 's'} (${turn.toolErrors} failed)`
    ];
    return parts.filter(Boolean).join(' · ');
}

// EXTERNAL MODULE: ./node_modules/minimatch/dist/esm/index.js + 8 modules
var esm = __webpack_require__(52768);
// EXTERNAL MODULE: ./node_modules/p-limit/index.js + 1 modules
var p_limit = __webpack_require__(70370);
// EXTERNAL MODULE: ./node_modules/dotenv/lib/main.js
var main = __webpack_require__(18889);
;// CONCATENATED MODULE: ./src/config/hermes-dotenv.ts
/**
 * The `.env` in Hermes' home. Hermes loads it over its own environment at start-up (upstream
 * `hermes_cli/env_loader.py`, `load_hermes_dotenv`: `~/.hermes/.env` with `override=True`), so a key
 * written there beats the one the step's `env:` gives, and the agent reads the file like any other
 * of its home. The model gateway reads it to know the key Hermes will really use; the copy given to
 * an isolated agent has the gateway's variables taken out (see docs/gateway.md).
 */




/** The files of Hermes' home that hold keys: never lent to the agent, even through a link. */
const hermes_dotenv_HERMES_KEY_FILES = (/* unused pure expression or super */ null && (['.env', '.op.env', 'auth.json', 'config.yaml']));
/** The Hermes home a run reads: `HERMES_HOME`, else `~/.hermes`. */
function hermes_dotenv_hermesHomeOf(env) {
    return path.resolve(env.HERMES_HOME || path.join(os.homedir(), '.hermes'));
}
/** The `.env` of Hermes' home (its target, when it is a link), or undefined when there is none. */
function readHermesDotenv(env) {
    const file = path.join(hermes_dotenv_hermesHomeOf(env), '.env');
    let text;
    try {
        text = fs.readFileSync(fs.realpathSync(file), 'utf8');
    }
    catch {
        return undefined;
    }
    return { path: file, text, values: parse(text.replace(/^\uFEFF/, '')) };
}
/** env with the file's assignments laid over it, as Hermes sees it once it has loaded the file. */
function withDotenv(env, dotenv) {
    return dotenv ? { ...env, ...dotenv.values } : env;
}
const ASSIGNMENT = /^\s*(?:export\s+)?([\w.-]+)\s*[=:]\s*(.*)$/;
/**
 * The file's text without the assignments of names: a line that assigns one goes, and so do the
 * lines a quoted value of it runs on to. Undefined when the result still assigns one of the names,
 * or still holds the value of one of the secret ones (a layout this reading did not foresee): the
 * caller then gives no copy of the file at all rather than one that may hold a key.
 */
function withoutNames(dotenv, names, secrets) {
    const kept = [];
    let open;
    for (const line of dotenv.text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
        if (open !== undefined) {
            // Inside a dropped value that runs on: dropped up to the line that closes its quote.
            if (line.includes(open))
                open = undefined;
            continue;
        }
        const match = ASSIGNMENT.exec(line);
        if (!match || !names.has(match[1] ?? '')) {
            kept.push(line);
            continue;
        }
        const value = (match[2] ?? '').trimStart();
        const quote = value[0];
        if ((quote === '"' || quote === "'" || quote === '`') && !value.slice(1).includes(quote))
            open = quote;
    }
    const text = kept.join('\n');
    const left = parse(text);
    for (const name of names)
        if (name in left)
            return undefined;
    // A key's name still written anywhere (python-dotenv also reads quoted names, other blanks): no copy.
    for (const name of secrets)
        if (text.includes(name))
            return undefined;
    for (const name of secrets) {
        const value = dotenv.values[name]?.trim();
        if (value && text.includes(value))
            return undefined;
    }
    return text;
}

// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(77030);
;// CONCATENATED MODULE: ./src/config/allowed-hosts.ts
/**
 * `allowed-hosts`: where the agent's user may connect besides the model gateway. Empty (the default):
 * nowhere. A list of names (`host`, `*.host`, `host:port`): those too, through the action's egress
 * proxy, which checks the TLS SNI (or the plain-HTTP Host) against the name. `*`: no fence at all.
 * Every entry is checked here, before anything runs: a scheme, a path, an IP literal, a port out of
 * range or a name that is not a DNS name is an InputError naming it.
 */


const EgressInput = { AllowedHosts: 'allowed-hosts' };
/** The port a bare name gets: TLS. */
const DEFAULT_PORT = 443;
/** More than this many entries is not a fence a reader can check. */
const MAX_HOSTS = 256;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
function parseAllowedHosts(raw, env = {}) {
    const entries = raw
        .split(/[,\n]/)
        .map(e => e.trim())
        .filter(Boolean);
    if (entries.length === 1 && entries[0] === '*')
        return { kind: 'open' };
    if (entries.length > MAX_HOSTS)
        throw new InputError(`Input "${EgressInput.AllowedHosts}" lists ${entries.length} hosts; at most ${MAX_HOSTS} are allowed.`);
    const hosts = new Map();
    for (const entry of entries) {
        const host = parseEntry(entry);
        hosts.set(`${host.pattern}:${host.port}`, host);
    }
    return {
        kind: 'fenced',
        hosts: [...hosts.values()],
        pinned: pinnedOf(env.HERMES_ACTION_RESOLVE)
    };
}
function parseEntry(entry) {
    const refuse = (why) => {
        throw new InputError(`Input "${EgressInput.AllowedHosts}" has ${JSON.stringify(entry)}: ${why}; allowed: a host name (\`registry.npmjs.org\`), a wildcard for its subdomains (\`*.github.com\`), either with \`:port\` (1-65535, else 443), or \`*\` alone for no fence.`);
    };
    if (entry === '*')
        refuse('`*` stands alone, for no fence; it cannot be one entry of a list');
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry))
        refuse('a URL; give the host name without a scheme');
    if (/[/?#@\s]/.test(entry))
        refuse('not a host name (it holds a path, a user or a space)');
    if (isIP(entry.replace(/^\[|\]$/g, '')) !== 0 || entry.startsWith('['))
        refuse('an IP address; the fence lets the agent reach names only, never an address');
    const colon = entry.lastIndexOf(':');
    const name = colon === -1 ? entry : entry.slice(0, colon);
    let port = DEFAULT_PORT;
    if (colon !== -1) {
        const given = entry.slice(colon + 1);
        port = /^\d{1,5}$/.test(given) ? Number(given) : NaN;
        if (!(port >= 1 && port <= 65535))
            refuse(`the port ${JSON.stringify(given)} is not 1-65535`);
    }
    const pattern = name.toLowerCase().replace(/\.$/, '');
    const bare = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
    if (isIP(bare) !== 0 || /^[\d.]+$/.test(bare))
        refuse('an IP address; the fence lets the agent reach names only, never an address');
    const labels = bare.split('.');
    if (bare.length > 253 || labels.some(l => !LABEL.test(l)))
        refuse('not a DNS name (letters, digits and hyphens, in dot-separated labels)');
    if (pattern.startsWith('*.') && labels.length < 2)
        refuse('a wildcard over a top-level domain; name the domain (`*.example.com`)');
    return { pattern, port };
}
/** Whether a name asked for (any case, a trailing dot) on a port is one the list allows. */
function allows(hosts, name, port) {
    const asked = name.toLowerCase().replace(/\.$/, '');
    return hosts.some(h => h.port !== port
        ? false
        : h.pattern.startsWith('*.')
            ? asked.endsWith(h.pattern.slice(1)) && asked.length > h.pattern.length - 1
            : asked === h.pattern);
}
/** The list as the summary and the docs write it. */
function hostsText(hosts) {
    return hosts
        .map(h => (h.port === DEFAULT_PORT ? h.pattern : `${h.pattern}:${h.port}`))
        .join(', ');
}
/**
 * `HERMES_ACTION_RESOLVE` (`name=address[,address] …`, space-separated): names the workflow pins to
 * addresses, like curl's `--resolve`, for a mirror or a stand-in on this machine. The proxy takes
 * them as given, loopback and private ranges included: only the workflow sets the action's
 * environment, and only names `allowed-hosts` lists are ever looked up.
 */
function pinnedOf(raw) {
    const pinned = new Map();
    for (const entry of (raw ?? '').split(/\s+/).filter(Boolean)) {
        const at = entry.indexOf('=');
        const name = at > 0 ? entry.slice(0, at).toLowerCase().replace(/\.$/, '') : '';
        const list = at > 0
            ? entry
                .slice(at + 1)
                .split(',')
                .filter(Boolean)
            : [];
        if (!name || list.length === 0 || list.some(a => isIP(a) === 0))
            throw new InputError(`HERMES_ACTION_RESOLVE has ${JSON.stringify(entry)}; each entry is name=address[,address], the addresses IPv4 or IPv6.`);
        pinned.set(name, list);
    }
    return pinned;
}

;// CONCATENATED MODULE: ./src/config/gateway.ts
/**
 * The model gateway's inputs (`model-proxy`, `max-tokens`, `max-cost-usd`, `max-model-calls`) and
 * Hermes' own limits passed on (`max-turns`, `run-budget`), as settings.
 */

/** The input names this file reads, spelled as in action.yml (the Input enum includes them). */
const GatewayInput = {
    ModelProxy: 'model-proxy',
    MaxTokens: 'max-tokens',
    MaxCostUsd: 'max-cost-usd',
    MaxModelCalls: 'max-model-calls',
    MaxTurns: 'max-turns',
    RunBudget: 'run-budget',
    ModelPrices: 'model-prices'
};
const MODES = (/* unused pure expression or super */ null && (['auto', 'off']));
function parseGateway(getInput) {
    const { text, number } = reader(getInput);
    const mode = text(GatewayInput.ModelProxy) ?? 'auto';
    if (!MODES.includes(mode))
        throw new InputError(`Input "${GatewayInput.ModelProxy}" is ${JSON.stringify(mode)}; allowed: auto or off.`);
    // 0 stands for "not given": a limit of 0 would stop the turn before its first call.
    const given = (name, integer) => number(name, 0, { integer, min: integer ? 1 : 0 }) || undefined;
    const maxCostUsd = text(GatewayInput.MaxCostUsd)
        ? number(GatewayInput.MaxCostUsd, 0, { integer: false, min: 0 })
        : undefined;
    const budgets = {
        ...optional('maxTokens', given(GatewayInput.MaxTokens, true)),
        ...optional('maxCostUsd', maxCostUsd),
        ...optional('maxModelCalls', given(GatewayInput.MaxModelCalls, true))
    };
    return {
        modelProxy: mode,
        budgets,
        prices: parsePrices(text(GatewayInput.ModelPrices)),
        ...optional('maxTurns', given(GatewayInput.MaxTurns, true)),
        ...optional('runBudgetSeconds', given(GatewayInput.RunBudget, false))
    };
}
function optional(key, value) {
    return value === undefined ? {} : { [key]: value };
}
/**
 * `model-prices`: a JSON object of model name to `{"input": …, "output": …}`, USD per million tokens,
 * as the provider's price list gives them. Anything else is refused, naming what is wrong.
 */
function parsePrices(raw) {
    if (raw === undefined)
        return {};
    const bad = (why) => new InputError(`Input "${GatewayInput.ModelPrices}" is ${JSON.stringify(raw.length > 200 ? `${raw.slice(0, 199)}…` : raw)}, which ${why}; give a JSON object such as {"nousresearch/hermes-4-70b": {"input": 0.13, "output": 0.40}} (USD per million tokens).`);
    let parsed;
    try {
        parsed = JSON.parse(raw);
    }
    catch {
        throw bad('is not JSON');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw bad('is not a JSON object');
    const prices = {};
    for (const [model, price] of Object.entries(parsed)) {
        const p = price;
        const ok = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
        if (typeof p !== 'object' || p === null || !ok(p.input) || !ok(p.output))
            throw bad(`gives ${JSON.stringify(model)} no "input" and "output" price of 0 or more`);
        prices[model] = { input: p.input, output: p.output };
    }
    return Object.freeze(prices);
}

;// CONCATENATED MODULE: ./src/config/pin.ts
/**
 * The Hermes release the action installs by default, in one place: its tag, the commit the tag
 * pointed to, and the SHA-256 of `scripts/install.sh` at that commit. `.github/workflows/pin-hermes.yml`
 * (`scripts/pin-hermes.mjs`) rewrites these three lines, one value each, where GitHub is reachable;
 * the release workflow refuses to publish while `installerSha256` is empty.
 */
const pin_PIN = {
    tag: 'v0.23.4',
    commit: '',
    installerSha256: ''
};

;// CONCATENATED MODULE: ./src/config/install.ts
/**
 * The install inputs (`install`, `hermes-version`, `installer-url`, `installer-sha256`,
 * `install-browser`, `install-timeout-minutes`) as settings, and the pinned defaults.
 */



/**
 * The Hermes release the action installs by default, pinned in src/config/pin.ts. Its installer's
 * flags, layout and variables are in docs/INSTALL.md.
 */
const PINNED_HERMES_VERSION = pin_PIN.tag;
/**
 * The SHA-256 of `scripts/install.sh` at PINNED_HERMES_VERSION, once the pin workflow recorded it
 * from the tag's exact bytes (docs/INSTALL.md, "The pin"). Until then the default install is reported
 * as not checksum-verified, and every install logs the hash it ran.
 */
const PINNED_INSTALLER_SHA256 = pin_PIN.installerSha256 || undefined;
/** Upstream's own install script at a ref: the repository's raw file, never the website's latest. */
const upstreamInstallerUrl = (ref) => `https://raw.githubusercontent.com/NousResearch/hermes-agent/${ref}/scripts/install.sh`;
const DEFAULT_INSTALL_TIMEOUT_MINUTES = 15;
/** The input names this file reads, spelled as in action.yml (the Input enum includes them). */
const InstallInput = {
    Install: 'install',
    HermesVersion: 'hermes-version',
    InstallerUrl: 'installer-url',
    InstallerSha256: 'installer-sha256',
    InstallBrowser: 'install-browser',
    InstallTimeoutMinutes: 'install-timeout-minutes'
};
const install_MODES = (/* unused pure expression or super */ null && (['auto', 'true', 'false']));
// A git ref as git accepts it, restricted to what is safe in a cache key, a URL path and a log line.
const REF = /^(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;
function parseInstall(getInput) {
    const raw = (name) => getInput(name).trim();
    const mode = raw(InstallInput.Install) || 'auto';
    if (!install_MODES.includes(mode)) {
        throw new InputError(`Input "${InstallInput.Install}" is ${JSON.stringify(mode)}; allowed: auto, true or false.`);
    }
    const version = raw(InstallInput.HermesVersion) || PINNED_HERMES_VERSION;
    if (!REF.test(version) || version.endsWith('.lock') || version.endsWith('/')) {
        throw new InputError(`Input "${InstallInput.HermesVersion}" is ${JSON.stringify(version)}; give an upstream git ref: a release tag such as ${PINNED_HERMES_VERSION}, a branch, or a full commit SHA.`);
    }
    // A tag can be moved: the pinned release is fetched and installed by the commit it named when pinned.
    const commit = version === PINNED_HERMES_VERSION && /^[0-9a-f]{40}$/.test(PIN.commit) ? PIN.commit : undefined;
    const installerSha256 = parseSha256(raw(InstallInput.InstallerSha256)) ??
        (version === PINNED_HERMES_VERSION ? PINNED_INSTALLER_SHA256 : undefined);
    return {
        mode: mode,
        version,
        installerUrl: parseUrl(raw(InstallInput.InstallerUrl), commit ?? version),
        ...(commit ? { commit, expectedVersion: version } : {}),
        ...(installerSha256 ? { installerSha256 } : {}),
        installBrowser: reader(getInput).bool(InstallInput.InstallBrowser, false),
        timeoutMs: parseTimeout(raw(InstallInput.InstallTimeoutMinutes))
    };
}
function parseSha256(given) {
    if (given === '')
        return undefined;
    if (!/^[0-9a-fA-F]{64}$/.test(given)) {
        throw new InputError(`Input "${InstallInput.InstallerSha256}" is ${JSON.stringify(given)}; give the install script's SHA-256 as 64 hex digits (\`sha256sum install.sh\`).`);
    }
    return given.toLowerCase();
}
function parseTimeout(given) {
    if (given === '')
        return DEFAULT_INSTALL_TIMEOUT_MINUTES * 60_000;
    const minutes = Number(given);
    if (!Number.isFinite(minutes) || minutes <= 0 || minutes > 360) {
        throw new InputError(`Input "${InstallInput.InstallTimeoutMinutes}" is ${JSON.stringify(given)}; give minutes above 0 and at most 360 (decimals allowed), such as ${DEFAULT_INSTALL_TIMEOUT_MINUTES}.`);
    }
    return Math.round(minutes * 60_000);
}
/** HTTPS only: the script runs with the job's rights. Plain HTTP is let through on loopback alone. */
function parseUrl(given, version) {
    if (given === '')
        return upstreamInstallerUrl(version);
    let url;
    try {
        url = new URL(given);
    }
    catch {
        url = new URL('invalid:');
    }
    if (!isSecureUrl(url)) {
        throw new InputError(`Input "${InstallInput.InstallerUrl}" is ${JSON.stringify(given)}; give an https:// URL of the install script (such as ${upstreamInstallerUrl(version)}).`);
    }
    if (url.username || url.password) {
        throw new InputError(`Input "${InstallInput.InstallerUrl}" holds credentials (user:password@); use a URL that needs none.`);
    }
    return url.href;
}
/** A ref whose content cannot change (a release tag or a commit), so an install of it can be cached. */
function isPinnedRef(ref) {
    return /^[0-9a-f]{40}$/.test(ref) || /^v?\d+(\.\d+)+([-+.][0-9A-Za-z.-]+)?$/.test(ref);
}

;// CONCATENATED MODULE: ./src/config/thread.ts
/**
 * `trigger-phrase` and `thread`: which comments start a run (thread/phrase.ts), and whether a run
 * on an issue or pull request continues the Hermes session of the one before (thread/).
 */

const ThreadInput = {
    TriggerPhrase: 'trigger-phrase',
    Thread: 'thread',
    ThreadMaxMb: 'thread-max-mb',
    ThreadKey: 'thread-key'
};
/** The default bound of a thread's saved session store. */
const THREAD_MAX_MB = 50;
/** A phrase is one token: no space in it, a length a comment can carry. */
const PHRASE_CHARS = 50;
/** The phrase, empty for none. */
function parsePhrase(raw) {
    const phrase = raw.trim();
    if (phrase.length > PHRASE_CHARS || /\s/.test(phrase))
        throw new InputError(`Input "${ThreadInput.TriggerPhrase}" is ${JSON.stringify(raw)}; it must be one word of at most ${PHRASE_CHARS} characters, with no space (such as /hermes), or empty for none.`);
    return phrase;
}
function parseThreadMode(raw) {
    const mode = raw.trim() || 'auto';
    if (mode !== 'auto' && mode !== 'off')
        throw new InputError(`Input "${ThreadInput.Thread}" is ${JSON.stringify(raw)}; allowed: auto (a run on an issue or pull request continues its thread's Hermes session) or off.`);
    return mode;
}

;// CONCATENATED MODULE: ./src/config/inputs.ts
/** The action's inputs: their names (one place, spelled as in action.yml), and what reads them. */




/** Input names, spelled exactly as in action.yml. */
const inputs_Input = {
    Query: 'query',
    QueryFile: 'query-file',
    Model: 'model',
    IgnoreUserConfig: 'ignore-user-config',
    IgnoreRules: 'ignore-rules',
    PrRules: 'pr-rules',
    ForkPrs: 'fork-prs',
    Worktree: 'worktree',
    Checkpoints: 'checkpoints',
    PassSessionId: 'pass-session-id',
    Args: 'args',
    HermesPath: 'hermes-path',
    WorkingDirectory: 'working-directory',
    TimeoutMinutes: 'timeout-minutes',
    TempfailRetries: 'tempfail-retries',
    TempfailBackoffSeconds: 'tempfail-backoff-seconds',
    FailOnError: 'fail-on-error',
    Summary: 'summary',
    UploadArtifact: 'upload-artifact',
    ArtifactName: 'artifact-name',
    ArtifactArchive: 'artifact-archive',
    RetentionDays: 'retention-days',
    Redact: 'redact',
    JsonlPath: 'jsonl-path',
    Transcript: 'transcript',
    ApiUrl: 'api-url',
    ApiKey: 'api-key',
    ShowReasoning: 'show-reasoning',
    GithubToken: 'github-token',
    AllowedUsers: 'allowed-users',
    AllowedBots: 'allowed-bots',
    JsonSchema: 'json-schema',
    Isolation: 'isolation',
    SessionRecord: 'session-record',
    Comment: 'comment',
    CommentNumber: 'comment-number',
    CommentKey: 'comment-key',
    Review: 'review',
    AllowedLabels: 'allowed-labels',
    ...InstallInput,
    ...GatewayInput,
    ...EgressInput,
    ...ThreadInput
};


;// CONCATENATED MODULE: ./src/config/paths.ts
/**
 * Where the path inputs (`query-file`, `json-schema`, `transcript`, `jsonl-path`) may point: inside
 * the workspace or the runner's temporary directory, once every link is resolved. A link planted in
 * the repository would otherwise send the action's own environment to a server as the prompt
 * (`/proc/self/environ`), upload a file from anywhere as the transcript, or overwrite one.
 * Outside a runner (no GITHUB_WORKSPACE, no RUNNER_TEMP), the current directory stands for the
 * workspace, as parseSettings takes it, and the system's temporary directory for RUNNER_TEMP, where
 * the default jsonl-path goes.
 */





/** More links than this in a row is a loop: the path is kept as it is, and opening it fails. */
const MAX_LINKS = 40;
/** The directories the path inputs may resolve into, each with its links resolved. */
function allowedRoots(env) {
    return {
        workspace: resolveLinks(env.GITHUB_WORKSPACE || process.cwd()),
        temp: resolveLinks(env.RUNNER_TEMP || os.tmpdir())
    };
}
/**
 * file (the input's value, made absolute) with every link resolved, when that lies in the workspace
 * or RUNNER_TEMP; else an InputError naming the input, the value and where it points.
 */
function paths_confine(input, given, file, env) {
    const real = resolveLinks(file);
    const { workspace, temp } = allowedRoots(env);
    if (within(workspace, real) || within(temp, real))
        return real;
    const points = real === path.resolve(file) ? `is ${real}` : `points to ${real}`;
    throw new InputError(`Input "${input}" is ${JSON.stringify(given)}, which ${points}: outside the workspace (${workspace}) and the runner's temporary directory (${temp}). ` +
        'Give a path inside one of them (a link is followed to where it ends).');
}
/**
 * What of the runner's own the tree holds (RUNNER_TEMP, its home, the action's files, Hermes' home
 * or a file of it that may hold a key), or undefined. Compared by where links lead: a Hermes home,
 * or its `.env`, linked into the workspace is in the tree the agent is handed, and so is a link to
 * a file the workspace does not hold yet (one the agent could make there).
 */
function runnersOwnIn(tree, env) {
    const hermesHome = hermesHomeOf(env);
    const own = [
        ['RUNNER_TEMP', env.RUNNER_TEMP],
        ["the runner user's home", env.HOME ?? os.homedir()],
        ["Hermes' home (HERMES_HOME)", hermesHome],
        // Not skills/: a team's skills may well live in the repository, which the agent reads anyway.
        ...HERMES_KEY_FILES.map((entry) => [
            `Hermes' ${entry} (through a link)`,
            path.join(hermesHome, entry)
        ]),
        ["the action's own files", env.GITHUB_ACTION_PATH],
        ["the action's own files", process.argv[1] && path.dirname(path.resolve(process.argv[1]))]
    ];
    const lent = resolveLinks(tree);
    const held = own
        .filter(([, dir]) => dir && (within(tree, path.resolve(dir)) || within(lent, resolveLinks(dir))))
        .map(([what]) => what);
    return held.length > 0 ? [...new Set(held)].join(', ') : undefined;
}
/**
 * A `working-directory` that holds the runner's own is refused before anything runs, whatever the
 * event: lent to the agent's user it would be the agent's to rewrite (the runner's file commands, its
 * event payload, the action's own files), and run as the runner's user instead the agent would reach
 * all of it anyway. `isolation: none` says the latter is meant. (A workspace that holds them, with
 * the working directory inside it, is the checkout's doing: confine refuses to lend it.)
 */
function refuseLendingRunnersOwn(given, workingDirectory, env) {
    const held = runnersOwnIn(workingDirectory, env);
    if (!held)
        return;
    throw new InputError(`Input "${Input.WorkingDirectory}" is ${JSON.stringify(given)}, and ${workingDirectory} holds ${held}, which Hermes' own user would be lent and could rewrite. ` +
        `Give a folder of the workspace that holds none of them, or set "${Input.Isolation}: none" to run Hermes as the runner's user.`);
}
/**
 * The path with every link resolved, also through a part that does not exist yet (kept as given)
 * and a dangling link (followed to where it would end).
 */
function resolveLinks(file, links = 0) {
    const absolute = external_node_path_.resolve(file);
    try {
        return external_node_fs_.realpathSync(absolute);
    }
    catch {
        // Missing, or a dangling link or loop somewhere: resolved one part at a time below.
    }
    if (isLink(absolute) && links < MAX_LINKS) {
        const target = external_node_path_.resolve(external_node_path_.dirname(absolute), external_node_fs_.readlinkSync(absolute));
        return resolveLinks(target, links + 1);
    }
    const parent = external_node_path_.dirname(absolute);
    if (parent === absolute || links >= MAX_LINKS)
        return absolute;
    return external_node_path_.join(resolveLinks(parent, links), external_node_path_.basename(absolute));
}
/** False also when it cannot be told (a loop in a parent directory). */
function isLink(file) {
    try {
        return external_node_fs_.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    }
    catch {
        return false;
    }
}
function within(root, file) {
    const relative = path.relative(root, file);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
// Absent on Windows, though typed: there, a link is refused by the resolved-path check alone.
const O_NOFOLLOW = external_node_fs_.constants.O_NOFOLLOW ?? 0;
/**
 * Opens the transcript at jsonlPath (its links resolved when the inputs were read) without
 * following a link: one planted since, in its place or in a parent directory, is refused.
 */
function openTranscript(jsonlPath, mode) {
    const dir = external_node_path_.dirname(jsonlPath);
    const real = resolveLinks(dir);
    if (real !== dir)
        throw new Error(`The transcript's directory ${dir} now points to ${real} (a link put there after the inputs were read), so the transcript is not written through it; give "${inputs_Input.JsonlPath}" a directory no one else writes.`);
    const flags = mode === 'write'
        ? external_node_fs_.constants.O_WRONLY | external_node_fs_.constants.O_CREAT | external_node_fs_.constants.O_TRUNC | O_NOFOLLOW
        : external_node_fs_.constants.O_RDONLY | O_NOFOLLOW;
    try {
        return external_node_fs_.openSync(jsonlPath, flags, 0o644);
    }
    catch (error) {
        if (error.code !== 'ELOOP')
            throw error;
        throw new Error(`The transcript ${jsonlPath} is a link (to ${resolveLinks(jsonlPath)}), and the transcript is never written or read through one; remove it, or give "${inputs_Input.JsonlPath}" another path.`);
    }
}
const O_NONBLOCK = external_node_fs_.constants.O_NONBLOCK ?? 0;
/**
 * Reads a file the action itself created (the session export's standard output, opened by the action
 * with O_EXCL) as that file and nothing else: not through a link, never blocking on a FIFO, and only a
 * regular file that still belongs to the action's user. What the agent (whose Hermes writes the
 * export) could put in its place is refused with an error saying so: a link to a file only the
 * action may read (a hard link too), a FIFO that would hang the step, a file of its own. `head` reads
 * only the first bytes; `limit` refuses a file larger than it (its parse would hold it many times).
 */
function paths_readOwnFile(file, { head, limit } = {}) {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    try {
        const stat = fs.fstatSync(fd);
        if (!stat.isFile())
            throw new Error(`${file} is not a regular file`);
        const uid = process.geteuid?.();
        if (uid !== undefined && stat.uid !== uid)
            throw new Error(`${file} belongs to uid ${stat.uid}, not the action's: it was replaced`);
        if (stat.nlink !== 1)
            throw new Error(`${file} has ${stat.nlink} names (a hard link was made to it or from it)`);
        if (head !== undefined) {
            const start = Buffer.alloc(Math.min(head, stat.size));
            return start.subarray(0, fs.readSync(fd, start, 0, start.length, 0)).toString('utf8');
        }
        if (limit !== undefined && stat.size > limit)
            throw new Error(`${file} is ${stat.size} bytes, over the ${limit} read`);
        return fs.readFileSync(fd, 'utf8');
    }
    finally {
        fs.closeSync(fd);
    }
}

;// CONCATENATED MODULE: ./src/turn/session-usage.ts
/**
 * What a session record (`hermes sessions export`, one JSON object per session: the state store's
 * session row and its `messages`) says about cost and usage. Hermes computes the cost; the action
 * only reads it, never prices tokens itself.
 */


/** The row's fields the `usage` output carries, as upstream's `sessions` table names them. */
const USAGE_FIELDS = [
    'actual_cost_usd',
    'estimated_cost_usd',
    'cost_status',
    'cost_source',
    'pricing_version',
    'billing_provider',
    'billing_mode',
    'input_tokens',
    'output_tokens',
    'cache_read_tokens',
    'cache_write_tokens',
    'reasoning_tokens',
    'api_call_count',
    'tool_call_count',
    'message_count',
    'end_reason'
];
/** The usage of a session row (an object parsed from one line of the export). */
function usageOf(row) {
    const fields = {};
    for (const name of USAGE_FIELDS) {
        const value = row[name];
        if (value === null || typeof value === 'string' || isAmount(value))
            fields[name] = value;
    }
    const usage = { fields };
    const actual = fields.actual_cost_usd;
    const estimate = fields.estimated_cost_usd;
    // An estimate Hermes itself marks unknown is no estimate (it stores 0 for "no price").
    if (isAmount(actual))
        usage.costUsd = actual;
    else if (isAmount(estimate) && fields.cost_status !== 'unknown') {
        usage.costUsd = estimate;
        usage.costEstimated = true;
    }
    if (usage.costUsd !== undefined)
        usage.costEstimated ??= false;
    if (isAmount(fields.api_call_count))
        usage.apiCalls = fields.api_call_count;
    return usage;
}
/** The largest session record read (every line is parsed whole): past it, a note, and no cost. */
const session_usage_RECORD_LIMIT = (/* unused pure expression or super */ null && (64 * 1024 * 1024));
/**
 * The record of sessionId in an export's text: the first line whose object has that `id` (or, for
 * an export of one session, its only object). Throws an error saying what is wrong otherwise.
 */
function parseSessionRecord(text, sessionId) {
    const rows = [];
    for (const [i, line] of text.split('\n').entries()) {
        if (line.trim() === '')
            continue;
        const { ok, value } = json_parseJson(line);
        if (!ok)
            throw new Error(`line ${i + 1} of the session record is not JSON`);
        if (typeof value !== 'object' || value === null || Array.isArray(value))
            throw new Error(`line ${i + 1} of the session record is not a JSON object`);
        rows.push(value);
    }
    if (rows.length === 0)
        throw new Error('the session record is empty');
    const row = rows.find(r => r.id === sessionId) ?? (rows.length === 1 ? rows[0] : undefined);
    if (!row)
        throw new Error(`the session record holds no session ${JSON.stringify(sessionId)}`);
    return usageOf(row);
}
/**
 * The usage with its strings (billing provider, end reason…) redacted: the record is the agent's
 * session, and a string in it can carry what the agent read.
 */
function redactedUsage(usage, redact) {
    return { ...usage, fields: redact_redactStrings(usage.fields, redact) };
}
function isAmount(value) {
    return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
/** `$0.0123`, `≈ $0.0123` for an estimate; `$<0.0001` for a cost too small to show. */
function session_usage_formatCost(usd, estimated = false) {
    const text = usd > 0 && usd < 0.00005 ? '$<0.0001' : `$${usd.toFixed(4)}`;
    return estimated ? `≈ ${text}` : text;
}

;// CONCATENATED MODULE: ./src/publish/session-artifact.ts
/**
 * The session record's upload: the second artifact, `<transcript artifact>-session.jsonl`, the bare
 * file, redacted inside its JSON strings so that it stays the record Hermes wrote, secrets aside.
 */







/** What a session artifact's name ends with: the report sub-action tells it from a transcript so. */
const SESSION_SUFFIX = '-session.jsonl';
// A JSON string literal, escapes included.
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
/**
 * One exported line, redacted inside its string values (and a number holding a secret becomes the
 * masked string): bytes outside them stay as they were.
 * A value whose raw form, masked, would no longer be a JSON string (a secret ending in `\`) is
 * decoded, masked and encoded again instead.
 */
function redactRecordLine(line, redact) {
    // A \u escape can spell a secret the raw text does not show: such a string is judged decoded.
    const escaped = line.includes('\\u');
    if (!escaped && redact(line) === line)
        return line;
    return redactJsonNumbers(line, redact).replace(JSON_STRING, literal => {
        const inner = literal.slice(1, -1);
        if (inner.includes('\\u')) {
            const decoded = JSON.parse(literal);
            const masked = redact(decoded);
            return masked === decoded ? literal : JSON.stringify(masked);
        }
        const clean = redact(inner);
        if (clean === inner)
            return literal;
        const masked = `"${clean}"`;
        try {
            JSON.parse(masked);
            return masked;
        }
        catch {
            return JSON.stringify(redact(JSON.parse(literal)));
        }
    });
}
function redactRecord(text, redact) {
    return text
        .split('\n')
        .map(line => redactRecordLine(line, redact))
        .join('\n');
}
/** `<name>.jsonl` → `<name>-session.jsonl`. */
function sessionArtifactName(transcriptArtifact) {
    return transcriptArtifact.replace(/\.jsonl$/, '') + SESSION_SUFFIX;
}
async function uploadSessionRecord(request, limits = UPLOAD_LIMITS) {
    const { env } = request;
    const name = sessionArtifactName(request.transcriptArtifact);
    let text;
    try {
        // Read as the action's own file: the export that wrote it ran as the agent (config/paths.ts).
        text = readOwnFile(request.recordPath, { limit: RECORD_LIMIT });
    }
    catch (error) {
        return { uploaded: false, reason: `the record cannot be read: ${errorMessage(error)}` };
    }
    const staging = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-session-'));
    const file = path.join(staging, name);
    fs.writeFileSync(file, request.redact ? redactRecord(text, request.redact) : text);
    // The transcript's deadline: its budget, cut short by the runner's SIGTERM on a cancelled job.
    const giveUp = deadline(uploadBudgetMs(Buffer.byteLength(text), env, limits), limits, request.cancel);
    const expired = giveUp.expired.then((reason) => ({
        uploaded: false,
        reason,
        abandoned: true
    }));
    const upload = async () => {
        const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 584).then(__webpack_require__.bind(__webpack_require__, 20584));
        const { id } = await new DefaultArtifactClient().uploadArtifact(name, [file], staging, {
            retentionDays: request.retentionDays,
            skipArchive: true
        });
        if (id === undefined)
            return { uploaded: false, reason: 'the artifact service returned no id' };
        return { uploaded: true, name, id, url: artifactUrl(id, env) };
    };
    try {
        const result = await Promise.race([upload(), expired]);
        if (!result.uploaded && result.abandoned)
            return result;
        fs.rmSync(staging, { recursive: true, force: true });
        return result;
    }
    catch (error) {
        fs.rmSync(staging, { recursive: true, force: true });
        return { uploaded: false, reason: `the upload failed: ${errorMessage(error)}` };
    }
    finally {
        giveUp.clear();
    }
}

;// CONCATENATED MODULE: ./src/http/retry.ts
/**
 * The one retry loop: every retry of the action (exit 75, the gate's REST call, downloads, comments)
 * waits with a doubling, jittered backoff and stops waiting at once when its signal aborts.
 */
/** Runs once(n) for n = 1, 2, … until a try is final, the tries run out, or the signal aborts. */
async function retry_retry(once, policy) {
    const sleep = policy.sleep ?? abortableSleep;
    for (let n = 1;; n++) {
        const tried = await once(n);
        if (tried.retry === undefined || n >= policy.tries || policy.signal?.aborted)
            return tried.value;
        const waitMs = tried.now
            ? 0
            : Math.round(policy.backoffMs * 2 ** (n - 1) * (1 + Math.random() * (policy.jitter ?? 0)));
        policy.onRetry?.(tried.retry, n + 1, waitMs);
        if (waitMs > 0)
            await sleep(waitMs, policy.signal);
        if (policy.signal?.aborted)
            return tried.value;
    }
}
/** setTimeout as a promise that resolves early, not rejects, when signal aborts. */
function abortableSleep(ms, signal) {
    return new Promise(resolve => {
        if (signal?.aborted)
            return resolve();
        const done = () => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
    });
}

;// CONCATENATED MODULE: ./src/turn/lines.ts
/** Bytes → lines: a stream cut into lines as it arrives, one line (capped) held at a time. */


/** Longest line kept for decoding; upstream caps tool output at 5000 characters, so real lines are far shorter. */
const MAX_LINE_BYTES = 16 * 1024 * 1024;
/** How much is read at a time, into one buffer allocated once (the follower copies what it keeps). */
const READ_BYTES = 1 << 20;
const NEWLINE = 0x0a;
/** The largest piece of a chunk viewed as one string by the text-delta fast path (see emitLines). */
const VIEW_BYTES = 16 * 1024;
/**
 * Splits a byte stream into lines without holding more than one line (capped) in memory.
 * Lines longer than maxLineBytes are reported by length and not decoded.
 *
 * The whole lines of a chunk are checked for valid UTF-8 in one go (a newline byte never sits
 * inside a multi-byte character, so the span between two newlines is whole UTF-8), found in a latin1
 * view of it, and decoded one by one; the line that straddles chunks and spans that are not valid
 * UTF-8 are checked line by line.
 */
class LineSplitter {
    onLine;
    onOversized;
    maxLineBytes;
    onTextDelta;
    pending = [];
    pendingBytes = 0;
    overflow = false;
    lineNo = 0;
    /**
     * onLine gets each line's text (without its newline), and whether its bytes were valid UTF-8.
     * With onTextDelta, a line that is a text delta in upstream's exact shape is not decoded as a
     * whole: onTextDelta gets the delta's text alone (see textDeltaIn). Lines that straddle chunks
     * still go to onLine.
     */
    constructor(onLine, onOversized, maxLineBytes = MAX_LINE_BYTES, onTextDelta) {
        this.onLine = onLine;
        this.onOversized = onOversized;
        this.maxLineBytes = maxLineBytes;
        this.onTextDelta = onTextDelta;
    }
    get lines() {
        return this.lineNo;
    }
    /** Bytes received after the last newline (a line cut short when the stream ends). */
    get partialBytes() {
        return this.pendingBytes;
    }
    push(chunk) {
        const first = chunk.indexOf(NEWLINE);
        if (first === -1) {
            this.hold(chunk);
            return;
        }
        let start = 0;
        if (this.pendingBytes > 0 || this.overflow) {
            this.hold(chunk.subarray(0, first));
            this.emit();
            start = first + 1;
        }
        const last = chunk.lastIndexOf(NEWLINE);
        if (start <= last) {
            const span = chunk.subarray(start, last);
            if ((0,external_node_buffer_.isUtf8)(span))
                this.emitLines(chunk, start, last);
            else
                this.emitBytes(span);
        }
        if (last + 1 < chunk.length)
            this.hold(chunk.subarray(last + 1));
    }
    /** Ends the stream: a last line without a newline is still a line. Returns whether there was one. */
    end() {
        if (this.pendingBytes === 0 && !this.overflow)
            return false;
        this.emit();
        return true;
    }
    /**
     * Whole lines of valid UTF-8 in bytes[from..to) (to is a newline), decoded one at a time; with
     * onTextDelta, a text delta in upstream's shape gives just its text.
     */
    emitLines(bytes, from, to) {
        // In pieces of whole lines, each small enough to be an ordinary young string (a string of
        // about 1 MB or more becomes an external one, kept out of the heap, and RSS grows with them).
        // The piece being read survives every young-generation GC, and V8 grows the young generation
        // with what survives: at 64 KiB it doubled over a 300 MB transcript, at 16 KiB it does not.
        for (;;) {
            let cut = to;
            if (to - from > VIEW_BYTES) {
                cut = bytes.lastIndexOf(NEWLINE, from + VIEW_BYTES);
                if (cut < from)
                    cut = bytes.indexOf(NEWLINE, from + VIEW_BYTES);
            }
            this.emitView(bytes, from, cut);
            if (cut === to)
                return;
            from = cut + 1;
        }
    }
    /** emitLines on one piece: bytes[from..to) as a string of one character per byte. */
    emitView(bytes, from, to) {
        // Offsets in the view are offsets in the bytes: lines are found and matched in it, and an
        // ASCII delta's text is sliced from it. The rest is decoded as UTF-8 from the bytes.
        const view = bytes.toString('latin1', from, to);
        const onTextDelta = this.onTextDelta;
        let start = 0;
        for (;;) {
            const nl = view.indexOf('\n', start);
            const end = nl === -1 ? view.length : nl;
            this.lineNo += 1;
            if (end - start > this.maxLineBytes)
                this.onOversized(this.lineNo, end - start);
            else {
                const delta = onTextDelta && textDeltaIn(view, start, end, bytes, from);
                if (onTextDelta && delta !== undefined)
                    onTextDelta(delta, this.lineNo);
                else
                    this.onLine(bytes.toString('utf8', from + start, from + end), this.lineNo, true);
            }
            if (nl === -1)
                return;
            start = nl + 1;
        }
    }
    /** Whole lines, one at a time, each checked for valid UTF-8 on its own. */
    emitBytes(bytes) {
        let from = 0;
        for (;;) {
            const nl = bytes.indexOf(NEWLINE, from);
            const line = bytes.subarray(from, nl === -1 ? bytes.length : nl);
            this.lineNo += 1;
            if (line.length > this.maxLineBytes)
                this.onOversized(this.lineNo, line.length);
            else
                this.onLine(line.toString('utf8'), this.lineNo, (0,external_node_buffer_.isUtf8)(line));
            if (nl === -1)
                return;
            from = nl + 1;
        }
    }
    hold(part) {
        if (part.length === 0)
            return;
        this.pendingBytes += part.length;
        if (this.overflow)
            return;
        if (this.pendingBytes > this.maxLineBytes) {
            this.overflow = true;
            this.pending = [];
            return;
        }
        // Copy: the caller may reuse its chunk buffer.
        this.pending.push(Buffer.from(part));
    }
    emit() {
        this.lineNo += 1;
        if (this.overflow) {
            this.onOversized(this.lineNo, this.pendingBytes);
        }
        else {
            const [first] = this.pending;
            const line = first !== undefined && this.pending.length === 1
                ? first
                : Buffer.concat(this.pending, this.pendingBytes);
            this.onLine(line.toString('utf8'), this.lineNo, (0,external_node_buffer_.isUtf8)(line));
        }
        this.pending = [];
        this.pendingBytes = 0;
        this.overflow = false;
    }
}

;// CONCATENATED MODULE: ./src/turn/recent-calls.ts
/**
 * The most recent tool calls, in memory set aside up front: their previews are copied into fixed
 * slots, so that a run's 100,000 calls leave nothing behind for the garbage collector to keep (V8
 * grows its young generation with every byte that survives a collection, and RSS grows with it).
 */
class RecentCalls {
    capacity;
    count = 0;
    index;
    duration;
    line;
    isError;
    names;
    input;
    output;
    /**
     * capacity: how many calls are held (0: none, and nothing set aside). inputChars, outputChars:
     * the longest preview and output a call keeps (its cut mark included).
     */
    constructor(capacity, inputChars, outputChars) {
        this.capacity = capacity;
        this.index = new Float64Array(capacity);
        this.duration = new Float64Array(capacity);
        this.line = new Float64Array(capacity);
        this.isError = new Uint8Array(capacity);
        this.names = new Array(capacity);
        // UTF-8 takes at most 3 bytes per UTF-16 unit.
        this.input = new Slots(capacity, (inputChars + 1) * 3);
        this.output = new Slots(capacity, (outputChars + 1) * 3);
    }
    add(call) {
        if (this.capacity === 0)
            return;
        const slot = this.count % this.capacity;
        this.count += 1;
        this.index[slot] = call.index;
        this.duration[slot] = call.durationMs ?? Number.NaN;
        this.line[slot] = call.line;
        // Two flags in one byte: failed (1), output cut by the stream (2).
        this.isError[slot] = (call.isError ? 1 : 0) | (call.cut ? 2 : 0);
        this.names[slot] = call.name;
        this.input.set(slot, call.inputPreview);
        this.output.set(slot, call.output);
    }
    /** The calls held, oldest first. */
    toArray() {
        const held = Math.min(this.count, this.capacity);
        const calls = [];
        for (let i = this.count - held; i < this.count; i++)
            calls.push(this.read(i % this.capacity));
        return calls;
    }
    /** The call in a slot add() wrote. */
    read(slot) {
        const index = this.index[slot];
        const duration = this.duration[slot];
        const line = this.line[slot];
        const flags = this.isError[slot];
        const name = this.names[slot];
        if (index === undefined ||
            duration === undefined ||
            line === undefined ||
            flags === undefined ||
            name === undefined)
            throw new Error(`Internal error: tool-call slot ${slot} was never written`);
        return {
            index,
            name,
            // The slots hold copies of what add() was given: redacted text.
            inputPreview: this.input.get(slot),
            durationMs: Number.isNaN(duration) ? undefined : duration,
            isError: (flags & 1) === 1,
            output: this.output.get(slot),
            line,
            ...((flags & 2) === 2 && { cut: true })
        };
    }
}
/** Fixed-size byte slots holding short strings as UTF-8. */
class Slots {
    size;
    bytes;
    lengths;
    constructor(count, size) {
        this.size = size;
        this.bytes = Buffer.alloc(count * size);
        this.lengths = new Uint32Array(count);
    }
    set(slot, text) {
        // write() stores whole characters only; the slots are sized for the longest text kept.
        this.lengths[slot] =
            text === '' ? 0 : this.bytes.write(text, slot * this.size, this.size, 'utf8');
    }
    get(slot) {
        const length = this.lengths[slot];
        if (length === undefined)
            throw new Error(`Internal error: slot ${slot} is past the last`);
        const start = slot * this.size;
        return this.bytes.toString('utf8', start, start + length);
    }
}

;// CONCATENATED MODULE: ./src/turn/streamed-text.ts

/** How much reasoning text a turn keeps (the summary shows less). */
const MAX_REASONING_CHARS = 64 * 1024;
/** How much of the answer so far a turn keeps (its start). */
const MAX_ANSWER_SO_FAR_CHARS = 64 * 1024;
/**
 * How much more is held than kept: redacted whole, then cut, so that the cut never leaves a piece of
 * a secret (one that starts under the kept length and is shorter than this).
 */
const MARGIN_CHARS = 8 * 1024;
class Held {
    kept;
    text = '';
    deltas = 0;
    chars = 0;
    constructor(kept) {
        this.kept = kept;
    }
    /** Adds a delta; `gap` goes before it when the text so far is not empty (and still held). */
    add(delta, gap = '') {
        this.deltas += 1;
        this.chars += delta.length;
        const room = this.kept + MARGIN_CHARS - this.text.length;
        if (room <= 0)
            return;
        const joined = this.text !== '' && gap !== '' ? gap : '';
        this.text += joined + own(delta.slice(0, Math.max(0, room - joined.length)));
    }
    keep(redact) {
        if (this.deltas === 0)
            return undefined;
        return {
            deltas: this.deltas,
            chars: this.chars,
            text: slice(redact(this.text), this.kept)
        };
    }
}
class StreamedText {
    reasoningHeld = new Held(MAX_REASONING_CHARS);
    answerHeld = new Held(MAX_ANSWER_SO_FAR_CHARS);
    /** The event number of the last reasoning event, to tell a new burst of reasoning. */
    lastReasoning = -1;
    /** A text delta: part of the answer so far. */
    text(delta) {
        this.answerHeld.add(delta);
    }
    /** A reasoning delta, event number `event`: a burst that others interrupted starts a paragraph. */
    reasoning(delta, event) {
        const burst = this.lastReasoning !== event - 1;
        this.lastReasoning = event;
        const held = this.reasoningHeld;
        this.reasoningHeld.add(delta, burst ? (held.text.endsWith('\n') ? '\n' : '\n\n') : '');
    }
    /** A tool call: the model call that streamed the text so far ended; the next starts anew. */
    tool() {
        if (this.answerHeld.deltas > 0)
            this.answerHeld = new Held(MAX_ANSWER_SO_FAR_CHARS);
    }
    finish(redact) {
        const reasoning = this.reasoningHeld.keep(redact);
        const answerSoFar = this.answerHeld.keep(redact);
        return { ...(reasoning && { reasoning }), ...(answerSoFar && { answerSoFar }) };
    }
}

;// CONCATENATED MODULE: ./src/turn/turn.ts
/** Folds decoded lines into a Turn: init, paired tool calls, per-tool totals, result, anomalies. */





const MAX_RECENT_CALLS = 2000;

const MAX_ISSUES = 200;
const MAX_PENDING = 10_000;
const MAX_TOOL_NAMES = 500;
const OTHER_TOOLS = '(other tools)';
const MAX_UNKNOWN_TYPES = 50;
const INPUT_PREVIEW_CHARS = 160;
const OUTPUT_CHARS = 600;
/** How much of a non-JSON stdout line the verdict quotes ("Hermes isn't configured yet…"). */
const STDOUT_TEXT_CHARS = 300;
class TurnBuilder {
    redact;
    recent;
    /** redact: applied to every string the turn keeps, before anything is cut. */
    constructor(redact = TOKENS_ONLY, options = {}) {
        this.redact = redact;
        const kept = options.recentCalls ?? MAX_RECENT_CALLS;
        if (!Number.isSafeInteger(kept) || kept < 0)
            throw new RangeError(`recentCalls must be a whole number, 0 or more; got ${kept}`);
        this.recent = new RecentCalls(kept, INPUT_PREVIEW_CHARS, OUTPUT_CHARS);
    }
    turn = {
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
    stats = new Map();
    unknownTypes = new Map();
    // Replaced, not emptied, each time no call is pending (see take()).
    pendingByName = new Map();
    pendingById = new Map();
    pendingCount = 0;
    /** The reasoning and the answer so far as streamed, redacted whole by finish(). */
    streamed = new StreamedText();
    /** Adds a line that was a text delta (as decoded by the fast path: nothing odd about it). */
    addText(text, line) {
        const turn = this.turn;
        if (line > turn.lines)
            turn.lines = line;
        turn.events += 1;
        if (turn.result)
            turn.eventsAfterResult += 1;
        turn.textDeltas += 1;
        turn.textChars += text.length;
        this.streamed.text(text);
    }
    /**
     * Adds one decoded line; returns the tool call it completed, if any. inputPreview: a tool_use's
     * previewInput(input, redact), when the caller has already made it (for the log).
     */
    add(decoded, line, inputPreview) {
        const turn = this.turn;
        turn.lines = Math.max(turn.lines, line);
        for (const issue of decoded.issues)
            this.issue(issue);
        if (decoded.blank)
            turn.blankLines += 1;
        if (decoded.notJson !== undefined && turn.stdoutText === undefined)
            turn.stdoutText = own(text_oneLine(redactHead(this.redact, decoded.notJson), STDOUT_TEXT_CHARS));
        if (decoded.unknownType !== undefined) {
            // A Map: type names come from the stream, and "__proto__" must stay a name.
            const name = this.kept(decoded.unknownType);
            const known = this.unknownTypes.has(name) || this.unknownTypes.size < MAX_UNKNOWN_TYPES;
            const type = known ? name : '(other types)';
            this.unknownTypes.set(type, (this.unknownTypes.get(type) ?? 0) + 1);
        }
        const event = decoded.event;
        if (!event)
            return undefined;
        turn.events += 1;
        if (turn.result)
            turn.eventsAfterResult += 1;
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
                turn.result = { ...event, line };
                // Only the fields the event has: a result without an error has no `error` key.
                if (event.session_id !== undefined)
                    turn.result.session_id = this.kept(event.session_id);
                if (event.text !== undefined)
                    turn.result.text = this.redact(event.text);
                if (event.error !== undefined)
                    turn.result.error = this.kept(event.error);
                turn.answer = event.text;
                turn.sessionId = turn.result.session_id ?? turn.sessionId;
                return undefined;
        }
    }
    /** Records a problem found outside decoding (e.g. a line too long to decode). */
    issue(issue) {
        const turn = this.turn;
        turn.issueCount += 1;
        if (issue.skipped)
            turn.skippedLines += 1;
        if (turn.issues.length < MAX_ISSUES)
            turn.issues.push({ ...issue, problem: this.kept(issue.problem) });
    }
    /** A string from the stream as the turn keeps it: redacted, in memory of its own. */
    kept(text) {
        return (text === undefined ? undefined : own(this.redact(text)));
    }
    /** The turn so far; calls still pending are listed as unfinished. */
    finish() {
        const unfinished = [];
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
    startCall(event, inputPreview) {
        if (this.pendingCount >= MAX_PENDING)
            return;
        const pending = {
            name: event.name,
            id: event.tool_call_id,
            inputPreview: own(inputPreview ?? previewInput(event.input, this.redact))
        };
        const queue = this.pendingByName.get(event.name);
        if (queue)
            queue.push(pending);
        else
            this.pendingByName.set(event.name, [pending]);
        if (pending.id !== undefined)
            this.pendingById.set(pending.id, pending);
        this.pendingCount += 1;
    }
    /** Pairs by tool_call_id when both sides have one, else first-in-first-out per tool name. */
    take(event) {
        let pending = event.tool_call_id !== undefined ? this.pendingById.get(event.tool_call_id) : undefined;
        const queue = this.pendingByName.get(pending?.name ?? event.name);
        if (!queue)
            return pending;
        if (!pending) {
            // FIFO among the uses of this name that carry no id the result could have matched.
            pending = queue.find(p => p.id === undefined || event.tool_call_id === undefined);
            if (!pending)
                return undefined;
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
        if (queue.length === 0)
            this.pendingByName.delete(pending.name);
        if (pending.id !== undefined)
            this.pendingById.delete(pending.id);
        return pending;
    }
    finishCall(event, line) {
        const turn = this.turn;
        const pending = this.take(event);
        if (!pending)
            this.issue({
                line,
                problem: `tool_result for "${event.name}" without a matching tool_use`,
                skipped: false
            });
        turn.toolCalls += 1;
        if (event.is_error)
            turn.toolErrors += 1;
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
        if (event.is_error)
            stats.errors += 1;
        const ms = event.duration_ms ?? 0;
        stats.totalMs += ms;
        stats.maxMs = Math.max(stats.maxMs, ms);
        const call = {
            index: turn.toolCalls,
            name: stats.name === OTHER_TOOLS ? this.kept(event.name) : stats.name,
            inputPreview: pending?.inputPreview ?? NONE,
            durationMs: event.duration_ms,
            isError: event.is_error,
            // Only a failed call's output is shown anywhere.
            // Redacted before it is cut; clipping redacted text leaves it redacted.
            output: (event.is_error
                ? text_clip(redactHead(this.redact, event.output), OUTPUT_CHARS)
                : NONE),
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
function isCut(output) {
    const cut = STREAM_OUTPUT_CAP + 3;
    if (output.length < cut || output.length > cut * 2 || !output.endsWith('...'))
        return false;
    let points = 0;
    for (const _ of output)
        points++;
    return points === cut;
}
// The argument that says most about a call, for tools whose input is one obvious thing.
const TELLING_KEYS = ['command', 'path', 'file_path', 'query', 'pattern', 'url', 'name'];
/** A one-line preview of a tool's input: its telling argument, or compact JSON. */
function previewInput(input, redact = TOKENS_ONLY) {
    if (input === undefined || input === null)
        return NONE;
    let text;
    if (typeof input === 'object' && !Array.isArray(input)) {
        const record = input;
        const key = TELLING_KEYS.find(k => typeof record[k] === 'string');
        text = key && Object.keys(record).length === 1 ? record[key] : safeJson(input);
    }
    else {
        text = typeof input === 'string' ? input : safeJson(input);
    }
    // Redacted before it is cut, so that a cut never leaves a piece of a secret the redactor can't know.
    // A cut of redacted text is still redacted text.
    return text_oneLine(redactHead(redact, text), INPUT_PREVIEW_CHARS);
}
function safeJson(value) {
    try {
        return stringify(value) ?? '';
    }
    catch {
        return String(value);
    }
}

;// CONCATENATED MODULE: ./src/turn/stream-reader.ts
/** Follows Hermes' stdout live: bytes to the transcript verbatim, lines to events, events to the turn and the log. */





const MAX_LOGGED_PROBLEMS = 20;
class StreamReader {
    log;
    builder;
    splitter;
    fd;
    reported = 0;
    /**
     * transcriptPath: where the bytes are written as they arrive; omit when reading an existing
     * transcript. turnOptions: what the turn keeps (see TurnOptions).
     */
    constructor(log, transcriptPath, turnOptions) {
        this.log = log;
        if (transcriptPath)
            this.fd = openTranscript(transcriptPath, 'write');
        this.builder = new TurnBuilder(log.redact, turnOptions);
        this.splitter = new LineSplitter((line, lineNo, validUtf8) => this.line(line, lineNo, validUtf8), (lineNo, size) => {
            const problem = `a line of ${size} bytes, too long to read`;
            this.builder.issue({ line: lineNo, problem, skipped: true });
            this.report(`line ${lineNo}: ${problem}`);
        }, MAX_LINE_BYTES, (delta, lineNo) => this.textDelta(delta, lineNo));
    }
    push(chunk) {
        // Written synchronously, before parsing: whatever happens next, the bytes are on disk.
        if (this.fd !== undefined)
            external_node_fs_.writeSync(this.fd, chunk);
        this.splitter.push(chunk);
    }
    /** Ends the stream: the transcript is closed and a last line without its newline is reported. */
    finish() {
        const partial = this.splitter.partialBytes;
        if (this.splitter.end() && partial > 0) {
            this.builder.issue({
                line: this.splitter.lines,
                problem: `the stream ended in the middle of a line (${partial} bytes without a newline)`,
                skipped: false
            });
        }
        if (this.fd !== undefined) {
            external_node_fs_.closeSync(this.fd);
            this.fd = undefined;
        }
        this.log.flushText();
        return this.builder.finish();
    }
    line(text, lineNo, validUtf8) {
        const decoded = decodeLine(text, lineNo, validUtf8, this.log.redact);
        const event = decoded.event;
        let inputPreview;
        if (event?.type === 'text')
            this.log.textDelta(event.text);
        else if (event?.type === 'reasoning')
            this.log.reasoningDelta(event.text);
        else if (event?.type === 'tool_use') {
            // Made once, redacted, for the log and the turn.
            inputPreview = previewInput(event.input, this.log.redact);
            this.log.toolStart(event.name, inputPreview);
        }
        const call = this.builder.add(decoded, lineNo, inputPreview);
        if (call)
            this.log.toolEnd(call);
        for (const issue of decoded.issues)
            this.report(`line ${issue.line}: ${issue.problem}`);
    }
    textDelta(delta, lineNo) {
        this.builder.addText(delta, lineNo);
        this.log.textDelta(delta);
    }
    /**
     * A problem seen where the transcript came from rather than in its lines (an API server's stream):
     * reported like a line's, at the last line written.
     */
    anomaly(problem) {
        this.builder.issue({ line: this.splitter.lines, problem, skipped: false });
        this.report(problem);
    }
    /** Problems are logged as they come, up to a point: a damaged stream must not flood the log. */
    report(message) {
        this.reported += 1;
        if (this.reported <= MAX_LOGGED_PROBLEMS)
            this.log.note(message);
        if (this.reported === MAX_LOGGED_PROBLEMS)
            this.log.note('(further stream problems are counted in the summary, not logged)');
    }
}
/**
 * One read buffer for every transcript read: it holds bytes only from a read to the push that
 * follows it, synchronously, and the follower copies what it keeps; so reads, even at once, share it
 * (a report reading 256 transcripts allocates 1 MiB once, not 256 times).
 */
let readBuffer;
/** Reads an existing transcript through the same pipeline, as if Hermes had just written it. */
async function followFile(transcriptPath, log, turnOptions) {
    const follower = new StreamReader(log, undefined, turnOptions);
    const fd = external_node_fs_.openSync(transcriptPath, 'r');
    const buffer = (readBuffer ??= Buffer.allocUnsafe(READ_BYTES));
    try {
        for (;;) {
            const n = external_node_fs_.readSync(fd, buffer, 0, buffer.length, null);
            if (n <= 0)
                break;
            follower.push(buffer.subarray(0, n));
            // The event loop turns between reads, so a cancellation is seen while a big transcript is read.
            await new Promise(resolve => setImmediate(resolve));
        }
    }
    finally {
        external_node_fs_.closeSync(fd);
    }
    return follower.finish();
}

;// CONCATENATED MODULE: ./src/report-action/leg.ts



/** A log that keeps nothing: 256 legs' events are counted in their turns, not printed. */
function silentLog(redact) {
    const nothing = () => { };
    return {
        redact,
        note: nothing,
        stderr: nothing,
        textDelta: nothing,
        reasoningDelta: nothing,
        toolStart: nothing,
        toolEnd: nothing,
        flushText: nothing
    };
}
/** Folds one transcript file, as the main action's `transcript` input would. */
async function foldTranscript(file, name, source, redact, attempts = 1) {
    // The report shows counts and per-tool totals, never a leg's single calls: none are kept.
    const turn = await followFile(file, silentLog(redact), { recentCalls: 0 });
    const result = turn.result;
    // The step's own verdict where the transcript ends with it: a budget, a timeout or a schema the
    // stream does not show. Else the fold's, which is what the step said for everything else.
    const decided = await readOutcomeRecord(file);
    const folded = verdict_verdictOf(turn, { kind: 'transcript' });
    const verdict = decided
        ? { outcome: decided.outcome, exitCode: decided.exitCode, message: decided.error }
        : { ...folded, message: result?.error ?? folded.message };
    return {
        name,
        outcome: verdict.outcome,
        exitCode: verdict.exitCode,
        model: turn.model,
        tokens: result?.tokens,
        durationMs: result?.duration_ms,
        toolCalls: turn.toolCalls,
        toolErrors: turn.toolErrors,
        tools: turn.tools,
        // As the main action's `error` output: the result's error, else the verdict's message.
        error: verdict.outcome === 'success' ? '' : redact(verdict.message),
        attempts,
        streamProblems: turn.issueCount,
        source,
        ...(decided && { byAction: true })
    };
}
/** A leg whose transcript could not be fetched: it counts as failed, and says why. */
function unreadableLeg(name, source, why) {
    return {
        name,
        outcome: 'unreadable',
        toolCalls: 0,
        toolErrors: 0,
        tools: [],
        error: why,
        attempts: 0,
        streamProblems: 0,
        source
    };
}

;// CONCATENATED MODULE: ./src/report-action/artifacts.ts
/**
 * The legs of this workflow run: its artifacts listed with @actions/artifact, the transcripts picked
 * by name, downloaded in parallel under a bound (each retried), and folded as they arrive.
 */










/**
 * The main action names every transcript artifact `<name>.jsonl`: the bare file (the default), or a
 * zip holding `<name>.jsonl` and, after retries on exit 75, `<name>.attempt-N.jsonl`.
 */
const TRANSCRIPT_SUFFIX = '.jsonl';
/**
 * Downloads at once (each keeps its place until its transcript is folded, so one is fetched while
 * another is folded). Chosen by measure (docs/REPORT.md, Scale): over 256 artifacts of 3 MB on
 * 2 cores, 2 at a time peaked at about 168 MiB; 4 at 183-196 MiB and 8 at 197-212 MiB, neither
 * faster (the downloads share the cores with the fold); 1 at a time saved 10 MiB but was slower.
 */
const DOWNLOAD_CONCURRENCY = 2;
/**
 * Transcripts folded at once. Folding is CPU on one thread, so more at once would not be faster;
 * it would only keep more turns alive, and V8 grows its young generation (and RSS) with them.
 */
const FOLD_CONCURRENCY = 1;
/** The client retries each request itself; a download that still fails is tried this many times (1 s, then 2 s apart). */
const DOWNLOAD_ATTEMPTS = 3;
const RETRY_WAIT_MS = 1000;
/** Transcripts by name, those matching the pattern (on the name, with or without `.jsonl`), in name order. */
function selectTranscripts(artifacts, pattern) {
    const selection = { transcripts: [], others: [], unmatched: [], sessions: new Map() };
    const sorted = [...artifacts].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    for (const artifact of sorted) {
        const { name } = artifact;
        if (name.endsWith(SESSION_SUFFIX))
            selection.sessions.set(name.slice(0, -SESSION_SUFFIX.length), artifact);
        else if (!name.endsWith(TRANSCRIPT_SUFFIX))
            selection.others.push(name);
        else if ((0,esm/* minimatch */.xF)(name, pattern) || (0,esm/* minimatch */.xF)(legName(name), pattern))
            selection.transcripts.push(artifact);
        else
            selection.unmatched.push(name);
    }
    return selection;
}
/** A leg is named after its artifact, less the `.jsonl` every transcript artifact ends with. */
function legName(artifactName) {
    return artifactName.slice(0, artifactName.length - TRANSCRIPT_SUFFIX.length) || artifactName;
}
/** Why the run's artifacts cannot be listed here, or undefined when they can. */
function unlistable(env) {
    if (env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL)
        return undefined;
    return ('this run’s artifacts can only be listed on a GitHub Actions runner (ACTIONS_RUNTIME_TOKEN and ' +
        'ACTIONS_RESULTS_URL are not set); give "path" to read transcripts from files instead');
}
async function artifactClient() {
    const { DefaultArtifactClient } = await __webpack_require__.e(/* import() */ 584).then(__webpack_require__.bind(__webpack_require__, 20584));
    return new DefaultArtifactClient();
}
async function listArtifacts(client) {
    const { artifacts } = await client.listArtifacts();
    return artifacts.map(({ id, name, size, digest }) => ({ id, name, size, digest }));
}
/** Every transcript downloaded (each into a directory of its own), folded, and removed again. */
async function downloadLegs(client, transcripts, options) {
    const limit = (0,p_limit/* default */.A)(options.concurrency ?? DOWNLOAD_CONCURRENCY);
    const fold = (0,p_limit/* default */.A)(FOLD_CONCURRENCY);
    const root = external_node_fs_.mkdtempSync(external_node_path_.join(options.tempDir, 'hermes-report-'));
    try {
        return await Promise.all(transcripts.map(artifact => 
        // A download keeps its place until its transcript is folded: at most that many on disk.
        limit(async () => {
            const leg = await downloadLeg(client, artifact, root, { ...options, fold });
            const record = options.sessions?.get(leg.name);
            if (record) {
                const usage = await downloadUsage(client, record, root);
                if (usage)
                    leg.usage = redactedUsage(usage, options.redact);
            }
            options.onLeg?.(leg);
            return leg;
        })));
    }
    finally {
        external_node_fs_.rmSync(root, { recursive: true, force: true });
    }
}
async function downloadLeg(client, artifact, root, options) {
    const name = legName(artifact.name);
    const source = {
        kind: 'artifact',
        id: artifact.id,
        url: artifact_artifactUrl(artifact.id, options.env)
    };
    const dir = external_node_path_.join(root, String(artifact.id));
    const failed = (n, why) => ({
        value: unreadableLeg(name, source, `the download failed ${n} times; the last time: ${options.redact(why)}`),
        retry: why
    });
    try {
        return await retry_retry(async (n) => {
            external_node_fs_.rmSync(dir, { recursive: true, force: true });
            external_node_fs_.mkdirSync(dir, { recursive: true });
            try {
                const { digestMismatch } = await client.downloadArtifact(artifact.id, {
                    path: dir,
                    expectedHash: artifact.digest
                });
                if (digestMismatch)
                    return failed(n, 'what was downloaded does not match the digest the artifact was uploaded with');
            }
            catch (error) {
                return failed(n, artifact_errorMessage(error));
            }
            const found = transcriptIn(dir);
            if (!found)
                return {
                    value: unreadableLeg(name, source, `the artifact holds no ${TRANSCRIPT_SUFFIX} file`)
                };
            return {
                value: await options.fold(() => foldTranscript(found.file, name, source, options.redact, found.attempts))
            };
        }, {
            tries: DOWNLOAD_ATTEMPTS,
            backoffMs: RETRY_WAIT_MS,
            sleep: options.sleep
        });
    }
    finally {
        external_node_fs_.rmSync(dir, { recursive: true, force: true });
    }
}
/**
 * A leg's cost and usage from its session record artifact; undefined when it cannot be fetched or
 * read (the leg then shows "–" for its cost, as one without a record does).
 */
async function downloadUsage(client, artifact, root) {
    const dir = external_node_path_.join(root, `session-${artifact.id}`);
    try {
        external_node_fs_.mkdirSync(dir, { recursive: true });
        const { digestMismatch } = await client.downloadArtifact(artifact.id, {
            path: dir,
            expectedHash: artifact.digest
        });
        const file = external_node_fs_.readdirSync(dir).find(f => f.endsWith(TRANSCRIPT_SUFFIX));
        if (digestMismatch || !file)
            return undefined;
        return parseSessionRecord(external_node_fs_.readFileSync(external_node_path_.join(dir, file), 'utf8'));
    }
    catch {
        return undefined;
    }
    finally {
        external_node_fs_.rmSync(dir, { recursive: true, force: true });
    }
}
/**
 * The transcript in a downloaded artifact: the bare file, or in a zip the one `.jsonl` that is not an
 * earlier attempt's. Undefined when there is none (or several, which the main action never uploads).
 */
function transcriptIn(dir) {
    const files = external_node_fs_.readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter(e => e.isFile())
        .map(e => external_node_path_.join(e.parentPath, e.name));
    const bare = only(files);
    if (bare !== undefined)
        return { file: bare, attempts: 1 };
    const jsonl = files.filter(f => f.endsWith(TRANSCRIPT_SUFFIX));
    const last = only(jsonl.filter(f => !EARLIER_ATTEMPT.test(f)));
    if (last === undefined)
        return undefined;
    return { file: last, attempts: jsonl.length };
}
/** The one item of a list that holds exactly one; undefined for none or several. */
function only(list) {
    return list.length === 1 ? list[0] : undefined;
}

// EXTERNAL MODULE: ./node_modules/tinyglobby/dist/index.mjs + 1 modules
var dist = __webpack_require__(73382);
;// CONCATENATED MODULE: ./src/report-action/files.ts
/** `path` mode: the legs are local JSONL files, found by glob (after actions/download-artifact, or anywhere). */







/**
 * A session record beside a transcript: `<name>-session.jsonl` as downloaded from its artifact, or
 * `<name>.session.jsonl` where the main action wrote it.
 */
const SESSION_FILE = /(?:-|\.)session\.jsonl$/;
const sessionFilesOf = (file) => {
    const stem = file.replace(/\.jsonl$/, '');
    return [`${stem}-session.jsonl`, `${stem}.session.jsonl`];
};
/** Files folded at once: folding is CPU on one thread, and each turn alive at once adds to RSS. */
const files_FOLD_CONCURRENCY = 1;
/** The files the patterns match (relative to the workspace; `!` excludes), in name order. */
async function findTranscripts(patterns, workspace) {
    const files = await (0,dist/* glob */.TI)(patterns, {
        cwd: workspace,
        absolute: true,
        onlyFiles: true,
        dot: true
    });
    // Session records are read with their transcripts, not as legs of their own.
    return files.filter(f => !SESSION_FILE.test(f)).sort((a, b) => a.localeCompare(b));
}
/** A file's leg is named by its path, relative to the workspace when it is inside. */
function fileLegName(file, workspace) {
    const relative = external_node_path_.relative(workspace, file);
    return relative.startsWith('..') || external_node_path_.isAbsolute(relative) ? file : relative;
}
async function foldFiles(files, workspace, redact, onLeg) {
    const limit = (0,p_limit/* default */.A)(files_FOLD_CONCURRENCY);
    return Promise.all(files.map(file => limit(async () => {
        const name = fileLegName(file, workspace);
        const source = { kind: 'file', path: file };
        const leg = await foldTranscript(file, name, source, redact).catch((error) => unreadableLeg(name, source, `it cannot be read: ${artifact_errorMessage(error)}`));
        const record = sessionFilesOf(file).find(f => external_node_fs_.existsSync(f));
        if (record) {
            try {
                leg.usage = redactedUsage(parseSessionRecord(external_node_fs_.readFileSync(record, 'utf8')), redact);
            }
            catch {
                // A record that does not parse is a leg without a known cost ("–"), not a failed leg.
            }
        }
        onLeg?.(leg);
        return leg;
    })));
}

;// CONCATENATED MODULE: ./src/config/input-reader.ts
/**
 * The one input reader of both actions (the main action and the `report` sub-action): text, booleans
 * and numbers from an input's raw text, blank meaning the fallback, and one error for a bad value.
 */
/** A bad input value, said as: the input, the value, and what is allowed. */
class input_reader_InputError extends Error {
}
// GitHub Actions' own boolean spelling (YAML 1.2 core schema), as core.getBooleanInput accepts.
const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];
/** Typed reads of one action's inputs, named as that action's action.yml spells them. */
function input_reader_reader(getInput) {
    const text = (name) => getInput(name).trim() || undefined;
    const bool = (name, fallback) => {
        const raw = getInput(name).trim();
        if (raw === '')
            return fallback;
        if (TRUE.includes(raw))
            return true;
        if (FALSE.includes(raw))
            return false;
        throw new input_reader_InputError(`Input "${name}" is ${JSON.stringify(raw)}; allowed: true or false.`);
    };
    const number = (name, fallback, { integer, min }) => {
        const raw = getInput(name).trim();
        if (raw === '')
            return fallback;
        const value = Number(raw);
        const kind = integer ? 'a whole number' : 'a number';
        if (!/^[+]?\d*\.?\d+$/.test(raw) ||
            !Number.isFinite(value) ||
            (integer && !Number.isInteger(value)) ||
            value < min) {
            throw new input_reader_InputError(`Input "${name}" is ${JSON.stringify(raw)}; allowed: ${kind} of at least ${min}.`);
        }
        return value;
    };
    return { text, bool, number };
}

;// CONCATENATED MODULE: ./src/report-action/inputs.ts
/** The report sub-action's inputs (report/action.yml): names in one place, parsed into settings. */




/** Input names, spelled exactly as in report/action.yml. */
const ReportInput = {
    Path: 'path',
    NamePattern: 'name-pattern',
    FailOnError: 'fail-on-error',
    Summary: 'summary'
};
const DEFAULT_NAME_PATTERN = '*';
/** Reads every input once; the first bad value throws a InputError naming it (the main action's reader and error). */
function parseReportSettings({ getInput, env }) {
    const { bool } = input_reader_reader(getInput);
    const paths = getInput(ReportInput.Path)
        .split(/\r?\n/)
        .map(p => p.trim())
        .filter(p => p !== '');
    const namePattern = getInput(ReportInput.NamePattern).trim() || DEFAULT_NAME_PATTERN;
    if (paths.length > 0 && namePattern !== DEFAULT_NAME_PATTERN) {
        throw new input_reader_InputError(`Inputs "${ReportInput.Path}" and "${ReportInput.NamePattern}" are both set; "${ReportInput.NamePattern}" picks ` +
            `artifacts of this run, "${ReportInput.Path}" local files: give one.`);
    }
    if (new esm/* Minimatch */.VR(namePattern).set.length === 0) {
        throw new input_reader_InputError(`Input "${ReportInput.NamePattern}" is ${JSON.stringify(namePattern)}, which matches no name; give a glob such as "review-*".`);
    }
    const workspace = env.GITHUB_WORKSPACE ?? process.cwd();
    return {
        ...(paths.length > 0 && { paths }),
        namePattern,
        failOnError: bool(ReportInput.FailOnError, true),
        summary: bool(ReportInput.Summary, true),
        workspace: external_node_path_.resolve(workspace),
        tempDir: env.RUNNER_TEMP || external_node_os_.tmpdir()
    };
}

;// CONCATENATED MODULE: ./src/report-action/outputs.ts
const ReportOutput = {
    Runs: 'runs',
    Succeeded: 'succeeded',
    Failed: 'failed',
    TokensTotal: 'tokens_total',
    DurationMs: 'duration_ms',
    Outcomes: 'outcomes',
    Report: 'report',
    CostUsd: 'cost_usd'
};
function reportOutputs(totals, reportPath) {
    return new Map([
        [ReportOutput.Runs, String(totals.runs)],
        [ReportOutput.Succeeded, String(totals.succeeded)],
        [ReportOutput.Failed, String(totals.failed)],
        [ReportOutput.TokensTotal, String(totals.tokensTotal)],
        [ReportOutput.DurationMs, String(Math.round(totals.durationMs))],
        [ReportOutput.Outcomes, JSON.stringify(Object.fromEntries(totals.outcomes))],
        [ReportOutput.Report, reportPath],
        // The sum of the costs the legs' session records give; empty, never 0, when none gives one.
        [ReportOutput.CostUsd, totals.costUsd !== undefined ? String(roundUsd(totals.costUsd)) : '']
    ]);
}
/** Sums of binary fractions grow noise digits (0.1 + 0.2): a cost is kept to a billionth of a dollar. */
function roundUsd(usd) {
    return Math.round(usd * 1e9) / 1e9;
}
/** A leg as the report file holds it: snake_case, like the main action's outputs; null when unknown. */
function legRecord(leg) {
    return {
        name: leg.name,
        outcome: leg.outcome,
        // Whose word the outcome is: the step's own record, or the transcript's fold (none: unreadable).
        outcome_from: leg.byAction ? 'action' : leg.outcome === 'unreadable' ? null : 'transcript',
        exit_code: leg.exitCode ?? null,
        model: leg.model ?? null,
        tokens: leg.tokens ?? null,
        duration_ms: leg.durationMs ?? null,
        tool_calls: leg.toolCalls,
        tool_errors: leg.toolErrors,
        error: leg.error,
        attempts: leg.attempts,
        cost_usd: leg.usage?.costUsd ?? null,
        cost_estimated: leg.usage?.costEstimated ?? null,
        usage: leg.usage?.fields ?? null,
        ...(leg.source.kind === 'artifact'
            ? { artifact_id: leg.source.id, artifact_url: leg.source.url }
            : { path: leg.source.path })
    };
}

;// CONCATENATED MODULE: ./src/publish/markdown.ts
/**
 * Escaping for untrusted text in GitHub-flavoured Markdown, one function per context.
 *
 * - Markdown text (`inline`, `cell`, `quoted`, `textBlock`, `cellLines`): backslash escapes (CommonMark
 *   §2.4) turn every ASCII punctuation mark into plain text, so no HTML tag, comment, link, emphasis,
 *   table pipe, autolink, fence or list marker survives.
 * - Raw HTML (`htmlText`, for text inside an HTML block such as a `<summary>` line): entities.
 * - Verbatim (`codeBlock`): a fence longer than any backtick run inside.
 *
 * Every context turns control characters and lone surrogates into U+FFFD. Mentions are not Markdown
 * (GitHub finds them in the rendered text, outside `code`, `pre` and links), so in prose a zero-width
 * space after `@` keeps them from pinging anyone. cmark-gfm also links e-mail addresses whatever the
 * escapes (`me\@x\.org` is still a `mailto:` link), inside our own `<code>` and `<pre>` too: the same
 * zero-width space breaks those. Code contexts add it only there, so that `npm i @types/node` still
 * copies and pastes. Issue references (`#123`, `GH-123`, `owner/repo#123`) are found the same way and
 * notify the issue they name (a "mentioned this" in its timeline): in prose the same space breaks them.
 */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;
// What may follow `@` in a mention (`@user`, `@org/team`) or start an e-mail domain (`.` only before a letter or digit).
const AFTER_AT = String.raw `(?=[A-Za-z0-9_-]|\.[A-Za-z0-9])`;
const MENTION = new RegExp(`@${AFTER_AT}`, 'g');
// An e-mail address as cmark-gfm's autolink extension finds one: a local part right before the `@`.
const EMAIL = new RegExp(`(?<=[A-Za-z0-9.+_-])@${AFTER_AT}`, 'g');
const ZWSP = '\u200b';
// `#123` (also `owner/repo#123`) and `GH-123`, as GitHub finds issue references.
const REFERENCE = /(#|\bGH-)(?=\d)/gi;
// A full issue, pull request or discussion URL in text, which GitHub also turns into a reference.
const ISSUE_URL = /(github\.com\/[^\s/]+\/[^\s/]+\/(?:issues|pull|discussions)\/)(?=\d)/gi;
// C0 (tab, LF, CR aside: they are whitespace), DEL, C1, the bidirectional embeddings, overrides and
// isolates (an override in a link's text would run on over the host shown after it, drawn reversed),
// and halves of surrogate pairs standing alone.
const markdown_CONTROL = 
// eslint-disable-next-line no-control-regex
/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const markdown_NEWLINE = /\r\n?|\n/;
/** Control characters and lone surrogates, made visible and valid (U+FFFD). */
function markdown_visible(text) {
    return text.replace(markdown_CONTROL, '\uFFFD');
}
/**
 * Punctuation escaped, without touching whitespace: the core of every Markdown text context. In prose,
 * mentions and e-mail addresses are broken; in code (where GitHub finds no mention), e-mail addresses.
 */
function escapeLine(text, context) {
    const clean = markdown_visible(text).replace(context === 'prose' ? MENTION : EMAIL, `@${ZWSP}`);
    const inert = context === 'prose'
        ? clean.replace(REFERENCE, `$1${ZWSP}`).replace(ISSUE_URL, `$1${ZWSP}`)
        : clean;
    return inert.replace(PUNCTUATION, '\\$&');
}
/** Text inside a line of our own (a paragraph, a heading, a list item). No newlines survive. */
function markdown_inline(text) {
    return escapeLine(text.replace(/\s+/g, ' '), 'prose');
}
/**
 * The text of a Markdown text node (src/publish/answer.ts): each line escaped as prose, line breaks
 * kept (the writer indents them inside quotes and lists), leading blanks of later lines dropped.
 */
function proseText(text, opensBlock = false) {
    const written = text
        .split(markdown_NEWLINE)
        .map((line, i) => escapeLine(i === 0 ? line : line.trimStart(), 'prose'))
        .join('\n');
    // Blanks that open a block (only an entity writes them: `&#32;`) would indent its first line into
    // code: written as character references, they are the same blanks and no indentation.
    return opensBlock
        ? written.replace(/^[ \t]+/, blanks => blanks.replace(/[ \t]/g, c => `&#x${c.charCodeAt(0).toString(16)};`))
        : written;
}
/** A table cell: inline, and never empty-looking, so the row keeps its shape. */
function markdown_cell(text) {
    const escaped = markdown_inline(text).trim();
    return escaped === '' ? ' ' : escaped;
}
/** A cell (or inline text) shown as code: escaped text inside our own `<code>` (a code span could not hold `|`). */
function markdown_codeCell(text) {
    const escaped = escapeLine(text.replace(/\s+/g, ' '), 'code').trim();
    return escaped === '' ? ' ' : `<code>${escaped}</code>`;
}
/**
 * Multi-line text inside a table cell or another single line, shown as code: lines joined by `<br>`,
 * spaces kept (a `<pre>` shows them). Wrap it in `<pre>` yourself.
 */
function markdown_cellLines(text) {
    return text
        .split(markdown_NEWLINE)
        .map(line => escapeLine(line.replace(/\s/g, ' '), 'code'))
        .join('<br>');
}
/** Multi-line text inside a block quote (an alert): each line escaped and quoted. */
function markdown_quoted(text) {
    return text
        .split(markdown_NEWLINE)
        .map(line => `> ${markdown_inline(line)}`.trimEnd())
        .join('\n');
}
const NBSP = '\u00a0';
/**
 * Multi-line prose (an answer) as Markdown paragraphs of plain text: each line escaped, line breaks
 * kept as hard breaks, runs of blank lines as one paragraph break, leading indentation kept as
 * no-break spaces (a tab as four), other whitespace runs as one space.
 */
function markdown_textBlock(text) {
    let paragraph = [];
    const paragraphs = [paragraph];
    for (const line of text.split(markdown_NEWLINE)) {
        const content = line.trim();
        if (content === '') {
            if (paragraph.length > 0) {
                paragraph = [];
                paragraphs.push(paragraph);
            }
            continue;
        }
        // The spaces and tabs before the first other character (there is one: the content).
        const indent = line.slice(0, line.search(/[^ \t]/)).replace(/\t/g, '    ').length;
        paragraph.push(NBSP.repeat(indent) + markdown_inline(content));
    }
    return paragraphs
        .filter(lines => lines.length > 0)
        .map(lines => lines.join('\\\n'))
        .join('\n\n');
}
/** Verbatim text in a fenced code block whose fence is longer than any backtick run inside. */
function markdown_codeBlock(text) {
    const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map(run => run.length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    const body = markdown_visible(text).replace(/\r\n?/g, '\n');
    return `${fence}text\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`;
}
const ENTITY = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;'
};
/**
 * Text inside raw HTML of our own (a line that starts an HTML block, where Markdown is not parsed):
 * entities for `& < > " '`, whitespace runs as one space (a blank line would end the block).
 */
function htmlText(text) {
    return markdown_visible(text.replace(/\s+/g, ' '))
        .replace(MENTION, `@${ZWSP}`)
        .replace(REFERENCE, `$1${ZWSP}`)
        .replace(/[&<>"']/g, c => ENTITY[c] ?? c);
}
/** A collapsed block: a plain-text title and Markdown content (blank lines end the HTML around it). */
function markdown_details(title, content, open = false) {
    return `<details${open ? ' open' : ''}><summary>${htmlText(title)}</summary>\n\n${content}\n\n</details>`;
}
/**
 * A collapsed block inside a table cell: one line, balanced. The summary is escaped Markdown (`cell`),
 * the body escaped lines (`cellLines`), shown preformatted.
 */
function markdown_cellDetails(summary, body) {
    return `<details><summary>${summary}</summary><pre>${body}</pre></details>`;
}
/** A table from escaped cells. */
function markdown_table(header, align, rows) {
    const rule = align.map(a => (a === 'r' ? '--:' : a === 'c' ? ':-:' : '---'));
    return [header, rule, ...rows].map(r => `| ${r.join(' | ')} |`).join('\n');
}
/**
 * A link to a URL of ours (an artifact's), with escaped text. Only http(s) URLs make a link; the
 * destination is percent-encoded where Markdown or HTML could read it as something else.
 */
function markdown_link(text, url) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return markdown_inline(text);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
        return markdown_inline(text);
    const href = parsed.href
        .replace(/[()<>"'\\`\s]/g, c => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .replace(/&/g, '&amp;');
    return `[${markdown_inline(text)}](${href})`;
}
const markdown_number = new Intl.NumberFormat('en-US');
const markdown_bytes = (text) => Buffer.byteLength(text, 'utf8');
/** Blocks are separated by a blank line: an HTML block such as `</details>` runs on until one. */
const markdown_join = (blocks) => blocks.filter((b) => b !== undefined).join('\n\n');
/**
 * A share (0 to 1) as a percentage: whole numbers from 10%, a tenth below 10% and where a whole number
 * would say 100%: never 0% or 100% for a share that is not exactly that (255 of 256 legs is not 100%).
 */
function percent(share) {
    if (share <= 0)
        return '0%';
    if (share >= 1)
        return '100%';
    if (share < 0.001)
        return '\\<0.1%';
    if (share > 0.999)
        return '\\>99.9%';
    const whole = Math.round(share * 100);
    return share < 0.1 || whole === 100 ? `${(share * 100).toFixed(1)}%` : `${whole}%`;
}

;// CONCATENATED MODULE: ./src/publish/tool-tables.ts


const tool_tables_NAME_CHARS = 60;
const tool_tables_INPUT_CHARS = 80;
const TOOL_ROWS = 25;
/** A failed call's first line up to this length is shown whole (an error message is rarely longer). */
const ERROR_PREVIEW_CHARS = 120;
/** Calls still running when Hermes stopped, listed after the last result. */
const RUNNING_ROWS = 10;
// Below turn.ts’s own cut (600 characters of a failed call's output, made after redaction).
const tool_tables_OUTPUT_CHARS = 500;
const BAR_CELLS = 20;
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
/** A bar of block characters, share × BAR_CELLS wide to an eighth; any non-zero share shows. */
function bar(share) {
    let eighths = Math.round(Math.min(1, Math.max(0, share)) * BAR_CELLS * 8);
    if (eighths === 0 && share > 0)
        eighths = 1;
    return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8];
}
/**
 * The one per-tool table of both summaries: a row per tool, the costliest first (the 24 costliest,
 * then one row for the rest), with a bar for its share of tool time; a Legs column when `legs`.
 */
function tool_tables_toolsBlock(tools, { heading, legs = false }) {
    const sorted = [...tools].sort((a, b) => b.totalMs - a.totalMs || b.calls - a.calls || a.name.localeCompare(b.name));
    const shown = sorted.slice(0, sorted.length > TOOL_ROWS ? TOOL_ROWS - 1 : TOOL_ROWS);
    const rest = sorted.slice(shown.length);
    const totalMs = sorted.reduce((sum, t) => sum + t.totalMs, 0);
    const row = (name, t) => {
        const share = totalMs > 0 ? t.totalMs / totalMs : 0;
        return [
            name,
            ...(legs ? [markdown_number.format(t.legs ?? 0)] : []),
            markdown_number.format(t.calls),
            t.errors ? `**${markdown_number.format(t.errors)}**` : '0',
            text_formatMs(t.totalMs),
            text_formatMs(t.maxMs),
            totalMs > 0 ? `${bar(share)} ${percent(share)}`.trim() : '–'
        ];
    };
    const rows = shown.map(t => row(markdown_codeCell(text_clip(t.name, tool_tables_NAME_CHARS)), t));
    if (rest.length > 0) {
        const others = rest.reduce((sum, t) => ({
            // The legs that called any of them: at least as many as called the most called one.
            legs: Math.max(sum.legs, t.legs ?? 0),
            calls: sum.calls + t.calls,
            errors: sum.errors + t.errors,
            totalMs: sum.totalMs + t.totalMs,
            maxMs: Math.max(sum.maxMs, t.maxMs)
        }), { legs: 0, calls: 0, errors: 0, totalMs: 0, maxMs: 0 });
        rows.push(row(`_${markdown_number.format(rest.length)} other tools_`, others));
    }
    return markdown_join([
        `#### ${heading}`,
        markdown_table([
            'Tool',
            ...(legs ? ['Legs'] : []),
            'Calls',
            'Errors',
            'Total',
            'Slowest',
            'Share of tool time'
        ], ['l', ...(legs ? ['r'] : []), 'r', 'r', 'r', 'r', 'l'], rows)
    ]);
}
/** The cells of one tool call; a failed call's output can be expanded when its preview cuts it. */
function callCells(c, expand) {
    const cells = [
        number.format(c.index),
        codeCell(clip(c.name, tool_tables_NAME_CHARS)),
        c.inputPreview ? codeCell(clip(c.inputPreview, tool_tables_INPUT_CHARS)) : ' ',
        c.durationMs !== undefined ? formatMs(c.durationMs) : '–'
    ];
    // The stream cuts outputs at 5000 characters; the session record keeps them whole.
    if (!c.isError)
        return [...cells, c.cut ? 'ok · output cut; whole in the session record' : 'ok'];
    const output = c.output;
    const { line, more } = firstLine(output);
    const preview = `❌ ${cell(clip(line, ERROR_PREVIEW_CHARS))}`.trimEnd();
    // Worth a <details> when the one-line preview hides part of the output.
    if (!expand || !(more || line.length > ERROR_PREVIEW_CHARS))
        return [...cells, preview];
    return [...cells, cellDetails(preview, cellLines(clip(output, tool_tables_OUTPUT_CHARS)))];
}
/** The first non-blank line, and whether anything but whitespace follows; reads no further than that. */
function firstLine(text) {
    const start = text.search(/\S/);
    if (start < 0)
        return { line: '', more: false };
    const newline = /[\r\n]/g;
    newline.lastIndex = start;
    const end = newline.exec(text)?.index ?? text.length;
    const rest = /\S/g;
    rest.lastIndex = end;
    return { line: text.slice(start, end).trimEnd(), more: rest.test(text) };
}
const expandable = (c) => {
    const { line, more } = firstLine(c.output);
    return c.isError && (more || line.length > ERROR_PREVIEW_CHARS);
};
const CALLS_HEADER = (/* unused pure expression or super */ null && (['#', 'Tool', 'Input', 'Duration', 'Status']));
const CALLS_ALIGN = (/* unused pure expression or super */ null && (['r', 'l', 'l', 'r', 'l']));
const rowBytes = (cells) => bytes(`| ${cells.join(' | ')} |\n`);
/**
 * Calls Hermes had started and not finished: still running when it stopped (or, after a result
 * event, never answered). Their rows come last and are kept first.
 */
function runningRows(turn) {
    const status = turn.result ? 'never returned' : '⏳ running';
    return turn.unfinished
        .slice(0, RUNNING_ROWS)
        .map(u => [
        '–',
        codeCell(clip(u.name, tool_tables_NAME_CHARS)),
        u.inputPreview ? codeCell(clip(u.inputPreview, tool_tables_INPUT_CHARS)) : ' ',
        '–',
        status
    ]);
}
const floorBytes = (running) => bytes(`${table(CALLS_HEADER, CALLS_ALIGN, [])}\n\n`) +
    running.reduce((sum, cells) => sum + rowBytes(cells), 0);
/**
 * The bytes callsBlock takes whatever its room: the table's header and the rows of calls that never
 * returned. A caller leaves room for at least these.
 */
const tool_tables_callsFloor = (turn) => floorBytes(runningRows(turn));
/**
 * One row per tool result, in order: the most recent that fit in `room` bytes. Rows first (lean),
 * then, with the bytes left, expandable outputs for the most recent failed calls.
 */
function tool_tables_callsBlock(turn, room, where) {
    const calls = turn.recentCalls;
    // The most recent first.
    const lean = [];
    const running = runningRows(turn);
    let used = floorBytes(running);
    for (const call of calls.toReversed()) {
        const cells = callCells(call, false);
        const size = rowBytes(cells);
        if (used + size > room)
            break;
        used += size;
        lean.push({ call, cells });
    }
    let expandedAll = true;
    const rows = [];
    for (const { call, cells } of lean) {
        if (!expandable(call)) {
            rows.push(cells);
            continue;
        }
        const full = callCells(call, true);
        const extra = rowBytes(full) - rowBytes(cells);
        if (used + extra > room) {
            expandedAll = false;
            rows.push(cells);
            continue;
        }
        used += extra;
        rows.push(full);
    }
    rows.reverse();
    const shown = rows.length;
    const total = turn.toolCalls;
    const kept = calls.length;
    let note;
    if (shown === 0 && total > 0) {
        note = `_The list of tool calls is left out to stay under GitHub’s 1 MiB summary limit; all ${number.format(total)} are in ${where}._`;
    }
    else if (shown < total) {
        const why = shown < kept
            ? 'to stay under GitHub’s 1 MiB summary limit'
            : `the summary keeps the most recent ${number.format(kept)}`;
        note = `_Showing the last ${number.format(shown)} of ${number.format(total)} tool calls (${why}); all of them are in ${where}._`;
    }
    if (!expandedAll) {
        const also = '_Outputs of older failed calls are not expanded, to save space._';
        note = note ? `${note}\n\n${also}` : also;
    }
    const notShown = turn.unfinished.length - running.length;
    if (notShown > 0) {
        const also = `_${number.format(notShown)} more call(s) ${turn.result ? 'never returned' : 'were running'}: see ${where}._`;
        note = note ? `${note}\n\n${also}` : also;
    }
    return {
        text: join([
            '#### Tool calls',
            note,
            shown + running.length > 0
                ? table(CALLS_HEADER, CALLS_ALIGN, [...rows, ...running])
                : undefined
        ]),
        // All it keeps, every output it could expand expanded: nothing was cut to save space.
        whole: shown === kept && expandedAll
    };
}

// EXTERNAL MODULE: ./node_modules/ajv-formats/dist/index.js
var ajv_formats_dist = __webpack_require__(82815);
;// CONCATENATED MODULE: ./src/schema/load.ts
/** `json-schema`: the JSON Schema the answer must match, read (inline or from a file) and compiled before Hermes runs. */










/** The schema as messages name it: json-schema when it is the user's alone, else the inputs that ask for it. */
function load_schemaName(asks) {
    if (!asks.review && !asks.labels)
        return 'json-schema';
    const inputs = [
        asks.jsonSchema ? 'json-schema' : undefined,
        asks.review ? '"review: true"' : undefined,
        asks.labels ? '"allowed-labels"' : undefined
    ].filter(Boolean);
    return `the schema of ${inputs.join(' and ')}`;
}
/** The `$schema` values the action can check (without the trailing `#`); none means 2020-12. */
const DRAFTS = {
    'https://json-schema.org/draft/2020-12/schema': '2020-12',
    'http://json-schema.org/draft-07/schema': 'draft-07'
};
const SHOWN_CHARS = 200;
const SCHEMA_ERRORS_SHOWN = 5;
/**
 * The schema from `json-schema`, or undefined when the input is empty. Inline when the value starts
 * with `{`, else the path of a file relative to the workspace. Anything that is not a JSON Schema
 * (draft 2020-12 or draft-07) is an InputError saying where.
 */
function readSchema({ getInput, env }) {
    const raw = getInput(Input.JsonSchema).trim();
    if (raw === '')
        return undefined;
    const given = `Input "${Input.JsonSchema}"`;
    let text = raw;
    let where = `${given} (inline)`;
    if (!raw.startsWith('{')) {
        // As parseSettings resolves the workspace.
        const file = confine(Input.JsonSchema, clip(raw, SHOWN_CHARS), path.resolve(env.GITHUB_WORKSPACE ?? process.cwd(), raw), env);
        where = `${given} (the file ${file})`;
        try {
            text = fs.readFileSync(file, 'utf8');
        }
        catch (error) {
            // YAML (or any text) given inline is no path: naming it as a file would only confuse.
            if (/\n|^\s*[\w$"'-]+\s*:(\s|$)/.test(raw))
                throw new InputError(`${given} is neither JSON nor a file: it does not start with "{", so it is not an inline schema, and no file in the workspace is named so. ` +
                    `It looks like YAML: write the schema as JSON (json-schema: '{"type": "object", "properties": {…}}', or a block scalar holding the JSON), or give the path of a .json file in the workspace.`);
            const why = error.code ?? String(error);
            throw new InputError(`${given} is ${JSON.stringify(clip(raw, SHOWN_CHARS))}: not an inline schema (one starts with "{"), and ${file} cannot be read (${why}). ` +
                'Give a JSON Schema object, or the path of a .json file in the workspace.');
        }
    }
    const parsed = parseJson(text.replace(/^\uFEFF/, ''));
    if (!parsed.ok)
        throw new InputError(`${where} is not JSON: ${parsed.error}.`);
    const schema = parsed.value;
    if (!isObject(schema)) {
        throw new InputError(`${where} is JSON, but not a JSON Schema: a schema is an object, such as {"type": "object", "properties": {…}}.`);
    }
    const draft = draftOf(schema, where);
    const warnings = [];
    const note = (...args) => void warnings.push(args.map(String).join(' '));
    const options = {
        allErrors: true,
        // Unknown keywords are allowed by the specification: said in a warning rather than refused.
        strict: 'log',
        logger: { log: () => undefined, warn: note, error: note }
    };
    const ajv = draft === 'draft-07' ? new Ajv07.default(options) : new Ajv2020.default(options);
    formats.default(ajv);
    if (!ajv.validateSchema(schema)) {
        throw new InputError(`${where} is not a valid JSON Schema (draft ${draft}): ${schemaErrors(ajv.errors ?? [])}.`);
    }
    try {
        const asks = { jsonSchema: true, review: false, labels: false };
        return { schema, draft, validate: ajv.compile(schema), warnings, asks };
    }
    catch (error) {
        const why = messageOf(error);
        throw new InputError(`${where} cannot be used as a JSON Schema (draft ${draft}): ${why}.`);
    }
}
function draftOf(schema, where) {
    const declared = schema.$schema;
    if (declared === undefined)
        return '2020-12';
    const draft = typeof declared === 'string' ? DRAFTS[declared.replace(/#$/, '')] : undefined;
    if (draft)
        return draft;
    throw new InputError(`${where} declares "$schema": ${clip(JSON.stringify(declared), SHOWN_CHARS)}, which the action cannot check; ` +
        `use "https://json-schema.org/draft/2020-12/schema" (or leave "$schema" out) or "http://json-schema.org/draft-07/schema#".`);
}
/** Where in the schema each problem is (a JSON pointer), and what is wrong there. */
function schemaErrors(errors) {
    const shown = errors
        .slice(0, SCHEMA_ERRORS_SHOWN)
        .map(e => `at ${e.instancePath || '/'}: ${e.message ?? e.keyword}`);
    const more = errors.length - shown.length;
    return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

;// CONCATENATED MODULE: ./src/publish/structured.ts



// Bounds known up front: the JSON is verbatim (at most 3 bytes a UTF-16 unit), each error line
// escaped (at most 5 bytes a unit, plus the markup).
const JSON_CHARS = 20_000;
const ERRORS_SHOWN = 30;
const POINTER_CHARS = 200;
const structured_MESSAGE_CHARS = 300;
/** Shown open when the JSON is this short; a longer one is collapsed. */
const OPEN_CHARS = 2000;
/** What json-schema alone asks: what an answer checked without saying what was asked was checked against. */
const JSON_SCHEMA = { jsonSchema: true, review: false, labels: false };
function structured_structuredBlock(answer, asks = JSON_SCHEMA) {
    if (!answer)
        return undefined;
    const name = schemaName(asks);
    const proposes = asks.review || asks.labels;
    if (answer.ok) {
        // Without json-schema the JSON is the proposals' only; with it, collapsed below what they did.
        if (!asks.jsonSchema)
            return undefined;
        const pretty = JSON.stringify(answer.value, null, 2);
        const size = `${number.format(bytes(answer.json))} bytes compact`;
        return details(`Structured output (matches ${name}, ${size})`, jsonBody(pretty, 'the `structured_output` output'), !proposes && pretty.length <= OPEN_CHARS);
    }
    const parts = [];
    // The status line says the first error; the list says them all.
    if (answer.errorCount === 0)
        parts.push(inline(clip(answer.message, structured_MESSAGE_CHARS * 4)));
    else {
        const lines = answer.errors
            .slice(0, ERRORS_SHOWN)
            .map(e => `- ${codeCell(clip(e.pointer || '/', POINTER_CHARS))}: ${inline(clip(e.message, structured_MESSAGE_CHARS))}`);
        const more = answer.errorCount - lines.length;
        if (more > 0)
            lines.push(`- … and ${number.format(more)} more`);
        parts.push(lines.join('\n'));
    }
    if (answer.value !== undefined) {
        const pretty = JSON.stringify(answer.value, null, 2);
        parts.push(details('The JSON found in the answer', jsonBody(pretty, 'the transcript')));
    }
    const title = answer.errorCount > 0
        ? `Structured output: ${number.format(answer.errorCount)} error${answer.errorCount === 1 ? '' : 's'} against ${name}`
        : 'Structured output: none';
    return details(title, parts.join('\n\n'), true);
}
/** The JSON, verbatim, cut at JSON_CHARS with a note saying where the whole of it is. */
function jsonBody(pretty, whole) {
    if (pretty.length <= JSON_CHARS)
        return codeBlock(pretty);
    return `${codeBlock(clip(pretty, JSON_CHARS))}\n\n_Cut at ${number.format(JSON_CHARS)} of ${number.format(pretty.length)} characters; the whole JSON is in ${whole}._`;
}

// EXTERNAL MODULE: ./node_modules/mdast-util-gfm/lib/index.js + 55 modules
var lib = __webpack_require__(21661);
// EXTERNAL MODULE: ./node_modules/markdown-it/dist/markdown-it.mjs + 12 modules
var markdown_it = __webpack_require__(77863);
;// CONCATENATED MODULE: ./src/publish/answer-parse.ts
/**
 * The agent's Markdown parsed as GitHub reads it, into the mdast tree that answer-tree.ts makes inert
 * and mdast-util-to-markdown writes back. The parser is markdown-it (CommonMark, with GFM's tables,
 * strikethrough and autolinks; task items are read here): it parses a 64 KB answer in a few
 * milliseconds where micromark, the suite's renderer, takes over fifty (docs/BENCHMARKS.md).
 *
 * markdown-it resolves link references itself and leaves their definitions out of its tokens: the
 * lines a container holds that no token covers are those definitions, and they come back as
 * `definition` nodes whose source is those lines, so that nothing written is hidden.
 */

// Links only where a scheme is written (GFM's `www.` links are http:, which loses its link anyway).
const parser = new markdown_it/* default */.A('default', { html: true, linkify: true });
parser.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
/** A task item's box at the start of its first paragraph, followed by a blank and some text. */
const TASK = /^\[([ xX])\][ \t]+(?=\S)/;
/** Container markers at the start of a line (`>`, `-`, `1.`): a line of nothing else holds no text. */
const MARKERS = /^(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)))*[ \t]*/;
function answer_parse_parseAnswer(source) {
    const reader = new BlockReader(source);
    return {
        tree: { type: 'root', children: reader.blocks(undefined, null) },
        source: reader.source
    };
}
/** markdown-it's block tokens read in order into mdast blocks, each taking the tokens it covers. */
class BlockReader {
    sources = new WeakMap();
    /** markdown-it's line maps count lines of the source with its line endings made `\n`. */
    lines;
    tokens;
    at = 0;
    constructor(source) {
        this.lines = source.replace(/\r\n?/g, '\n').split('\n');
        this.tokens = parser.parse(source, {});
    }
    /** The written source of a node the tree holds only as a node (a definition), or its value. */
    source = (node) => this.sources.get(node) ?? ('value' in node ? node.value : '');
    /** Blocks up to the token `close` (taken), or the end; `span`: the lines of their container. */
    blocks(close, span) {
        const out = [];
        let line = span?.[0] ?? 0;
        for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
            if (token.type === close) {
                this.at++;
                break;
            }
            if (token.map) {
                out.push(...this.uncovered(line, token.map[0]));
                line = Math.max(line, token.map[1]);
            }
            out.push(...this.block());
        }
        out.push(...this.uncovered(line, span?.[1] ?? this.lines.length));
        return out;
    }
    /**
     * The lines from..to that no token covered (link reference definitions; blocks past markdown-it's
     * nesting limit), but lines of container markers only, as one `definition` shown as written.
     */
    uncovered(from, to) {
        // Whole, markers and all: a definition's title may go on over lines where `-` or `1.` is text.
        const kept = this.lines
            .slice(from, to)
            .filter(line => line.replace(MARKERS, '').trim() !== '')
            .map(line => line.trim());
        if (kept.length === 0)
            return [];
        const node = {
            type: 'definition',
            identifier: '',
            label: null,
            url: '',
            title: null
        };
        this.sources.set(node, kept.join('\n'));
        return [node];
    }
    /** The next block, its tokens taken. */
    block() {
        const token = this.tokens[this.at++];
        switch (token.type) {
            case 'paragraph_open':
                return [{ type: 'paragraph', children: this.inlineUntil('paragraph_close') }];
            case 'heading_open': {
                const depth = Number(token.tag.slice(1));
                return [{ type: 'heading', depth, children: this.inlineUntil('heading_close') }];
            }
            case 'blockquote_open':
                return [
                    {
                        type: 'blockquote',
                        children: this.blocks('blockquote_close', token.map)
                    }
                ];
            case 'bullet_list_open':
            case 'ordered_list_open':
                return [this.list(token)];
            case 'fence': {
                const [lang = ''] = token.info.trim().split(/\s+/, 1);
                return [{ type: 'code', lang: lang || null, meta: null, value: codeValue(token.content) }];
            }
            case 'code_block':
                return [{ type: 'code', lang: null, meta: null, value: codeValue(token.content) }];
            case 'hr':
                return [{ type: 'thematicBreak' }];
            case 'html_block':
                return [{ type: 'html', value: token.content }];
            case 'table_open':
                return [this.table()];
            default:
                // A token of no rule above (none with markdown-it's default rules): its lines as written.
                if (token.nesting === 1)
                    this.skipTo(token.level);
                return token.map ? this.uncovered(token.map[0], token.map[1]) : [];
        }
    }
    list(open) {
        const close = open.type.replace(/_open$/, '_close');
        const first = this.at;
        const items = [];
        for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
            this.at++;
            if (token.type === close)
                break;
            if (token.type === 'list_item_open')
                items.push(this.listItem(token));
        }
        // A tight list's paragraphs are hidden (markdown-it's own mark of it).
        const spread = this.tokens
            .slice(first, this.at)
            .some(t => t.type === 'paragraph_open' && t.level === open.level + 2 && !t.hidden);
        for (const item of items)
            item.spread = spread;
        const start = open.type === 'ordered_list_open' ? Number(open.attrGet('start') ?? 1) : null;
        return { type: 'list', ordered: start !== null, start, spread, children: items };
    }
    listItem(open) {
        const children = this.blocks('list_item_close', open.map);
        const [lead] = children;
        const text = lead?.type === 'paragraph' ? lead.children[0] : undefined;
        const box = text?.type === 'text' ? TASK.exec(text.value) : null;
        if (text?.type !== 'text' || !box)
            return { type: 'listItem', spread: false, children };
        text.value = text.value.slice(box[0].length);
        return { type: 'listItem', spread: false, checked: box[1] !== ' ', children };
    }
    table() {
        const rows = [];
        const align = [];
        let row = [];
        for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
            this.at++;
            if (token.type === 'table_close')
                break;
            if (token.type === 'tr_open')
                row = [];
            else if (token.type === 'tr_close')
                rows.push({ type: 'tableRow', children: row });
            else if (token.type === 'th_open' || token.type === 'td_open') {
                if (token.type === 'th_open')
                    align.push(alignOf(String(token.attrGet('style') ?? '')));
                row.push({
                    type: 'tableCell',
                    children: this.inlineUntil(token.type.replace('_open', '_close'))
                });
            }
        }
        return { type: 'table', align, children: rows };
    }
    /** The inline token before `close`, as phrasing content; both taken. */
    inlineUntil(close) {
        const children = [];
        for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
            this.at++;
            if (token.type === close)
                break;
            if (token.type === 'inline')
                children.push(...phrasing(token.children ?? []));
        }
        return children;
    }
    /** Skips the tokens up to the one closing what opened at `level`. */
    skipTo(level) {
        for (let token = this.tokens[this.at]; token !== undefined; token = this.tokens[this.at]) {
            this.at++;
            if (token.nesting === -1 && token.level === level)
                return;
        }
    }
}
/** Inline tokens as phrasing content. */
function phrasing(tokens) {
    const top = [];
    const open = [top];
    const add = (node) => {
        (open[open.length - 1] ?? top).push(node);
    };
    const enter = (node) => {
        add(node);
        open.push(node.children);
    };
    for (const token of tokens) {
        switch (token.type) {
            case 'softbreak':
                add({ type: 'text', value: '\n' });
                break;
            case 'hardbreak':
                add({ type: 'break' });
                break;
            case 'code_inline':
                add({ type: 'inlineCode', value: token.content });
                break;
            case 'em_open':
                enter({ type: 'emphasis', children: [] });
                break;
            case 'strong_open':
                enter({ type: 'strong', children: [] });
                break;
            case 's_open':
                enter({ type: 'delete', children: [] });
                break;
            case 'link_open':
                enter({
                    type: 'link',
                    url: String(token.attrGet('href') ?? ''),
                    title: null,
                    children: []
                });
                break;
            case 'em_close':
            case 'strong_close':
            case 's_close':
            case 'link_close':
                if (open.length > 1)
                    open.pop();
                break;
            case 'image':
                add({
                    type: 'image',
                    url: String(token.attrGet('src') ?? ''),
                    alt: plain(token.children ?? []),
                    title: null
                });
                break;
            case 'html_inline':
                add({ type: 'html', value: token.content });
                break;
            default:
                // text, and whatever else holds text (an entity, an escape).
                add({ type: 'text', value: token.content });
        }
    }
    return top;
}
/** What an image's alt tokens read as. */
function plain(tokens) {
    return tokens
        .map(t => (t.children ? plain(t.children) : t.type === 'softbreak' ? '\n' : t.content))
        .join('');
}
/** A code block's text without the line ending markdown-it keeps after its last line. */
function codeValue(content) {
    return content.endsWith('\n') ? content.slice(0, -1) : content;
}
function alignOf(style) {
    const found = /text-align:\s*(left|right|center)/.exec(style);
    return found?.[1] ?? null;
}

;// CONCATENATED MODULE: ./src/publish/answer-tree.ts

/** A code block's language as a safe info string: a word like `ts`, `c++`, `objective-c`, or none. */
const LANGUAGE = /^[A-Za-z0-9][A-Za-z0-9_+#.-]{0,31}$/;
// GitHub turns links to these into references (a "mentioned this" in the timeline of what they name).
const REFERENCE_PATH = /^\/[^/]+\/[^/]+\/(?:issues|pull|pulls|discussions)\/\d/i;
const answer_tree_text = (value) => ({ type: 'text', value });
const paragraph = (children) => ({ type: 'paragraph', children });
/** A safe link target: an https URL, not one GitHub reads as a reference; else undefined. */
function safeUrl(url) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return undefined;
    }
    if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '')
        return undefined;
    // As the browser and GitHub read them: the host without its final dots, the path decoded.
    let pathname;
    try {
        pathname = decodeURIComponent(parsed.pathname);
    }
    catch {
        return undefined;
    }
    const host = parsed.hostname.replace(/\.+$/, '');
    if (/(^|\.)github\.com$/i.test(host) && REFERENCE_PATH.test(pathname))
        return undefined;
    return parsed;
}
function answer_tree_inertTree(root, source, limits) {
    const inline = inertInline(source);
    const block = (node) => {
        switch (node.type) {
            case 'paragraph':
                return [paragraph(inline(node.children))];
            case 'heading':
                return [
                    {
                        type: 'heading',
                        depth: Math.min(6, limits.headingLevel + node.depth),
                        children: inline(node.children).map(answer_tree_oneLine)
                    }
                ];
            case 'thematicBreak':
                return [node];
            case 'blockquote':
                return [{ type: 'blockquote', children: node.children.flatMap(block) }];
            case 'list':
                return [
                    {
                        type: 'list',
                        ordered: node.ordered,
                        start: node.start,
                        spread: node.spread,
                        children: node.children.map(item => ({
                            type: 'listItem',
                            checked: item.checked,
                            spread: item.spread,
                            children: item.children.flatMap(block)
                        }))
                    }
                ];
            case 'code': {
                const lang = node.lang && LANGUAGE.test(node.lang) ? node.lang : undefined;
                return [{ type: 'code', lang, value: visible(node.value) }];
            }
            case 'table':
                return answer_tree_table(node, inline, limits.tableRows);
            case 'html':
                return lines(node.value);
            case 'definition':
                // A link reference definition (the parser resolved the links to it): shown as written.
                return lines(source(node));
            default:
                return lines(source(node));
        }
    };
    return { type: 'root', children: root.children.flatMap(block) };
}
/** Inline content made inert: formatting kept, links only to safe targets (with their host), HTML as text. */
function inertInline(source) {
    const phrasing = (node) => {
        switch (node.type) {
            case 'text':
                return [node];
            case 'inlineCode':
                return [{ type: 'inlineCode', value: visible(node.value.replace(/\r\n?|\n/g, ' ')) }];
            case 'break':
                return [node];
            case 'emphasis':
            case 'strong':
            case 'delete':
                return [{ type: node.type, children: node.children.flatMap(phrasing) }];
            case 'link':
                return linkTo(node.url, node.children.flatMap(phrasing), node.url);
            case 'image':
                return linkTo(node.url, node.alt ? [answer_tree_text(node.alt)] : [], node.url);
            case 'html':
                return [answer_tree_text(node.value)];
            default:
                // Whatever else (no parser of ours makes it): the reader sees what was written.
                return [answer_tree_text(source(node))];
        }
    };
    return children => merge(children.flatMap(phrasing));
}
/** A table's rows as inline content on one line each, cut to `rows` with a line saying how many more. */
function answer_tree_table(node, inline, rows) {
    const width = node.children[0]?.children.length ?? 0;
    const row = (r) => ({
        type: 'tableRow',
        children: r.children.slice(0, width).map(c => ({
            type: 'tableCell',
            children: inline(c.children).map(answer_tree_oneLine)
        }))
    });
    const [header, ...body] = node.children;
    if (!header)
        return [];
    const shown = body.slice(0, rows);
    const out = [
        { type: 'table', align: node.align, children: [header, ...shown].map(row) }
    ];
    const left = body.length - shown.length;
    if (left > 0)
        out.push(paragraph([
            {
                type: 'emphasis',
                children: [answer_tree_text(`${left} more row${left === 1 ? '' : 's'} of this table not shown.`)]
            }
        ]));
    return out;
}
/** A link's children and what follows them: the host, so the reader sees where it goes. */
function linkTo(url, children, fallback) {
    const kept = children.length > 0 ? children : [answer_tree_text(fallback)];
    const target = safeUrl(url);
    if (!target)
        return kept;
    const label = kept.map(answer_tree_plain).join('');
    const href = target.href;
    const link = { type: 'link', url: href, children: kept };
    // A bare URL shows its host already.
    const bare = label === href || label === url || `https://${label}` === href;
    return bare ? [link] : [link, answer_tree_text(` (${target.host})`)];
}
/** Source shown as a paragraph of text: its lines trimmed, blank ones dropped (they would end it). */
function lines(value) {
    const kept = value
        .split(/\r\n?|\n/)
        .map(l => l.trim())
        .filter(l => l !== '');
    return kept.length ? [paragraph([answer_tree_text(kept.join('\n'))])] : [];
}
/** Inline content that must stay on one line (a heading, a table cell). */
function answer_tree_oneLine(node) {
    if (node.type === 'text')
        return answer_tree_text(node.value.replace(/\s+/g, ' '));
    if (node.type === 'break')
        return answer_tree_text(' ');
    if ('children' in node)
        return { ...node, children: node.children.map(answer_tree_oneLine) };
    return node;
}
/** Adjacent text nodes as one, so that escaping sees the whole run (`@` and the name after it). */
function merge(children) {
    const out = [];
    for (const child of children) {
        const last = out[out.length - 1];
        if (child.type === 'text' && last?.type === 'text')
            out[out.length - 1] = answer_tree_text(last.value + child.value);
        else
            out.push(child);
    }
    return out;
}
/** The text a reader sees in inline content. */
function answer_tree_plain(node) {
    if ('value' in node)
        return node.value;
    if ('children' in node)
        return node.children.map(answer_tree_plain).join('');
    return '';
}

;// CONCATENATED MODULE: ./src/publish/answer.ts






/** More than this is cut from the source before parsing: no page shows more, and parsing is linear. */
const SOURCE_CHARS = 100_000;
/**
 * Nor more than this many times the characters the answer may take: the parse is most of the cost,
 * and a source that long is cut anyway but for tables past their rows (a review's 4,000-character
 * finding need not parse a 64 KB text). The comment's 50,000 give the summary's 100,000: one parse.
 */
const SOURCE_PER_CHAR = 2;
/** Deeper trees (`> > > …`, nested lists) are drawn as plain text: the writer recurses. */
const MAX_DEPTH = 32;
const TABLE_ROWS = 100;
/**
 * A line opening more containers than MAX_DEPTH (`> > > …`, `- - - …`), or indented past any list a
 * reader writes: the parser's time grows with the square of such nesting, so it is never parsed.
 */
const DEEP = new RegExp(String.raw `^(?:[ 	]*(?:>|[-*+](?=[ 	])|\d{1,9}[.)](?=[ 	]))){${MAX_DEPTH}}|^[ 	]{${4 * MAX_DEPTH},}`, 'm');
/** Rounds of cutting before giving up on the tree and drawing plain text. */
const ROUNDS = 8;
// Built once: the writer's extensions are the same for every answer.
const WRITE = {
    extensions: [(0,lib/* gfmToMarkdown */.H)({ tablePipeAlign: false })],
    bullet: '-',
    fences: true,
    resourceLink: true,
    rule: '-',
    handlers: { text: (node, parent) => proseText(node.value, parent?.children[0] === node) }
};
/**
 * The answer as safe Markdown within limits: the whole of it when it fits, else its first part and a
 * line saying what was cut and where the whole is. Never an open fence or table: it can be followed
 * by anything (`</details>`). On a tree it cannot draw, the answer as escaped plain text.
 */
function answer_renderAnswer(text, limits) {
    const most = Math.min(SOURCE_CHARS, SOURCE_PER_CHAR * limits.chars);
    const source = text.length > most ? clip(text, most) : text;
    if (DEEP.test(source))
        return plainAnswer(text, limits);
    let tree;
    try {
        const parsed = answer_parse(source);
        // The writer recurses: a tree deeper than this is drawn as plain text (what markdown-it drops
        // past its own nesting limit came back as uncovered lines, answer-parse.ts).
        if (depth(parsed.tree) > MAX_DEPTH)
            return plainAnswer(text, limits);
        tree = inertTree(parsed.tree, parsed.source, {
            headingLevel: limits.headingLevel,
            tableRows: limits.tableRows ?? TABLE_ROWS
        });
    }
    catch {
        return plainAnswer(text, limits);
    }
    const total = weight(tree);
    const whole = write(tree);
    if (source === text && fits(whole, limits))
        return whole;
    // Cut the tree's text (in reading order) until the written part and its note fit.
    let keep = Math.min(total, source === text ? total : total - 1);
    for (let round = 0; round < ROUNDS && keep > 0; round++) {
        // Keeping all of the text writes what `whole` already is.
        const body = keep === total ? whole : write(cutTree(tree, keep));
        // The share of the text kept, as characters of the answer: what the reader can compare.
        const shown = Math.floor((source.length * keep) / Math.max(1, total));
        const drawn = `${body}\n\n${note(shown, text.length, limits)}`;
        const over = overflow(drawn, limits);
        if (over <= 1)
            return drawn;
        keep = Math.floor(keep / over / 1.1);
    }
    return plainAnswer(text, limits);
}
/**
 * The last source parsed and its tree: the summary, the comment and the review draw the same answer
 * in one run, each with its own limits. The tree is only read (answer-tree.ts builds a new one).
 */
let last;
function answer_parse(source) {
    if (last?.source !== source)
        last = { source, parsed: parseAnswer(source) };
    return last.parsed;
}
/** Forgets the last parse: for the benchmark, to time a first drawing. */
function forgetParse() {
    last = undefined;
}
function write(tree) {
    return toMarkdown(tree, WRITE).replace(/\n+$/, '');
}
function note(shown, total, limits) {
    return `_Cut at about ${number.format(shown)} of ${number.format(total)} characters; the whole answer is in ${limits.whole}._`;
}
/** How far over its limits a text is: 1 or less when it fits. */
function overflow(markdown, limits) {
    const ratios = [markdown.length / limits.chars];
    if (limits.bytes !== undefined)
        ratios.push(bytes(markdown) / limits.bytes);
    if (limits.lines !== undefined)
        ratios.push(markdown.split('\n').length / limits.lines);
    return Math.max(...ratios);
}
const fits = (markdown, limits) => overflow(markdown, limits) <= 1;
/** Today's drawing: every character escaped, lines kept, cut to fit the same limits. */
function plainAnswer(text, limits) {
    let chars = Math.min(text.length, SOURCE_CHARS);
    const draw = () => textBlock(clip(text, chars)) +
        (chars < text.length
            ? `\n\n_Cut at ${number.format(chars)} of ${number.format(text.length)} characters; the whole answer is in ${limits.whole}._`
            : '');
    let body = draw();
    for (let over = overflow(body, limits); over > 1 && chars > 0; over = overflow(body, limits)) {
        chars = Math.floor(chars / over / 1.1);
        body = draw();
    }
    return chars > 0 ? body : `_The answer is left out: it does not fit; it is in ${limits.whole}._`;
}
function depth(root) {
    let deepest = 0;
    const stack = [[root, 0]];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
        const [node, d] = top;
        deepest = Math.max(deepest, d);
        if ('children' in node)
            for (const child of node.children)
                stack.push([child, d + 1]);
    }
    return deepest;
}
/** The characters of text in a tree: what a cut counts. */
function weight(node) {
    if ('value' in node)
        return node.value.length;
    if ('children' in node)
        return node.children.reduce((sum, c) => sum + weight(c), 0);
    return 0;
}
/**
 * What of `next` must be kept for the host shown after a link (answer-tree.ts: ` (host)`) to stay
 * whole: the note, and one more for the ellipsis when the text goes on past it.
 */
function hostNote(next) {
    if (next?.type !== 'text')
        return 0;
    const note = /^ \([^()\s]*\)/.exec(next.value)?.[0];
    if (note === undefined)
        return 0;
    return note.length + (next.value.length > note.length ? 1 : 0);
}
/** The tree's first `keep` characters of text, in reading order; nodes after them dropped. */
function cutTree(root, keep) {
    let left = keep;
    const cut = (node) => {
        if (left <= 0)
            return undefined;
        if ('value' in node) {
            const value = clip(node.value, Math.min(node.value.length, left));
            left -= node.value.length;
            return { ...node, value };
        }
        if (!('children' in node))
            return node;
        const children = [];
        const all = node.children;
        for (const [i, child] of all.entries()) {
            // A link is kept whole with the host shown after it, or not at all: a link text or a host
            // cut short (`(github.com…` of `github.com.evil.example`) reads as another target.
            if (child.type === 'link') {
                if (left < weight(child) + hostNote(all[i + 1]))
                    break;
                left -= weight(child);
                children.push(child);
                continue;
            }
            const kept = cut(child);
            if (kept === undefined)
                break;
            children.push(kept);
        }
        // A node whose every child was cut goes too (an empty one, such as a table cell, stays).
        if (children.length === 0 && node.children.length > 0 && node.type !== 'root')
            return undefined;
        return { ...node, children };
    };
    return { type: 'root', children: (cut(root)?.children ?? []) };
}

;// CONCATENATED MODULE: ./src/publish/review-fact.ts
/**
 * `review: true` as the summary and the comment say it: the verdict, where the findings went, the
 * review's link (or why it was not posted), then the agent's summary of its review, rendered as an answer is.
 */



const VERDICT = { comment: 'comments', request_changes: 'requests changes' };
const NOTE_CHARS = 1000;
const URL_CHARS = 500;
function review_fact_reviewBlock(review, limits) {
    const verdict = `**The review ${VERDICT[review.verdict]}**`;
    const { posted } = review;
    const line = posted
        ? `${verdict}: ${plural(posted.inline, 'inline comment')}, ${number.format(posted.outside)} outside the diff${seeIt(posted.url)}.`
        : `${verdict}, but it was not posted: ${inline(clip(review.note ?? 'no reason was given', NOTE_CHARS))}`;
    const summary = review.summary.trim() === ''
        ? undefined
        : renderAnswer(review.summary, {
            chars: limits.chars,
            ...(limits.bytes !== undefined && { bytes: limits.bytes }),
            headingLevel: limits.headingLevel,
            whole: 'the transcript'
        });
    return join([line, summary]);
}
/** The link to the posted review; none where GitHub answered without one. */
function seeIt(url) {
    return url !== '' && url.length <= URL_CHARS
        ? ` (${link('the review on the pull request', url)})`
        : '';
}
const plural = (n, what) => `${number.format(n)} ${what}${n === 1 ? '' : 's'}`;

;// CONCATENATED MODULE: ./src/publish/heading.ts
/** The heading of the summary and the comment: the outcome's title, and what failed. */


/**
 * The outcome's title, and the exit code where it says what failed: an answer that does not match its
 * schema came from a turn that completed (exit code 0), so its heading names the schema instead.
 */
function heading_headingOf(verdict, asked) {
    if (verdict.outcome === 'invalid_output')
        return asked && (asked.review || asked.labels)
            ? `${OUTCOMES.invalid_output.icon} The answer does not match ${schemaName(asked)}`
            : titleOf('invalid_output');
    const code = verdict.exitCode !== undefined ? ` · exit code ${verdict.exitCode}` : '';
    return `${titleOf(verdict.outcome)}${code}`;
}

;// CONCATENATED MODULE: ./src/publish/network-fact.ts


/** Rows shown of each table; the counts above them are whole. */
const ROWS_SHOWN = 50;
const network_fact_NAME_CHARS = 120;
const WHY_CHARS = 200;
/** The proxy's row for the names past its bound (fence/proxy.ts). */
const OTHERS = '(others)';
const PROXY_WHY = {
    'not-listed': 'not in allowed-hosts',
    'ip-literal': 'an IP address, not a name',
    'private-address': 'resolves to a private, loopback or link-local address',
    unresolved: 'does not resolve',
    'sni-mismatch': 'its TLS name is another host',
    'no-sni': 'its TLS hello names no host',
    'host-mismatch': 'its Host header is another host',
    'not-tls-or-http': 'neither TLS nor HTTP',
    'bad-request': 'not a proxy request',
    'upstream-failed': 'the host did not answer'
};
function network_fact_networkFact(egress) {
    const refused = egress.blocked > 0 ? ` · **${number.format(egress.blocked)} refused** (listed below)` : '';
    switch (egress.state) {
        case 'fenced': {
            const gateway = egress.gateway ? 'the model gateway' : 'no model gateway';
            const reach = egress.hosts
                ? `${gateway}, and ${codeCell(clip(egress.hosts, WHY_CHARS))} through the action's proxy`
                : egress.gateway
                    ? 'the model gateway only'
                    : 'nothing (no model gateway fronted the turn)';
            return `network: ${reach} (${egress.via ?? 'kernel'} rules by uid)${refused}`;
        }
        case 'open':
            return 'network: **open** (`allowed-hosts: *`)';
        case 'unfenced':
            return `network: **open**, no fence: ${cell(clip(egress.why ?? 'none could be raised', WHY_CHARS))}`;
    }
}
/** What the fence refused, or undefined when it refused nothing. */
function network_fact_refusedBlock(egress) {
    if (!egress || egress.blocked === 0)
        return undefined;
    const parts = [];
    if (egress.refused.length > 0)
        parts.push(table(['Destination', 'Protocol', 'Times'], ['l', 'l', 'r'], egress.refused
            .slice(0, ROWS_SHOWN)
            .map(r => [
            codeCell(r.address.includes(':') ? `[${r.address}]:${r.port}` : `${r.address}:${r.port}`),
            codeCell(r.protocol),
            number.format(r.count)
        ])));
    // The proxy's row of the names past its own bound stays in sight whatever was cut here.
    const others = egress.proxyRefused.filter(r => r.name === OTHERS);
    const named = egress.proxyRefused.filter(r => r.name !== OTHERS);
    if (egress.proxyRefused.length > 0)
        parts.push(table(['Name asked for', 'Port', 'Why', 'Times'], ['l', 'r', 'l', 'r'], [...named.slice(0, ROWS_SHOWN), ...others].map(r => [
            codeCell(clip(r.name, network_fact_NAME_CHARS)),
            String(r.port),
            cell(PROXY_WHY[r.why] ?? r.why),
            number.format(r.count)
        ])));
    const shown = egress.refused.length + egress.proxyRefused.length;
    const cut = Math.max(0, egress.refused.length - ROWS_SHOWN) + Math.max(0, named.length - ROWS_SHOWN);
    // An agent can refuse itself junk to push a destination out of sight: the counts say so.
    const more = cut > 0
        ? `\n\n_${number.format(cut)} more destination${cut === 1 ? '' : 's'} not shown (the most refused are); the total above counts every one._`
        : '';
    const kernelOnly = shown === 0
        ? `${number.format(egress.blocked)} packets refused; ${egress.via === 'iptables' ? 'iptables counts them but does not record where they went' : 'their destinations were not recorded'}.`
        : '';
    return details(`Egress refused (${number.format(egress.blocked)})`, [kernelOnly, ...parts].filter(Boolean).join('\n\n') + more);
}

;// CONCATENATED MODULE: ./src/publish/model-calls.ts



/** At most this many calls get a row; the rest are counted. */
const MODEL_CALL_ROWS = 50;
const MODEL_CHARS = 80;
const HELD_CHARS = 120;
const HELD_SHOWN = 10;
/** The tries the gateway sent upstream for a call: the first and each retry; none for one it refused. */
const attemptsOf = (call) => (call.refused ? 0 : call.retries + 1);
/** The run table's row: calls, the attempts upstream, and the cost the provider reported live. */
function model_calls_modelCallsFact(fact) {
    const refused = fact.calls.filter(c => c.refused).length;
    const attempts = fact.calls.length - refused + fact.retries;
    const parts = [
        `${number.format(fact.calls.length)} call${fact.calls.length === 1 ? '' : 's'}`,
        `${number.format(attempts)} attempt${attempts === 1 ? '' : 's'}`,
        `${number.format(fact.tokens)} tokens`,
        fact.costUsd !== undefined && fact.costLive
            ? `${formatCost(fact.costUsd)} live`
            : 'cost not reported live'
    ];
    if (refused > 0)
        parts.push(`**${number.format(refused)} refused**`);
    if (fact.pastFence)
        parts.push(`**${number.format(fact.pastFence)} refused for reaching past the egress fence** (the log says what)`);
    if (fact.stopped)
        parts.push(`**stopped by \`${fact.stopped.budget}\`: ${fact.stopped.figure} of ${fact.stopped.limit}**`);
    return parts.join(' · ');
}
/** The "Model calls" block: one row a call, the first MODEL_CALL_ROWS of them, the rest counted. */
function model_calls_modelCallsBlock(fact) {
    if (!fact || fact.calls.length === 0)
        return undefined;
    const shown = fact.calls.slice(0, MODEL_CALL_ROWS);
    const rows = shown.map((c, i) => [
        number.format(i + 1),
        c.model !== undefined ? codeCell(clip(c.model, MODEL_CHARS)) : '–',
        statusOf(c),
        number.format(c.tokensIn),
        number.format(c.tokensOut),
        c.costUsd !== undefined ? formatCost(c.costUsd) : '–',
        formatMs(c.latencyMs),
        number.format(attemptsOf(c))
    ]);
    const header = ['#', 'model', 'status', 'tokens in', 'tokens out', 'cost', 'latency', 'attempts'];
    const left = fact.calls.length - shown.length;
    const more = left > 0 ? `\n\n_${number.format(left)} more calls not shown._` : '';
    return details(`Model calls (${number.format(fact.calls.length)})`, table(header, ['r', 'l', 'l', 'r', 'r', 'r', 'r', 'r'], rows) + more);
}
/** What the Isolation row adds: the credentials the agent still held. */
function model_calls_heldFact(held) {
    if (!held || held.length === 0)
        return undefined;
    const names = held.slice(0, HELD_SHOWN).map(h => cell(clip(h, HELD_CHARS)));
    const more = held.length > HELD_SHOWN ? ` and ${held.length - HELD_SHOWN} more` : '';
    return `**the agent held: ${names.join(', ')}${more}**`;
}
function statusOf(call) {
    if (call.refused)
        return `${call.status} (refused: budget)`;
    return String(call.status);
}

;// CONCATENATED MODULE: ./src/publish/install-fact.ts


const FROM = {
    reused: 'installed by an earlier step of this job',
    cache: 'restored from the Actions cache',
    installer: 'installed by the install script'
};
function install_fact_installFact(install) {
    const ref = codeCell(install.ref);
    if (!install.source)
        return `${ref} · **install failed** after ${formatMs(install.ms)}`;
    const unverified = install.unverified ? ' · not checksum-verified' : '';
    return `${ref} · ${FROM[install.source]}${unverified} · ${formatMs(install.ms)}`;
}

;// CONCATENATED MODULE: ./src/publish/isolation-fact.ts


function isolation_fact_isolationFact(fact) {
    const parts = fact.user
        ? [
            `${codeCell(fact.user)} (uid ${fact.uid}, ${fact.via === 'sudo' ? 'through sudo' : 'the action is root'})`,
            `${fact.ended ?? 0} process${fact.ended === 1 ? '' : 'es'} of it ended after Hermes`
        ]
        : [`**none**: ${cell(fact.why ?? 'not isolated')}`];
    if (fact.egress)
        parts.push(networkFact(fact.egress));
    if (fact.credential)
        parts.push(`**the checkout's git credential (${codeCell(fact.credential)}) was readable by the agent**: set \`persist-credentials: false\` on actions/checkout`);
    return parts.join(' · ');
}

;// CONCATENATED MODULE: ./src/publish/run-table.ts
/**
 * The job summary's run table (src/publish/summary.ts draws the rest): one row per fact of the run,
 * every untrusted string redacted before it reaches here, cut to a bound and escaped.
 */






// Each cell's bound in characters (UTF-16 units), known up front as the summary's budget needs.
/** A message: the verdict's, a note the action wrote. */
const run_table_MESSAGE_CHARS = 1000;
/** A problem the action names (an upload's, a stream line's). */
const run_table_PROBLEM_CHARS = 200;
const FACT_CHARS = 120;
const QUERY_CHARS = 200;
const LINK_TEXT_CHARS = 100;
const PATH_CHARS = 200;
const run_table_URL_CHARS = 500;
/** The run table: what ran, for how long, at what cost, who caused it, and where its records are. */
function run_table_factsTable(report, where) {
    const { turn } = report;
    const tokens = turn.result?.tokens;
    const fact = (value) => value ? codeCell(clip(value, FACT_CHARS)) : '–';
    const calls = turn.toolErrors
        ? `${number.format(turn.toolCalls)} (**${number.format(turn.toolErrors)} failed**)`
        : number.format(turn.toolCalls);
    const rows = [
        ...(report.query ? [['Query', queryCell(report.query)]] : []),
        ['Model', fact(turn.model)],
        ['Session', fact(turn.sessionId)],
        ['Duration', formatMs(report.durationMs)],
        ['Tool calls', calls],
        [
            'Tokens',
            tokens
                ? `**${number.format(tokens.total)} total** · ${number.format(tokens.input)} input · ${number.format(tokens.output)} output · ` +
                    `${number.format(tokens.cache_read)} cache read · ${number.format(tokens.cache_write)} cache write`
                : '–'
        ]
    ];
    const usage = report.usage;
    if (usage) {
        rows.push([
            'Cost',
            usage.costUsd !== undefined ? formatCost(usage.costUsd, usage.costEstimated) : '–'
        ]);
        if (usage.apiCalls !== undefined)
            rows.push(['API calls', number.format(usage.apiCalls)]);
    }
    if (report.gateway)
        rows.push(['Model calls', modelCallsFact(report.gateway)]);
    if (report.attempts && report.attempts.length > 1) {
        const each = report.attempts.map((a, i) => `${i + 1}: ${a.outcome}${a.exitCode !== undefined ? ` (${a.exitCode})` : ''}`);
        rows.push(['Attempts', `${number.format(report.attempts.length)} · ${each.join(' · ')}`]);
    }
    if (report.agent)
        rows.push(['Hermes', cell(clip(report.agent, FACT_CHARS))]);
    if (report.trigger) {
        rows.push(['Triggered by', triggerCell(report.trigger)]);
        // A refusal's reason is the caution above; a run's is why the gate let it in.
        if (report.verdict.outcome !== 'not_allowed')
            rows.push(['Allowed by', cell(clip(report.trigger.why, run_table_MESSAGE_CHARS))]);
    }
    if (report.thread)
        rows.push(['Thread', threadCell(report.thread)]);
    if (report.rules)
        rows.push(['Rules', rulesCell(report.rules)]);
    if (report.install)
        rows.push(['Install', installFact(report.install)]);
    if (report.isolation)
        rows.push([
            'Isolation',
            [isolationFact(report.isolation), heldFact(report.held)].filter(Boolean).join(' · ')
        ]);
    rows.push(['Transcript', where + transcriptNote(report)]);
    if (report.session)
        rows.push(['Session record', sessionRef(report.session)]);
    return table(['Run', 'Value'], ['l', 'l'], rows);
}
/** The prompt on one line, redacted before it is cut; a file by its path. */
function queryCell(query) {
    if (query.kind === 'file')
        return `from ${codeCell(clip(query.path, PATH_CHARS))}`;
    return cell(oneLine(query.text, QUERY_CHARS));
}
/** Who caused the run, and on which event. */
function triggerCell(trigger) {
    const who = trigger.actor ? codeCell(clip(trigger.actor, FACT_CHARS)) : '–';
    const event = trigger.event ? ` on ${codeCell(clip(trigger.event, FACT_CHARS))}` : '';
    return `${who}${event}`;
}
/** The thread's turn, what it continues, and why it did not (or was not kept), where it did not. */
function threadCell(thread) {
    const id = codeCell(clip(thread.id, FACT_CHARS));
    const turn = `turn ${number.format(thread.turn)} of ${id}`;
    const first = thread.firstRun && thread.firstRun.length <= run_table_URL_CHARS
        ? `, continuing the thread of ${link('its first run', thread.firstRun)}`
        : '';
    const note = thread.note ? ` · ${cell(clip(thread.note, run_table_MESSAGE_CHARS))}` : '';
    return `${turn}${thread.resumed ? first : ' (a new thread)'}${note}`;
}
/** Whether Hermes read the rules of a checkout someone else may have written, and why. */
function rulesCell({ ignored, why }) {
    const said = cell(clip(why, run_table_MESSAGE_CHARS));
    return ignored ? `ignored, ${said}` : `read from the checkout: ${said}`;
}
/** Where the whole transcript is: the artifact's link, else its path on the runner. */
function run_table_transcriptRef(report) {
    const a = report.artifact;
    if (a && a.url.length <= run_table_URL_CHARS)
        return `${link(clip(a.name, LINK_TEXT_CHARS), a.url)} (artifact ${a.id})`;
    if (a)
        return `the artifact ${codeCell(clip(a.name, LINK_TEXT_CHARS))}`;
    if (report.verdict.outcome === 'not_found' || report.verdict.outcome === 'not_allowed')
        return 'none (Hermes did not run)';
    return codeCell(clip(report.jsonlPath, PATH_CHARS));
}
/** The session record's link, else its path, with the note that says why it is not (all) there. */
function sessionRef(session) {
    const a = session.artifact;
    const where = a && a.url.length <= run_table_URL_CHARS
        ? `${link(clip(a.name, LINK_TEXT_CHARS), a.url)} (artifact ${a.id})`
        : session.path
            ? codeCell(clip(session.path, PATH_CHARS))
            : '';
    // The note is the action's own sentence around Hermes' redacted words (src/steps/build-report.ts).
    const note = session.note ? cell(clip(session.note, run_table_MESSAGE_CHARS)) : '';
    return [where, note].filter(Boolean).join(' · ') || '–';
}
function transcriptNote(report) {
    if (report.artifact || !report.artifactNote)
        return '';
    return ` (not uploaded: ${cell(clip(report.artifactNote, run_table_PROBLEM_CHARS))})`;
}

;// CONCATENATED MODULE: ./src/publish/summary.ts
/** The job summary: Markdown drawn from a report, every untrusted string escaped, always within budget. */











/** GitHub drops a step's summary whole past this many bytes. */
const SUMMARY_LIMIT_BYTES = (/* unused pure expression or super */ null && (1024 * 1024));
/** What the summary may take: under the limit with room to spare, whatever the run. */
const SUMMARY_BUDGET_BYTES = 900 * 1024;
// Every untrusted string is redacted, then cut to a number of characters (UTF-16 units). Escaping
// makes a unit at most 5 bytes in prose (`@` → `\@` + U+200B), so each block below has a byte
// bound known up front; the answer, the longest, is also cut by its escaped bytes.
const STDERR_LINE_CHARS = 300;
const STDERR_LINES = 20;
/** An answer this short is shown open: there is nothing to save by collapsing it. */
const OPEN_ANSWER_BYTES = 1024;
const ANSWER_BYTES = (/* unused pure expression or super */ null && (96 * 1024));
/** The agent's summary of its review: as much as the review's own body shows of it. */
const REVIEW_CHARS = 20_000;
const REVIEW_BYTES = (/* unused pure expression or super */ null && (64 * 1024));
const ISSUES_SHOWN = 30;
const UNKNOWN_TYPES_SHOWN = 10;
const UNFINISHED_SHOWN = 10;
/** Room kept for the note that says what the tool-call table leaves out, besides where the transcript is. */
const NOTE_BYTES = 512;
// Reasoning (API server mode) gets the bytes everything else left, up to REASONING_BYTES.
const REASONING_CHARS = 20_000;
const REASONING_BYTES = (/* unused pure expression or super */ null && (64 * 1024));
const MIN_REASONING_CHARS = 200;
/** Room kept for the note that says the reasoning was left out, besides where the transcript is. */
const REASONING_NOTE_BYTES = 256;
/** An input was refused before anything ran: one line, the title and why. */
function invalidInputSummary(message) {
    return `### ${titleOf('invalid_input')}: ${inline(clip(message, MESSAGE_CHARS))}\n`;
}
/** `trigger-phrase`: the comment did not ask, and the run was skipped. */
function skippedSummary(message) {
    return `### ${titleOf('skipped')}\n\n${inline(clip(message, MESSAGE_CHARS))}\n`;
}
/** The optional blocks, and which go first when the budget is short (the review last). */
const EXTRAS = (/* unused pure expression or super */ null && ([
    'the review',
    'the answer',
    'the structured output',
    'the stream anomalies'
]));
const LEFT_OUT_FIRST = (/* unused pure expression or super */ null && ([3, 1, 2, 0]));
/**
 * The summary, within budget at any run size. Degrades in steps, each one saying what it left out:
 * a shorter reasoning block, then none, then fewer expanded outputs, then fewer tool-call rows (the
 * most recent are kept), then the per-tool table only. It takes redacted text only (the report's
 * strings from the stream are Redacted, redacted before anything was cut), so a cut never leaves half a token.
 */
function renderSummary(report, options = {}) {
    const budget = options.budgetBytes ?? SUMMARY_BUDGET_BYTES;
    const { turn } = report;
    const where = transcriptRef(report);
    const reasoning = options.showReasoning === false ? undefined : turn.reasoning;
    const hasReasoning = reasoning !== undefined && reasoning.text.trim() !== '';
    // The tool-call table's note names where the transcript is up to twice (the rows left out, the
    // calls that never returned); the reasoning's note once more.
    const noteBytes = NOTE_BYTES + 2 * bytes(where) + (hasReasoning ? REASONING_NOTE_BYTES + bytes(where) : 0);
    // What a reader looks for first, the outcome, is the head's first block: the run table comes after the answer.
    const status = statusBlock(report);
    const facts = [
        factsTable(report, where),
        modelCallsBlock(report.gateway),
        refusedBlock(report.isolation?.egress)
    ];
    const head = [status, ...facts];
    const extras = [
        report.review &&
            reviewBlock(report.review, { chars: REVIEW_CHARS, bytes: REVIEW_BYTES, headingLevel: 4 }),
        answerBlock(report),
        structuredBlock(report.answer, report.asked),
        anomalyBlock(turn)
    ];
    const tools = turn.toolCalls > 0 ? toolsBlock(turn.tools, { heading: 'Time per tool' }) : undefined;
    const anyCalls = turn.toolCalls > 0 || turn.unfinished.length > 0;
    const callsHead = anyCalls ? '#### Tool calls' : '#### Tool calls\n\n_None._';
    // The tool-call table's header and its rows of calls that never returned, which it always keeps.
    const floor = anyCalls ? callsFloor(turn) : 0;
    // Bytes of everything but the tool-call table's other rows and its note.
    const fixed = (parts) => bytes(join([...parts, callsHead])) + 4 + floor;
    // Last resorts, only for budgets far below the default: the extras go, then the per-tool table.
    const left = [];
    for (const i of LEFT_OUT_FIRST) {
        if (fixed([...head, ...extras, tools]) + noteBytes <= budget || !extras.some(Boolean))
            break;
        if (extras[i] === undefined)
            continue;
        left.push(EXTRAS[i]);
        extras[i] = undefined;
    }
    let toolsShown = tools;
    if (fixed([...head, tools]) + noteBytes > budget && tools !== undefined) {
        left.push('the per-tool table');
        toolsShown = undefined;
    }
    const omitted = left.length
        ? `_Left out to stay under GitHub’s 1 MiB summary limit: ${left.join(', ')}. Everything is in ${where}._`
        : undefined;
    // callsBlock counts its floor in its room.
    const room = budget - fixed([...head, ...extras, toolsShown, omitted]) - noteBytes + floor;
    const calls = anyCalls ? callsBlock(turn, room, where) : { text: callsHead, whole: true };
    // The reasoning comes last: its block gets what is left once everything else is whole, less the
    // room kept for the tool-call table's note, so that it is gone before the table loses anything.
    const spare = budget - bytes(`${join([...head, omitted, ...extras, toolsShown, calls.text])}\n`) - 2;
    const blockRoom = left.length === 0 && calls.whole ? spare - NOTE_BYTES - bytes(where) : 0;
    const thinking = hasReasoning ? reasoningBlock(reasoning, blockRoom, spare, where) : undefined;
    const summary = `${join([status, omitted, extras[0], extras[1], extras[2], ...facts, thinking, extras[3], toolsShown, calls.text])}\n`;
    if (bytes(summary) <= budget)
        return summary;
    // Not reached for budgets that hold the head; a guard so that the promise holds whatever happens.
    return minimal(report, budget);
}
function statusBlock(report) {
    const { verdict, turn } = report;
    const status = `### ${headingOf(report.verdict, report.asked)}`;
    // On success the message says no more than the status line.
    if (verdict.outcome === 'success')
        return status;
    const lines = [status];
    const message = clip(verdict.message, MESSAGE_CHARS);
    lines.push(`> [!CAUTION]\n${quoted(message)}`);
    const stderr = report.stderrTail
        .filter(l => l.trim() !== '')
        .slice(-STDERR_LINES)
        .map(l => clip(l, STDERR_LINE_CHARS));
    if (!turn.result && stderr.length > 0) {
        lines.push(details('Last lines of Hermes’ stderr', codeBlock(stderr.join('\n'))));
    }
    return join(lines);
}
/**
 * The answer, open when short. Where its JSON passed the check, only the text around it: the JSON is
 * the structured output's, or the review's and the labels' the action wrote.
 */
function answerBlock({ turn, answer }) {
    if (answer?.ok)
        return answer.prose && textAnswerBlock(answer.prose);
    const text = turn.result?.text;
    if (!text || text.trim() === '')
        return answerSoFarBlock(turn);
    return textAnswerBlock(text);
}
function textAnswerBlock(text) {
    // Its headings go below the summary's own (####); the whole answer is in the output and the transcript.
    const body = renderAnswer(text, {
        chars: ANSWER_BYTES,
        bytes: ANSWER_BYTES,
        headingLevel: 4,
        whole: 'the `text` output and the transcript'
    });
    const size = `${number.format(text.length)} character${text.length === 1 ? '' : 's'}`;
    return details(`Answer (${size})`, body, bytes(text) < OPEN_ANSWER_BYTES);
}
/**
 * A turn that ended without an answer (cut at a budget, a provider's error, a cancel): the text the
 * model streamed since its last tool call, open, said to be cut. Rendered as the answer is.
 */
function answerSoFarBlock(turn) {
    const kept = turn.answerSoFar;
    if (!kept || kept.text.trim() === '')
        return undefined;
    const cut = kept.text.length < kept.chars
        ? ` The summary keeps its first ${number.format(kept.text.length)}.`
        : '';
    const body = renderAnswer(kept.text, {
        chars: ANSWER_BYTES,
        bytes: ANSWER_BYTES,
        headingLevel: 4,
        whole: 'the transcript'
    });
    const size = `${number.format(kept.chars)} character${kept.chars === 1 ? '' : 's'}`;
    const note = `_The turn ended before its answer: this is the text the model streamed after its last tool call, as far as it came.${cut}_\n\n`;
    return details(`Answer so far, cut short (${size})`, note + body, true);
}
/**
 * The model's reasoning (API server mode), collapsed, as plain text: up to REASONING_CHARS, in at
 * most `room` bytes; shorter when room is short, and a note (in `noteRoom`) when not even a little fits.
 */
function reasoningBlock(reasoning, room, noteRoom, where) {
    const clean = reasoning.text;
    const total = reasoning.chars;
    const size = `${number.format(total)} character${total === 1 ? '' : 's'}`;
    const draw = (chars) => {
        const cut = chars < clean.length || reasoning.text.length < total
            ? `\n\n_Cut at ${number.format(chars)} of ${number.format(total)} characters; the whole reasoning is in ${where}._`
            : '';
        return details(`Reasoning (${size})`, textBlock(clip(clean, chars)) + cut);
    };
    const limit = Math.min(room, REASONING_BYTES);
    let chars = Math.min(clean.length, REASONING_CHARS);
    let block = draw(chars);
    while (bytes(block) > limit && chars > MIN_REASONING_CHARS) {
        chars = Math.max(MIN_REASONING_CHARS, Math.floor((chars * limit) / bytes(block) / 1.1));
        block = draw(chars);
    }
    if (bytes(block) <= limit)
        return block;
    const note = `_The reasoning (${size}) is left out to stay under GitHub’s 1 MiB summary limit; it is in ${where}._`;
    return bytes(note) <= noteRoom ? note : undefined;
}
function anomalyBlock(turn) {
    const lines = [];
    const problem = (text) => inline(clip(text, PROBLEM_CHARS));
    for (const issue of turn.issues.slice(0, ISSUES_SHOWN)) {
        lines.push(`- line ${issue.line}: ${problem(issue.problem)}${issue.skipped ? ' (skipped)' : ''}`);
    }
    const moreIssues = turn.issueCount - Math.min(turn.issues.length, ISSUES_SHOWN);
    if (moreIssues > 0)
        lines.push(`- … and ${number.format(moreIssues)} more problem(s)`);
    // The turn redacted the names as it kept them (keys cannot carry the type).
    const unknown = Object.entries(turn.unknownTypes);
    let unknownEvents = 0;
    for (const [, count] of unknown)
        unknownEvents += count;
    for (const [type, count] of unknown.slice(0, UNKNOWN_TYPES_SHOWN)) {
        lines.push(`- ${number.format(count)} event(s) of unknown type ${codeCell(clip(type, NAME_CHARS))}, ignored`);
    }
    if (unknown.length > UNKNOWN_TYPES_SHOWN)
        lines.push(`- … and ${number.format(unknown.length - UNKNOWN_TYPES_SHOWN)} more unknown type(s)`);
    if (turn.eventsAfterResult > 0)
        lines.push(`- ${number.format(turn.eventsAfterResult)} event(s) after the result event`);
    for (const u of turn.unfinished.slice(0, UNFINISHED_SHOWN)) {
        const input = u.inputPreview ? ` ${codeCell(clip(u.inputPreview, INPUT_CHARS))}` : '';
        lines.push(`- ${codeCell(clip(u.name, NAME_CHARS))} was called but never returned${input}`);
    }
    if (turn.unfinished.length > UNFINISHED_SHOWN)
        lines.push(`- … and ${number.format(turn.unfinished.length - UNFINISHED_SHOWN)} more call(s) that never returned`);
    if (lines.length === 0)
        return undefined;
    const count = turn.issueCount + unknownEvents + turn.eventsAfterResult + turn.unfinished.length;
    return details(`Stream anomalies (${number.format(count)})`, lines.join('\n'));
}
/** The status, the message and where the transcript is: what fits in the smallest budget. */
function minimal(report, budget) {
    const { verdict } = report;
    let chars = MESSAGE_CHARS;
    for (;;) {
        const text = join([
            `### ${headingOf(report.verdict, report.asked)}`,
            inline(clip(verdict.message, chars)),
            `_The rest is left out to stay under GitHub’s 1 MiB summary limit; everything is in ${transcriptRef(report)}._`
        ]) + '\n';
        if (bytes(text) <= budget || chars === 0)
            return text;
        chars = Math.floor(chars / 2);
    }
}

;// CONCATENATED MODULE: ./src/report-action/summary.ts
/**
 * The matrix job summary: totals, what went wrong, the slowest and most token-hungry legs, the tools
 * across all legs, and a row per leg. Every untrusted string is redacted, cut and escaped; the whole
 * stays within budget at any number of legs (legs that succeeded are the first to be left out).
 */






const summary_NAME_CHARS = 80;
const summary_MODEL_CHARS = 60;
const ERROR_CHARS = 300;
const summary_URL_CHARS = 500;
const PATTERN_CHARS = 200;
const TOP_LEGS = 5;
const SKIPPED_NAMES = 10;
/** Room kept for the note that says which legs were left out. */
const summary_NOTE_BYTES = 512;
function renderMatrixSummary(report, redact, budgetBytes = SUMMARY_BUDGET_BYTES) {
    const { legs, totals } = report;
    // Cost columns only once a session record was read: without any, they would say "–" throughout.
    const costs = legs.some(l => l.usage !== undefined);
    const head = [statusLine(totals), totalsTable(totals, costs), outcomesLine(totals)];
    const tail = [
        topLegs('Slowest legs', legs, l => l.durationMs, text_formatMs, redact),
        totals.costUsd !== undefined
            ? expensiveLegs(legs, redact)
            : topLegs('Most token-hungry legs', legs, l => l.tokens?.total, n => markdown_number.format(n), redact),
        totals.tools.length > 0
            ? tool_tables_toolsBlock(totals.tools, { heading: 'Tools across all legs', legs: true })
            : undefined,
        skippedNote(report.origin)
    ];
    // Each leg costs its row, and its item under "What went wrong" when it did not succeed.
    const entries = legs.map((leg, index) => {
        const row = legRow(leg, redact, costs);
        const success = leg.outcome === 'success';
        const item = success ? undefined : wrongItem(leg, redact);
        return { index, success, row, item, cost: markdown_bytes(row) + 1 + (item ? markdown_bytes(item) + 1 : 0) };
    });
    const fixed = markdown_bytes(markdown_join([...head, LEGS_HEAD, WRONG_HEAD, ...tail])) + 16;
    let room = budgetBytes - fixed - summary_NOTE_BYTES;
    const shown = [];
    // Legs that did not succeed first, then the others, each in name order (the sort is stable).
    for (const entry of entries.toSorted((a, b) => Number(a.success) - Number(b.success))) {
        if (entry.cost > room)
            break;
        room -= entry.cost;
        shown.push(entry);
    }
    const left = legs.length - shown.length;
    const note = left > 0
        ? `_${markdown_number.format(left)} of ${markdown_number.format(legs.length)} legs are left out to stay under GitHub’s 1 MiB summary limit; every leg is in the file the \`report\` output names._`
        : undefined;
    const kept = shown.toSorted((a, b) => a.index - b.index);
    const legsBlock = legs.length === 0
        ? undefined
        : markdown_join([
            LEGS_HEAD,
            markdown_table([
                'Leg',
                'Outcome',
                'Model',
                'Tokens',
                ...(costs ? ['Cost'] : []),
                'Duration',
                'Tool calls',
                'Tool errors',
                'Transcript'
            ], ['l', 'l', 'l', 'r', ...(costs ? ['r'] : []), 'r', 'r', 'r', 'l'], []) + kept.map(entry => `\n${entry.row}`).join(''),
            note
        ]);
    const wrong = kept.map(entry => entry.item).filter((t) => t !== undefined);
    const wrongBlock = wrong.length ? `${WRONG_HEAD}\n\n${wrong.join('\n')}` : undefined;
    // What went wrong and the aggregates first: at 256 legs the table of legs is long.
    const summary = `${markdown_join([...head, wrongBlock, ...tail, legsBlock])}\n`;
    if (markdown_bytes(summary) <= budgetBytes)
        return summary;
    // Only for budgets far below the default: the totals alone.
    return `${markdown_join(head)}\n`;
}
const LEGS_HEAD = '#### Legs';
const WRONG_HEAD = '#### What went wrong';
function statusLine(t) {
    if (t.runs === 0)
        return '### ❌ No Hermes transcripts to report on';
    if (t.failed === 0)
        return `### ✅ ${t.runs === 1 ? 'The leg' : `All ${markdown_number.format(t.runs)} legs`} succeeded`;
    return `### ❌ ${markdown_number.format(t.failed)} of ${markdown_number.format(t.runs)} legs did not succeed`;
}
/** A leg's cost: "–" when its record gives none (or it has no record), never 0. */
const costCell = (leg) => leg.usage?.costUsd !== undefined ? session_usage_formatCost(leg.usage.costUsd, leg.usage.costEstimated) : '–';
/** The sum, saying how many legs it covers when some have no known cost. */
function totalCostCell(t) {
    if (t.costUsd === undefined)
        return '–';
    const sum = session_usage_formatCost(t.costUsd, t.costEstimates > 0);
    return t.costLegs < t.runs
        ? `${sum} (${markdown_number.format(t.costLegs)} of ${markdown_number.format(t.runs)} legs)`
        : sum;
}
function totalsTable(t, costs) {
    const bold = (n) => (n > 0 ? `**${markdown_number.format(n)}**` : '0');
    return markdown_table([
        'Legs',
        'Succeeded',
        'Failed',
        'Pass rate',
        'Tokens',
        ...(costs ? ['Cost'] : []),
        'Duration (sum)',
        'Tool calls',
        'Tool errors'
    ], ['r', 'r', 'r', 'r', 'r', ...(costs ? ['r'] : []), 'r', 'r', 'r'], [
        [
            markdown_number.format(t.runs),
            markdown_number.format(t.succeeded),
            bold(t.failed),
            t.runs > 0 ? percent(t.passRate) : '–',
            markdown_number.format(t.tokensTotal),
            ...(costs ? [totalCostCell(t)] : []),
            text_formatMs(t.durationMs),
            markdown_number.format(t.toolCalls),
            bold(t.toolErrors)
        ]
    ]);
}
function outcomesLine(t) {
    if (t.outcomes.length === 0)
        return undefined;
    return `Outcomes: ${t.outcomes.map(([o, n]) => `${icon(o)} ${o} ${markdown_number.format(n)}`).join(' · ')}`;
}
/** A leg that could not be read has no verdict, so no row in the outcome table. */
const icon = (outcome) => outcome === 'unreadable' ? '⚠️' : verdict_OUTCOMES[outcome].icon;
function outcomeCell(leg) {
    const code = leg.exitCode !== undefined && leg.outcome !== 'success' ? ` (${leg.exitCode})` : '';
    const attempts = leg.attempts > 1 ? `, ${leg.attempts} attempts` : '';
    return `${icon(leg.outcome)} ${leg.outcome}${code}${attempts}`;
}
const nameCell = (leg, redact) => markdown_codeCell(text_clip(redact(leg.name), summary_NAME_CHARS));
function legRow(leg, redact, costs) {
    const source = leg.source;
    const transcript = source.kind === 'file'
        ? 'file'
        : source.url.length <= summary_URL_CHARS
            ? markdown_link(`artifact ${source.id}`, source.url)
            : `artifact ${source.id}`;
    const cells = [
        nameCell(leg, redact),
        outcomeCell(leg),
        leg.model ? markdown_codeCell(text_clip(redact(leg.model), summary_MODEL_CHARS)) : '–',
        leg.tokens ? markdown_number.format(leg.tokens.total) : '–',
        ...(costs ? [costCell(leg)] : []),
        leg.durationMs !== undefined ? text_formatMs(leg.durationMs) : '–',
        markdown_number.format(leg.toolCalls),
        leg.toolErrors > 0 ? `**${markdown_number.format(leg.toolErrors)}**` : '0',
        transcript
    ];
    return `| ${cells.join(' | ')} |`;
}
function wrongItem(leg, redact) {
    return `- ${nameCell(leg, redact)} ${outcomeCell(leg)}: ${markdown_inline(text_clip(redact(leg.error), ERROR_CHARS))}`;
}
/** The top legs by a measure (those that have it), largest first. */
function topLegs(title, legs, measure, format, redact) {
    const ranked = legs
        .flatMap(leg => {
        const value = measure(leg);
        return value === undefined ? [] : [{ leg, value }];
    })
        .sort((a, b) => b.value - a.value || a.leg.name.localeCompare(b.leg.name))
        .slice(0, TOP_LEGS);
    if (ranked.length < 2)
        return undefined;
    return `#### ${title}\n\n${markdown_table(['Leg', title.startsWith('Slowest') ? 'Duration' : 'Tokens', 'Outcome'], ['l', 'r', 'l'], ranked.map(({ leg, value }) => [nameCell(leg, redact), format(value), outcomeCell(leg)]))}`;
}
/** The legs by cost, largest first; legs whose cost is unknown after them, by tokens. */
function expensiveLegs(legs, redact) {
    const cost = (l) => l.usage?.costUsd;
    const ranked = legs
        .filter(l => cost(l) !== undefined || l.tokens !== undefined)
        .sort((a, b) => Number(cost(a) === undefined) - Number(cost(b) === undefined) ||
        (cost(b) ?? 0) - (cost(a) ?? 0) ||
        (b.tokens?.total ?? 0) - (a.tokens?.total ?? 0) ||
        a.name.localeCompare(b.name))
        .slice(0, TOP_LEGS);
    if (ranked.length < 2)
        return undefined;
    return `#### Most expensive legs\n\n${markdown_table(['Leg', 'Cost', 'Tokens', 'Outcome'], ['l', 'r', 'r', 'l'], ranked.map(l => [
        nameCell(l, redact),
        costCell(l),
        l.tokens ? markdown_number.format(l.tokens.total) : '–',
        outcomeCell(l)
    ]))}`;
}
/** What was not read, and where the report looked. */
function skippedNote(origin) {
    const names = (list) => {
        const shown = list.slice(0, SKIPPED_NAMES).map(n => markdown_codeCell(text_clip(n, summary_NAME_CHARS)));
        return (shown.join(', ') +
            (list.length > SKIPPED_NAMES ? ` and ${markdown_number.format(list.length - SKIPPED_NAMES)} more` : ''));
    };
    if (origin.kind === 'files') {
        return `_Read from files matching ${origin.patterns.map(p => markdown_codeCell(text_clip(p, PATTERN_CHARS))).join(', ')}._`;
    }
    const lines = [];
    if (origin.others.length > 0)
        lines.push(`- ${markdown_number.format(origin.others.length)} other artifact(s) skipped, not Hermes transcripts (their names do not end in \`.jsonl\`): ${names(origin.others)}`);
    if (origin.unmatched.length > 0)
        lines.push(`- ${markdown_number.format(origin.unmatched.length)} transcript(s) skipped, not matching \`name-pattern\` ${markdown_codeCell(text_clip(origin.namePattern, PATTERN_CHARS))}: ${names(origin.unmatched)}`);
    if (origin.setAside.length > 0)
        lines.push(`- ${markdown_number.format(origin.setAside.length)} earlier attempt(s) of re-run legs set aside, each leg counted by its newest attempt: ${names(origin.setAside.map(a => `${a.leg} attempt ${a.attempt} (attempt ${a.counted} counted)`))}`);
    return lines.length ? lines.join('\n') : undefined;
}

;// CONCATENATED MODULE: ./src/report-action/totals.ts
function totalsOf(legs) {
    const outcomes = new Map();
    const tools = new Map();
    let tokensTotal = 0;
    let durationMs = 0;
    let toolCalls = 0;
    let toolErrors = 0;
    let costUsd;
    let costLegs = 0;
    let costEstimates = 0;
    for (const leg of legs) {
        const cost = leg.usage?.costUsd;
        if (cost !== undefined) {
            costUsd = (costUsd ?? 0) + cost;
            costLegs += 1;
            if (leg.usage?.costEstimated)
                costEstimates += 1;
        }
        outcomes.set(leg.outcome, (outcomes.get(leg.outcome) ?? 0) + 1);
        tokensTotal += leg.tokens?.total ?? 0;
        durationMs += leg.durationMs ?? 0;
        toolCalls += leg.toolCalls;
        toolErrors += leg.toolErrors;
        for (const t of leg.tools) {
            const sum = tools.get(t.name) ?? {
                name: t.name,
                calls: 0,
                errors: 0,
                totalMs: 0,
                maxMs: 0,
                legs: 0
            };
            sum.calls += t.calls;
            sum.errors += t.errors;
            sum.totalMs += t.totalMs;
            sum.maxMs = Math.max(sum.maxMs, t.maxMs);
            sum.legs += 1;
            tools.set(t.name, sum);
        }
    }
    const succeeded = outcomes.get('success') ?? 0;
    return {
        runs: legs.length,
        succeeded,
        failed: legs.length - succeeded,
        passRate: legs.length > 0 ? succeeded / legs.length : 0,
        tokensTotal,
        durationMs,
        toolCalls,
        toolErrors,
        ...(costUsd !== undefined && { costUsd }),
        costLegs,
        costEstimates,
        outcomes: [...outcomes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
        tools: [...tools.values()].sort((a, b) => b.totalMs - a.totalMs || b.calls - a.calls || a.name.localeCompare(b.name))
    };
}

;// CONCATENATED MODULE: ./src/report-action/reruns.ts
/**
 * Re-runs: after "Re-run failed jobs" a run holds each re-run leg's transcripts of every attempt (the
 * earlier ones are never deleted). The main action names a re-run's artifact `<name>.run-attempt-N`
 * (GITHUB_RUN_ATTEMPT, from 2 on): a leg is its name less that tag, and its newest attempt counts.
 */


const TAGGED = new RegExp(`${RUN_ATTEMPT_TAG.replace('.', '\\.')}([1-9][0-9]{0,5})$`);
/** The leg and the run attempt a leg name (without `.jsonl`) says. */
function rerunOf(name) {
    const tagged = TAGGED.exec(name);
    return tagged
        ? { leg: name.slice(0, tagged.index), attempt: Number(tagged[1]) }
        : { leg: name, attempt: 1 };
}
/** Each leg's newest attempt, in the given order, and the attempts set aside (by leg, then attempt). */
function newestAttempts(items, nameOf) {
    const newest = new Map();
    for (const item of items) {
        const { leg, attempt } = rerunOf(nameOf(item));
        newest.set(leg, Math.max(attempt, newest.get(leg) ?? 0));
    }
    const counted = [];
    const setAside = [];
    for (const item of items) {
        const { leg, attempt } = rerunOf(nameOf(item));
        const latest = (0,errors/* present */.E)(newest.get(leg), `the newest attempt of ${leg}`);
        if (attempt === latest)
            counted.push(item);
        else
            setAside.push({ leg, attempt, counted: latest });
    }
    setAside.sort((a, b) => a.leg.localeCompare(b.leg) || a.attempt - b.attempt);
    return { counted, setAside };
}

;// CONCATENATED MODULE: ./src/report-action/ports.ts
/**
 * What the report's run() touches of the world, as ports: the runner's inputs and environment, its
 * output files and log, the artifact client, and the sleep between download tries. reportPorts()
 * are the real ones; tests pass their own.
 */



/** The runner's: @actions/core, process.env, @actions/artifact and the real clock. */
function reportPorts() {
    return {
        getInput: name => lib_core/* getInput */.V4(name),
        env: process.env,
        out: {
            setOutput: (name, value) => lib_core/* setOutput */.uH(name, value),
            setFailed: message => lib_core/* setFailed */.C1(message),
            warning: message => lib_core/* warning */.$e(message),
            info: message => lib_core/* info */.pq(message),
            group: (title, fn) => lib_core/* group */.Os(title, fn),
            writeSummary: async (markdown) => void (await lib_core/* summary */.z.addRaw(markdown).write())
        },
        artifactClient: artifactClient,
        sleep: abortableSleep
    };
}

;// CONCATENATED MODULE: ./src/report-action/main.ts
/** The report sub-action: settings → legs (artifacts or files) → totals → report file, outputs, summary, verdict. */















async function run(ports = reportPorts()) {
    const { out } = ports;
    let settings;
    try {
        settings = parseReportSettings({ getInput: ports.getInput, env: ports.env });
    }
    catch (error) {
        out.setFailed(artifact_errorMessage(error));
        return;
    }
    const redact = makeRedactor([]);
    const { legs, origin, nothing } = settings.paths
        ? await fromFiles(ports, settings, settings.paths, redact)
        : await fromArtifacts(ports, settings, redact);
    const totals = totalsOf(legs);
    const dir = external_node_fs_.mkdtempSync(external_node_path_.join(settings.tempDir, 'hermes-matrix-'));
    const reportPath = external_node_path_.join(dir, 'report.json');
    external_node_fs_.writeFileSync(reportPath, `${JSON.stringify(legs.map(legRecord), null, 2)}\n`);
    for (const [name, value] of reportOutputs(totals, reportPath))
        out.setOutput(name, value);
    if (settings.summary) {
        try {
            await out.writeSummary(renderMatrixSummary({ legs, totals, origin }, redact));
        }
        catch (error) {
            // As in the main action: a summary that cannot be written must not decide the step.
            out.warning(`The job summary could not be written: ${(0,errors/* messageOf */.b)(error)}`);
        }
    }
    if (nothing !== undefined) {
        // Nothing to read is a mistake in the workflow, not a leg's failure: fail-on-error does not hide it.
        out.setFailed(`No Hermes transcripts to report on: ${nothing}`);
        return;
    }
    out.info(`${totals.succeeded} of ${totals.runs} legs succeeded · ${totals.tokensTotal} tokens · ${text_formatMs(totals.durationMs)}`);
    if (totals.failed === 0)
        return;
    const message = `${totals.failed} of ${totals.runs} legs did not succeed: ${failedNames(legs)}`;
    if (settings.failOnError)
        out.setFailed(message);
    else
        out.warning(`${message} (fail-on-error is false, so the step passes)`);
}
async function fromFiles({ out }, settings, patterns, redact) {
    const origin = { kind: 'files', patterns };
    const files = await findTranscripts(patterns, settings.workspace);
    if (files.length === 0) {
        return {
            legs: [],
            origin,
            nothing: `input "${ReportInput.Path}" (${patterns.map(p => JSON.stringify(p)).join(', ')}) matches no file under ${settings.workspace}.`
        };
    }
    out.info(`Reading ${files.length} transcript(s)`);
    const legs = await foldFiles(files, settings.workspace, redact, leg => logLeg(out, leg, redact));
    return { legs, origin };
}
async function fromArtifacts(ports, settings, redact) {
    const { out } = ports;
    const empty = {
        kind: 'artifacts',
        namePattern: settings.namePattern,
        others: [],
        unmatched: [],
        setAside: []
    };
    const why = unlistable(ports.env);
    if (why)
        return { legs: [], origin: empty, nothing: `${why}.` };
    const client = await ports.artifactClient();
    let listed;
    try {
        listed = await listArtifacts(client);
    }
    catch (error) {
        return {
            legs: [],
            origin: empty,
            nothing: `this run’s artifacts could not be listed: ${artifact_errorMessage(error)}`
        };
    }
    const selection = selectTranscripts(listed, settings.namePattern);
    // After "Re-run failed jobs" the first attempt's transcripts stay: each leg counts by its newest.
    const { counted, setAside } = newestAttempts(selection.transcripts, a => legName(a.name));
    const origin = {
        ...empty,
        others: selection.others,
        unmatched: selection.unmatched,
        setAside
    };
    if (setAside.length > 0)
        out.info(`Set aside ${setAside.length} earlier attempt(s) of re-run legs: each leg counts by its newest attempt`);
    if (selection.others.length > 0)
        out.info(`Skipped ${selection.others.length} artifact(s) that are not Hermes transcripts (names not ending in ${TRANSCRIPT_SUFFIX})`);
    if (selection.unmatched.length > 0)
        out.info(`Skipped ${selection.unmatched.length} transcript(s) not matching name-pattern`);
    if (selection.transcripts.length === 0) {
        return {
            legs: [],
            origin,
            nothing: `this workflow run has ${listed.length} artifact(s), and none is a Hermes transcript (a name ending in ${TRANSCRIPT_SUFFIX}) ` +
                `matching input "${ReportInput.NamePattern}" (${JSON.stringify(settings.namePattern)}). Run the report in a job that ` +
                'needs the jobs running Hermes, with upload-artifact left on; or give "path".'
        };
    }
    const legs = await out.group(`Downloading ${counted.length} transcript(s)`, () => downloadLegs(client, counted, {
        tempDir: settings.tempDir,
        env: ports.env,
        redact,
        sessions: selection.sessions,
        sleep: ports.sleep
    }));
    legs.forEach(leg => logLeg(out, leg, redact));
    return { legs, origin };
}
/** One line per leg; a name or message from a transcript is made inert first. */
function logLeg(out, leg, redact) {
    const parts = [
        `${leg.outcome === 'success' ? '✓' : '✗'} ${leg.name}: ${leg.outcome}`,
        leg.model,
        leg.tokens && `${leg.tokens.total} tokens`,
        leg.durationMs !== undefined && text_formatMs(leg.durationMs),
        `${leg.toolCalls} tool calls (${leg.toolErrors} failed)`,
        leg.error && text_clip(leg.error, 300)
    ];
    out.info(inert(redact(parts.filter(Boolean).join(' · '))));
}
function failedNames(legs) {
    const failed = legs.filter(l => l.outcome !== 'success');
    const shown = failed.slice(0, 10).map(l => `${l.name} (${l.outcome})`);
    return shown.join(', ') + (failed.length > 10 ? ` and ${failed.length - 10} more` : '');
}


/***/ })

};
