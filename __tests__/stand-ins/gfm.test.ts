/**
 * The renderer the summary tests read summaries with (helpers/gfm.ts: micromark and its GFM
 * extension). It must keep raw HTML, as cmark-gfm --unsafe does, so that a tag leaking from the stream
 * shows up as an element; and where cmark-gfm (GitHub's GFM implementation) happens to be on PATH, the
 * two must agree on every golden summary and on hostile text in each escaping context. Without
 * cmark-gfm that comparison is reported as skipped.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import {
  cell,
  cellDetails,
  cellLines,
  codeBlock,
  codeCell,
  details,
  inline,
  link,
  quoted,
  table,
  textBlock
} from '../../src/publish/markdown.js';
import {
  all,
  parseHtml,
  render,
  renderGfm,
  tableRows,
  tagNames,
  type Node
} from '../helpers/gfm.js';
import { must } from '../helpers/must.js';

describe('the GFM renderer of the tests', () => {
  test('keeps raw HTML as elements, even the tags a tag filter would turn into text', () => {
    const html = render(
      [
        'a <script>alert(1)</script> <img src=x onerror=alert(1)> <textarea>t</textarea>',
        '',
        '<style>p {}</style>',
        '',
        '<details><summary>s</summary>',
        '',
        'b',
        '',
        '</details>'
      ].join('\n')
    );
    expect([...tagNames(html)]).toEqual(
      expect.arrayContaining(['script', 'img', 'textarea', 'style', 'details', 'summary'])
    );
    expect(must(all(html, 'img')[0]).attrs).toEqual({ src: 'x', onerror: 'alert(1)' });
  });

  test('renders tables, strikethrough and autolinks; escapes stay text', () => {
    const html = render(
      [
        '| a | b |',
        '|---|--:|',
        '| 1 | ~~2~~ |',
        '',
        'https://x.example/p www.y.example me@z.example \\<b\\> \\*c\\*'
      ].join('\n')
    );
    expect(tableRows(must(all(html, 'table')[0]))).toEqual([
      ['a', 'b'],
      ['1', '2']
    ]);
    expect(all(html, 'del')).toHaveLength(1);
    expect(all(html, 'a').map(a => a.attrs.href)).toEqual([
      'https://x.example/p',
      'http://www.y.example',
      'mailto:me@z.example'
    ]);
    expect(tagNames(html).has('b')).toBe(false);
    expect(tagNames(html).has('em')).toBe(false);
  });
});

const cmark = spawnSync('cmark-gfm', ['--version'], { encoding: 'utf8' });
const HAVE_CMARK = !cmark.error && cmark.status === 0;

/** cmark-gfm with the extensions GitHub uses for what a summary contains, raw HTML kept. */
function cmarkGfm(markdown: string): string {
  const run = spawnSync(
    'cmark-gfm',
    ['-e', 'table', '-e', 'strikethrough', '-e', 'autolink', '--unsafe'],
    { input: markdown, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
  );
  if (run.error || run.status !== 0)
    throw new Error(`cmark-gfm failed: ${run.error?.message ?? run.stderr}`);
  return run.stdout;
}

/** A tree to compare: whitespace runs as one space, whitespace-only text dropped, hrefs decoded. */
function canonical(node: Node): unknown {
  if (typeof node === 'string') return node.replace(/\s+/g, ' ');
  const attrs = { ...node.attrs };
  if (attrs.href !== undefined) {
    try {
      attrs.href = decodeURI(attrs.href);
    } catch {
      // Left as it is: an invalid escape compares as written.
    }
  }
  const children = node.children
    .filter(c => typeof c !== 'string' || c.trim() !== '')
    .map(canonical);
  return { tag: node.tag, attrs, children };
}

const HOSTILE = [
  '<script>alert(1)</script> <img src=x onerror=alert(1)>',
  '</details></summary></table></td></pre></code><br><!-- --> <![CDATA[ <?php',
  '&amp; &#60; &lt; &#x3C; &nbsp;',
  'http://a.example https://b.example/x?y=1&z=2 www.c.example',
  'me@d.example me@.example.com git@github.com:o/r.git a.b+c@e.example',
  '@octocat @org/team @_x @-y',
  '[x](javascript:alert(1)) ![i](x.png) <https://e.example> [x]: https://f.example',
  '*a* _b_ **c** ~~d~~ ~e~ `f` ``` ~~~ $x$ $$',
  '| a | b \\| c \\\\',
  '1. 2) > - * + # --- === *** :+1: [!CAUTION] [^1]',
  'line one\nline two\r\n\r\nline\rthree\n\n    indented\n\ttabbed',
  '\u0000 \u001b[31m \u007f \u0085 \u00a0 \u200b \u2028 \ufeff \ud800 \udc00 漢字 🚀 é'
];

/** Hostile text in every escaping context of src/markdown.ts. */
function contexts(s: string, i: number): string {
  return [
    `P${i}Q ${inline(s)}`,
    table(['#', 'cell', 'code'], ['r', 'l', 'c'], [[String(i), cell(s), codeCell(s)]]),
    codeBlock(s),
    `> [!CAUTION]\n${quoted(s)}`,
    details(s, textBlock(s)),
    table(['#', 'status'], ['r', 'l'], [[String(i), cellDetails(cell(s), cellLines(s))]]),
    `P${i}Q ${link(s, 'https://x.example/a)b(c<d>e"f\'g`h')} ${link(s, s)}`
  ].join('\n\n');
}

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'summary');
const goldens = fs
  .readdirSync(FIXTURES)
  .filter(f => f.endsWith('.md'))
  .sort();

const crossCheck = HAVE_CMARK ? test : test.skip;
const reason = HAVE_CMARK ? '' : ' (skipped: cmark-gfm is not on PATH)';

describe(`micromark agrees with cmark-gfm${reason}`, () => {
  crossCheck('there are golden summaries to compare', () => {
    expect(goldens.length).toBeGreaterThanOrEqual(15);
  });

  crossCheck.each(goldens)('golden summary %s', name => {
    const markdown = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
    expect(canonical(parseHtml(renderGfm(markdown)))).toEqual(
      canonical(parseHtml(cmarkGfm(markdown)))
    );
  });

  crossCheck.each(HOSTILE.map((s, i) => [i, s] as const))(
    'hostile text %d in every context',
    (i, s) => {
      const markdown = contexts(s, i);
      expect(canonical(parseHtml(renderGfm(markdown)))).toEqual(
        canonical(parseHtml(cmarkGfm(markdown)))
      );
    }
  );
});
