/** The release process: the CHANGELOG section a tag publishes, and the workflow that does it. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { parse } from 'yaml';
import { changelogSection } from '../../scripts/changelog-section.mjs';
import { ROOT } from '../../scripts/local-runner.mjs';

const SAMPLE = `# Changelog

## [Unreleased]

## [0.2.0] - 2027-01-10

### Added

- Something new.

## [0.1.0] - 2026-12-01

### Added

- The first release.

[Unreleased]: https://github.com/hermes-action/hermes-action/compare/v0.2.0...HEAD
[0.2.0]: https://github.com/hermes-action/hermes-action/compare/v0.1.0...v0.2.0
`;

describe('the CHANGELOG section of a version', () => {
  test('from its heading to the next, with or without the v', () => {
    expect(changelogSection(SAMPLE, 'v0.2.0')).toBe('### Added\n\n- Something new.');
    expect(changelogSection(SAMPLE, '0.1.0')).toBe('### Added\n\n- The first release.');
  });

  test('none for a version it does not list, nor for an empty section', () => {
    expect(changelogSection(SAMPLE, 'v0.3.0')).toBeUndefined();
    expect(changelogSection(SAMPLE, 'Unreleased')).toBeUndefined();
  });

  test('the script fails, naming the version and what to do', () => {
    const run = spawnSync(process.execPath, ['scripts/changelog-section.mjs', 'v9.9.9'], {
      cwd: ROOT,
      encoding: 'utf8'
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CHANGELOG.md has no section "## [9.9.9] - YYYY-MM-DD"');
  });

  test('CHANGELOG.md keeps an Unreleased section with entries, the Keep a Changelog way', () => {
    const changelog = fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain('[Keep a Changelog](https://keepachangelog.com/en/1.1.0/)');
    expect(changelogSection(changelog, 'Unreleased')).toMatch(/^### Added\n\n- /);
  });
});

describe('the release workflow', () => {
  type Step = { run?: string; uses?: string };
  const workflow = parse(
    fs.readFileSync(path.join(ROOT, '.github/workflows/release.yml'), 'utf8')
  ) as {
    on: { push: { tags: string[] } };
    jobs: { release: { permissions: Record<string, string>; steps: Step[] } };
  };
  const runs = workflow.jobs.release.steps.map(s => s.run ?? '');
  const at = (fragment: string): number => runs.findIndex(r => r.includes(fragment));

  test('runs on vX.Y.Z tags only, with write access to contents and nothing else', () => {
    expect(workflow.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } });
    expect(workflow.jobs.release.permissions).toEqual({ contents: 'write' });
  });

  test('checks the tag, runs the suite and the dist/ check, publishes, then moves vX', () => {
    const order = [
      at('require("./package.json").version'),
      at('scripts/changelog-section.mjs'),
      at('node scripts/pin-hermes.mjs check'),
      at('bash .ci/run'),
      at('gh release create'),
      at('git push --force origin "refs/tags/$major"')
    ];
    expect(order.every(i => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8')).toContain(
      'dist/ differs from a fresh build of src/'
    );
  });

  test('refuses to publish while the default installer has no pinned hash: its check fails', () => {
    const check = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/pin-hermes.mjs'), 'check'],
      {
        encoding: 'utf8'
      }
    );
    const pinned = /installerSha256: '[0-9a-f]{64}'/.test(
      fs.readFileSync(path.join(ROOT, 'src/config/pin.ts'), 'utf8')
    );
    expect(check.status).toBe(pinned ? 0 : 1);
    if (!pinned) expect(check.stderr).toContain('has no pinned commit and SHA-256');
  });
});
