/**
 * Every model ID the README, docs/ (examples included) and action.yml name is one the provider serves
 * (issue 45.7: docs/REPORT.md's matrix ran `nous/${{ matrix.model }}`, which OpenRouter does not
 * have, so a copied workflow failed every leg). The IDs are those of `model:` lines of YAML (a matrix's
 * `${{ matrix.model }}` expanded with its list), `--model` / `-m` arguments, and `vendor/model` in
 * prose; the provider's list is __tests__/fixtures/models/openrouter.txt, which says where it is from.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const PROVIDER: ReadonlySet<string> = new Set(
  fs
    .readFileSync(path.join(ROOT, '__tests__/fixtures/models/openrouter.txt'), 'utf8')
    .split('\n')
    .map(line => line.trim())
    .filter(line => line !== '' && !line.startsWith('#'))
);

/** Named in the docs as the wrong way to write an ID, on purpose: where, and that they are wrong. */
const WRONG_ON_PURPOSE: Record<string, string[]> = {
  'docs/troubleshooting.md': ['nous/hermes-4-70b', 'hermes-4-70b']
};

/** What the docs say to users: the README, every page and example under docs/, the action's inputs. */
function documents(): string[] {
  const docs = (dir: string): string[] =>
    fs
      .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .flatMap(entry =>
        entry.isDirectory()
          ? docs(path.join(dir, entry.name))
          : /\.(md|ya?ml)$/.test(entry.name)
            ? [path.join(dir, entry.name)]
            : []
      );
  return ['README.md', 'action.yml', 'report/action.yml', ...docs('docs')];
}

interface Named {
  id: string;
  line: number;
}

/**
 * Model families as vendors name them, with a version: `x/claude-opus-4.6` in prose is a model ID,
 * `nousresearch/hermes-agent` (the agent's repository and image) is not.
 */
const FAMILY =
  /^(hermes-\d|deephermes-|claude-(\d|opus|sonnet|haiku)|gpt-\d|o\d\b|llama-\d|gemini-\d|qwen\d|deepseek-|mistral-|grok-\d)/;
const VENDOR_ID = /(?<![\w./-])([a-z0-9][a-z0-9-]*)\/([a-z0-9][a-z0-9._:-]*[a-z0-9])(?![\w/])/gi;

/**
 * The model IDs a text names, with their lines: YAML's `model:` values (in a .yml file, or a fenced
 * block of Markdown), `--model` and `-m` arguments, and in any text a `vendor/model` whose model is of
 * a known family.
 */
function modelIds(text: string, yaml: boolean): Named[] {
  const found: Named[] = [];
  const lines = text.split('\n');
  let fenced = yaml;
  /** The last matrix list of model names (`model: [a, b]`) seen in this block. */
  let matrix: string[] | undefined;
  lines.forEach((line, i) => {
    const at = i + 1;
    if (!yaml && /^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      matrix = undefined;
      return;
    }
    if (fenced) {
      const model = /^\s*(?:-\s+)?model:\s+(.*?)\s*(?:\s#.*)?$/.exec(line)?.[1];
      if (model !== undefined && model !== '' && !/^[>|]/.test(model)) {
        const value = model.replace(/^(['"])(.*)\1$/, '$2');
        const list = /^\[(.*)\]$/.exec(value);
        if (list) matrix = list[1]!.split(',').map(v => v.trim().replace(/^(['"])(.*)\1$/, '$2'));
        else if (value.includes('${{ matrix.model }}')) {
          if (!matrix) found.push({ id: `${value} (no matrix list before it)`, line: at });
          else
            for (const m of matrix)
              found.push({ id: value.replace('${{ matrix.model }}', m), line: at });
        } else if (!value.includes('${{')) found.push({ id: value, line: at });
      }
      for (const arg of line.matchAll(/(?:^|\s)(?:--model[=\s]|-m\s+)['"]?([\w./:-]+)/g))
        found.push({ id: arg[1]!, line: at });
    }
    for (const [, vendor, name] of line.matchAll(VENDOR_ID))
      if (FAMILY.test(name!)) found.push({ id: `${vendor}/${name}`, line: at });
  });
  // One ID once a line (a `model:` value is also a `vendor/model`).
  return found.filter((n, i) => found.findIndex(o => o.id === n.id && o.line === n.line) === i);
}

function named(): Map<string, Named[]> {
  return new Map(
    documents().map(file => [
      file,
      modelIds(fs.readFileSync(path.join(ROOT, file), 'utf8'), /\.ya?ml$/.test(file))
    ])
  );
}

describe('every model ID in the docs is one the provider serves', () => {
  it('each ID named in the README, docs/, docs/examples/ and action.yml is on the provider’s list', () => {
    const unknown: string[] = [];
    for (const [file, ids] of named())
      for (const { id, line } of ids)
        if (!PROVIDER.has(id) && !WRONG_ON_PURPOSE[file]?.includes(id))
          unknown.push(`${file}:${line}: ${id}`);
    expect(unknown).toEqual([]);
  });

  it('the IDs found are the ones the docs show: the finder is not blind', () => {
    const all = named();
    const ids = (file: string): string[] => (all.get(file) ?? []).map(n => n.id);
    // The quick start, each example, the matrix expanded, prices in prose, upstream's default.
    expect(ids('README.md')).toEqual(
      expect.arrayContaining([
        'nousresearch/hermes-4-70b',
        'nousresearch/hermes-4-405b',
        'anthropic/claude-opus-4.6'
      ])
    );
    expect(ids('docs/REPORT.md')).toEqual([
      'nousresearch/hermes-4-70b',
      'nousresearch/hermes-4-405b'
    ]);
    for (const example of fs.readdirSync(path.join(ROOT, 'docs/examples')))
      expect(ids(`docs/examples/${example}`)).toContain('nousresearch/hermes-4-70b');
    expect(ids('action.yml')).toContain('nousresearch/hermes-4-70b');
  });

  it('an ID named as wrong on purpose is still there, and still wrong', () => {
    for (const [file, wrong] of Object.entries(WRONG_ON_PURPOSE)) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const id of wrong) {
        expect(text).toContain(`\`${id}\``);
        expect(PROVIDER.has(id)).toBe(false);
      }
    }
  });
});

describe('the finder', () => {
  it('finds the ID a matrix leg runs, a --model argument and an ID in prose; not a repository or a path', () => {
    const text = [
      'Use `anthropic/claude-opus-4.6`, or see anthropics/claude-code-action, nousresearch/hermes-agent:0.22.2.',
      '```yaml',
      'matrix:',
      '  model: [hermes-4-70b, hermes-4-405b]',
      'steps:',
      '  - with:',
      '      model: nous/${{ matrix.model }} # the provider prefix',
      "      args: --model 'openai/gpt-5' -m nousresearch/hermes-4-70b",
      '      model: ${{ inputs.model }}',
      '```',
      'docs/examples/pr-review.yml and src/github/review.ts, `model: <name>` in prose.'
    ].join('\n');
    expect(modelIds(text, false)).toEqual([
      { id: 'anthropic/claude-opus-4.6', line: 1 },
      { id: 'nous/hermes-4-70b', line: 7 },
      { id: 'nous/hermes-4-405b', line: 7 },
      { id: 'openai/gpt-5', line: 8 },
      { id: 'nousresearch/hermes-4-70b', line: 8 }
    ]);
  });

  it('a matrix model with no list before it is named, not skipped', () => {
    expect(modelIds('model: x/${{ matrix.model }}', true)).toEqual([
      { id: 'x/${{ matrix.model }} (no matrix list before it)', line: 1 }
    ]);
  });
});
