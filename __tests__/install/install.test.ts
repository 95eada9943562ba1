/** Installing Hermes, the pure parts: the inputs, the layout and cache key, the installer's argv, the child environment, the download. */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { download, DownloadError } from '../../src/install/download.js';
import { childEnv } from '../../src/process/environment.js';
import { ArchiveCheck } from '../../src/install/archive.js';
import {
  acceptsFlag,
  cacheable,
  installerArgs,
  installerEnv,
  installLayout
} from '../../src/install/layout.js';
import { InputError } from '../../src/config/inputs.js';
import { parseSettings } from '../../src/config/settings.js';
import type { AnySettings } from '../helpers/settings.js';
import {
  isPinnedRef,
  PINNED_HERMES_VERSION,
  PINNED_INSTALLER_SHA256,
  upstreamInstallerUrl,
  type InstallSettings
} from '../../src/config/install.js';

const parse = (inputs: Record<string, string>): AnySettings =>
  parseSettings({
    getInput: name => inputs[name] ?? '',
    env: { GITHUB_WORKSPACE: '/w', RUNNER_TEMP: '/t' }
  }) as AnySettings;

function parseError(inputs: Record<string, string>): string {
  try {
    parse(inputs);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`expected an InputError for ${JSON.stringify(inputs)}`);
}

const QUERY = { query: 'Check the build' };

describe('install inputs', () => {
  test('defaults: auto, the pinned release, that tag’s own script, no browser, 15 minutes', () => {
    expect(parse(QUERY).install).toEqual({
      mode: 'auto',
      version: PINNED_HERMES_VERSION,
      installerUrl: `https://raw.githubusercontent.com/NousResearch/hermes-agent/${PINNED_HERMES_VERSION}/scripts/install.sh`,
      ...(PINNED_INSTALLER_SHA256 ? { installerSha256: PINNED_INSTALLER_SHA256 } : {}),
      installBrowser: false,
      timeoutMs: 15 * 60_000
    });
  });

  test('another version: its own ref’s script, and no pinned hash unless one is given', () => {
    const other = parse({ ...QUERY, 'hermes-version': 'v0.23.3' }).install!;
    expect(other.installerUrl).toBe(upstreamInstallerUrl('v0.23.3'));
    expect(other.installerSha256).toBeUndefined();
    const sha = 'AB'.repeat(32);
    const given = parse({
      ...QUERY,
      'hermes-version': 'v0.23.3',
      'installer-sha256': sha
    }).install!;
    expect(given.installerSha256).toBe(sha.toLowerCase());
  });

  test('install-browser and install-timeout-minutes', () => {
    const install = parse({
      ...QUERY,
      'install-browser': 'true',
      'install-timeout-minutes': '0.5'
    }).install!;
    expect(install.installBrowser).toBe(true);
    expect(install.timeoutMs).toBe(30_000);
  });

  test('the pinned release is a tag that can be cached', () => {
    expect(isPinnedRef(PINNED_HERMES_VERSION)).toBe(true);
  });

  test.each([
    [{ install: 'yes' }, 'Input "install" is "yes"; allowed: auto, true or false.'],
    [{ 'hermes-version': 'v1 2' }, 'Input "hermes-version" is "v1 2"; give an upstream git ref'],
    [{ 'hermes-version': '../main' }, 'Input "hermes-version" is "../main"'],
    [{ 'hermes-version': 'a,b' }, 'Input "hermes-version" is "a,b"'],
    [{ 'hermes-version': '-x' }, 'Input "hermes-version" is "-x"'],
    [
      { 'installer-url': 'http://example.com/install.sh' },
      'Input "installer-url" is "http://example.com/install.sh"; give an https:// URL'
    ],
    [
      { 'installer-url': 'install.sh' },
      'Input "installer-url" is "install.sh"; give an https:// URL'
    ],
    [
      { 'installer-url': 'https://u:p@example.com/i.sh' },
      'Input "installer-url" holds credentials'
    ],
    [
      { 'installer-sha256': 'abc' },
      'Input "installer-sha256" is "abc"; give the install script\'s SHA-256 as 64 hex digits'
    ],
    [{ 'install-browser': 'yes' }, 'Input "install-browser" is "yes"; allowed: true or false.'],
    [{ 'install-timeout-minutes': '0' }, 'Input "install-timeout-minutes" is "0"; give minutes'],
    [{ 'install-timeout-minutes': 'x' }, 'Input "install-timeout-minutes" is "x"'],
    [
      { install: 'true', 'hermes-path': '/opt/hermes' },
      'Inputs "install" (true) and "hermes-path" ("/opt/hermes") are both set'
    ],
    [
      { install: 'true', 'api-url': 'http://127.0.0.1:8642/v1', 'api-key': 'k' },
      'Input "install" only applies to the Hermes CLI'
    ],
    [
      { 'hermes-version': 'main', 'api-url': 'http://127.0.0.1:8642/v1', 'api-key': 'k' },
      'Input "hermes-version" only applies to the Hermes CLI'
    ]
  ])('%j is refused, naming the input', (inputs, message) => {
    expect(parseError({ ...QUERY, ...inputs })).toContain(message);
  });

  test('accepted refs and URLs', () => {
    const sha = 'a'.repeat(40);
    expect(parse({ ...QUERY, 'hermes-version': sha }).install?.version).toBe(sha);
    expect(parse({ ...QUERY, 'hermes-version': 'feature/x-1.2' }).install?.version).toBe(
      'feature/x-1.2'
    );
    expect(
      parse({ ...QUERY, 'installer-url': 'http://127.0.0.1:8080/i.sh' }).install?.installerUrl
    ).toBe('http://127.0.0.1:8080/i.sh');
    expect(parse({ ...QUERY, install: 'false' }).install?.mode).toBe('false');
  });

  test.each([
    ['v0.22.2', true],
    ['0.21.4', true],
    ['v1.0.0-rc.1', true],
    ['a'.repeat(40), true],
    ['main', false],
    ['release/v1', false],
    ['abc123', false]
  ])('%s is pinned (cacheable): %s', (ref, pinned) => {
    expect(isPinnedRef(ref)).toBe(pinned);
  });
});

const SETTINGS: InstallSettings = {
  mode: 'auto',
  version: 'v0.23.4',
  installerUrl: upstreamInstallerUrl('v0.23.4'),
  installBrowser: false,
  timeoutMs: 15 * 60_000
};
const MACHINE = { home: '/home/runner', platform: 'linux' as const, arch: 'x64' };
/** The option parser of today's upstream script, as read (docs/INSTALL.md): case labels only. */
const TODAY = `
        --branch|-Branch|--commit|-Commit|--dir|--hermes-home|-HermesHome|--stage|-Stage)
        --non-interactive|-NonInteractive) NON_INTERACTIVE=true; shift ;;
        --skip-setup) NON_INTERACTIVE=true; shift ;;
        --skip-browser|--no-playwright|-SkipBrowser) SKIP_BROWSER=true; shift ;;
        --skip-computer-use|-SkipComputerUse) SKIP_COMPUTER_USE=true; shift ;;
`;
/** An early script: no --non-interactive, no --hermes-home, no computer-use driver. */
const EARLY = `
        --skip-setup)
        --skip-browser|--no-playwright)
        --branch)
        --dir)
`;

describe('install layout', () => {
  test('a directory of the action’s own for the code; PM’s store and environments; the wrapper', () => {
    const layout = installLayout(SETTINGS, { GITHUB_RUN_ID: '42' }, MACHINE);
    expect(layout.hermesHome).toBe('/home/runner/.hermes');
    expect(layout.installDir).toBe('/home/runner/.hermes/hermes-action/hermes-agent');
    expect(layout.candidates).toEqual([
      '/home/runner/.hermes/hermes-action/hermes-agent/.hermes/bin/hermes',
      '/home/runner/.local/bin/hermes'
    ]);
    // Exactly what a run needs; config.yaml, .env, state.db, sessions/ and logs/ are not among them.
    expect(layout.cachePaths).toEqual([
      '/home/runner/.hermes/hermes-action/hermes-agent',
      '/home/runner/.hermes/tools',
      '/home/runner/.hermes/installs',
      '/home/runner/.hermes/hermes-action/python',
      '/home/runner/.local/bin/hermes'
    ]);
    expect(layout.binDir).toBe('/home/runner/.hermes/hermes-action/bin');
    expect(layout.cacheKey).toMatch(
      /^hermes-agent-v0\.23\.4-linux-x64-noimage-noversion-r2-[0-9a-f]{12}$/
    );
  });

  test('HERMES_HOME and HERMES_RUNTIME_DIR move what they name; the runner image is in the key', () => {
    const layout = installLayout(
      SETTINGS,
      {
        HERMES_HOME: '/data/h',
        HERMES_RUNTIME_DIR: '/data/store',
        ImageOS: 'ubuntu24',
        ImageVersion: '20261124.1'
      },
      MACHINE
    );
    expect(layout.installDir).toBe('/data/h/hermes-action/hermes-agent');
    expect(layout.storeDir).toBe('/data/store');
    expect(layout.installsDir).toBe('/data/h/installs');
    expect(layout.cacheKey).toMatch(/^hermes-agent-v0\.23\.4-linux-x64-ubuntu24-20261124\.1-r2-/);
  });

  test('one exact key: it changes with version, arch, image, place, tools and script, never with the run', () => {
    const key = (s: InstallSettings, env: NodeJS.ProcessEnv = {}, m = MACHINE) =>
      installLayout(s, env, m).cacheKey;
    const base = key(SETTINGS);
    expect(key({ ...SETTINGS, version: 'v0.23.3' })).not.toBe(base);
    expect(key(SETTINGS, {}, { ...MACHINE, arch: 'arm64' })).not.toBe(base);
    expect(key(SETTINGS, { ImageVersion: '2' })).not.toBe(base);
    expect(key(SETTINGS, { HERMES_HOME: '/elsewhere' })).not.toBe(base);
    expect(key({ ...SETTINGS, installBrowser: true })).not.toBe(base);
    expect(key({ ...SETTINGS, installerSha256: 'c'.repeat(64) })).not.toBe(base);
    expect(key(SETTINGS, { GITHUB_RUN_ID: '7', GITHUB_RUN_ATTEMPT: '3' })).toBe(base);
  });

  test('branches are not cached; tags and commits are', () => {
    expect(cacheable({ ...SETTINGS, version: 'main' })).toBe(false);
    expect(cacheable(SETTINGS)).toBe(true);
  });

  test('the flags are read from the script’s own option parser', () => {
    expect(acceptsFlag(TODAY, '--skip-computer-use')).toBe(true);
    expect(acceptsFlag(TODAY, '--dir')).toBe(true);
    expect(acceptsFlag(TODAY, '--skip')).toBe(false);
    expect(acceptsFlag(EARLY, '--skip-computer-use')).toBe(false);
    expect(acceptsFlag(EARLY, '--hermes-home')).toBe(false);
  });

  test('installer flags today: no prompts, the tag, the directories, no browser, no computer use', () => {
    const layout = installLayout(SETTINGS, {}, MACHINE);
    expect(installerArgs(layout, SETTINGS, TODAY)).toEqual({
      args: [
        '--non-interactive',
        '--branch',
        'v0.23.4',
        '--dir',
        '/home/runner/.hermes/hermes-action/hermes-agent',
        '--hermes-home',
        '/home/runner/.hermes',
        '--skip-browser',
        '--skip-computer-use'
      ],
      unsupported: []
    });
    const sha = 'b'.repeat(40);
    expect(installerArgs(layout, { ...SETTINGS, version: sha }, TODAY).args.slice(1, 3)).toEqual([
      '--commit',
      sha
    ]);
    expect(installerArgs(layout, { ...SETTINGS, installBrowser: true }, TODAY).args).not.toContain(
      '--skip-browser'
    );
  });

  test('an early script is passed only what it takes; the environment names the directories', () => {
    const layout = installLayout(SETTINGS, {}, MACHINE);
    expect(installerArgs(layout, SETTINGS, EARLY)).toEqual({
      args: [
        '--skip-setup',
        '--branch',
        'v0.23.4',
        '--dir',
        '/home/runner/.hermes/hermes-action/hermes-agent',
        '--skip-browser'
      ],
      unsupported: ['--skip-computer-use']
    });
    expect(installerEnv(layout, { PATH: '/bin' })).toEqual({
      PATH: '/bin',
      HERMES_HOME: '/home/runner/.hermes',
      HERMES_INSTALL_DIR: '/home/runner/.hermes/hermes-action/hermes-agent',
      UV_PYTHON_INSTALL_DIR: '/home/runner/.hermes/hermes-action/python',
      UV_PYTHON_PREFERENCE: 'only-managed'
    });
  });
});

describe('what a cached archive may hold', () => {
  const W = '/home/runner/work/r/r';
  const FOLDERS = ['/home/runner/.hermes/tools', '/home/runner/.local/bin/hermes'];
  const STAGED = FOLDERS.map(f => ({ folder: f, staged: `${f}.restore-x/${path.basename(f)}` }));
  type Kind = 'd' | '-' | 'l' | 'h' | 'c';
  const TYPES = {
    d: 'directory',
    '-': 'file',
    l: 'symlink',
    h: 'link',
    c: 'character-device'
  } as const;
  /** An entry as `tar -tv` would show it: `name -> target` for a link, `name link to target` for a hard link. */
  const entry = (kind: Kind, shown: string) => {
    const [name = '', linkname = ''] = shown.split(kind === 'l' ? ' -> ' : ' link to ');
    return {
      name,
      linkname,
      type: TYPES[kind],
      mode: 0o4775,
      size: kind === '-' ? 10 : 0,
      mtime: new Date(1_780_000_000_000),
      uid: 1001,
      gid: 1001,
      uname: 'runner',
      gname: 'runner',
      devmajor: 0,
      devminor: 0
    };
  };
  /** The first refusal of the check over these entries, in order, or the rewritten headers. */
  function check(entries: ReturnType<typeof entry>[]) {
    const archive = new ArchiveCheck(W, STAGED, '/home/runner');
    const headers = [];
    for (const e of entries) {
      const admitted = archive.admit(e);
      if ('refused' in admitted) return admitted.refused;
      headers.push(admitted.header);
    }
    return headers;
  }

  test('a NUL or another control character in a name or a link target is refused', () => {
    expect(check([entry('-', '../../../.hermes/tools/\u0000')])).toMatch(/control character/);
    expect(check([entry('l', '../../../.hermes/tools/x -> /usr/bin/\npython3')])).toMatch(
      /control character/
    );
  });

  test('files, directories and links inside the folders pass, renamed into staging, modes fixed', () => {
    expect(
      check([
        entry('d', '../../../.hermes/tools/'),
        entry('-', '../../../.hermes/tools/uv-0.12.3-linux-x64/uv'),
        entry('l', '../../../.hermes/tools/python -> /usr/bin/python3'),
        entry(
          'h',
          '../../../.hermes/tools/b link to ../../../.hermes/tools/uv-0.12.3-linux-x64/uv'
        ),
        entry('l', '../../../.local/bin/hermes -> /home/runner/.hermes/x'),
        { ...entry('-', '../../../.hermes/tools/readme'), mode: 0o666 }
      ])
    ).toEqual([
      expect.objectContaining({
        name: '.hermes/tools.restore-x/tools',
        type: 'directory',
        mode: 0o755
      }),
      expect.objectContaining({
        name: '.hermes/tools.restore-x/tools/uv-0.12.3-linux-x64/uv',
        type: 'file',
        mode: 0o755,
        size: 10,
        mtime: new Date(1_780_000_000_000)
      }),
      expect.objectContaining({
        name: '.hermes/tools.restore-x/tools/python',
        linkname: '/usr/bin/python3'
      }),
      expect.objectContaining({
        name: '.hermes/tools.restore-x/tools/b',
        type: 'link',
        linkname: '.hermes/tools.restore-x/tools/uv-0.12.3-linux-x64/uv'
      }),
      expect.objectContaining({ name: '.local/bin/hermes.restore-x/hermes', type: 'symlink' }),
      expect.objectContaining({ name: '.hermes/tools.restore-x/tools/readme', mode: 0o644 })
    ]);
  });

  test.each([
    [[entry('-', '../../../.bashrc')], '../../../.bashrc lies outside the cached folders'],
    [[entry('-', '/etc/cron.d/x')], '/etc/cron.d/x lies outside the cached folders'],
    [[entry('-', '../../../.hermes/tools-evil/x')], 'lies outside the cached folders'],
    [
      [entry('-', '../../../.hermes/tools/../config.yaml')],
      'goes up (..) inside the cached folders'
    ],
    [[entry('-', '../../../../../../../etc/x')], '/etc/x lies outside the cached folders'],
    [
      [entry('h', '../../../.hermes/tools/p link to ../../../.ssh/id_rsa')],
      'is a hard link to a file outside the cached folders'
    ],
    [
      [
        entry('l', '../../../.hermes/tools/up -> /home/runner'),
        entry('-', '../../../.hermes/tools/up/.bashrc')
      ],
      'would be written through the link /home/runner/.hermes/tools/up'
    ],
    // Inside by its letters, but the kernel would resolve `up/..` through the link.
    [
      [
        entry('l', '../../../.hermes/tools/up -> /etc/cron.d'),
        entry('-', '../../../.hermes/tools/up/../x')
      ],
      'goes up (..) inside the cached folders'
    ],
    [
      [
        entry('l', '../../../.hermes/tools/up -> /etc'),
        entry('h', '../../../.hermes/tools/p link to ../../../.hermes/tools/up/shadow')
      ],
      'which the archive did not write as a file before it'
    ],
    [
      [
        entry('-', '../../../.hermes/tools/up/x'),
        entry('l', '../../../.hermes/tools/up -> /home/runner')
      ],
      'is a link where the archive already wrote'
    ],
    [
      [entry('l', '../../../.hermes/tools/up -> /'), entry('d', '../../../.hermes/tools/up/')],
      'would be written through the link'
    ],
    [[entry('c', '../../../.hermes/tools/tty')], 'is not a file, directory or link']
  ])('refused: %j', (entries, why) => {
    expect(check(entries)).toEqual(expect.stringContaining(why));
  });
});

describe('childEnv', () => {
  test('drops the runner’s credentials, its file commands and every INPUT_*, keeps the rest', () => {
    const env = childEnv({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      OPENROUTER_API_KEY: 'sk-or-1',
      ACTIONS_RUNTIME_TOKEN: 't',
      ACTIONS_RUNTIME_URL: 'u',
      ACTIONS_RESULTS_URL: 'r',
      ACTIONS_CACHE_URL: 'c',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'i',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'j',
      ACTIONS_CACHE_SERVICE_V2: 'true',
      GITHUB_ENV: '/t/set_env_1',
      GITHUB_PATH: '/t/add_path_1',
      GITHUB_OUTPUT: '/t/set_output_1',
      GITHUB_STATE: '/t/save_state_1',
      Github_Step_Summary: '/t/step_summary_1',
      GITHUB_REPOSITORY: 'octo/repo',
      INPUT_QUERY: 'q',
      'INPUT_API-KEY': 'k',
      input_lower: 'x',
      ACTIONS_STEP_DEBUG: 'true'
    });
    expect(env).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/runner',
      OPENROUTER_API_KEY: 'sk-or-1',
      GITHUB_REPOSITORY: 'octo/repo',
      ACTIONS_STEP_DEBUG: 'true'
    });
  });
});

describe('download', () => {
  let server: http.Server;
  let base = '';
  const answers: (number | 'hang')[] = [];
  let requests = 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-download-'));

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      requests++;
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      // A redirect points off this machine (TEST-NET-1): the download must refuse it unasked.
      if (answer === 302)
        return void res.writeHead(302, { location: 'http://192.0.2.1/x.sh' }).end();
      res.writeHead(answer).end(answer === 200 ? '#!/bin/bash\necho ok\n' : 'no');
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>(resolve => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const fast = { backoffMs: 1, timeoutMs: 2000 };

  test('5xx and a timeout are retried, then the script is saved', async () => {
    answers.push(503, 'hang', 502);
    requests = 0;
    const retries: string[] = [];
    const file = path.join(dir, 'a.sh');
    await download(`${base}/install.sh`, file, { ...fast, onRetry: m => retries.push(m) });
    expect(fs.readFileSync(file, 'utf8')).toBe('#!/bin/bash\necho ok\n');
    expect(requests).toBe(4);
    expect(retries).toHaveLength(3);
    expect(retries[0]).toContain('HTTP 503');
    expect(retries[1]).toContain('timed out');
  });

  test('a redirect to plain HTTP elsewhere is refused before anything is asked of it', async () => {
    answers.push(302);
    requests = 0;
    const error = await download(`${base}/moved.sh`, path.join(dir, 'r.sh'), fast).catch(e => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error.message).toBe(
      `${base}/moved.sh redirected to http://192.0.2.1, which is not HTTPS.`
    );
    expect(requests).toBe(1);
  });

  test('a 404 fails at once, naming the URL', async () => {
    answers.push(404);
    requests = 0;
    const error = await download(`${base}/missing.sh`, path.join(dir, 'b.sh'), fast).catch(e => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect(error.message).toBe(`${base}/missing.sh answered HTTP 404 Not Found.`);
    expect(requests).toBe(1);
  });

  test('a server that keeps failing: the last answer and the number of attempts', async () => {
    answers.push(500, 500, 500, 500);
    const error = await download(`${base}/x.sh`, path.join(dir, 'c.sh'), fast).catch(e => e);
    expect(error.message).toBe(
      `${base}/x.sh could not be downloaded: HTTP 500 Internal Server Error (4 attempts).`
    );
  });
});

describe('documentation', () => {
  test('docs/INSTALL.md names the pinned release', () => {
    const doc = fs.readFileSync(
      path.join(import.meta.dirname, '..', '..', 'docs', 'INSTALL.md'),
      'utf8'
    );
    expect(doc).toContain(`**\`${PINNED_HERMES_VERSION}\`**`);
  });
});
