/**
 * config.yaml as the action reads it (src/config/hermes-config.ts) against PyYAML's safe_load, which
 * is what Hermes reads it with: over generated files of anchors, merges, aliases, flow and block
 * styles, quoted and explicit keys, YAML 1.1 scalars and comments, whenever the action says it read
 * the model section, PyYAML must give the same provider and base_url (and load the file at all).
 * Needs python3 with PyYAML (Debian: python3-yaml); skipped with a loud line where it is missing.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from '@jest/globals';
import fc from 'fast-check';
import { modelSectionOf } from '../../src/config/hermes-config.js';
import { havePyYaml } from '../helpers/machine-tools.js';

const pyyaml = havePyYaml();
if (!pyyaml)
  process.stderr.write(
    '!!! SKIPPED: no python3 with PyYAML here (Debian: python3-yaml): config.yaml is NOT checked against what Hermes reads.\n'
  );

/** What PyYAML makes of each text: the model's provider and base_url as Hermes reads them, or an error. */
function pyyamlReads(
  texts: readonly string[]
): { error?: string; provider?: unknown; base?: unknown }[] {
  const script = `
import json, sys, yaml
for line in sys.stdin:
    text = json.loads(line)
    try:
        doc = yaml.safe_load(text)
    except Exception as e:
        print(json.dumps({"error": type(e).__name__})); continue
    if doc is not None and not isinstance(doc, dict):
        print(json.dumps({"error": "not a mapping"})); continue
    model = (doc or {}).get("model")
    if isinstance(model, dict):
        print(json.dumps({"provider": model.get("provider"), "base": model.get("base_url")}, default=str))
    elif model is None or isinstance(model, str):
        print(json.dumps({}))
    else:
        print(json.dumps({"error": "model is " + type(model).__name__}))
`;
  const run = spawnSync('python3', ['-c', script], {
    input: texts.map(t => JSON.stringify(t)).join('\n') + '\n',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024
  });
  if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`);
  return run.stdout
    .trim()
    .split('\n')
    .map(line => JSON.parse(line) as { error?: string; provider?: unknown; base?: unknown });
}

const word = fc.constantFrom(
  'anthropic',
  'Anthropic',
  'nous',
  'auto',
  'on',
  'off',
  'yes',
  '1',
  '0o7',
  '1:30',
  '~',
  'null',
  '2001-12-14',
  '"anthropic"',
  "'nous'",
  'https://api.anthropic.com',
  'http://127.0.0.1:9/up',
  '"a\\x41"',
  '!!str 1',
  '!!binary aGk=',
  '*a',
  '[x]',
  '{}'
);
const key = fc.constantFrom(
  'provider',
  'base_url',
  '"provider"',
  '? provider\n  :',
  'default',
  '<<'
);

/** A model section in one of the shapes a user (or an attacker) could write. */
const modelSection = fc.oneof(
  fc
    .array(fc.tuple(key, word), { maxLength: 4 })
    .map(
      pairs =>
        `model:\n${pairs.map(([k, v]) => (k.startsWith('?') ? `  ${k} ${v}` : `  ${k}: ${v}`)).join('\n')}\n`
    ),
  fc
    .array(fc.tuple(fc.constantFrom('provider', 'base_url', '<<'), word), { maxLength: 3 })
    .map(pairs => `model: {${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}\n`),
  word.map(v => `model: ${v}\n`),
  fc.constant('model: *a\n'),
  fc.constant('model:\n  <<: [*a, *b]\n')
);
const before = fc.constantFrom(
  '',
  'a: &a {provider: nous}\nb: &b {provider: anthropic, base_url: http://127.0.0.1:9}\n',
  'a: &a anthropic\nb: &b {base_url: https://x.example}\n',
  '# a comment\n',
  '%YAML 1.1\n---\n',
  '%YAML 1.2\n---\n',
  '# hidden\u0085model: {provider: nous}\n',
  '# hidden\u2028a: &a {provider: nous}\n',
  'model: {provider: nous}\n'
);
const after = fc.constantFrom(
  '',
  '# end\n',
  'other: 1\n',
  'model: {provider: nous}\n',
  '---\nx: 1\n'
);

describe('config.yaml: the action reads the model section as PyYAML does', () => {
  (pyyaml ? test : test.skip)('generated files: read the same, or not read at all', () => {
    const samples = fc.sample(fc.tuple(before, modelSection, after), { numRuns: 3000, seed: 29 });
    const texts = samples.map(([b, m, a]) => b + m + a);
    const theirs = pyyamlReads(texts);
    const differ: string[] = [];
    texts.forEach((text, n) => {
      const ours = modelSectionOf(text, 'c.yaml');
      if (ours.kind !== 'read') return;
      const py = theirs[n] ?? {};
      const trimmed = (v: unknown): string | undefined =>
        typeof v === 'string' && v.trim() ? v.trim() : undefined;
      const same =
        py.error === undefined &&
        trimmed(py.provider) === ours.provider &&
        trimmed(py.base) === ours.baseUrl &&
        // A value PyYAML gives as other than a string, the action must not read as one.
        [py.provider, py.base].every(v => v === null || v === undefined || typeof v === 'string');
      if (!same)
        differ.push(
          `${JSON.stringify(text)}: ours ${JSON.stringify(ours)} PyYAML ${JSON.stringify(py)}`
        );
    });
    expect(differ.slice(0, 5)).toEqual([]);
    // The generator reaches both outcomes: it is not only making files the action refuses.
    expect(texts.filter(t => modelSectionOf(t, 'c.yaml').kind === 'read').length).toBeGreaterThan(
      300
    );
  });
});
