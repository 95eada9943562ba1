/**
 * A full run of `npm run bench` rewrites only its own part of docs/BENCHMARKS.md (scripts/bench-doc.mjs):
 * every hand-written section stays where it is, as it is. Checked on the doc as committed, without
 * running any benchmark.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { legacyRunRange, RUN_END, RUN_START, spliceSection } from '../../scripts/bench-doc.mjs';

// The install section's markers (scripts/bench-install.mjs).
const INSTALL_START = '<!-- install:start -->';
const INSTALL_END = '<!-- install:end -->';
const DOC = fs.readFileSync(
  path.join(import.meta.dirname, '..', '..', 'docs', 'BENCHMARKS.md'),
  'utf8'
);
const headings = (doc: string): string[] => doc.split('\n').filter(l => /^#{1,2} /.test(l));
const run = (n: number): string =>
  [
    RUN_START,
    '',
    `Measured by run ${n}.`,
    '',
    '## Machine',
    '',
    `- run ${n}`,
    '',
    INSTALL_START,
    '',
    '## Installing Hermes',
    '',
    `install of run ${n}`,
    '',
    INSTALL_END,
    '',
    '## Method',
    '',
    `method of run ${n}`,
    '',
    RUN_END
  ].join('\n');

/** The doc less the run's part: what a run must leave as it is. */
const rest = (doc: string): string =>
  doc.slice(0, doc.indexOf(RUN_START)) + doc.slice(doc.indexOf(RUN_END) + RUN_END.length);

describe('a full run of the bench, on docs/BENCHMARKS.md', () => {
  const hand = [
    '## What each piece of tuning buys',
    '## Matrix report (the `report` sub-action)',
    '## Drawing the answer (issue 34)',
    '## The model gateway'
  ];

  test('the committed doc marks the run part, and the hand-written sections lie outside it', () => {
    expect(DOC.indexOf(RUN_START)).toBeGreaterThan(0);
    expect(DOC.indexOf(RUN_END)).toBeGreaterThan(DOC.indexOf(RUN_START));
    for (const h of hand) expect(headings(rest(DOC))).toContain(h);
  });

  test('rewrites its part and keeps every other byte', () => {
    const once = spliceSection(DOC, run(1), RUN_START, RUN_END, legacyRunRange);
    expect(rest(once)).toBe(rest(DOC));
    expect(once).toContain('Measured by run 1.');
    const twice = spliceSection(once, run(2), RUN_START, RUN_END, legacyRunRange);
    expect(rest(twice)).toBe(rest(DOC));
    expect(twice).not.toContain('run 1');
  });

  test('on a doc written before the markers, it replaces the old run part only', () => {
    const old = DOC.replace(`${RUN_START}\n\n`, '').replace(`${RUN_END}\n\n`, '');
    expect(old).not.toContain(RUN_START);
    const next = spliceSection(old, run(1), RUN_START, RUN_END, legacyRunRange);
    expect(next.startsWith('# Benchmarks\n')).toBe(true);
    expect(rest(next)).toBe(rest(DOC));
    for (const h of hand) expect(next.split('\n').filter(l => l === h)).toHaveLength(1);
    // The old run's lines are gone, the hand-written ones stay.
    expect(next).not.toContain('## Results');
    expect(next.slice(next.indexOf(RUN_END))).toBe(DOC.slice(DOC.indexOf(RUN_END)));
  });

  test('`--only install` rewrites the install section inside the run part, nothing else', () => {
    const section = [
      INSTALL_START,
      '',
      '## Installing Hermes',
      '',
      'new install',
      '',
      INSTALL_END
    ].join('\n');
    const next = spliceSection(DOC, section, INSTALL_START, INSTALL_END);
    const outside = (doc: string): string =>
      doc.slice(0, doc.indexOf(INSTALL_START)) + doc.slice(doc.indexOf(INSTALL_END));
    expect(outside(next)).toBe(outside(DOC));
    expect(next).toContain('new install');
  });

  test('a doc without the section or a Method heading gets it at the end', () => {
    expect(spliceSection('# T\n\ntext\n', 'S', '<!-- s:start -->', '<!-- s:end -->')).toBe(
      '# T\n\ntext\n\nS\n'
    );
  });
});
