/**
 * Red-team attack on the change bf719ec.. (config.yaml's fronted-key search, src/config/hermes-config.ts
 * configHolding, configCredentials): holes the earlier rounds (__tests__/gateway-*-redteam.test.ts)
 * did not try, now closed (each comment says "Was a hole").
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, test } from '@jest/globals';
import { configCredentials, configHolding } from '../src/config/hermes-config.js';
import type { TurnGateway } from '../src/steps/gateway.js';
import { agentHomeOf, startTurn, type StartedTurn } from './helpers/turn-gateway.js';

const OR_KEY = 'sk-or-v1-real-key-change-attack-0123456789abcdef';

let turn: TurnGateway | undefined;
afterEach(async () => {
  await turn?.gateway?.close();
  turn = undefined;
});

/** The agent's copy of Hermes' home from that turn (helpers/turn-gateway.ts). */
const agentHome = (got: StartedTurn): string => agentHomeOf(got).dir;

describe('config.yaml with several documents', () => {
  // Was a hole, now closed (low-medium: the agent holds the real key while the action says it is fronted and not held;
  // needs a config.yaml of two documents holding the key escaped, which the agent then decodes).
  // configHolds parses the text with the yaml package's parseDocument, which gives the first
  // document only (MULTIPLE_DOCS is an error, the rest is not visited); configCredentials reads all
  // documents, configHolds does not. A key written escaped (`"\x73k-or-…"`) in a second document is
  // neither in the raw text (includes(), and dropHolding's byte search, miss it) nor in any scalar
  // configHolds visits. The section is `unusable` (several documents), which stops Anthropic only:
  // OpenRouter is fronted, the agent's copy of config.yaml decodes (yaml.safe_load_all) to the real
  // key, and OPENROUTER_API_KEY is not listed as held (a key under a name like `spare` is no
  // credential to configCredentials either). Fix: visit every document (parseAllDocuments, as
  // configCredentials does), or treat a text parsed_ refuses as holding every fronted key.
  test('configHolding finds a key escaped in a second document', () => {
    const text = `model:\n  provider: openrouter\n---\nspare: "\\x73${OR_KEY.slice(1)}"\n`;
    expect(text).not.toContain(OR_KEY);
    expect(configHolding(text, [OR_KEY]).holding.has(OR_KEY)).toBe(true);
  });

  test('an escaped OpenRouter key in a second document: not fronted, or not in the agent’s copy', async () => {
    const config = `model:\n  provider: openrouter\n---\nspare: "\\x73${OR_KEY.slice(1)}"\n`;
    const got = await startTurn({ config }, { ANTHROPIC_API_KEY: '', OPENROUTER_API_KEY: OR_KEY });
    turn = got.turn;
    const fronted = got.turn.gateway?.fronted.some(f => f.provider === 'openrouter') ?? false;
    const copy = path.join(agentHome(got), 'config.yaml');
    const decoded = fs.existsSync(copy)
      ? spawnSync(
          'python3',
          [
            '-c',
            'import sys, yaml, json; print(json.dumps(list(yaml.safe_load_all(open(sys.argv[1])))))',
            copy
          ],
          { encoding: 'utf8' }
        ).stdout
      : '';
    if (fronted) expect(got.held).not.toContain('OPENROUTER_API_KEY');
    expect(fronted && decoded.includes(OR_KEY)).toBe(false);
  });
});

describe('config.yaml that is not clean YAML', () => {
  // Was a hole, now closed (low-medium, the same class as above without a second document: the agent holds the real
  // key while the action says it is fronted and not held). After a stray closing bracket
  // (`a: {b: 1\n}}}`) the yaml package builds no node of what follows, so configHolds visits no
  // scalar there; the agent's copy of config.yaml is the file as it is (dropHolding searches its
  // bytes as written), and the agent unescapes `"\x73k-or-…"` by hand (codecs.decode(s,
  // 'unicode_escape')) while OpenRouter is fronted and OPENROUTER_API_KEY is not listed as held.
  // Fix: when parsed_ refuses the text (any error, several documents), treat it as holding every
  // fronted key (front none whose value could be in it), or search every double-quoted span of the
  // raw text, unescaped, as well.
  test('a stray closing bracket, then a key escaped: not fronted, or said', async () => {
    const config = `a: {b: 1\n}}}\nspare: "\\x73${OR_KEY.slice(1)}"\n`;
    expect(config).not.toContain(OR_KEY);
    const got = await startTurn({ config }, { ANTHROPIC_API_KEY: '', OPENROUTER_API_KEY: OR_KEY });
    turn = got.turn;
    const fronted = got.turn.gateway?.fronted.some(f => f.provider === 'openrouter') ?? false;
    const copy = path.join(agentHome(got), 'config.yaml');
    // What the agent reads: the copy, its \x escapes undone as YAML (and Python) undo them.
    const text = fs.existsSync(copy) ? fs.readFileSync(copy, 'utf8') : '';
    const unescaped = text.replace(/\\x([0-9a-f]{2})/gi, (_m, h: string) =>
      String.fromCharCode(parseInt(h, 16))
    );
    if (fronted) expect(got.held).not.toContain('OPENROUTER_API_KEY');
    expect(fronted && unescaped.includes(OR_KEY)).toBe(false);
  });
});

describe('where config.yaml sets a credential (configCredentials), missed', () => {
  // Was a hole, now closed (low: the held row and the warning say nothing of a credential the agent reads in its copy
  // of config.yaml; needs the owner to write it so). configCredentials counts a credential-named key
  // only when its value is a plain string scalar: a list of keys (`api_key: [sk-…]`, `api_keys:`),
  // a `!!binary` value (PyYAML gives Hermes the bytes; the agent base64-decodes them) and an
  // `Authorization: Bearer sk-…` header (no credential name) are all passed over. Fix: a
  // credential-named key (and `api_keys`, `authorization`) with any non-empty value (a sequence of
  // strings, bytes) is a credential; walk into the sequence under it.
  const B64 = Buffer.from(OR_KEY).toString('base64');
  test.each([
    ['a list under api_key', `api_key: [${OR_KEY}]\n`],
    ['api_keys, a list', `api_keys:\n  - ${OR_KEY}\n`],
    ['a !!binary api_key', `api_key: !!binary ${B64}\n`],
    ['an Authorization header', `headers:\n  Authorization: Bearer ${OR_KEY}\n`]
  ])('%s: said', (_what, text) => {
    expect(configCredentials(text)).not.toEqual([]);
  });
});
