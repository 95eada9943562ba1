/**
 * docs/design.md and docs/development.md map src/ as it is: each has one row per folder of src/, read
 * when the test runs (a folder added or renamed must be mapped), every path a row names exists, and
 * the flow of one run names run()'s steps in the order src/main.ts takes them.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from '@jest/globals';
import { tableAfter } from '../helpers/doc-tables.js';
import { must } from '../helpers/must.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');
const folders = fs
  .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
  .filter(e => e.isDirectory())
  .map(e => `src/${e.name}/`)
  .sort();
const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map(m => must(m[1]));

const MAPS = [
  { doc: 'docs/design.md', heading: '## The map of `src/`' },
  { doc: 'docs/development.md', heading: '## Where things are' }
];

describe.each(MAPS)('$doc maps src/', ({ doc, heading }) => {
  const rows = tableAfter(read(doc), heading);
  const named = rows.flatMap(row => codeSpans(must(row[0])));

  test('one row for each folder of src/, none for a folder that is not there', () => {
    expect(named.filter(p => p.endsWith('/')).sort()).toEqual(folders);
  });

  test('every file a row names exists', () => {
    const missing = rows.flatMap(([first, holds]) => {
      const own = codeSpans(must(first));
      const folder = own.length === 1 && own[0]?.endsWith('/') ? own[0] : undefined;
      const files = [
        ...own.filter(p => !p.endsWith('/')),
        ...codeSpans(holds ?? '').flatMap(span =>
          /^src\/[\w./-]+\.ts$/.test(span)
            ? [span]
            : folder && /^[\w.-]+\.ts$/.test(span)
              ? [folder + span]
              : []
        )
      ];
      return files.filter(file => !fs.existsSync(path.join(ROOT, file)));
    });
    expect(missing).toEqual([]);
  });
});

test("docs/design.md's run, in order, is the order of run() in src/main.ts", () => {
  const doc = read('docs/design.md');
  const start = doc.indexOf('\n## One run, in order\n');
  expect(start).toBeGreaterThan(-1);
  const section = doc.slice(start + 1, doc.indexOf('\n## ', start + 1));
  // The first code span of each numbered step: the call that takes it.
  const steps = section
    .split('\n')
    .filter(line => /^\d+\. /.test(line))
    .map(line =>
      must(codeSpans(line)[0])
        .replace(/^ports\./, '')
        .replace(/\(\)$/, '')
    );
  expect(steps.length).toBeGreaterThanOrEqual(6);
  const main = read('src/main.ts');
  let at = 0;
  for (const step of steps) {
    const found = main.slice(at).search(new RegExp(`\\b${step}\\(`));
    expect([step, found]).not.toEqual([step, -1]);
    at += found + step.length;
  }
});

test("docs/design.md's import table is eslint.config.js's LAYERS, every folder of src/ in it", async () => {
  const config = (await import(pathToFileURL(path.join(ROOT, 'eslint.config.js')).href)) as {
    LAYERS: Record<string, string[]>;
  };
  const drawn = Object.fromEntries(
    tableAfter(read('docs/design.md'), '## Who may import whom').map(([folder, allowed]) => [
      must(codeSpans(must(folder))[0]),
      codeSpans(allowed ?? '')
    ])
  );
  const layers = Object.fromEntries(
    Object.entries(config.LAYERS).map(([folder, allowed]) => [
      `src/${folder}/`,
      allowed.map(room => `src/${room}/`)
    ])
  );
  expect(drawn).toEqual(layers);
  expect(Object.keys(layers).sort()).toEqual(folders);
});
