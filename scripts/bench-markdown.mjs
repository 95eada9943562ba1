// The cost of drawing the answer as Markdown (src/publish/answer.ts): `node scripts/bench-markdown.mjs`.
// A 64 KB answer made of the golden answers (__tests__/fixtures/markdown/), the same answer cut to
// fit a comment, and the pathological inputs of the hostile battery; the median of the rounds, in
// ms, printed as the table of docs/BENCHMARKS.md ("Drawing the answer"). Target: a 64 KB answer
// under 50 ms. A plain script, not a test: the sources are transpiled (typescript) into a folder
// under the checkout, so that their imports resolve, and removed after.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const work = fs.mkdtempSync(path.join(ROOT, '.bench-markdown-'));

try {
  const src = path.join(ROOT, 'src');
  for (const file of fs.readdirSync(src, { recursive: true }).filter(f => f.endsWith('.ts'))) {
    const js = ts.transpileModule(fs.readFileSync(path.join(src, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }
    });
    const out = path.join(work, file.replace(/\.ts$/, '.js'));
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, js.outputText);
  }
  const { renderAnswer } = await import(
    pathToFileURL(path.join(work, 'publish', 'answer.js')).href
  );

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
  const cases = [
    ['64 KB answer (the golden answers), summary limits', answer, summary],
    ['64 KB answer, cut to a comment (50,000 characters)', answer, comment],
    ['1 MB of backticks, summary limits', '`'.repeat(1024 * 1024), summary],
    ['5,000 nested quotes, summary limits', `${'> '.repeat(5000)}deep`, summary]
  ];
  const rows = [];
  for (const [name, text, limits] of cases) {
    const times = [];
    let out = '';
    for (let r = 0; r < ROUNDS; r++) {
      const start = performance.now();
      out = renderAnswer(text, limits);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const ms = t => `${t.toFixed(1)} ms`;
    rows.push(
      `| ${name} | ${ms(times[Math.floor(times.length / 2)])} | ${ms(times[0])} – ${ms(times.at(-1))} | ${out.length.toLocaleString('en-US')} |`
    );
  }
  console.log(`Node ${process.version}, ${ROUNDS} rounds each\n`);
  console.log('| Case | Median | Range | Characters written |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
