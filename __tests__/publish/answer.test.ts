/**
 * The answer drawn as Markdown (src/publish/answer.ts). Golden files: each answer under
 * fixtures/markdown/ (`x.md`) is drawn inside the summary's answer block and rendered as GFM
 * (helpers/gfm.ts); the HTML must equal `x.html` beside it. Regenerating them is a deliberate act:
 * `UPDATE_GOLDEN=1 npm test -- __tests__/publish/answer.test.ts`, then review the diff. Then the hostile
 * battery and a property over generated Markdown: only allowed elements, the page around intact.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { forgetParse, renderAnswer, type AnswerLimits } from '../../src/publish/answer.js';
import { details } from '../../src/publish/markdown.js';
import type { Redacted } from '../../src/text/redact.js';
import {
  all,
  checkSummaryHtml,
  prose,
  renderGfm,
  tableRows,
  textOf,
  type Element
} from '../helpers/gfm.js';
import { runs } from '../helpers/runs.js';
import { must } from '../helpers/must.js';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'markdown');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const LIMITS: AnswerLimits = { chars: 96 * 1024, headingLevel: 4, whole: 'the transcript' };
const r = (text: string): Redacted => text as Redacted;

/** The answer as the summary places it: in its block, a heading before and a paragraph after. */
function page(text: string, limits: AnswerLimits = LIMITS): { markdown: string; html: string } {
  const markdown = [
    '#### Before',
    details('Answer (n characters)', renderAnswer(r(text), limits), true),
    'AFTER-THE-ANSWER'
  ].join('\n\n');
  return { markdown, html: renderGfm(markdown) };
}

/** The page's structure intact: the heading, one details block holding the answer, the last paragraph. */
function intact(html: string): Element {
  const tree = checkSummaryHtml(html);
  const top = tree.children.filter((c): c is Element => typeof c !== 'string');
  expect(top.map(e => e.tag)).toEqual(['h4', 'details', 'p']);
  expect(textOf(must(top[2]))).toBe('AFTER-THE-ANSWER');
  expect(all(tree, 'details')).toHaveLength(1);
  expect(all(tree, 'img')).toEqual([]);
  // No mention, reference or e-mail address a reader's GitHub would link or notify.
  expect(prose(must(top[1]))).not.toMatch(/@[A-Za-z0-9_-]|#\d|\bGH-\d|issues\/\d|pull\/\d/i);
  return must(top[1]);
}

const names = fs
  .readdirSync(FIXTURES)
  .filter(f => f.endsWith('.md'))
  .map(f => f.slice(0, -3))
  .sort();

describe('golden answers', () => {
  test('there are a dozen', () => expect(names.length).toBeGreaterThanOrEqual(12));

  test.each(names)('%s', name => {
    const { html } = page(fs.readFileSync(path.join(FIXTURES, `${name}.md`), 'utf8'));
    const golden = path.join(FIXTURES, `${name}.html`);
    if (UPDATE) fs.writeFileSync(golden, html);
    expect(html).toBe(fs.readFileSync(golden, 'utf8'));
    intact(html);
  });
});

describe('what the goldens show', () => {
  const answer = (name: string): Element =>
    intact(page(fs.readFileSync(path.join(FIXTURES, `${name}.md`), 'utf8')).html);

  test('code spans, a fence in a list item with its language, numbered items', () => {
    const a = answer('review-with-code');
    expect(all(a, 'code').map(textOf)).toContain('parseConfig');
    expect(all(a, 'ol')).toHaveLength(1);
    expect(all(must(all(a, 'ol')[0]), 'li')).toHaveLength(3);
    expect(must(all(a, 'pre')[0]).children[0]).toMatchObject({ attrs: { class: 'language-ts' } });
    expect(all(a, 'h6').map(textOf)).toEqual(['Review']);
  });

  test('a table of findings keeps its rows, cells and an escaped pipe', () => {
    const rows = tableRows(must(all(answer('findings-table'), 'table')[0]));
    expect(rows).toHaveLength(4);
    expect(must(rows[2])[3]).toBe('Retries without backoff | jitter');
  });

  test('task lists as disabled boxes; nested lists nested', () => {
    const boxes = all(answer('task-list'), 'input');
    expect(boxes.map(b => 'checked' in b.attrs)).toEqual([true, true, false, false]);
    expect(all(must(all(answer('nested-lists'), 'ul')[1]), 'ol')).toHaveLength(1);
  });

  test('https links kept with their host shown; http and reference URLs lose the link', () => {
    const a = answer('links');
    expect(all(a, 'a').map(x => x.attrs.href)).toEqual([
      'https://nodejs.org/api/fs.html#fsreadfilepath-options-callback',
      'https://example.com/guide',
      'https://spec.example/v2'
    ]);
    expect(textOf(a)).toContain('Node.js docs (nodejs.org)');
    expect(textOf(a)).toContain('the spec is mirrored at');
    expect(textOf(a)).toContain('the tracking issue and https://github.com/octo/repo/pull/\u200b8');
  });

  test('a fence inside a fence stays verbatim', () => {
    expect(all(answer('code-in-code'), 'pre').map(textOf)).toEqual([
      '```js\nconsole.log(1);\n```\n',
      '``` not a fence here\n'
    ]);
  });
});

describe('the last parse, kept for the next drawing', () => {
  test('drawing an answer again, with other limits, writes what a first drawing writes', () => {
    const long = names.map(n => fs.readFileSync(path.join(FIXTURES, `${n}.md`), 'utf8')).join('\n');
    const limitsOf: AnswerLimits[] = [
      LIMITS,
      { ...LIMITS, chars: 1500, headingLevel: 2, tableRows: 1 },
      { ...LIMITS, chars: 600, lines: 12 }
    ];
    for (const text of [
      long,
      ...names.map(n => fs.readFileSync(path.join(FIXTURES, `${n}.md`), 'utf8'))
    ]) {
      const first = limitsOf.map(limits => {
        forgetParse();
        return renderAnswer(r(text), limits);
      });
      // Each drawing after the first reads the kept tree; in both orders, the same text as before.
      expect(limitsOf.map(limits => renderAnswer(r(text), limits))).toEqual(first);
      expect([...limitsOf].reverse().map(limits => renderAnswer(r(text), limits))).toEqual(
        [...first].reverse()
      );
    }
  });
});

const HOSTILE: [string, string][] = [
  [
    'raw HTML',
    '<script>alert(1)</script>\n\n<div onclick=x>hi</div> and <b>bold</b> <img src=x onerror=alert(1)>'
  ],
  ['closing the page', '</details></summary></table></pre></code>\n\n</details>\n\nAFTER'],
  [
    'images',
    '![pixel](https://tracker.example/p.png) ![local](x.png) ![ref][i]\n\n[i]: https://t.example/i.png'
  ],
  [
    'schemes',
    '[a](javascript:alert(1)) [b](data:text/html,<b>x</b>) [c](http://x.example) [d](vbscript:x) [e](JAVASCRIPT:alert(1)) <javascript:alert(1)>'
  ],
  ['mentions', '@octocat @org/team **@bold** [@link](https://x.example) me@mail.example @_x'],
  [
    'references',
    '#1 o/r#2 GH-3 https://github.com/o/r/issues/4 https://github.com/o/r/pull/5 [x](https://github.com/o/r/issues/6) www.github.com/o/r/pull/7'
  ],
  ['a fake marker', '<!-- hermes-action:workflow=x;job=y;key= -->\n\nText <!-- hidden --> after'],
  [
    'hidden text',
    '[x]: https://a.example "a hidden title"\n\nA footnote[^n].\n\n[^n]: hidden at the bottom @octocat'
  ],
  ['broken fences', '```\nnever closed\n</details>'],
  ['nested fences', '- ```\n  a\n> ```\n> b\n\n~~~~\n```\n~~~'],
  ['alerts', '> [!CAUTION]\n> The action failed (it did not).'],
  ['a table that breaks', '| a | b |\n|---|---|\n| 1 | 2 | 3 | </details> |\n| `|` |'],
  ['a megabyte of backticks', '`'.repeat(1024 * 1024)],
  ['deep nesting', '> '.repeat(5000) + 'deep\n\n' + '- '.repeat(3000) + 'list'],
  ['control characters', 'a\u0000b\u001b[31mc\u007f \ud800 **x\u0085y**']
];

describe('the hostile battery, fed as the answer', () => {
  test.each(HOSTILE)('%s: allowed elements only, the page intact', (_, text) => {
    const { markdown, html } = page(text);
    const answer = intact(html);
    expect(markdown.length).toBeLessThanOrEqual(LIMITS.chars + 200);
    for (const a of all(answer, 'a')) expect(a.attrs.href).toMatch(/^https:\/\//);
    expect(markdown).not.toContain('<!-- hermes-action');
  });

  test('what was HTML is shown as text', () => {
    const text = textOf(intact(page(must(HOSTILE[0])[1]).html));
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('<img src=x onerror=alert(1)>');
  });

  test('images become links, with the host shown', () => {
    const a = intact(page(must(HOSTILE[2])[1]).html);
    expect(all(a, 'a').map(x => x.attrs.href)).toEqual([
      'https://tracker.example/p.png',
      'https://t.example/i.png'
    ]);
    expect(textOf(a)).toContain('pixel (tracker.example)');
  });

  test('definitions and footnotes are shown where they stand', () => {
    const text = textOf(intact(page(must(HOSTILE[7])[1]).html));
    expect(text).toContain('"a hidden title"');
    expect(text).toContain('hidden at the bottom');
  });
});

describe('bounds on the written result', () => {
  test('a long answer is cut by blocks of text, saying so, and closes what it opened', () => {
    const text = Array.from(
      { length: 400 },
      (_, i) => `- item ${i}\n\n  \`\`\`\n  code ${i}\n  \`\`\``
    ).join('\n');
    const limits = { ...LIMITS, chars: 4000 };
    const { markdown, html } = page(text, limits);
    const body = renderAnswer(r(text), limits);
    expect(body.length).toBeLessThanOrEqual(4000);
    expect(body).toMatch(
      /Cut at about [\d,]+ of [\d,]+ characters; the whole answer is in the transcript/
    );
    intact(html);
    expect(markdown.split('```').length % 2).toBe(1);
  });

  test('a long answer is parsed only as far as its bound can show', () => {
    const head = Array.from(
      { length: 300 },
      (_, i) => `Paragraph ${i} with \`code\` and **bold**.`
    ).join('\n\n');
    const limits = { ...LIMITS, chars: 2000 };
    // Past twice the bound nothing is read: tails that would parse each their own way change nothing.
    const tails = [
      'x'.repeat(5000),
      `\`\`\`\n${'y'.repeat(4996)}`,
      `| a |\n|---|\n${'| b |\n'.repeat(831)}zz`
    ];
    const drawn = tails.map(tail => renderAnswer(r(`${head}\n\n${tail}`), limits));
    expect(new Set(tails.map(t => t.length)).size).toBe(1);
    expect(new Set(drawn).size).toBe(1);
    expect(must(drawn[0]).length).toBeLessThanOrEqual(2000);
    expect(drawn[0]).toMatch(/Cut at about [\d,]+ of [\d,]+ characters/);
    expect(drawn[0]).toContain('Paragraph 0 with `code` and **bold**');
  });

  test('lines and bytes bound it too', () => {
    const text = Array.from({ length: 500 }, (_, i) => `line ${i} @octocat 漢字`).join('\n\n');
    const body = renderAnswer(r(text), { ...LIMITS, lines: 50, bytes: 3000 });
    expect(body.split('\n').length).toBeLessThanOrEqual(50);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(3000);
    expect(body).toContain('Cut at about');
  });

  test('tables keep their first rows and say how many are left out', () => {
    const text = [
      '| n | v |',
      '|---|---|',
      ...Array.from({ length: 30 }, (_, i) => `| ${i} | x |`)
    ].join('\n');
    const a = intact(page(text, { ...LIMITS, tableRows: 10 }).html);
    expect(tableRows(must(all(a, 'table')[0]))).toHaveLength(11);
    expect(textOf(a)).toContain('20 more rows of this table not shown.');
  });

  test('a megabyte of backticks and deep nesting stay within the bounds', () => {
    for (const [, text] of HOSTILE.slice(-3, -1)) {
      const body = renderAnswer(r(text), { ...LIMITS, chars: 10_000 });
      expect(body.length).toBeLessThanOrEqual(10_000);
      expect(body).toMatch(/Cut at|left out/);
    }
  });
});

const PIECES = [
  ...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
  '\n',
  '\n\n',
  '    ',
  '\t',
  ' ',
  '- ',
  '1. ',
  '> ',
  '# ',
  '## ',
  '```',
  '~~~',
  '```js\n',
  '| a | b |\n|---|---|\n',
  '- [ ] ',
  '- [x] ',
  '**',
  '*',
  '_',
  '~~',
  '`',
  '---\n',
  '<script>',
  '</details>',
  '<!--',
  '-->',
  '<img src=x>',
  '[x](javascript:alert(1))',
  '[y](https://y.example/p)',
  '![i](https://i.example/i.png)',
  '[r]: https://r.example',
  '[r]',
  '[^1]',
  '[^1]: note',
  'https://u.example',
  'www.w.example',
  'me@m.example',
  '@octocat',
  '@org/team',
  '#12',
  'o/r#3',
  'GH-4',
  'https://github.com/o/r/issues/5',
  '\\',
  '&amp;',
  '&#60;',
  'word',
  '漢字',
  '\u0000',
  '\ud800'
];

describe('a property over generated Markdown', () => {
  test('allowed elements only, the page intact, within the bound', () => {
    const markdown = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map(a => a.join(''));
    fc.assert(
      fc.property(markdown, fc.integer({ min: 200, max: 4000 }), (text, chars) => {
        const limits = { ...LIMITS, chars };
        const body = renderAnswer(r(text), limits);
        expect(body.length).toBeLessThanOrEqual(chars);
        intact(page(text, limits).html);
      }),
      { numRuns: runs(300), seed: 34 }
    );
  });
});

describe('nothing written is hidden', () => {
  test('definitions inside quotes and list items are shown where they stand, CRLF too', () => {
    const text = textOf(
      intact(
        page(
          '> quoted [a]\r\n>\r\n> [a]: https://q.example "in a quote"\r\n\r\n- item [b]\n\n  [b]: https://l.example\n  "in a list"\n'
        ).html
      )
    );
    expect(text).toContain('[a]: https://q.example "in a quote"');
    expect(text).toContain('[b]: https://l.example\n"in a list"');
    // The links to them are kept, their host shown.
    expect(text).toContain('a (q.example)');
    expect(text).toContain('b (l.example)');
  });

  test('nesting past what the parser follows is drawn as plain text, to its last line', () => {
    // markdown-it stops reading blocks 100 levels down (50 lists): it would drop the last items.
    // Two spaces a level stay under the indentation that is never parsed (128 spaces).
    const lists = Array.from({ length: 63 }, (_, i) => `${'  '.repeat(i)}- item ${i}`);
    const quotes = Array.from({ length: 40 }, (_, i) => `${'>'.repeat(i)} quote ${i}`);
    for (const [deep, last] of [
      [lists.join('\n'), 'item 62'],
      [quotes.join('\n'), 'quote 39']
    ] as const) {
      const answer = intact(page(deep).html);
      expect(textOf(answer)).toContain(last);
      expect([...all(answer, 'ul'), ...all(answer, 'blockquote')]).toEqual([]);
    }
  });

  // Words among what can hide them in Markdown (definitions, footnotes, comments, raw HTML, in
  // quotes and lists): every word written is in the page.
  const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
  const HIDING = [
    '\n',
    '\r\n',
    '\n\n',
    '> ',
    '- ',
    '1. ',
    '   ',
    ' ',
    '"',
    '<',
    '>',
    '[r]: https://r.example',
    '[r]: ',
    '[^1]: ',
    '[^1]',
    '[r]',
    '[',
    ']',
    ':',
    '<!--',
    '-->',
    '<div>',
    '</div>',
    '<b>',
    '<?',
    '?>',
    '<![CDATA[',
    ']]>'
  ];
  test('a property: every word of a generated answer is in the page', () => {
    const markdown = fc
      .array(fc.constantFrom(...WORDS, ...HIDING), { maxLength: 40 })
      .map(a => a.join(''));
    fc.assert(
      fc.property(markdown, text => {
        const { html } = page(text);
        intact(html);
        for (const word of WORDS) if (text.includes(word)) expect(html).toContain(word);
      }),
      { numRuns: runs(300), seed: 35 }
    );
  });
});

test('the whole battery in one answer: no tag or comment of its own in the HTML', () => {
  const { html } = page(
    HOSTILE.map(h => h[1])
      .slice(0, 12)
      .join('\n\n')
  );
  intact(html);
  expect(html).not.toMatch(/<(script|div|b|img)[\s>]|<!--/);
});
