/**
 * What the root-only suites ask of this machine (whether a tool is installed, whether the tests run
 * as root on Linux, whether the action can isolate), the one way they skip (`runsHere`), and the
 * hosted runner's shape made for a test: an ordinary user with passwordless sudo, removed again
 * afterwards.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { planIsolation } from '../../src/confine/host.js';
import { agentDir } from './agent-dir.js';
import { must } from './must.js';

/**
 * `npm run test:unit` sets it (jest.unit.config.js): the quick loop runs as a laptop without root
 * would, so no test makes a user, lends a workspace or raises a fence; `npm test` runs all of them.
 */
export const UNIT_ONLY = process.env.HERMES_TEST_UNIT === '1';

/** Where skipping is a failure: under CI (GitHub sets CI=true), unless a job says why it skips. */
const SKIPS_FAIL =
  /^(true|1)$/i.test(process.env.CI ?? '') && !process.env.HERMES_TEST_ALLOW_SKIP && !UNIT_ONLY;

/**
 * Whether the tests that need `ready` run here. Where they do not, one line on stderr says what is
 * skipped and why (`skipped`); under CI that is an error instead, which fails the file: a CI job runs
 * them (as root, see .github/workflows/ci.yml) unless it sets HERMES_TEST_ALLOW_SKIP to say why not.
 */
export function runsHere(ready: boolean, skipped: string): boolean {
  if (ready) return true;
  if (SKIPS_FAIL)
    throw new Error(
      `Not run, and CI=true: ${skipped} Run the suite as root with .ci/run's tools, or set ` +
        'HERMES_TEST_ALLOW_SKIP to say why this job may skip it.'
    );
  process.stderr.write(`!!! SKIPPED${UNIT_ONLY ? ' (npm run test:unit)' : ''}: ${skipped}\n`);
  return false;
}

/** Whether a command is on PATH. */
export function found(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Root on Linux, with each of these tools installed (never under `npm run test:unit`). */
export function rootWith(...tools: string[]): boolean {
  return (
    !UNIT_ONLY && process.platform === 'linux' && process.getuid?.() === 0 && tools.every(found)
  );
}

/** Whether nft is installed and this kernel answers it (a container may lack nf_tables). */
export function nftWorks(): boolean {
  return found('nft') && spawnSync('nft', ['list', 'tables'], { stdio: 'ignore' }).status === 0;
}

/** Whether python3 with PyYAML (what Hermes reads config.yaml with) is here. */
export function havePyYaml(): boolean {
  return spawnSync('python3', ['-c', 'import yaml'], { stdio: 'ignore' }).status === 0;
}

export interface SudoRunner {
  name: string;
  uid: number;
  gid: number;
  /** A home of its own (0750, as on a hosted runner), outside the 0700 temp folders. */
  home: string;
  remove(): void;
}

/** A user `name` with passwordless sudo, like GitHub's `runner`. */
export function sudoRunner(name: string): SudoRunner {
  const sudoers = `/etc/sudoers.d/${name}`;
  spawnSync('useradd', ['--create-home', name]);
  fs.writeFileSync(sudoers, `${name} ALL=(ALL) NOPASSWD: ALL\n`, { mode: 0o440 });
  const [uid, gid] = spawnSync('getent', ['passwd', name], { encoding: 'utf8' })
    .stdout.split(':')
    .slice(2, 4)
    .map(Number);
  const home = path.join(agentDir(`${name}-`), 'home');
  fs.mkdirSync(home, { mode: 0o750 });
  fs.chownSync(home, must(uid), must(gid));
  return {
    name,
    uid: must(uid),
    gid: must(gid),
    home,
    remove: () => {
      fs.rmSync(sudoers, { force: true });
      spawnSync('userdel', ['--remove', name]);
    }
  };
}

/** `isolation: auto`'s own decision here: Linux, setpriv, and root or passwordless sudo; else why not. */
const ISOLATION = planIsolation('auto');

/** Whether the action can raise its egress fence here: root on Linux, nft or iptables installed. */
export const CAN_FENCE = rootWith() && (found('nft') || found('iptables'));

/**
 * For suites about something else than the fence (the install, the artifact, the gate, a proxy, a
 * cancel): where no fence can be raised, `allowed-hosts: *`, the input that says an open network is
 * intended, so that the run is the one a fenced machine gives, less the fence (which would otherwise
 * refuse gated events and warn). Where it can, nothing: the fence is raised in these runs too. The
 * fence's own suites skip loudly instead (fence.e2e).
 */
export const OPEN_WHERE_UNFENCED: Readonly<Record<string, string>> = CAN_FENCE
  ? {}
  : { 'allowed-hosts': '*' };
if (!CAN_FENCE && rootWith())
  process.stderr.write(
    'machine-tools: no nft or iptables here: suites not about the fence run with allowed-hosts: * (`.ci/run` installs nftables)\n'
  );

/**
 * For suites about something else than isolation, as OPEN_WHERE_UNFENCED is for the fence: where the
 * action cannot run Hermes as its own user (an ordinary user without passwordless sudo),
 * `isolation: none`, the input that says an unisolated run is intended (else gated events are
 * refused and other runs warn); where it can, nothing. Isolation's own suites skip loudly instead.
 */
export const NONE_WHERE_UNISOLATED: Readonly<Record<string, string>> =
  ISOLATION.kind === 'user' ? {} : { isolation: 'none' };
if (ISOLATION.kind === 'none')
  process.stderr.write(
    `machine-tools: Hermes cannot run as its own user here (${ISOLATION.why}): suites not about isolation run with isolation: none\n`
  );
