// The cost of drawing the answer as Markdown (src/publish/answer.ts): `node scripts/bench-markdown.mjs`.
// A 64 KB answer made of the golden answers (__tests__/fixtures/markdown/), the same answer cut to
// fit a comment, and the pathological inputs of the hostile battery; the median of the rounds, in
// ms, printed as the table of docs/BENCHMARKS.md ("Drawing the answer"). Target: a 64 KB answer
// under 50 ms. `BASELINE=REV` adds the same cases drawn by the code at that commit. A plain script, not a test: the sources are transpiled (typescript) into a folder
// under the checkout, so that their imports resolve, and removed after.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 15);
// BASELINE=REV also times `renderAnswer` as it is at that commit, in the same rounds (alternating).
const BASELINE = process.env.BASELINE;
const work = fs.mkdtempSync(path.join(ROOT, '.bench-markdown-'));

/** The sources (`read(file)` for each file under src/) transpiled into `dir`; its answer module. */
async function load(dir, files, read) {
  for (const file of files) {
    const js = ts.transpileModule(read(file), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }
    });
    const out = path.join(dir, file.replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, js.outputText);
  }
  return import(pathToFileURL(path.join(dir, 'publish', 'answer.js')).href);
}

try {
  const src = path.join(ROOT, 'src');
  const current = await load(
    path.join(work, 'current'),
    fs.readdirSync(src, { recursive: true }).filter(f => f.endsWith('.ts')),
    file => fs.readFileSync(path.join(src, file), 'utf8')
  );
  const git = (...args) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
  const baseline = BASELINE
    ? await load(
        path.join(work, 'baseline'),
        git('ls-tree', '-r', '--name-only', BASELINE, 'src/')
          .split('\n')
          .filter(f => f.endsWith('.ts'))
          .map(f => f.slice('src/'.length)),
        file => git('show', `${BASELINE}:src/${file}`)
      )
    : undefined;

  const fixtures = path.join(ROOT, '__tests__', 'fixtures', 'markdown');
  const goldens = fs
    .readdirSync(fixtures)
    .filter(f => f.endsWith('.md'))
    .sort()
    .map(f => fs.readFileSync(path.join(fixtures, f), 'utf8'));
  let answer = '';
  for (let i = 0; answer.length < 64 * 1024; i++) answer += `${goldens[i % goldens.length]}\n`;
  answer = answer.slice(0, 64 * 1024);

  const summary = { chars: 96 * 1024, bytes: 96 * 1024, headingLevel: 4, whole: 'the transcript' };
  const comment = { chars: 50_000, headingLevel: 3, whole: 'the transcript' };
  const finding = { chars: 4000, headingLevel: 3, whole: 'the transcript' };
  const cases = [
    ['64 KB answer (the golden answers), summary limits', answer, summary],
    ['64 KB answer, cut to a comment (50,000 characters)', answer, comment],
    ['64 KB answer, cut to a review finding (4,000 characters)', answer, finding],
    ['1 MB of backticks, summary limits', '`'.repeat(1024 * 1024), summary],
    ['5,000 nested quotes, summary limits', `${'> '.repeat(5000)}deep`, summary]
  ];
  // Each case as drawn today (`first`: the parse forgotten before each round, as for the first
  // drawing of a run; `again`: the same answer drawn before at another heading level, as the comment and the
  // review after the summary), and at BASELINE as a first drawing (its parse forgotten where it keeps one).
  const variants = [
    [
      'first',
      (text, limits) => (current.forgetParse?.(), timed(() => current.renderAnswer(text, limits)))
    ],
    [
      'again',
      (text, limits) => (
        current.renderAnswer(text, { ...limits, headingLevel: limits.headingLevel - 1 }),
        timed(() => current.renderAnswer(text, limits))
      )
    ],
    ...(baseline
      ? [
          [
            `at ${BASELINE}, first`,
            (text, limits) => (
              baseline.forgetParse?.(),
              timed(() => baseline.renderAnswer(text, limits))
            )
          ]
        ]
      : [])
  ];
  const loads = [os.loadavg()[0]];
  const rows = [];
  const ms = t => `${t.toFixed(1)} ms`;
  const median = v => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];
  for (const [name, text, limits] of cases) {
    const runs = variants.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      for (let v = 0; v < variants.length; v++) {
        // Rotated each round, so that no variant always runs first.
        const i = (v + r) % variants.length;
        runs[i].push(variants[i][1](text, limits));
      }
    }
    const first = runs[0][0].out;
    for (let i = 0; i < variants.length; i++) {
      const wall = runs[i].map(x => x.ms).sort((x, y) => x - y);
      const out = runs[i][0].out;
      // A repeated drawing must write what the first did; the baseline may differ (say where).
      if (variants[i][0] === 'again' && out !== first)
        throw new Error(`${name}: the repeated drawing wrote something else`);
      rows.push(
        `| ${name} | ${variants[i][0]} | ${ms(median(wall))} | ${ms(wall[0])} – ${ms(wall.at(-1))} | ${ms(median(runs[i].map(x => x.cpu)))} | ${out.length.toLocaleString('en-US')}${out === first ? '' : ' (not the same text)'} |`
      );
    }
  }
  // The first drawing of a new process, as in a run: the parser's code not yet compiled. The 64 KB
  // answer only, each round a new `node` (the same binary) that imports the module, draws once, and
  // prints its time.
  const answerFile = path.join(work, 'answer.md');
  fs.writeFileSync(answerFile, answer);
  const cold = (dir, label) => {
    const module = pathToFileURL(path.join(dir, 'publish', 'answer.js')).href;
    const script = `const { renderAnswer } = await import(${JSON.stringify(module)});
      const text = (await import('node:fs')).readFileSync(${JSON.stringify(answerFile)}, 'utf8');
      const start = performance.now();
      renderAnswer(text, ${JSON.stringify(summary)});
      console.log(performance.now() - start);`;
    const times = [];
    for (let r = 0; r < ROUNDS; r++)
      times.push(
        Number(
          execFileSync(process.execPath, ['--input-type=module', '-e', script], {
            encoding: 'utf8'
          })
        )
      );
    times.sort((x, y) => x - y);
    rows.push(
      `| 64 KB answer, summary limits | ${label} | ${ms(median(times))} | ${ms(times[0])} – ${ms(times.at(-1))} | | |`
    );
  };
  cold(path.join(work, 'current'), 'cold: the first of a new process');
  if (baseline) cold(path.join(work, 'baseline'), `cold, at ${BASELINE}`);

  loads.push(os.loadavg()[0]);
  console.log(
    `Node ${process.version}, ${ROUNDS} rounds each, load average (1 min) ${loads.map(l => l.toFixed(2)).join(' → ')}, nproc ${os.availableParallelism()}\n`
  );
  console.log('| Case | Drawn | Median | Range | CPU (median) | Characters written |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

/** What `f` returned, its wall time and the process's CPU time (user and system, GC threads too), in ms. */
function timed(f) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const out = f();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { out, ms, cpu: (used.user + used.system) / 1000 };
}
