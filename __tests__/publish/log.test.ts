import { describe, expect, test } from '@jest/globals';
import { inert, LiveLog } from '../../src/publish/log.js';
import { formatMs } from '../../src/text/text.js';
import { makeRedactor } from '../../src/text/redact.js';
import type { ToolCall } from '../../src/turn/turn.js';
import { TOKENS_ONLY, type Redactor } from '../../src/text/redact.js';
import { kept } from '../helpers/kept.js';
import { must } from '../helpers/must.js';

const ZWSP = '\u200b';

/** A LiveLog writing into an array, with an identity redactor unless one is given. */
function logged(redact: Redactor = TOKENS_ONLY): { log: LiveLog; lines: string[] } {
  const lines: string[] = [];
  return { log: new LiveLog(redact, line => lines.push(line)), lines };
}

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };
const call = (overrides: Partial<Texts<ToolCall>> = {}): ToolCall => {
  const c = {
    index: 1,
    name: 'terminal',
    inputPreview: 'ls build/',
    durationMs: 41,
    isError: false,
    output: 'out.log\nerr.log',
    line: 4,
    ...overrides
  };
  return { ...c, name: kept(c.name), inputPreview: kept(c.inputPreview), output: kept(c.output) };
};

describe('LiveLog: stop-commands block', () => {
  test('begin and end use the same random 32-hex token', () => {
    const { log, lines } = logged();
    log.begin();
    log.end();
    expect(lines).toHaveLength(2);
    const start = /^::stop-commands::([0-9a-f]{32})$/.exec(must(lines[0]));
    expect(start).not.toBeNull();
    expect(lines[1]).toBe(`::${start?.[1]}::`);
  });

  test('each log has its own token', () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const { log, lines } = logged();
      log.begin();
      tokens.add(must(lines[0]));
    }
    expect(tokens.size).toBe(20);
  });

  test('begin twice opens once; end twice closes once; end without begin prints nothing', () => {
    const { log, lines } = logged();
    log.end();
    expect(lines).toEqual([]);
    log.begin();
    log.begin();
    log.end();
    log.end();
    expect(lines).toHaveLength(2);
    log.begin();
    expect(lines[2]).toBe(lines[0]);
  });

  test('end flushes pending text before closing the block', () => {
    const { log, lines } = logged();
    log.begin();
    log.textDelta('no newline yet');
    log.end();
    expect(lines.slice(1)).toEqual(['no newline yet', lines[2]]);
    expect(lines[2]).toMatch(/^::[0-9a-f]{32}::$/);
  });

  test('the stream cannot close the block: a forged end token is printed inert', () => {
    const { log, lines } = logged();
    log.begin();
    log.textDelta('::0123456789abcdef0123456789abcdef::\n');
    expect(lines[1]).toBe(`${ZWSP}::0123456789abcdef0123456789abcdef::`);
  });
});

describe('LiveLog: text deltas', () => {
  test('deltas are joined into whole lines', () => {
    const { log, lines } = logged();
    log.textDelta('Hel');
    expect(lines).toEqual([]);
    log.textDelta('lo\nwor');
    expect(lines).toEqual(['Hello']);
    log.textDelta('ld');
    expect(lines).toEqual(['Hello']);
    log.flushText();
    expect(lines).toEqual(['Hello', 'world']);
    log.flushText();
    expect(lines).toEqual(['Hello', 'world']);
  });

  test.each<[string[], string[]]>([
    [['a\nb\nc\n'], ['a', 'b', 'c']],
    [['\n\n'], ['', '']],
    [
      ['x', '\n', 'y', '\n'],
      ['x', 'y']
    ],
    [['The build ', 'is clean.'], ['The build is clean.']],
    [['  ', ' \n'], ['   ']]
  ])('%j → %j', (deltas, expected) => {
    const { log, lines } = logged();
    for (const d of deltas) log.textDelta(d);
    log.flushText();
    expect(lines).toEqual(expected);
  });

  test('unfinished text is held up to 64 KiB, then printed cut at a blank, in lines of at most 4000', () => {
    const { log, lines } = logged();
    const words = 'word '.repeat(13_107); // 65,535 characters
    log.textDelta(words);
    expect(lines).toEqual([]);
    log.textDelta('tail-without-blank');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(4000);
    // Cut after a blank: no word is split between what was printed and what is held.
    expect(lines.join('').endsWith('word ')).toBe(true);
    log.flushText();
    expect(lines.join('')).toBe(`${words}tail-without-blank`);
  });

  test('one huge delta is printed in pieces of at most 4000 characters, nothing lost', () => {
    const { log, lines } = logged();
    const huge = `${'q'.repeat(25_000)}\n${'r'.repeat(100_000)}`;
    log.textDelta(huge);
    const heldBack = huge.length - 1 - lines.join('').length;
    expect(heldBack).toBeLessThanOrEqual(64 * 1024);
    log.flushText();
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(4000);
    expect(lines.join('')).toBe(huge.replace('\n', ''));
    // The newline still ends a line: no piece mixes q and r.
    for (const line of lines) expect(/q/.test(line) && /r/.test(line)).toBe(false);
  });

  test('a secret across the 4000-character cut of a long line is still redacted', () => {
    const { log, lines } = logged(makeRedactor(['hunter2-secret']));
    log.textDelta(`${'a'.repeat(3995)}hunter2-secret and more`);
    log.flushText();
    expect(lines.join('')).toBe(`${'a'.repeat(3995)}*** and more`);
  });

  test('CRLF line endings in assistant text print no stray CR', () => {
    const { log, lines } = logged();
    log.textDelta('Hello\r\nWorld\r\n');
    expect(lines).toEqual(['Hello', 'World']);
  });

  test('a note flushes pending text first', () => {
    const { log, lines } = logged();
    log.textDelta('partial');
    log.note('our own words');
    expect(lines).toEqual(['partial', 'our own words']);
  });

  test('a secret split across deltas is redacted in the joined line', () => {
    const { log, lines } = logged(makeRedactor(['hunter2']));
    log.textDelta('the password is hun');
    log.textDelta('ter2\n');
    expect(lines).toEqual(['the password is ***']);
  });

  test('text is made inert', () => {
    const { log, lines } = logged();
    log.textDelta('::add-mask::x\n##[error]y\n\u001b[2Jz\n');
    expect(lines).toEqual([`${ZWSP}::add-mask::x`, `#${ZWSP}#[error]y`, '\\x1b[2Jz']);
  });
});

describe('LiveLog: tools and stderr', () => {
  test.each([
    ['terminal', 'ls build/', '→ terminal  ls build/'],
    ['read_file', '', '→ read_file']
  ])('start: %j %j', (name, preview, expected) => {
    const { log, lines } = logged();
    log.toolStart(name, preview);
    expect(lines).toEqual([expected]);
  });

  test.each<[string, ToolCall, string]>([
    ['ok', call(), '← terminal  41 ms  ok'],
    ['ok without duration', call({ durationMs: undefined }), '← terminal  ok'],
    ['slow', call({ durationMs: 12_345 }), '← terminal  12.3 s  ok'],
    [
      'error with its output on one line',
      call({
        name: 'read_file',
        isError: true,
        durationMs: 3,
        output: 'No such file:\n  build/missing.log'
      }),
      '✗ read_file  3 ms  ERROR  No such file: build/missing.log'
    ],
    [
      'error output capped at 200 characters',
      call({ isError: true, durationMs: undefined, output: 'e'.repeat(500) }),
      `✗ terminal  ERROR  ${'e'.repeat(199)}…`
    ]
  ])('end: %s', (_name, c, expected) => {
    const { log, lines } = logged();
    log.toolEnd(c);
    expect(lines).toEqual([expected]);
  });

  test('tool lines flush pending text first', () => {
    const { log, lines } = logged();
    log.textDelta('Checking');
    log.toolStart('terminal', 'ls');
    log.toolEnd(call({ inputPreview: 'ls' }));
    expect(lines).toEqual(['Checking', '→ terminal  ls', '← terminal  41 ms  ok']);
  });

  test('stderr lines are passed through with a prefix; blank ones are dropped', () => {
    const { log, lines } = logged();
    for (const line of ['Thinking…', '', '   ', '\t', 'session_id: 20261129_101500_9f8e7d'])
      log.stderr(line);
    expect(lines).toEqual(['stderr: Thinking…', 'stderr: session_id: 20261129_101500_9f8e7d']);
  });

  test('stderr cannot issue workflow commands either', () => {
    const { log, lines } = logged();
    log.stderr('::error::x');
    log.stderr('##[warning]y');
    expect(lines).toEqual(['stderr: ::error::x', `stderr: #${ZWSP}#[warning]y`]);
    expect(must(lines[0]).startsWith('::')).toBe(false);
  });

  test('everything printed goes through the redactor', () => {
    const { log, lines } = logged(makeRedactor(['s3cr3t']));
    log.note('note s3cr3t');
    log.stderr('err s3cr3t');
    log.toolStart('t', 'cmd s3cr3t');
    log.toolEnd(call({ isError: true, output: 'out s3cr3t' }));
    log.textDelta('text s3cr3t');
    log.flushText();
    expect(lines.join('\n')).not.toContain('s3cr3t');
    expect(lines.filter(l => l.includes('***'))).toHaveLength(5);
  });
});

describe('inert', () => {
  test.each([
    ['plain text', 'plain text'],
    ['', ''],
    ['tab\tkept', 'tab\tkept'],
    ['\u001b[31mred\u001b[0m', '\\x1b[31mred\\x1b[0m'],
    ['carriage\rreturn', 'carriage\\x0dreturn'],
    ['nul\u0000byte', 'nul\\x00byte'],
    ['bell\u0007 bs\u0008 vt\u000b ff\u000c', 'bell\\x07 bs\\x08 vt\\x0b ff\\x0c'],
    ['del\u007f', 'del\\x7f'],
    ['unit sep\u001f', 'unit sep\\x1f'],
    ['::error::x', `${ZWSP}::error::x`],
    ['::add-mask::secret', `${ZWSP}::add-mask::secret`],
    ['::stop-commands::abc', `${ZWSP}::stop-commands::abc`],
    ['  ::warning file=a::x', `  ${ZWSP}::warning file=a::x`],
    ['\t::notice::x', `\t${ZWSP}::notice::x`],
    // The runner trims U+0085 (NEL) before it looks for a command: C1 controls are shown as escapes.
    ['\u0085::error::x', '\\x85::error::x'],
    ['\u009b31m', '\\x9b31m'],
    ['text ::error::x', 'text ::error::x'],
    ['##[error]x', `#${ZWSP}#[error]x`],
    ['a ##[set-output name=x]y and ##[', `a #${ZWSP}#[set-output name=x]y and #${ZWSP}#[`],
    ['## heading', '## heading'],
    ['\u001b::error::x', '\\x1b::error::x'],
    ['café 漢字 🚀', 'café 漢字 🚀']
  ])('%j → %j', (line, expected) => {
    expect(inert(line)).toBe(expected);
  });

  test('no control character other than tab survives', () => {
    let all = '';
    for (let c = 0; c < 0x20; c++) if (c !== 0x0a) all += String.fromCharCode(c);
    all += '\u007f';
    const out = inert(all);
    // eslint-disable-next-line no-control-regex
    expect(out.replace(/\t/g, '')).not.toMatch(/[\u0000-\u001f\u007f]/);
  });
});

describe('formatMs', () => {
  test.each([
    [0, '0 ms'],
    [41, '41 ms'],
    [999, '999 ms'],
    [12.4, '12 ms'],
    [1000, '1.0 s'],
    [1540, '1.5 s'],
    [12_345, '12.3 s'],
    [59_000, '59.0 s'],
    [60_000, '1 min 0 s'],
    [90_000, '1 min 30 s'],
    [3_599_000, '59 min 59 s'],
    [3_600_000, '1 h 0 min'],
    [5_430_000, '1 h 31 min'],
    [90_000_000, '25 h 0 min']
  ])('%p → %j', (ms, expected) => {
    expect(formatMs(ms)).toBe(expected);
  });
});

describe('LiveLog: reasoning (API server mode)', () => {
  /** The log's lines with its token replaced by TOKEN, to read the structure. */
  function reasoningLog(steps: (log: LiveLog) => void, redact?: Redactor): string[] {
    const { log, lines } = logged(redact);
    log.begin();
    steps(log);
    log.end();
    const token = /^::stop-commands::([0-9a-f]{32})$/.exec(must(lines[0]))![1];
    return lines.map(l => l.replaceAll(must(token), 'TOKEN'));
  }

  test('a collapsed group, opened and closed outside the stop-commands block, same token', () => {
    expect(
      reasoningLog(log => {
        log.reasoningDelta('Let me ');
        log.reasoningDelta('think.\nStep two');
        log.textDelta('The answer.\n');
      })
    ).toEqual([
      '::stop-commands::TOKEN',
      '::TOKEN::',
      '::group::Reasoning',
      '::stop-commands::TOKEN',
      'Let me think.',
      'Step two',
      '::TOKEN::',
      '::endgroup::',
      '::stop-commands::TOKEN',
      'The answer.',
      '::TOKEN::'
    ]);
  });

  test('any other line closes the group (a tool, a note); the next reasoning opens another', () => {
    const lines = reasoningLog(log => {
      log.reasoningDelta('First.');
      log.toolStart('terminal', 'ls');
      log.reasoningDelta('Second.\n');
      log.note('a note');
    });
    const visible = lines.filter(l => !l.startsWith('::'));
    expect(visible).toEqual(['First.', '→ terminal  ls', 'Second.', 'a note']);
    expect(lines.filter(l => l === '::group::Reasoning')).toHaveLength(2);
    expect(lines.filter(l => l === '::endgroup::')).toHaveLength(2);
    expect(lines.indexOf('::endgroup::')).toBeLessThan(lines.indexOf('→ terminal  ls'));
  });

  test('text that was pending is printed before the group opens; end() closes an open group', () => {
    const lines = reasoningLog(log => {
      log.textDelta('Half a line');
      log.reasoningDelta('Thinking');
    });
    const visible = lines.filter(l => !l.startsWith('::'));
    expect(visible).toEqual(['Half a line', 'Thinking']);
    expect(lines.slice(-4)).toEqual([
      '::TOKEN::',
      '::endgroup::',
      '::stop-commands::TOKEN',
      '::TOKEN::'
    ]);
  });

  test('reasoning is untrusted: commands in it stay inert, control characters visible, CR dropped', () => {
    const lines = reasoningLog(log => log.reasoningDelta('::endgroup::\r\n::error::x\u001b[2J\n'));
    expect(lines).toContain(`${ZWSP}::endgroup::`);
    expect(lines).toContain(`${ZWSP}::error::x\\x1b[2J`);
    expect(lines.filter(l => l === '::endgroup::')).toHaveLength(1);
  });

  test('redacted whole, line by line', () => {
    const lines = reasoningLog(
      log => {
        log.reasoningDelta('the key is hunter');
        log.reasoningDelta('2secret, said twice: hunter2secret\n');
      },
      makeRedactor(['hunter2secret'])
    );
    expect(lines).toContain('the key is ***, said twice: ***');
  });

  test('a long line without a newline goes out in pieces, memory bounded', () => {
    const lines = reasoningLog(log => {
      for (let i = 0; i < 100; i++) log.reasoningDelta('word '.repeat(400));
    });
    const visible = lines.filter(l => !l.startsWith('::'));
    expect(visible.join('').replace(/ /g, '')).toBe('word'.repeat(40_000));
    expect(Math.max(...visible.map(l => l.length))).toBeLessThanOrEqual(4000);
  });

  test('hideReasoning: nothing of it is printed, no group either', () => {
    const lines = reasoningLog(log => {
      log.hideReasoning();
      log.reasoningDelta('secret thoughts\n');
      log.textDelta('Answer.\n');
    });
    expect(lines).toEqual(['::stop-commands::TOKEN', 'Answer.', '::TOKEN::']);
  });
});
