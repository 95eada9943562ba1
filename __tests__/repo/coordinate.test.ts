/**
 * One coordinate, one version: package.json names the repository, and every `uses:` of this action
 * in the Markdown and the workflows is that repository at the major version of package.json (`v0`
 * before 1.0), or the local checkout (`./`, `./report`). The workflows pin every other action by SHA.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { globSync } from 'tinyglobby';
import { ROOT } from '../../scripts/local-runner.mjs';
import { must } from '../helpers/must.js';

const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  repository?: { url?: string };
};
const coordinate = /github\.com\/([^/]+\/[^/.]+)(?:\.git)?$/.exec(
  manifest.repository?.url ?? ''
)?.[1];
const major = `v${manifest.version.split('.')[0]}`;

/** Every `uses:` value in a file, with its line number (YAML in workflows, code blocks in Markdown). */
function usesIn(file: string): { line: number; value: string; comment: string }[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return text.split('\n').flatMap((line, i) => {
    const m = /^\s*(?:-\s+)?uses:\s*(['"]?)([^\s'"#]+)\1\s*(#.*)?$/.exec(line);
    return m ? [{ line: i + 1, value: must(m[2]), comment: m[3] ?? '' }] : [];
  });
}

/** `uses:` of this action that are not the coordinate at the major version, nor the checkout. */
function wrongCoordinates(file: string): string[] {
  return usesIn(file)
    .filter(u => /hermes-action|<owner>/.test(u.value) && !u.value.startsWith('./'))
    .filter(
      u => u.value !== `${coordinate}@${major}` && u.value !== `${coordinate}/report@${major}`
    )
    .map(u => `${file}:${u.line}: ${u.value}`);
}

/** `uses:` other than the checkout's not pinned by full SHA with its `# vX.Y.Z` tag. */
function unpinned(file: string): string[] {
  return usesIn(file)
    .filter(u => !u.value.startsWith('./'))
    .filter(
      u =>
        !/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(u.value) || !/^# v\d+\.\d+\.\d+$/.test(u.comment)
    )
    .map(u => `${file}:${u.line}: ${u.value} ${u.comment}`);
}

const markdown = globSync(['**/*.md'], { cwd: ROOT, ignore: ['node_modules/**', 'dist/**'] });
const workflows = globSync(['.github/workflows/*.{yml,yaml}'], { cwd: ROOT });

describe('the coordinate', () => {
  test('package.json names the repository: hermes-action/hermes-action, at a v0 version', () => {
    expect(coordinate).toBe('hermes-action/hermes-action');
    expect(major).toBe('v0');
  });

  test('the files checked are the ones that matter', () => {
    expect(markdown).toEqual(expect.arrayContaining(['README.md', 'docs/REPORT.md']));
    expect(workflows).toEqual(expect.arrayContaining(['.github/workflows/ci.yml']));
  });

  test.each([...markdown, ...workflows])(
    '%s uses this action by one coordinate and version',
    file => {
      expect(wrongCoordinates(file)).toEqual([]);
    }
  );

  test.each(workflows)(
    '%s pins every other action by full commit SHA, its tag in a comment',
    file => {
      expect(unpinned(file)).toEqual([]);
    }
  );

  test('the scan sees a wrong coordinate and an unpinned action', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, '.tmp-coordinate-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'x.yml'),
        '      - uses: <owner>/hermes-action@v1\n      - uses: actions/checkout@v5 # v5.0.0\n'
      );
      const file = path.relative(ROOT, path.join(dir, 'x.yml'));
      expect(wrongCoordinates(file)).toEqual([`${file}:1: <owner>/hermes-action@v1`]);
      expect(unpinned(file)).toEqual([
        `${file}:1: <owner>/hermes-action@v1 `,
        `${file}:2: actions/checkout@v5 # v5.0.0`
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
