/**
 * The agent's answer drawn inert, attack by attack: a red team's review of the drawing since its
 * parse moved to markdown-it (00899ad), attacks on what is new (markdown-it's token shapes, entity decoding, link normalisation, the "uncovered lines"
 * that come back as definitions, task items, fences), and on the written Markdown that GitHub parses
 * again. Each hole found was kept as a `test.failing` naming it, then fixed: the comments above
 * those tests say what it was.
 */
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { buildReview, type Finding } from '../../src/github/review.js';
import { renderAnswer, type AnswerLimits } from '../../src/publish/answer.js';
import { details } from '../../src/publish/markdown.js';
import { makeRedactor, type Redacted } from '../../src/text/redact.js';
import {
  all,
  answerLink,
  checkSummaryHtml,
  parseHtml,
  renderGfm,
  tableRows,
  textOf,
  type Element,
  type Node
} from '../helpers/gfm.js';
import { must } from '../helpers/must.js';
import { runs } from '../helpers/runs.js';

const LIMITS: AnswerLimits = { chars: 96 * 1024, headingLevel: 4, whole: 'the transcript' };
const r = (text: string): Redacted => text as Redacted;

/** The answer as the summary places it (as answer.test.ts's page()). */
function page(text: string, limits: AnswerLimits = LIMITS): { body: string; html: string } {
  const body = renderAnswer(r(text), limits);
  const markdown = [
    '#### Before',
    details('Answer (n characters)', body, true),
    'AFTER-THE-ANSWER'
  ].join('\n\n');
  return { body, html: renderGfm(markdown) };
}

/**
 * The text nodes a reader's GitHub searches for mentions and references: outside `a`, `code`, `pre`,
 * each on its own (GitHub's filters read one text node at a time, so `@` before an element is none).
 */
function proseNodes(node: Node): string[] {
  if (typeof node === 'string') return [node];
  return ['a', 'code', 'pre'].includes(node.tag) ? [] : node.children.flatMap(proseNodes);
}
const NOTIFIES = /(?<![A-Za-z0-9_-])@[A-Za-z0-9_]|#\d|\bGH-\d|(?:issues|pull|discussions)\/\d/i;

/** The page intact, only allowed elements, no notifying text; the answer's block returned. */
function intact(html: string): Element {
  const tree = checkSummaryHtml(html);
  const top = tree.children.filter((c): c is Element => typeof c !== 'string');
  expect(top.map(e => e.tag)).toEqual(['h4', 'details', 'p']);
  expect(textOf(must(top[2]))).toBe('AFTER-THE-ANSWER');
  expect(all(tree, 'details')).toHaveLength(1);
  expect(all(tree, 'img')).toEqual([]);
  const answer = must(top[1]);
  for (const text of proseNodes(answer)) expect(text).not.toMatch(NOTIFIES);
  return answer;
}

/** What the reader sees, the zero-width spaces that break mentions left out. */
const seen = (node: Node): string => textOf(node).replace(/\u200b/g, '');

/**
 * A link a browser follows to a GitHub issue, pull request or discussion: the host as DNS reads it
 * (a final dot is the same host) and the path as the server reads it (percent-decoded).
 */
function referenceLink(href: string): boolean {
  const url = new URL(href);
  const host = url.hostname.replace(/\.$/, '');
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Left as it is.
  }
  return (
    /(^|\.)github\.com$/i.test(host) &&
    /^\/+[^/]+\/+[^/]+\/+(?:issues|pull|pulls|discussions)\/+\d/i.test(path)
  );
}

describe('entities: markdown-it decodes them, the writer escapes what they decode to', () => {
  test('&#x40; &commat; &#35; &#45; make no mention or reference', () => {
    const a = intact(
      page('a &#x40;octocat b &commat;octocat c &#35;12 d o/r&#35;1 GH&#45;1 &#64;org/team &num;7')
        .html
    );
    expect(seen(a)).toContain('@octocat b @octocat c #12 d o/r#1 GH-1 @org/team #7');
  });

  test('entity-encoded HTML stays text', () => {
    const a = intact(page('&#x3C;img src=x onerror=alert(1)&#x3E; &lt;b&gt;x&lt;/b&gt;').html);
    expect(textOf(a)).toContain('<img src=x onerror=alert(1)> <b>x</b>');
  });

  test('entities that decode to block markers start no block', () => {
    const a = intact(
      page('&#35; h\n\n&#45; l\n\n&#62; q\n\n&#49;. o\n\n&#96;&#96;&#96;\n\nx').html
    );
    expect([...all(a, 'ul'), ...all(a, 'ol'), ...all(a, 'blockquote'), ...all(a, 'pre')]).toEqual(
      []
    );
    expect(all(a, 'h5')).toEqual([]);
  });

  test('&#10; in a link or emphasis breaks it apart, nothing more', () => {
    const a = intact(
      page('[a&#10;&#10;b](https://x.example/p) *c&#10;&#10;d* ~~e&#13;&#13;f~~').html
    );
    expect(seen(a)).toMatch(/a[\s\S]*b[\s\S]*c[\s\S]*d[\s\S]*e[\s\S]*f/);
    for (const link of all(a, 'a')) expect(link.attrs.href).toBe('https://x.example/p');
  });

  test('entities in a link destination are decoded before the check', () => {
    const a = intact(
      page(
        '[a](https://github.com/o/r/&#105;ssues/1) [b](https://github&#46;com/o/r/pull/2) [c](https://github\u3002com/o/r/issues/3) [d](HTTPS://GITHUB.COM:443/o/r/./issues/4) [e](https://www.github.com/o/r/discussions/5)'
      ).html
    );
    expect(all(a, 'a')).toEqual([]);
    expect(seen(a)).toContain('a b c d e');
  });
});

describe('links: markdown-it validateLink, normalizeLink, linkify and autolinks', () => {
  test('rejected schemes stay as the literal text written', () => {
    const a = intact(
      page(
        '[a](javascript:alert(1)) [b](vbscript:x) [c](file:///etc/passwd) [d](data:text/html,x) ![e](data:image/png;base64,AA)'
      ).html
    );
    expect(all(a, 'a')).toEqual([]);
    expect(seen(a)).toContain('[a](javascript:alert(1)) [b](vbscript:x) [c](file:///etc/passwd)');
  });

  test('autolinks and bare URLs to references lose the link, e-mail autolinks too', () => {
    const a = intact(
      page(
        '<https://github.com/o/r/issues/9> https://github.com/o/r/pull/10. <me@mail.example> mailto:me@mail.example'
      ).html
    );
    expect(all(a, 'a')).toEqual([]);
    expect(seen(a)).toContain('https://github.com/o/r/issues/9 https://github.com/o/r/pull/10.');
  });

  test('a link with user info, or to http:, is no link', () => {
    const a = intact(page('[a](https://github.com@evil.example/) [b](http://x.example)').html);
    expect(all(a, 'a')).toEqual([]);
  });

  test('a punycode host is shown as the browser reads it', () => {
    const a = intact(page('[pay](https://раураl.com/login) https://раураl.com/').html);
    const hrefs = all(a, 'a').map(x => x.attrs.href);
    expect(hrefs).toEqual(['https://xn--l-7sba6dbr.com/login', 'https://xn--l-7sba6dbr.com/']);
    expect(textOf(a)).toContain('pay (xn--l-7sba6dbr.com)');
  });

  test('an image inside a link: nested links, still only https ones, each host shown', () => {
    const a = intact(page('[![alt](https://img.example/i.png)](https://link.example/x)').html);
    for (const link of all(a, 'a')) expect(link.attrs.href).toMatch(/^https:\/\/(img|link)\./);
    expect(textOf(a)).toContain('(img.example)');
    expect(textOf(a)).toContain('(link.example)');
  });

  test('parentheses, backslashes and pipes in a destination keep the link whole', () => {
    const a = intact(
      page(
        '[x](https://a.example/\\)) [y](<https://a.example/a b>) [z](https://a.example/#a|b)\n\n| h |\n|---|\n| [w](https://a.example/?q=a\\|b) |'
      ).html
    );
    expect(all(a, 'a').map(x => x.attrs.href)).toEqual([
      'https://a.example/)',
      'https://a.example/a%20b',
      'https://a.example/#a%7Cb',
      'https://a.example/?q=a%7Cb'
    ]);
    expect(tableRows(must(all(a, 'table')[0]))).toEqual([['h'], ['w (a.example)']]);
  });

  // Not a hole, a choice to know of: a link's title (a tooltip on GitHub) is not drawn at all.
  test('link and image titles are dropped, never a title attribute', () => {
    const a = intact(
      page('[a](https://x.example/ "tip @octocat") ![i](https://i.example/i.png "img title")').html
    );
    for (const link of all(a, 'a')) expect(link.attrs.title).toBeUndefined();
    expect(textOf(a)).not.toContain('tip');
  });

  test('hosts that IDNA maps to github.com are no link either', () => {
    const a = intact(
      page(
        '[a](https://git\u200bhub.com/o/r/issues/1) [b](https://git\u00adhub.com/o/r/issues/2) [c](https://\uff47\uff49\uff54\uff48\uff55\uff42.com/o/r/issues/3)'
      ).html
    );
    // markdown-it writes the host as punycode of what was typed (`xn--github-df0c.com`), which no
    // browser reads as github.com. Node 20's URL refuses those hosts (no link); Node 24's keeps them
    // as the other hosts they are: either way, no link goes to github.com.
    for (const link of all(a, 'a')) {
      const href = must(link.attrs.href);
      expect(new URL(href).hostname).not.toMatch(/(^|\.)github\.com\.?$/i);
      expect(answerLink(href)).toBe(true);
    }
  });

  test('a link whose text is another URL shows the real host', () => {
    const a = intact(page('[https://github.com/](https://evil.example/)').html);
    expect(textOf(a)).toContain('https://github.com/ (evil.example)');
  });
});

describe('code: spans with newlines, backticks and pipes; fence info strings', () => {
  test('a code span over lines is one line; backticks inside keep it closed', () => {
    const a = intact(page('`a\nb` ``x ` y`` `@octocat` ``` `` ``` and after').html);
    expect(all(a, 'code').map(textOf)).toEqual(['a b', 'x ` y', '@octocat', '``']);
    expect(textOf(a)).toContain('and after');
  });

  test('pipes and backslashes in table cells and their code keep the row as wide', () => {
    const a = intact(
      page(
        '| h | i |\n|---|---|\n| `a\\|b` | 1 |\n| `a\\\\|b` | 2 |\n| `a\\\\\\|b` | 3 |\n| a\\\\\\\\|b | 4 |\n| `\\` | `|` |\n| x `y\\` | 6 |'
      ).html
    );
    for (const row of tableRows(must(all(a, 'table')[0]))) expect(row).toHaveLength(2);
  });

  test('a fence info string makes no attribute and no text: only a safe language is kept', () => {
    const a = intact(
      page(
        '```js" onclick="x @octocat\nA\n```\n\n~~~ `x` <b> [l](https://x.example)\nB\n~~~\n\n```c++ meta\nC\n```'
      ).html
    );
    const codes = all(a, 'code');
    expect(codes.map(c => c.attrs.class)).toEqual([undefined, undefined, 'language-c++']);
    expect(codes.map(textOf)).toEqual(['A\n', 'B\n', 'C\n']);
    expect(all(a, 'a')).toEqual([]);
  });

  test('a fence that is never closed, in a list, in a quote: the page around stays', () => {
    intact(page('- ```\n  a\n\n> ~~~~\n> b\n\n1. ````\n   </details>').html);
  });
});

describe('task items as markdown-it reads them', () => {
  test('[x], [X], a tab, an ordered item: disabled boxes', () => {
    const a = intact(page('- [x] a\n- [X]\tb\n- [ ] c\n\n1) [x] d').html);
    expect(all(a, 'input').map(i => 'checked' in i.attrs)).toEqual([true, true, false, true]);
    expect(seen(a)).toMatch(/a[\s\S]*b[\s\S]*c[\s\S]*d/);
  });

  test('a box with nothing after it, or no blank after it, is text', () => {
    const a = intact(page('- [x]\n- [ ]  \n- [x]\u00a0nbsp\n- [x]word').html);
    expect(all(a, 'input')).toEqual([]);
    expect(seen(a)).toContain('[x]\u00a0nbsp');
  });

  // Not a hole: GitHub would show `[x]` as text here, we show a disabled box (an allowed element).
  test('an entity-encoded box becomes a box (harmless: a disabled checkbox)', () => {
    const a = intact(page('- &#91;x&#93; entity').html);
    expect(all(a, 'input')).toHaveLength(1);
  });
});

describe('uncovered lines: definitions wherever markdown-it leaves them out', () => {
  test('in a quote with a lazy line, after an item that starts blank, tab-indented, CRLF', () => {
    const text = [
      '> [a]: https://q.example',
      '"lazy title"',
      '',
      '-',
      '  [b]: https://l.example',
      '',
      '  [c]:\r\n\thttps://t.example\r\n\t"tabbed"',
      '',
      '[d]: https://s.example',
      '===',
      '',
      '[a] [b] [c] [d]'
    ].join('\n');
    const a = intact(page(text).html);
    const t = seen(a);
    for (const shown of [
      '[a]: https://q.example\n"lazy title"',
      '[b]: https://l.example',
      '"tabbed"',
      '[d]: https://s.example',
      '==='
    ])
      expect(t).toContain(shown);
  });

  test('a definition indented into code stays code; one after a paragraph line is text', () => {
    const a = intact(
      page('- a\n\n      [b]: https://y.example\n\npara\n[c]: https://z.example').html
    );
    expect(all(a, 'pre').map(textOf)).toEqual(['[b]: https://y.example\n']);
    expect(seen(a)).toContain('[c]: https://z.example');
  });

  test('footnotes (no plugin) and comments: shown, no marker written', () => {
    const { body, html } = page(
      'A[^n] B\n\n[^n]: hidden @octocat\n\n<!-- hermes-action:workflow=x -->\n\n> <!--\n> hermes-action:review -->'
    );
    const a = intact(html);
    expect(body).not.toContain('<!--');
    expect(seen(a)).toContain('[^n]: hidden @octocat');
    expect(seen(a)).toContain('<!-- hermes-action:workflow=x -->');
  });

  test('definitions past a deep list are still shown (or the answer drawn as plain text)', () => {
    const lists = Array.from(
      { length: 60 },
      (_, i) => `${'  '.repeat(i)}- [r${i}]: https://x.example`
    );
    const a = intact(page(lists.join('\n')).html);
    expect(seen(a)).toContain('[r59]: https://x.example');
  });
});

describe('what the writer emits unescaped, read again by GitHub', () => {
  test('a tight item: a paragraph, a comment or a definition before a rule is no setext heading', () => {
    for (const text of [
      '- para\n  ***',
      '- <!-- c -->\n  ***',
      '- [a]: https://x.example\n  ***',
      '> <!-- c -->\n> ***'
    ]) {
      const a = intact(page(text).html);
      expect(all(a, 'hr')).toHaveLength(1);
      expect([...all(a, 'h5'), ...all(a, 'h6')]).toEqual([]);
    }
  });

  test('an item holding only a rule stays a list item', () => {
    const a = intact(page('- ***\n\n1. ***\n2. b').html);
    expect(all(a, 'li')).toHaveLength(3);
    expect(all(a, 'hr')).toHaveLength(2);
  });

  test('emphasis starting or ending with whitespace is written with references', () => {
    const a = intact(page('*&#32;x* **&#32;y** ~~&#32;z~~').html);
    expect(all(a, 'em')).toHaveLength(1);
    expect(all(a, 'strong')).toHaveLength(1);
    expect(all(a, 'del')).toHaveLength(1);
  });

  test('adjacent lists with other markers stay apart', () => {
    const a = intact(page('1. a\n2) b\n- c\n* d').html);
    expect(all(a, 'ol')).toHaveLength(2);
    expect(all(a, 'ul')).toHaveLength(2);
  });

  // Was a HOLE, fixed since (writer): a paragraph whose text starts with whitespace (only entities can write it:
  // markdown-it strips written indentation but decodes `&#32;` and `&#9;` into the text) is written
  // with that whitespace at the start of its line, unescaped: GitHub reads four spaces or a tab there
  // as an indented code block. The text gains a meaning markdown-it did not give it: a <pre>, with
  // every escape shown as a backslash (`indented\? \@<ZWSP>x`). Rendered:
  //   <pre><code>indented\? \@<ZWSP>x\n</code></pre>
  // Fix: encode leading spaces and tabs of a paragraph's first line (`&#x20;`, as the writer does for
  // emphasis), or drop them.
  test('leading &#32;/&#9; of a paragraph, an item or a quote make no indented code block', () => {
    for (const text of [
      '&#32;&#32;&#32;&#32;indented? @x',
      '&#9;tab start',
      '- &#32;&#32;&#32;&#32;in an item',
      '> &#32;&#32;&#32;&#32;in a quote'
    ]) {
      const a = intact(page(text).html);
      expect(all(a, 'pre')).toEqual([]);
      expect(textOf(a)).not.toContain('\\');
    }
  });
});

describe('the plain-text drawing (too deep to parse)', () => {
  test('mentions, references, HTML, links and entities stay text', () => {
    const text = `${'> '.repeat(40)}x\n\n@octocat #1 GH-2 <img src=x> <!-- hermes-action [a](https://github.com/o/r/issues/1) &#64;x https://u.example\n\n\`\`\`\n</details>`;
    const { body, html } = page(text);
    const a = intact(html);
    expect(all(a, 'a')).toEqual([]);
    expect(body).not.toContain('<!--');
    expect(seen(a)).toContain('@octocat #1 GH-2 <img src=x> <!-- hermes-action');
    expect(seen(a)).toContain('&#64;x');
  });
});

describe('trailing whitespace', () => {
  // Not a hole (a <br> is allowed), a difference to know of: `&#32;&#32;` before a line end is
  // text to markdown-it, but written as two spaces before the line end it is a hard break.
  test('two entity spaces before a line end become a line break', () => {
    const a = intact(page('a&#32;&#32;\nb').html);
    expect(all(a, 'br')).toHaveLength(1);
  });
});

describe('bounds and the page around', () => {
  test('markdown-it-heavy answers within their bound, cut with a note, the page intact', () => {
    const N = 60_000;
    for (const text of [
      '['.repeat(N),
      '[a]('.repeat(N / 4),
      '`a``'.repeat(N / 4),
      '&#64;a '.repeat(N / 7),
      '[a]: https://x\n\n' + '[a] '.repeat(N / 4),
      '|a'.repeat(3000) + '|\n' + '|-'.repeat(3000) + '|\n' + '|\n'.repeat(3000),
      '> a\n'.repeat(N / 4),
      'https://a.example/ '.repeat(N / 19)
    ]) {
      const limits = { ...LIMITS, chars: 5000, lines: 200, bytes: 8000 };
      const { body, html } = page(text, limits);
      expect(body.length).toBeLessThanOrEqual(5000);
      expect(body.split('\n').length).toBeLessThanOrEqual(200);
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(8000);
      expect(body).toMatch(/Cut at|left out/);
      intact(html);
    }
  });

  test('a table past its rows inside a list and a quote says what was left out', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `| ${i} |`).join('\n');
    const text = `- | n |\n  |---|\n${rows.replace(/^/gm, '  ')}\n\n> | n |\n> |---|\n${rows.replace(/^/gm, '> ')}`;
    const a = intact(page(text, { ...LIMITS, tableRows: 5 }).html);
    expect(all(a, 'table').map(t => tableRows(t).length)).toEqual([6, 6]);
    expect(textOf(a).match(/7 more rows of this table not shown/g)).toHaveLength(2);
  });
});

const PIECES = [
  '&#32;',
  '&#9;',
  '&#10;',
  '&#13;',
  '&#64;',
  '&commat;',
  '&#35;',
  '&num;',
  '&#91;',
  '&#93;',
  '&lt;',
  '&#96;',
  '&#124;',
  '&#x2a;',
  '&#95;',
  '\n',
  '\n\n',
  '\r\n',
  '\t',
  '- ',
  '1) ',
  '> ',
  '# ',
  '```',
  '~~~',
  '| a | b |\n|---|---|\n',
  '|',
  '\\|',
  '\\',
  '- [x] ',
  '[x] ',
  '**',
  '*',
  '_',
  '~~',
  '`',
  '***\n',
  '===\n',
  '<!--',
  '-->',
  '<div>',
  '</details>',
  '[',
  '](',
  '](https://y.example/p)',
  ')',
  '![',
  '[r]',
  '[r]: https://r.example',
  '<https://u.example>',
  'https://u.example/a',
  'me@m.example',
  '@octocat',
  '@',
  'octocat',
  '#',
  '12',
  'GH-4',
  'https://github.com/o/r/issues/5',
  'word'
];

describe('a property over markdown-it-specific pieces', () => {
  test('allowed elements only, no notifying text node, the page intact, within the bound', () => {
    const markdown = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map(a => a.join(''));
    fc.assert(
      fc.property(markdown, fc.integer({ min: 200, max: 4000 }), (text, chars) => {
        const limits = { ...LIMITS, chars };
        const { body, html } = page(text, limits);
        expect(body.length).toBeLessThanOrEqual(chars);
        const a = intact(html);
        for (const link of all(a, 'a')) expect(referenceLink(must(link.attrs.href))).toBe(false);
      }),
      { numRuns: runs(300), seed: 77 }
    );
  });
});

describe('holes a red team found, fixed', () => {
  // Was a HOLE, fixed since (answer-parse.ts, uncovered lines): MARKERS strips what looks like container markers from
  // EVERY uncovered line, but a definition's title (or label) may go on over lines indented four
  // spaces or more, where `>`, `-`, `*`, `+` and `1.`..`999999999.` are just text: they are silently
  // dropped. `[a]: https://x.example "\n    - 100. secret\n"` is shown as:
  //   <p>[a]: https://x.example &quot;\nsecret\n&quot;</p>
  // (the agent wrote `- 100. secret`). Fix: strip only the markers of the containers the line is in
  // (as many as the container depth, with their indentation), not any run of them.
  test("marker-like text on a definition's continuation line is shown", () => {
    const a = intact(page('[a]: https://x.example "\n    - 100. secret > quoted\n"\n\n[a]').html);
    expect(seen(a)).toContain('- 100. secret > quoted');
  });

  // Was a HOLE, fixed since (answer-tree.ts safeUrl): the reference check reads the path as written, percent-escapes
  // and all, and the host without its final dot; the browser (and GitHub's server) reads
  // `%69ssues` as `issues`, `issues/%31` as `issues/1`, and `github.com.` as `github.com`. Links to
  // an issue page survive. Worse for the autolink: markdown-it decodes its text, so the reader sees
  // `https://github.com/o/r/issues/1` on a live link. Rendered:
  //   <a href="https://github.com/o/r/%69ssues/1">x</a> (github.com)
  //   <a href="https://github.com/o/r/issues/%31">https://github.com/o/r/issues/<ZWSP>1</a> (github.com)
  //   <a href="https://github.com./o/r/pull/3">z</a> (github.com.)
  // (the suite's answerLink has the same blind spot, so checkSummaryHtml passes them). Fix: test
  // the percent-decoded path and the host with a final dot removed.
  test('percent-encoded paths and a final-dot host make no link to an issue', () => {
    const a = intact(
      page(
        '[x](https://github.com/o/r/%69ssues/1) <https://github.com/o/r/issues/%32> [z](https://github.com./o/r/pull/3)'
      ).html
    );
    for (const link of all(a, 'a')) expect(referenceLink(must(link.attrs.href))).toBe(false);
  });

  // Was a HOLE, fixed since (markdown.ts visible(), and normalizeLinkText): bidirectional controls (U+202A..U+202E,
  // U+2066..U+2069) are neither made visible nor removed. A right-to-left override in a link's text
  // runs on past the link (an <a> does not isolate), so the host shown after it, the one thing a
  // reader can trust, is drawn reversed: `(moc.buhtig.dlt.rekcatta.example)` reads as
  // `(elpmaxe.attacker.tld.github.com)`. markdown-it's linkify even writes one the agent never
  // typed: `https://a.example/%E2%80%AE` has a decoded U+202E in its link text. Rendered:
  //   <a href="https://moc.buhtig.dlt.rekcatta.example/">see the docs\u202e</a> (moc.buhtig.dlt.rekcatta.example)
  // Fix: treat bidi controls as control characters (U+FFFD) in every context, or isolate the host.
  test('bidi overrides and isolates are made visible: none reverses the host shown after a link', () => {
    const { html } = page(
      '[see the docs\u202e](https://moc.buhtig.dlt.rekcatta.example/) https://a.example/%E2%80%AE \u2067x'
    );
    intact(html);
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  // Was a HOLE, fixed since (answer-tree.ts / answer.ts): markdown.ts promises "every context turns control characters
  // and lone surrogates into U+FFFD", and proseText does, but code spans and code blocks are
  // written by mdast-util-to-markdown as they are: ESC sequences and lone surrogates reach the
  // written Markdown (a lone surrogate is not valid UTF-8: the job summary file gets U+FFFD, a
  // JSON body for the comment or review carries `\ud800`, which GitHub's API may refuse). Rendered:
  //   <pre><code>\u001b[31mred\ud800\n</code></pre><p><code>\u001b\ud800</code></p>
  // Fix: visible() on inlineCode and code values in inertTree.
  test('control characters and lone surrogates are made visible in code too', () => {
    const { body } = page('```\n\u001b[31mred\ud800\n```\n\n`\u001b\ud800` and \u0008');
    // eslint-disable-next-line no-control-regex
    expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    expect(body).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('the cut and the host shown after a link', () => {
  // Was a HOLE, fixed since (answer.ts cutTree): the host shown after a link is a text node like any other, so a cut
  // can fall inside it or right before it: the link is drawn with its host cut short, or with no
  // host at all. A host `github.com.evil.example` cut to `(github.com…` reads as a link to GitHub.
  // Rendered (the text below, cut at 321, 335 and 356 characters):
  //   <p>Para 2 <a href="https://github.com.evil.example/2">click …</a></p>
  //   <p>Para 2 <a href="https://github.com.evil.example/2">click here now</a> …</p>
  //   <p>Para 2 <a href="https://github.com.evil.example/2">click here now</a> (github.com.e…</p>
  // Fix: keep a link and its host note together in cutTree (both or neither).
  test('a cut keeps a link with its whole host, or drops both', () => {
    const text = Array.from(
      { length: 40 },
      (_, i) => `Para ${i} [click here now](https://github.com.evil.example/${i}) more text`
    ).join('\n\n');
    for (let chars = 300; chars < 3000; chars += 7) {
      const a = intact(page(text, { ...LIMITS, chars }).html);
      for (const p of all(a, 'p'))
        p.children.forEach((child, i) => {
          if (typeof child === 'string' || child.tag !== 'a') return;
          const after = p.children[i + 1];
          expect(typeof after === 'string' ? after : '').toMatch(
            /^ \(github\.com\.evil\.example\)/
          );
        });
    }
  });
});

describe('the review: the answer inside a list item, the body bounded as a whole', () => {
  const redact = makeRedactor([]);
  const finding = (body: string, i: number): Finding => ({
    path: `not/in/the/pr${i}.ts`,
    line: 1,
    side: 'RIGHT',
    body
  });

  test('a finding drawn into its `- path:line` item never ends the list early', () => {
    const bodies = [
      '```\nnever closed',
      '> quote\nlazy',
      '| a |\n|---|\n| 1 |',
      '[r]: https://r.example\n\n- inner\n\n      indented',
      '<!-- c -->\n\n</details>',
      '&#32;&#32;&#32;&#32;leading'
    ];
    const built = buildReview(
      { summary: 'S', verdict: 'comment', findings: bodies.map(finding) },
      { headSha: 'a'.repeat(40), files: [] },
      redact
    );
    // The first line is the action's own marker.
    const ours = built.request.body.replace(/^<!-- hermes-action:review [^\n]* -->\n/, '');
    const html = renderGfm(details('Answer (n)', ours, true));
    const tree = checkSummaryHtml(html);
    const lists = all(tree, 'ul').filter(u => u.children.some(c => typeof c !== 'string'));
    const items = must(lists[0]).children.filter((c): c is Element => typeof c !== 'string');
    expect(items).toHaveLength(bodies.length);
  });

  // Tried as a hole, holds: the review body is cut as a whole with clip() at BODY_CHARS (60,000),
  // anywhere in the written Markdown, inside a finding's fence too. But every finding is indented
  // into its list item, so the note after a blank line at column 0 ends the item and its fence.
  test('the review body cut at 60,000 characters inside a fence still shows its note', () => {
    const body = '```\n' + 'x\n'.repeat(1900) + '```';
    const built = buildReview(
      {
        summary: 'S',
        verdict: 'comment',
        findings: Array.from({ length: 40 }, (_, i) => finding(body, i))
      },
      { headSha: 'a'.repeat(40), files: [] },
      redact
    );
    expect(built.request.body.length).toBeGreaterThan(60_000);
    const tree = parseHtml(renderGfm(built.request.body));
    const notes = all(tree, 'em').map(textOf);
    expect(notes).toContain('(the rest of the review is cut)');
  });
});
