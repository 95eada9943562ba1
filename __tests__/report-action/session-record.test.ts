/**
 * The report sub-action reads each leg's session record beside its transcript: its strings are the
 * agent's session and go through the same redactor as the transcript before any output shows them.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@jest/globals';
import { foldFiles } from '../../src/report-action/files.js';
import { makeRedactor } from '../../src/text/redact.js';
import { must } from '../helpers/must.js';

test("a leg's session record reaches the report with its strings redacted", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-usage-'));
  const secret = 'sk-or-v1-0123456789abcdef0123456789abcdef';
  const transcript = path.join(dir, 'leg.jsonl');
  fs.writeFileSync(
    transcript,
    [
      { type: 'system', subtype: 'init', model: 'm', session_id: 's1' },
      { type: 'result', session_id: 's1', exit_code: 0, text: 'ok' }
    ]
      .map(e => JSON.stringify(e))
      .join('\n') + '\n'
  );
  fs.writeFileSync(
    path.join(dir, 'leg.session.jsonl'),
    JSON.stringify({
      id: 's1',
      actual_cost_usd: 0.25,
      billing_provider: `openrouter ${secret}`,
      end_reason: 'done'
    }) + '\n'
  );
  const leg = must((await foldFiles([transcript], dir, makeRedactor([])))[0]);
  expect(leg.usage?.costUsd).toBe(0.25);
  expect(leg.usage?.fields.end_reason).toBe('done');
  expect(String(leg.usage?.fields.billing_provider)).toContain('openrouter');
  expect(JSON.stringify(leg.usage)).not.toContain(secret);
});
