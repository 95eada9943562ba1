/**
 * For generated diffs: a finding on a line the diff shows (RIGHT: added or context, LEFT: removed) is
 * always inline on that side, and one on a line it does not show never is.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { diffOf, place } from '../../src/github/diff.js';

type Op = ' ' | '+' | '-';
const hunk = fc.record({
  gap: fc.integer({ min: 0, max: 20 }),
  ops: fc.array(fc.constantFrom<Op>(' ', '+', '-'), { minLength: 1, maxLength: 12 })
});

/** The patch text and the lines it shows on each side, computed independently of the parser. */
function build(hunks: { gap: number; ops: Op[] }[]) {
  const right = new Set<number>();
  const left = new Set<number>();
  let oldLine = 1;
  let newLine = 1;
  const text: string[] = [];
  for (const { gap, ops } of hunks) {
    oldLine += gap;
    newLine += gap;
    const olds = ops.filter(o => o !== '+').length;
    const news = ops.filter(o => o !== '-').length;
    text.push(`@@ -${oldLine},${olds} +${newLine},${news} @@ f()`);
    for (const op of ops) {
      text.push(`${op}line`);
      if (op !== '-') right.add(newLine++);
      if (op === '-') left.add(oldLine);
      if (op !== '+') oldLine++;
    }
  }
  return { patch: text.join('\n'), right, left, last: Math.max(oldLine, newLine) + 5 };
}

describe('placing a finding on a generated diff', () => {
  it('is inline exactly when the diff shows the line on that side', () => {
    fc.assert(
      fc.property(
        fc.array(hunk, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 400 }),
        fc.constantFrom<'RIGHT' | 'LEFT'>('RIGHT', 'LEFT'),
        (hunks, n, side) => {
          const { patch, right, left, last } = build(hunks);
          const line = (n % last) + 1;
          const diff = diffOf([{ filename: 'a/b.ts', patch }]);
          const placed = place(diff, { path: 'a/b.ts', line, side });
          const shown = (side === 'RIGHT' ? right : left).has(line);
          expect(placed.inline).toBe(shown);
          if (placed.inline) expect(placed.at).toEqual({ path: 'a/b.ts', line, side });
        }
      ),
      { numRuns: 500 }
    );
  });
});
