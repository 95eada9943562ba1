// Draws docs/summary.png: a realistic run's job summary, rendered as GitHub would (GFM by micromark,
// GitHub's Markdown CSS) and shot with headless Chromium. Not part of `npm test`: it needs Chromium
// (apt-get install -y chromium).
//   npm run screenshot                 writes docs/summary.png
//   npm run screenshot -- out.png      writes elsewhere; the HTML is kept beside it as out.html
//   npm run screenshot -- --report     writes docs/report-summary.png: the report sub-action's
//                                      summary of a 256-leg matrix (`--report out.png` elsewhere)
//   npm run screenshot -- --comment    writes docs/comment-success.png and docs/comment-cancelled.png:
//                                      the sticky comment (comment: true) of a review, as its thread shows it
//   npm run screenshot -- --review     writes docs/review.png: the review the action posts (review: true),
//                                      its body and its inline comments as the pull request shows them
//   npm run screenshot -- --review-summary
//                                      writes docs/summary-review.png: the job summary of a review: true run
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const matrix = process.argv[2] === '--report';
const reviewRun = process.argv[2] === '--review-summary';
const given = process.argv[matrix || reviewRun ? 3 : 2];
const out = path.resolve(
  given ??
    path.join(
      ROOT,
      'docs',
      matrix ? 'report-summary.png' : reviewRun ? 'summary-review.png' : 'summary.png'
    )
);
// Under the checkout (.tmp/, ignored), so that the transpiled sources find their packages.
fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
const work = fs.mkdtempSync(path.join(ROOT, '.tmp', 'screenshot-'));

try {
  if (process.argv[2] === '--comment')
    await shootComments(await transpiled(path.join(work, 'src')));
  else if (process.argv[2] === '--review')
    await shootReview(await transpiled(path.join(work, 'src')));
  else await shootSummary();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** The sticky comment at the end of a review, and of a review whose job was cancelled. */
async function shootComments(src) {
  const load = name => import(pathToFileURL(path.join(work, 'src', `${name}.js`)).href);
  const { renderComment } = await load('github/body');
  const { markerOf } = await load('github/target');
  const place = {
    marker: markerOf({ workflow: 'octo/repo/.github/workflows/review.yml', job: 'review' }),
    runUrl: 'https://github.com/octo/repo/actions/runs/4242'
  };
  const redact = src.makeRedactor([]);
  const tokens = { input: 48210, output: 1874, total: 50084, cache_read: 31000, cache_write: 0 };
  const views = {
    success: {
      phase: 'done',
      outcome: 'success',
      exitCode: 0,
      review: {
        verdict: 'request_changes',
        summary:
          'Close; two things before it lands. `parseConfig` throws on an empty file, and the old `timeout` key is dropped without a warning.',
        posted: {
          url: 'https://github.com/octo/repo/pull/12#pullrequestreview-2741',
          inline: 2,
          outside: 1
        }
      },
      answer: [
        'Two things could break, one is missing.',
        '',
        '1. `parseConfig` now throws on an empty file; `loadDefaults` in `src/boot.ts` calls it before the file exists. Return the defaults there instead.',
        '2. The retry in `fetchPage` has no upper bound: cap it (3 tries) as `fetchUser` does.',
        '3. No test covers the empty file. @octocat asked for one in #12; it belongs in `__tests__/config.test.ts`.'
      ].join('\n'),
      model: 'nous/hermes-4-70b',
      tokens,
      durationMs: 94_300,
      toolCalls: 14,
      toolErrors: 1,
      artifact: {
        name: 'hermes-review-1',
        url: 'https://github.com/octo/repo/actions/runs/4242/artifacts/987654'
      }
    },
    cancelled: {
      phase: 'done',
      outcome: 'interrupted',
      exitCode: 130,
      cancelled: true,
      message: 'Hermes was interrupted (exit code 130): Interrupted',
      answer: '',
      model: 'nous/hermes-4-70b',
      tokens: { input: 12040, output: 310, total: 12350, cache_read: 0, cache_write: 0 },
      durationMs: 21_800,
      toolCalls: 4,
      toolErrors: 0
    }
  };
  for (const [name, view] of Object.entries(views)) {
    const markdown = renderComment(view, place, redact);
    const target = path.join(ROOT, 'docs', `comment-${name}.png`);
    const htmlPath = path.join(work, `comment-${name}.html`);
    fs.writeFileSync(htmlPath, page(render(markdown), 'github-actions bot commented'));
    shoot(htmlPath, target, name === 'success' ? 480 : 270);
    console.log(
      `${path.relative(process.cwd(), target)}: ${markdown.length} characters of Markdown`
    );
  }
}

/** A review of a small pull request: a summary, two inline findings (one with a suggestion), one outside the diff. */
async function shootReview(src) {
  const { buildReview } = await import(
    pathToFileURL(path.join(work, 'src', 'comment', 'review.js')).href
  );
  const patch = [
    '@@ -10,9 +10,12 @@ export interface Config {',
    ' export function parseConfig(text: string): Config {',
    '-  const raw = JSON.parse(text);',
    "+  if (text.trim() === '') throw new Error('empty config');",
    '+  const raw = JSON.parse(text) as Partial<Config>;',
    '   return {',
    '     retries: raw.retries ?? 3,',
    '-    timeoutMs: raw.timeout,',
    '+    timeoutMs: raw.timeoutMs ?? 30_000,',
    '+    baseUrl: raw.baseUrl ?? DEFAULT_URL,',
    '   };',
    ' }'
  ].join('\n');
  const pull = {
    headSha: '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
    files: [{ filename: 'src/config.ts', status: 'modified', patch }]
  };
  const proposal = {
    verdict: 'request_changes',
    summary: [
      'The config change is close; two things before it lands.',
      '',
      '- `parseConfig` now throws on an empty file, but `loadDefaults` calls it before the file exists.',
      '- The old `timeout` key is dropped **without a warning**: configs written for v1 lose their timeout.',
      '',
      'Tests: `npm test -- config` passes (24 tests); no test covers the empty file.'
    ].join('\n'),
    findings: [
      {
        path: 'src/config.ts',
        line: 11,
        side: 'RIGHT',
        body: 'An empty file is what a fresh checkout has: return the defaults here instead of throwing, as `loadDefaults` expects.',
        suggestion: "  if (text.trim() === '') return { ...DEFAULTS };"
      },
      {
        path: 'src/config.ts',
        line: 15,
        side: 'RIGHT',
        body: 'Read `raw.timeout` too, for configs written before the rename:\n\n```ts\ntimeoutMs: raw.timeoutMs ?? raw.timeout ?? 30_000,\n```'
      },
      {
        path: 'src/boot.ts',
        line: 42,
        side: 'RIGHT',
        body: '`loadDefaults()` calls `parseConfig` on a file that may not exist yet; see the first comment.'
      }
    ]
  };
  const built = buildReview(proposal, pull, src.makeRedactor([]));
  const boxes = [
    box('github-actions bot requested changes', render(built.request.body)),
    ...built.request.comments.map(c =>
      box(
        `${c.path} line ${c.start_line !== undefined ? `${c.start_line}–` : ''}${c.line}`,
        render(c.body)
      )
    )
  ];
  const target = path.join(ROOT, 'docs', 'review.png');
  const htmlPath = path.join(work, 'review.html');
  fs.writeFileSync(htmlPath, page(boxes.join('\n'), undefined));
  shoot(htmlPath, target, 780);
  console.log(
    `${path.relative(process.cwd(), target)}: ${built.request.body.length} characters of body, ${built.inline} inline, ${built.outside} outside`
  );
}

async function shootSummary() {
  const src = await transpiled(path.join(work, 'src'));
  const markdown = matrix
    ? matrixSummaryOf(src)
    : reviewRun
      ? summaryOf(src, reviewedRun())
      : summaryOf(src);
  const html = page(render(markdown), matrix ? 'report summary' : 'job summary');
  const htmlPath = given ? out.replace(/\.png$/, '.html') : path.join(work, 'summary.html');
  fs.writeFileSync(htmlPath, html);
  shoot(htmlPath, out, matrix ? 2400 : reviewRun ? 900 : 1400);
  console.log(
    `${path.relative(process.cwd(), out)}: ${Buffer.byteLength(markdown)} bytes of Markdown`
  );
}

/** Every .ts file under src/ as plain ESM (their imports already say .js), so the real code draws the picture. */
async function transpiled(dir) {
  const src = path.join(ROOT, 'src');
  for (const file of fs.readdirSync(src, { recursive: true }).filter(f => f.endsWith('.ts'))) {
    const code = fs.readFileSync(path.join(src, file), 'utf8');
    const js = ts.transpileModule(code, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }
    });
    const out = path.join(dir, file.replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, js.outputText);
  }
  const load = name => import(pathToFileURL(path.join(dir, `${name}.js`)).href);
  return {
    ...(await load('turn/stream')),
    ...(await load('turn/turn')),
    ...(await load('turn/verdict')),
    ...(await load('text/redact')),
    ...(await load('publish/summary')),
    ...(await load('report-action/totals')),
    ...(await load('report-action/summary'))
  };
}

/**
 * A nightly matrix: 4 models × 8 prompts × 8 repositories = 256 legs, each a turn built from events
 * through the real TurnBuilder and verdictOf(); a few legs fail, time out of budget or hit rate limits.
 */
function matrixSummaryOf({
  decodeLine,
  TurnBuilder,
  verdictOf,
  makeRedactor,
  totalsOf,
  renderMatrixSummary
}) {
  const models = ['hermes-4-70b', 'hermes-4-405b', 'hermes-4-14b', 'hermes-3-8b'];
  const prompts = ['review', 'docs', 'tests', 'deps', 'lint', 'triage', 'release', 'security'];
  const repos = ['api', 'web', 'cli', 'sdk', 'infra', 'mobile', 'data', 'site'];
  const tools = ['terminal', 'read_file', 'search_files', 'patch', 'web_search', 'write_file'];
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const end = {
    kind: 'transcript',
    exitCode: null,
    signal: null,
    timedOut: false,
    cancelled: false,
    stderrTail: [],
    hermesPath: '',
    timeoutMs: 0
  };
  const legs = [];
  let id = 5000;
  for (const model of models)
    for (const prompt of prompts)
      for (const repo of repos) {
        const events = [
          { type: 'system', subtype: 'init', model: `nous/${model}`, session_id: 's' }
        ];
        const calls = 3 + Math.floor(random() * 20);
        for (let k = 0; k < calls; k++) {
          const name = tools[Math.floor(random() * random() * tools.length)];
          events.push({ type: 'tool_use', name, input: { command: 'x' } });
          const failed = random() < 0.06;
          const ms = Math.round(name === 'terminal' ? 200 + random() * 9000 : 2 + random() * 400);
          events.push({
            type: 'tool_result',
            name,
            output: failed ? 'error' : 'ok',
            duration_ms: ms,
            is_error: failed
          });
        }
        const roll = random();
        const input = Math.round(
          (20 + random() * 180) * 1000 * (model === 'hermes-4-405b' ? 1.6 : 1)
        );
        const output = Math.round(input / (12 + random() * 20));
        const tokens = {
          input,
          output,
          total: input + output,
          cache_read: Math.round(input * 0.6),
          cache_write: 0
        };
        const duration_ms = Math.round(15_000 + random() * 240_000);
        if (roll < 0.04) {
          // No result: the runner killed the job.
        } else if (roll < 0.08) {
          events.push({
            type: 'result',
            exit_code: 75,
            text: '',
            tokens,
            duration_ms,
            error: 'provider rate limit: HTTP 429 Too Many Requests (retries exhausted)'
          });
        } else if (roll < 0.13) {
          events.push({
            type: 'result',
            exit_code: 1,
            text: '',
            tokens,
            duration_ms,
            error: 'Stopped part-way: reached max iterations (90)'
          });
        } else {
          events.push({ type: 'result', exit_code: 0, text: 'Done.', tokens, duration_ms });
        }
        const builder = new TurnBuilder();
        events.forEach((event, i) =>
          builder.add(decodeLine(Buffer.from(JSON.stringify(event)), i + 1), i + 1)
        );
        const turn = builder.finish();
        const verdict = verdictOf(turn, end);
        legs.push({
          name: `${prompt}-${repo}-${model}`,
          outcome: verdict.outcome,
          exitCode: verdict.exitCode,
          model: turn.model,
          tokens: turn.result?.tokens,
          durationMs: turn.result?.duration_ms,
          toolCalls: turn.toolCalls,
          toolErrors: turn.toolErrors,
          tools: turn.tools,
          error: verdict.outcome === 'success' ? '' : (turn.result?.error ?? verdict.message),
          attempts: 1,
          streamProblems: turn.issueCount,
          source: {
            kind: 'artifact',
            id: ++id,
            url: `https://github.com/octo/repo/actions/runs/7/artifacts/${id}`
          }
        });
      }
  legs.sort((a, b) => a.name.localeCompare(b.name));
  const origin = {
    kind: 'artifacts',
    namePattern: '*',
    others: ['coverage', 'site-preview'],
    unmatched: [],
    setAside: []
  };
  return renderMatrixSummary({ legs, totals: totalsOf(legs), origin }, makeRedactor([]));
}

/**
 * review: true on the same run: the answer is the agent's words and its review as JSON; the action
 * posted the review (the summary links it) and shows the words, never the JSON.
 */
function reviewedRun() {
  return {
    text:
      'Fixed the failing auth test, and reviewed the rest of the change.\n\n' +
      '```json\n{"review": {"verdict": "request_changes", "summary": "…", "findings": ["…"]}}\n```',
    extra: {
      asked: { jsonSchema: false, review: true, labels: false },
      answer: {
        ok: true,
        value: {},
        json: '{}',
        prose: 'Fixed the failing auth test, and reviewed the rest of the change.'
      },
      review: {
        verdict: 'request_changes',
        summary: [
          'The fix is right; two things before it lands.',
          '',
          '- `verify()` maps `TokenExpiredError` to 401, but `JsonWebTokenError` (a bad signature) still ends in a 500.',
          '- `clockTolerance: 0` is the default: say why it is spelt out, or drop it.'
        ].join('\n'),
        posted: {
          url: 'https://github.com/octo/repo/pull/7#pullrequestreview-2741',
          inline: 2,
          outside: 1
        }
      }
    }
  };
}

/** A review run: the tests fail, a patch, the tests pass; one call fails along the way. */
function summaryOf(
  { decodeLine, TurnBuilder, verdictOf, makeRedactor, renderSummary },
  reviewed = undefined
) {
  const t0 = 1795978843008;
  let now = t0;
  const events = [
    {
      type: 'system',
      subtype: 'init',
      model: 'nous/hermes-4-70b',
      session_id: '20261129_101500_9f8e7d'
    }
  ];
  const call = (name, input, output, ms, isError = false) => {
    events.push({ type: 'tool_use', name, input });
    events.push({ type: 'tool_result', name, output, duration_ms: ms, is_error: isError });
  };
  call(
    'terminal',
    { command: 'git diff --stat origin/main...HEAD' },
    ' src/auth.ts | 12 +++++---',
    412
  );
  call('read_file', { path: 'src/auth.ts' }, 'export function verify(token: string) {…}', 4);
  call('search_files', { pattern: 'verifyToken\\(', path: 'src' }, 'src/login.ts:18', 118);
  call(
    'terminal',
    { command: 'npm test -- auth' },
    'FAIL src/auth.test.ts\n  ● login › rejects expired tokens\n\n    expected 401, received 500\n\n      at verify (src/auth.ts:42:11)\n      at Object.<anonymous> (src/auth.test.ts:17:5)\n\nTests: 1 failed, 23 passed, 24 total',
    8240,
    true
  );
  call('read_file', { path: 'src/auth.test.ts' }, "describe('login', () => {…})", 3);
  call(
    'patch',
    {
      path: 'src/auth.ts',
      old_string: 'return decode(token);',
      new_string: 'return decode(token, { clockTolerance: 0 });'
    },
    'Applied 1 hunk to src/auth.ts',
    12
  );
  call('terminal', { command: 'npm test -- auth' }, 'Tests: 24 passed, 24 total', 7930);
  // An output over Hermes' 5000-character cap: cut in the stream, whole in the session record.
  const log = Array.from({ length: 200 }, (_, i) => `[${i}] auth: token verified`).join('\n');
  call('read_file', { path: 'logs/auth.log' }, `${[...log].slice(0, 5000).join('')}...`, 21);
  call(
    'web_search',
    { query: 'jsonwebtoken clockTolerance expired token 401' },
    '1. jsonwebtoken README - https://github.com/auth0/node-jsonwebtoken',
    1306
  );
  call(
    'terminal',
    { command: 'npm run lint' },
    'eslint . && prettier --check .\nAll matched files use Prettier code style!',
    3105
  );
  events.push({
    type: 'result',
    session_id: '20261129_101500_9f8e7d',
    exit_code: 0,
    text:
      reviewed?.text ??
      'Fixed the failing auth test.\n\n' +
        '- `verify()` threw on expired tokens, which the login route turned into a 500.\n' +
        '- It now passes `clockTolerance: 0` and maps `TokenExpiredError` to 401.\n\n' +
        'All 24 auth tests pass and lint is clean.',
    tokens: { input: 48210, output: 3120, total: 51330, cache_read: 40960, cache_write: 2048 },
    duration_ms: 41_870
  });

  const builder = new TurnBuilder();
  events.forEach((event, i) => {
    now += 40;
    const line = JSON.stringify({ ...event, timestamp: now });
    builder.add(decodeLine(Buffer.from(line), i + 1), i + 1);
  });
  const turn = builder.finish();
  const end = {
    kind: 'process',
    exitCode: 0,
    signal: null,
    timedOut: false,
    cancelled: false,
    stderrTail: [],
    hermesPath: 'hermes',
    timeoutMs: 0
  };
  const report = {
    verdict: verdictOf(turn, end),
    query: {
      kind: 'text',
      text: 'Fix the failing auth test in this pull request,\nthen run the linter.'
    },
    turn,
    durationMs: turn.result.duration_ms,
    agent: 'Hermes Agent v0.21.4 (2026.9.20)',
    trigger: { actor: 'octocat', event: 'pull_request', why: 'write permission on octo/repo' },
    install: { ref: 'v0.22.2', source: 'cache', ms: 2400 },
    stderrTail: [],
    jsonlPath: '/home/runner/work/_temp/hermes-1/run.jsonl',
    artifact: {
      name: 'hermes-review-run.jsonl',
      id: 4242,
      url: 'https://github.com/octo/repo/actions/runs/1/artifacts/4242'
    },
    // What `hermes sessions export` said about the session (its cost is the provider's).
    usage: {
      costUsd: 0.0731,
      costEstimated: false,
      apiCalls: 11,
      fields: { actual_cost_usd: 0.0731, cost_status: 'actual', api_call_count: 11 }
    },
    session: {
      path: '/home/runner/work/_temp/hermes-1/run.session.jsonl',
      artifact: {
        name: 'hermes-review-run-session.jsonl',
        id: 4243,
        url: 'https://github.com/octo/repo/actions/runs/1/artifacts/4243'
      }
    }
  };
  return renderSummary({ ...report, ...reviewed?.extra }, makeRedactor([]));
}

/** GFM as GitHub renders a summary: tables, autolinks, raw HTML kept (less what its tag filter drops). */
function render(markdown) {
  return micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()]
  });
}

/** One titled box of rendered Markdown, as GitHub frames a comment. */
function box(title, body) {
  return `<div class="box"><div class="title">${title}</div>
<article class="markdown-body">
${body}</article></div>`;
}

/** The HTML inside GitHub's Markdown CSS, at the width of a job summary; `title` undefined: `body` holds its boxes. */
function page(body, title) {
  const css = fs.readFileSync(
    path.join(ROOT, 'node_modules', 'github-markdown-css', 'github-markdown-light.css'),
    'utf8'
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Job summary</title>
<style>${css}
body { margin: 0; background: #f6f8fa; }
.box { box-sizing: border-box; max-width: 960px; margin: 24px auto; background: #fff;
  border: 1px solid #d1d9e0; border-radius: 6px; }
.box > .title { padding: 12px 16px; border-bottom: 1px solid #d1d9e0; font: 600 14px -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
.markdown-body { padding: 16px 24px; }
</style></head>
<body>${title === undefined ? body : box(title, body)}</body></html>
`;
}

function shoot(htmlPath, pngPath, height) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-chromium-'));
  try {
    const run = spawnSync(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--hide-scrollbars',
        `--user-data-dir=${profile}`,
        `--screenshot=${pngPath}`,
        `--window-size=1000,${height}`,
        pathToFileURL(htmlPath).href
      ],
      { encoding: 'utf8', timeout: 120_000 }
    );
    if (run.error)
      throw new Error(`chromium could not run (apt-get install -y chromium): ${run.error.message}`);
    if (!fs.existsSync(pngPath)) throw new Error(`chromium wrote no screenshot:\n${run.stderr}`);
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}
