/**
 * The action's documentation: docs/inputs.md lists exactly what action.yml declares; the README is a
 * hub whose short tables name real inputs with their real defaults, and whose cells stay short.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { flat, readAction, tableAfter, unquote } from '../helpers/doc-tables.js';
import { Input } from '../../src/config/inputs.js';
import { Output } from '../../src/publish/outputs.js';
import { must } from '../helpers/must.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const action = readAction(path.join(root, 'action.yml'));
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const inputsDoc = fs.readFileSync(path.join(root, 'docs', 'inputs.md'), 'utf8');

describe('action.yml', () => {
  test('runs the bundle on node24, and the post step after it whatever became of it', () => {
    expect(action.runs).toEqual({
      using: 'node24',
      main: 'dist/index.js',
      post: 'dist/post/index.js',
      'post-if': 'always()'
    });
  });

  test('declares exactly the inputs the code reads, and the outputs it sets', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(Input).sort());
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(Output).sort());
  });
});

describe('README', () => {
  test('starts with the demo and the test commands for a fresh clone', () => {
    const first = readme.slice(0, readme.indexOf('\n## Use it'));
    expect(first).toContain('npm ci && npm run demo');
    expect(first).toContain('npm ci && npm test');
  });

  test('links every input and output, and has no table of them all', () => {
    expect(readme).toContain('](docs/inputs.md)');
    expect(readme).not.toContain('\n## Inputs\n');
    expect(readme).not.toContain('\n## Outputs\n');
  });

  test('the inputs you will use: ten of action.yml’s, with their defaults', () => {
    const rows = tableAfter(readme, '## The inputs you will use');
    expect(rows).toHaveLength(10);
    for (const [name, defaultCell] of rows) {
      const input = action.inputs[unquote(must(name))];
      expect([name, input]).toEqual([name, expect.anything()]);
      expect([name, unquote(must(defaultCell))]).toEqual([name, must(input).default ?? '']);
    }
  });

  test('a Spending caps section names every cap of action.yml', () => {
    const caps = Object.keys(action.inputs).filter(n => /^max-|^run-budget$/.test(n));
    expect(caps.length).toBeGreaterThanOrEqual(5);
    const rows = tableAfter(readme, '## Spending caps').map(r => unquote(must(r[0])));
    expect([...rows].sort()).toEqual([...caps].sort());
  });

  test('no table cell longer than a few lines of a screen', () => {
    const long = readme
      .split('\n')
      .filter(l => l.startsWith('|'))
      .flatMap(l => l.split(/(?<!\\)\|/).map(c => c.trim()))
      .filter(c => c.length > 160)
      .map(c => c.slice(0, 60));
    expect(long).toEqual([]);
  });
});

describe('docs/inputs.md', () => {
  test('the inputs table is action.yml’s inputs: names, defaults, descriptions, in order', () => {
    const rows = tableAfter(inputsDoc, '## Inputs');
    expect(rows.map(r => unquote(must(r[0])))).toEqual(Object.keys(action.inputs));
    for (const [name, defaultCell, description] of rows) {
      const input = action.inputs[unquote(must(name))];
      expect(unquote(must(defaultCell))).toBe(must(input).default ?? '');
      expect(description).toBe(flat(must(input).description));
    }
  });

  test('the outputs table is action.yml’s outputs', () => {
    const rows = tableAfter(inputsDoc, '## Outputs');
    expect(rows.map(r => unquote(must(r[0])))).toEqual(Object.keys(action.outputs));
    for (const [name, description] of rows)
      expect(description).toBe(flat(must(action.outputs[unquote(must(name))]).description));
  });
});
