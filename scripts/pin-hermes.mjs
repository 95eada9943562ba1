// The pin of the Hermes release the action installs (src/config/pin.ts), made where upstream is
// reachable: .github/workflows/pin-hermes.yml runs `pin`, then opens a pull request with the change.
//   node scripts/pin-hermes.mjs pin <remote> [pin.ts]   newest release tag → commit → installer hash →
//                                                       install with it → `hermes --version` → pin.ts
//   node scripts/pin-hermes.mjs check [pin.ts]          fails while the pin has no installer hash
// `pin` prints `tag=…`, `commit=…`, `sha256=…` lines (for $GITHUB_OUTPUT) and fails, saying why, when
// the tag's installer does not install a Hermes that reports the tag's version.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PIN_FILE = path.join(ROOT, 'src', 'config', 'pin.ts');
const RELEASE = /^v(\d+)\.(\d+)\.(\d+)$/;
const FIELDS = ['tag', 'commit', 'installerSha256'];

const git = (args, options = {}) => execFileSync('git', args, { encoding: 'utf8', ...options });

/**
 * The newest release tag (vX.Y.Z, no pre-release) of the remote and the commit it names: an
 * annotated tag's own object is not the commit, its peeled line (`refs/tags/<tag>^{}`) is.
 */
export function newestRelease(lsRemote) {
  const refs = new Map();
  for (const line of lsRemote.split('\n')) {
    const [sha, ref] = line.trim().split(/\s+/);
    if (ref?.startsWith('refs/tags/')) refs.set(ref.slice('refs/tags/'.length), sha);
  }
  const tags = [...refs.keys()].filter(t => RELEASE.test(t));
  if (tags.length === 0) throw new Error('the remote has no release tag (vX.Y.Z)');
  const parts = t => RELEASE.exec(t).slice(1).map(Number);
  const newer = (a, b) => parts(a).findIndex((n, i) => n !== parts(b)[i]);
  const tag = tags.reduce((best, t) => {
    const i = newer(t, best);
    return i >= 0 && parts(t)[i] > parts(best)[i] ? t : best;
  });
  return { tag, commit: refs.get(`${tag}^{}`) ?? refs.get(tag) };
}

/** The three values of a pin file. */
export function readPin(text) {
  const pin = {};
  for (const field of FIELDS)
    pin[field] = new RegExp(`^  ${field}: '([^']*)',?$`, 'm').exec(text)?.[1];
  return pin;
}

/** The pin file with its three values replaced, nothing else changed. */
export function writePin(text, pin) {
  return FIELDS.reduce(
    (out, field) => out.replace(new RegExp(`^(  ${field}: )'[^']*'`, 'm'), `$1'${pin[field]}'`),
    text
  );
}

/** Resolves, hashes and installs the newest release; returns the pin once `hermes --version` agrees. */
export function makePin(remote, env = process.env) {
  const { tag, commit } = newestRelease(git(['ls-remote', '--tags', remote, 'refs/tags/*']));
  const work = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'pin-hermes-'));
  try {
    // The installer's bytes at the commit itself (what the raw URL with that commit serves).
    git(['init', '--quiet', work]);
    git(['-C', work, 'fetch', '--quiet', '--depth=1', remote, commit]);
    const script = execFileSync('git', ['-C', work, 'show', `${commit}:scripts/install.sh`]);
    const sha256 = createHash('sha256').update(script).digest('hex');
    const installer = path.join(work, 'install.sh');
    fs.writeFileSync(installer, script);
    const home = path.join(work, 'home');
    const installDir = path.join(home, '.hermes', 'hermes-agent');
    const hermesHome = path.join(home, '.hermes');
    const installEnv = {
      ...env,
      HOME: home,
      HERMES_HOME: hermesHome,
      HERMES_INSTALL_DIR: installDir
    };
    execFileSync(
      'bash',
      [
        installer,
        '--commit',
        commit,
        '--non-interactive',
        '--skip-browser',
        '--skip-computer-use',
        '--dir',
        installDir,
        '--hermes-home',
        hermesHome
      ],
      { env: installEnv, stdio: ['ignore', 'inherit', 'inherit'] }
    );
    const hermes = path.join(home, '.local', 'bin', 'hermes');
    const printed = execFileSync(hermes, ['--version'], {
      env: installEnv,
      encoding: 'utf8'
    }).trim();
    const wanted = tag.replace(/^v/, '');
    if (!new RegExp(`\\bv?${wanted.replace(/\./g, '\\.')}\\b`).test(printed))
      throw new Error(
        `the installer of ${tag} (commit ${commit}) installed a Hermes whose --version prints "${printed}", not ${wanted}`
      );
    return { tag, commit, installerSha256: sha256 };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...rest] = process.argv.slice(2);
  try {
    if (command === 'pin' && rest[0]) {
      const file = rest[1] ?? PIN_FILE;
      const pin = makePin(rest[0]);
      fs.writeFileSync(file, writePin(fs.readFileSync(file, 'utf8'), pin));
      console.log(`tag=${pin.tag}\ncommit=${pin.commit}\nsha256=${pin.installerSha256}`);
    } else if (command === 'check') {
      const pin = readPin(fs.readFileSync(rest[0] ?? PIN_FILE, 'utf8'));
      if (
        !/^[0-9a-f]{64}$/.test(pin.installerSha256 ?? '') ||
        !/^[0-9a-f]{40}$/.test(pin.commit ?? '')
      )
        throw new Error(
          `the default installer of ${pin.tag} has no pinned commit and SHA-256 (src/config/pin.ts): run the "Pin Hermes" workflow and merge its pull request first`
        );
      console.log(`pinned: ${pin.tag} at ${pin.commit}, installer SHA-256 ${pin.installerSha256}`);
    } else {
      console.error('usage: node scripts/pin-hermes.mjs pin <remote> [pin.ts] | check [pin.ts]');
      process.exit(2);
    }
  } catch (error) {
    console.error(`pin-hermes: ${error.message}`);
    process.exit(1);
  }
}
