/**
 * The tests' map stays true (docs/development.md, "Where the tests are"): every folder of
 * `__tests__/` is a room of `src/` or one of the few of the suite's own, every test file is in one,
 * and every test path the docs, workflows and scripts name exists.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { globSync } from 'tinyglobby';
import { ROOT } from '../../scripts/local-runner.mjs';

const TESTS = path.join(ROOT, '__tests__');
const OWN = ['e2e', 'stand-ins', 'repo', 'helpers', 'fixtures'];

describe('the tests, filed by room', () => {
  test('every folder of __tests__ is a room of src/ or one of the suite’s own', () => {
    const rooms = fs
      .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter(e => e.isDirectory())
      .map(e => e.name);
    const folders = fs
      .readdirSync(TESTS, { withFileTypes: true })
      .filter(e => e.isDirectory())
      .map(e => e.name);
    expect(folders.filter(f => !rooms.includes(f) && !OWN.includes(f))).toEqual([]);
  });

  test('no test file at the top of __tests__, and every *.e2e.test.ts in e2e/', () => {
    const files = globSync(['**/*.test.ts'], { cwd: TESTS });
    expect(files.filter(f => !f.includes('/'))).toEqual([]);
    expect(files.filter(f => f.endsWith('.e2e.test.ts') && !f.startsWith('e2e/'))).toEqual([]);
  });

  test('every __tests__/… path the docs, workflows and scripts name exists', () => {
    const texts = globSync(['**/*.md', '.github/workflows/*.yml', 'scripts/*.mjs', '.ci/run'], {
      cwd: ROOT,
      // The screenshot's made-up review names a test of a made-up project.
      ignore: ['node_modules/**', 'dist/**', '__tests__/fixtures/**', 'scripts/screenshot.mjs']
    });
    const named = texts.flatMap(file =>
      [
        ...fs
          .readFileSync(path.join(ROOT, file), 'utf8')
          .matchAll(/__tests__\/[\w./*-]+\.test\.ts/g)
      ]
        .map(m => m[0])
        .filter(p => globSync([p], { cwd: ROOT }).length === 0)
        .map(p => `${file}: ${p}`)
    );
    expect(named).toEqual([]);
  });
});
