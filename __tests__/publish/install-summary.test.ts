/** The install in the summary: the run table's Install row, and a failed install's message, rendered as GitHub does. */
import { describe, expect, test } from '@jest/globals';
import type { InstallFact } from '../../src/turn/facts.js';
import { StreamReader } from '../../src/turn/stream-reader.js';
import { verdictOf, type RunEnd } from '../../src/turn/verdict.js';
import { LiveLog } from '../../src/publish/log.js';
import type { RunReport } from '../../src/publish/run-report.js';
import { renderSummary } from '../../src/publish/summary.js';
import { makeRedactor } from '../../src/text/redact.js';
import {
  all,
  checkSummaryHtml,
  prose,
  render,
  renderGfm,
  tableRows,
  textOf
} from '../helpers/gfm.js';
import { SAMPLE } from '../helpers/sample.js';
import { notFoundEnd, processEnd } from '../helpers/run-end.js';
import { kept, shownVerdict } from '../helpers/kept.js';
import { must } from '../helpers/must.js';

const redact = makeRedactor([]);
const END: RunEnd = processEnd();

function report(install: InstallFact, stream = SAMPLE, end = END): RunReport {
  const follower = new StreamReader(new LiveLog(redact, () => {}));
  if (stream.length) follower.push(Buffer.from(stream.join('\n') + '\n'));
  const turn = follower.finish();
  return {
    verdict: shownVerdict(verdictOf(turn, end)),
    turn,
    durationMs: 302,
    agent: kept('Hermes Agent v0.21.4 (2026.9.20)'),
    stderrTail: [],
    jsonlPath: '/tmp/run.jsonl',
    install
  };
}

/** The run table's rows as [fact, value] texts. */
function runTable(markdown: string): Map<string, string> {
  const html = render(markdown);
  const table = all(html, 'table')[0];
  return new Map(tableRows(must(table)).map(([k, v]) => [k, v] as [string, string]));
}

describe('the Install row', () => {
  test.each([
    [
      { ref: 'v0.22.2', source: 'cache', ms: 1234 },
      'v0.22.2 · restored from the Actions cache · 1.2 s'
    ],
    [
      { ref: 'v0.22.2', source: 'installer', ms: 184_000 },
      'v0.22.2 · installed by the install script · 3 min 4 s'
    ],
    [
      { ref: 'v0.23.3', source: 'installer', ms: 60_000, unverified: true },
      'v0.23.3 · installed by the install script · not checksum-verified · 1 min 0 s'
    ],
    [
      { ref: 'main', source: 'reused', ms: 40 },
      'main · installed by an earlier step of this job · 40 ms'
    ],
    [{ ref: 'v0.22.2', ms: 2500 }, 'v0.22.2 · install failed after 2.5 s']
  ] as [InstallFact, string][])('%j reads %j', (install, text) => {
    const rows = runTable(renderSummary(report(install)));
    expect(rows.get('Install')).toBe(text);
    expect(rows.get('Hermes')).toBe('Hermes Agent v0.21.4 (2026.9.20)');
  });

  test('no row when nothing was installed', () => {
    const { install: _, ...plain } = report({ ref: 'v0.22.2', ms: 0 });
    expect(runTable(renderSummary(plain)).has('Install')).toBe(false);
  });
});

describe('a failed install', () => {
  test('the installer’s last lines are shown as text: no HTML or mention from them', () => {
    const why =
      'Installing Hermes v0.22.2 from https://example.com/install.sh failed: the installer exited with code 1. Its last lines:\n' +
      '<img src=x onerror=alert(1)> @octocat\n' +
      '✗ Failed to clone repository';
    const end: RunEnd = notFoundEnd({ detail: why });
    const markdown = renderSummary(report({ ref: 'v0.22.2', ms: 900 }, [], end));
    const html = checkSummaryHtml(renderGfm(markdown));
    expect(all(html, 'img')).toEqual([]);
    expect(textOf(html)).toContain('<img src=x onerror=alert(1)>');
    expect(textOf(html)).toContain('✗ Failed to clone repository');
    expect(prose(html)).not.toContain('@octocat');
    expect(markdown).toContain('### ❌ Hermes not found');
  });
});
