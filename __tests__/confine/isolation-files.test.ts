/**
 * What the action reads of the workspace after the agent had it: only plain files. A FIFO planted
 * as .git/config would block a read for ever (no writer is left once the agent's processes are
 * ended), and the report would never be written.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { exposedCredential } from '../../src/confine/credential.js';

function workspace(): string {
  const lent = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-lent-'));
  fs.mkdirSync(path.join(lent, '.git'));
  return lent;
}

describe('the persisted checkout credential, read after the turn', () => {
  test('found in a plain .git/config', () => {
    const lent = workspace();
    const config = path.join(lent, '.git', 'config');
    fs.writeFileSync(
      config,
      '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic x\n'
    );
    expect(exposedCredential(lent, true, undefined)).toBe(config);
  });

  test('a FIFO in its place is not read, and nothing waits for a writer', () => {
    const lent = workspace();
    const made = spawnSync('mkfifo', [path.join(lent, '.git', 'config')]);
    expect(made.status).toBe(0);
    expect(exposedCredential(lent, true, undefined)).toBeUndefined();
  });

  test('an include that names a FIFO is not read either', () => {
    const lent = workspace();
    expect(spawnSync('mkfifo', [path.join(lent, 'pipe')]).status).toBe(0);
    fs.writeFileSync(path.join(lent, '.git', 'config'), '[include]\n\tpath = ../pipe\n');
    expect(exposedCredential(lent, true, undefined)).toBeUndefined();
  });

  test('a credential file under RUNNER_TEMP is out of reach only when RUNNER_TEMP was closed', () => {
    const lent = workspace();
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-runner-temp-'));
    const file = path.join(temp, 'git-credentials-1a2b.config');
    fs.writeFileSync(
      file,
      '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic x\n',
      {
        mode: 0o644
      }
    );
    fs.writeFileSync(path.join(lent, '.git', 'config'), `[include]\n\tpath = ${file}\n`);
    expect(exposedCredential(lent, true, temp)).toBeUndefined();
    // Left open (Hermes or the workspace inside it): the file is as readable as its mode says.
    expect(exposedCredential(lent, true, undefined)).toBe(file);
    fs.chmodSync(file, 0o600);
    expect(exposedCredential(lent, true, undefined)).toBeUndefined();
  });
});
