/** The transcript is opened without following a link planted after the inputs were read. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { openTranscript, resolveLinks } from '../../src/config/paths.js';

const tmp = (): string =>
  fs.realpathSync(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'hermes-open-')));

describe('openTranscript', () => {
  test('a plain path is created, truncated and read back', () => {
    const file = path.join(tmp(), 'run.jsonl');
    fs.writeFileSync(file, 'old content');
    const fd = openTranscript(file, 'write');
    fs.writeSync(fd, '{}\n');
    fs.closeSync(fd);
    const read = openTranscript(file, 'read');
    expect(fs.readFileSync(read, 'utf8')).toBe('{}\n');
    fs.closeSync(read);
  });

  test.each(['write', 'read'] as const)(
    'a link planted in its place is refused (%s), its target untouched',
    mode => {
      const dir = tmp();
      const victim = path.join(tmp(), 'victim');
      fs.writeFileSync(victim, 'victim');
      const file = path.join(dir, 'run.jsonl');
      fs.symlinkSync(victim, file);
      expect(() => openTranscript(file, mode)).toThrow(
        `The transcript ${file} is a link (to ${victim}), and the transcript is never written or read through one; remove it, or give "jsonl-path" another path.`
      );
      expect(fs.readFileSync(victim, 'utf8')).toBe('victim');
    }
  );

  test('a parent directory swapped for a link is refused', () => {
    const root = tmp();
    const elsewhere = tmp();
    const file = path.join(root, 'out', 'run.jsonl');
    fs.symlinkSync(elsewhere, path.join(root, 'out'));
    expect(() => openTranscript(file, 'write')).toThrow(
      `The transcript's directory ${path.join(root, 'out')} now points to ${elsewhere}`
    );
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

describe('resolveLinks', () => {
  test('through parts that do not exist yet, a dangling link, and a loop', () => {
    const root = tmp();
    fs.symlinkSync(path.join(root, 'real'), path.join(root, 'dangling'));
    expect(resolveLinks(path.join(root, 'dangling', 'a', 'b'))).toBe(
      path.join(root, 'real', 'a', 'b')
    );
    fs.symlinkSync(path.join(root, 'loop-b'), path.join(root, 'loop-a'));
    fs.symlinkSync(path.join(root, 'loop-a'), path.join(root, 'loop-b'));
    expect(resolveLinks(path.join(root, 'loop-a', 'x'))).toMatch(/loop-[ab]\/x$/);
  });
});
