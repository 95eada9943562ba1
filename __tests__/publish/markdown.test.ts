import { describe, expect, test } from '@jest/globals';
import { cell, codeBlock, codeCell, inline, quoted } from '../../src/publish/markdown.js';
import { must } from '../helpers/must.js';

const ZWSP = '\u200b';
const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/**
 * Reads escaped Markdown back the way CommonMark does for backslash escapes. Fails when any ASCII
 * punctuation is left unescaped (it could start markup) or a backslash escapes something else.
 */
function unescape(markdown: string): string {
  let out = '';
  for (let i = 0; i < markdown.length; i++) {
    const c = markdown[i];
    if (c === '\\') {
      const next = markdown[i + 1];
      if (next === undefined || !ASCII_PUNCTUATION.includes(next)) {
        throw new Error(`stray backslash at ${i} in ${JSON.stringify(markdown)}`);
      }
      out += next;
      i++;
    } else if (ASCII_PUNCTUATION.includes(must(c))) {
      throw new Error(`unescaped ${JSON.stringify(c)} at ${i} in ${JSON.stringify(markdown)}`);
    } else {
      out += c;
    }
  }
  return out;
}

describe('inline', () => {
  test('every ASCII punctuation mark is backslash-escaped', () => {
    expect(ASCII_PUNCTUATION).toHaveLength(32);
    for (const c of ASCII_PUNCTUATION) expect([c, inline(c)]).toEqual([c, `\\${c}`]);
    expect(inline(ASCII_PUNCTUATION)).toBe([...ASCII_PUNCTUATION].map(c => `\\${c}`).join(''));
  });

  test('letters, digits, spaces and non-ASCII are left alone', () => {
    expect(inline('Hello World 42 café 漢字 🚀')).toBe('Hello World 42 café 漢字 🚀');
  });

  test.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[click](https://evil.example/x?a=1&b=2)',
    '![img](http://x/y.png)',
    '| a | b |\n|---|---|',
    '**bold** _em_ ~~strike~~ `code`',
    '$x^2$ and $$\\int$$',
    '# heading',
    '> quote',
    '- item',
    '1. item',
    '<https://autolink.example>',
    'https://bare.example/path',
    '&amp; &#60; &lt;',
    '\\* already escaped \\',
    '<!-- comment -->',
    ':warning: :+1:'
  ])('%j stays text', text => {
    const out = inline(text);
    // The zero-width space that breaks an issue reference (`&#60;` holds `#6`) is no character seen.
    expect(unescape(out).replace(/#\u200b/g, '#')).toBe(text.replace(/\s+/g, ' '));
    expect(out).not.toMatch(/\n/);
  });

  test.each([
    ['a\nb', 'a b'],
    ['a\r\nb', 'a b'],
    ['a\n\n\nb', 'a b'],
    ['a\t \n b', 'a b'],
    ['\nlead and trail\n', ' lead and trail '],
    ['a\u2028b\u2029c', 'a b c']
  ])('whitespace runs (newlines included) collapse to one space: %j', (text, expected) => {
    expect(inline(text)).toBe(expected);
  });

  test.each([
    ['@octocat', `\\@${ZWSP}octocat`],
    ['cc @github/security', `cc \\@${ZWSP}github\\/security`],
    ['hi @a-b_c and @9x', `hi \\@${ZWSP}a\\-b\\_c and \\@${ZWSP}9x`],
    ['mail me@example.com', `mail me\\@${ZWSP}example\\.com`]
  ])('mentions are broken with a zero-width space: %j', (text, expected) => {
    expect(inline(text)).toBe(expected);
  });

  test.each([
    ['closes #12', `closes \\#${ZWSP}12`],
    ['octo/repo#3 and gh-4', `octo\\/repo\\#${ZWSP}3 and gh\\-${ZWSP}4`]
  ])('issue references are broken with a zero-width space: %j', (text, expected) => {
    expect(inline(text)).toBe(expected);
  });

  test.each(['#', '# heading', 'C#', 'sigh-5'])(
    'a # or GH- before no number, or inside a word, gets none: %j',
    text => {
      expect(inline(text)).not.toContain(ZWSP);
    }
  );

  test.each(['@', '@ space', '@@', '@.'])('a lone @ gets no zero-width space: %j', text => {
    expect(inline(text)).not.toContain(ZWSP);
  });

  test('control characters become U+FFFD', () => {
    expect(inline('a\u0000b\u0007c\u001b[31md\u007fe')).toBe('a\uFFFDb\uFFFDc\uFFFD\\[31md\uFFFDe');
  });
});

describe('cell and codeCell', () => {
  test.each([
    ['', ' '],
    ['   ', ' '],
    ['\n\t', ' '],
    ['a', 'a'],
    ['  padded  ', 'padded'],
    ['a|b', 'a\\|b'],
    ['line1\nline2', 'line1 line2'],
    ['@someone', `\\@${ZWSP}someone`]
  ])('cell(%j) = %j', (text, expected) => {
    expect(cell(text)).toBe(expected);
  });

  test.each([
    ['', ' '],
    [' \n ', ' '],
    ['ls build/', '<code>ls build\\/</code>'],
    ['a|b', '<code>a\\|b</code>'],
    ['</code><b>x</b>', '<code>\\<\\/code\\>\\<b\\>x\\<\\/b\\></code>'],
    ['`tick`', '<code>\\`tick\\`</code>']
  ])('codeCell(%j) = %j', (text, expected) => {
    expect(codeCell(text)).toBe(expected);
  });

  test('a cell never breaks its table row', () => {
    for (const text of ['|', '\n', 'a\n|b|\nc', '\\|', '']) {
      for (const out of [cell(text), codeCell(text)]) {
        expect(out.length).toBeGreaterThan(0);
        expect(out).not.toMatch(/\n/);
        expect(out).not.toMatch(/(^|[^\\])(\\\\)*\|/);
      }
    }
  });
});

describe('codeBlock', () => {
  test.each([
    ['plain', '```text\nplain\n```'],
    ['ends with a newline\n', '```text\nends with a newline\n```'],
    ['', '```text\n\n```'],
    ['one ` two ``', '```text\none ` two ``\n```'],
    ['has ``` inside', '````text\nhas ``` inside\n````'],
    ['`````', '``````text\n`````\n``````'],
    ['a ```` b\n``` c', '`````text\na ```` b\n``` c\n`````'],
    ['crlf\r\nlines\rold mac', '```text\ncrlf\nlines\nold mac\n```'],
    ['esc \u001b[31mred\u0000', '```text\nesc \uFFFD[31mred\uFFFD\n```'],
    ['<b>html</b> | @user', '```text\n<b>html</b> | @user\n```']
  ])('%j', (text, expected) => {
    expect(codeBlock(text)).toBe(expected);
  });

  test('the fence is always longer than the longest backtick run inside', () => {
    for (let n = 0; n <= 12; n++) {
      const text = `before ${'`'.repeat(n)} after`;
      const block = codeBlock(text);
      const fence = block.slice(0, block.indexOf('text'));
      expect(fence).toMatch(/^`+$/);
      expect(fence.length).toBe(Math.max(3, n + 1));
      expect(block.endsWith(`\n${fence}`)).toBe(true);
    }
  });
});

describe('quoted', () => {
  test.each([
    ['one line', '> one line'],
    ['two\nlines', '> two\n> lines'],
    ['crlf\r\nlines', '> crlf\n> lines'],
    ['gap\n\nafter', '> gap\n>\n> after'],
    ['', '>'],
    ['<b>x</b>\n@team', `> \\<b\\>x\\<\\/b\\>\n> \\@${ZWSP}team`],
    ['> [!CAUTION]\n::error::x', '> \\> \\[\\!CAUTION\\]\n> \\:\\:error\\:\\:x']
  ])('%j', (text, expected) => {
    expect(quoted(text)).toBe(expected);
  });

  test('every output line starts with the quote marker', () => {
    const out = quoted('a\nb\r\n\n  c  \n');
    for (const line of out.split('\n')) expect(line.startsWith('>')).toBe(true);
  });
});
