/** The stand-in install script (simulator/install.sh) keeps to what upstream's script does, as read. */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { ROOT, node24 } from '../../scripts/local-runner.mjs';

const SCRIPT = path.join(ROOT, 'simulator', 'install.sh');

function machine() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-standin-'));
  const system = path.join(root, 'system');
  fs.mkdirSync(system);
  fs.symlinkSync(node24(), path.join(system, 'node'));
  const home = path.join(root, 'home');
  fs.mkdirSync(home);
  const env = {
    HOME: home,
    PATH: [system, '/usr/bin', '/bin'].join(path.delimiter),
    HERMES_STANDIN_SIMULATOR: path.join(ROOT, 'simulator', 'hermes.mjs')
  };
  const install = (...args: string[]) =>
    spawnSync('bash', [SCRIPT, ...args], { env, encoding: 'utf8' });
  return { root, home, system, env, install };
}

describe('the stand-in install script', () => {
  test('an unknown option exits 1, an option without its value 2', () => {
    const m = machine();
    const unknown = m.install('--tag', 'v0.23.4');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('unknown option: --tag\n');
    expect(m.install('--branch').status).toBe(2);
    expect(m.install('--dir', '--skip-browser').status).toBe(2);
  });

  test('the layout: shim and wrapper run Hermes through the PM environment', () => {
    const m = machine();
    expect(m.install('--non-interactive', '--branch', 'v0.23.4').status).toBe(0);
    const dir = path.join(m.home, '.hermes', 'hermes-agent');
    expect(fs.existsSync(path.join(dir, '.hermes-bootstrap-complete'))).toBe(true);
    const wrapper = path.join(m.home, '.local', 'bin', 'hermes');
    const version = spawnSync(wrapper, ['--version'], { env: m.env, encoding: 'utf8' });
    expect(version.stdout).toMatch(/^Hermes Agent v/);
    const tools = fs.readdirSync(path.join(m.home, '.hermes', 'tools')).sort();
    expect(tools).toEqual([
      'agent-browser-0.9.1-linux-x64',
      'cua-driver-0.20.0-linux-x64',
      'python',
      'uv-0.12.3-linux-x64'
    ]);
  });

  test('a tag re-run over an existing checkout fails, as upstream’s branch fetch does', () => {
    const m = machine();
    expect(m.install('--branch', 'v0.23.4').status).toBe(0);
    const again = m.install('--branch', 'v0.23.4');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("couldn't find remote ref refs/heads/v0.23.4");
  });

  test('without its PM environment (a partial cache) the shim refuses to start', () => {
    const m = machine();
    expect(m.install('--skip-browser', '--skip-computer-use').status).toBe(0);
    fs.rmSync(path.join(m.home, '.hermes', 'installs'), { recursive: true });
    const shim = path.join(m.home, '.hermes', 'hermes-agent', '.hermes', 'bin', 'hermes');
    const run = spawnSync(shim, ['--version'], { env: m.env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^hermes: the PM environment .* is missing; run: hermes pm install\n$/
    );
  });
});
