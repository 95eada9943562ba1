/** The README's tables are the action's documentation: they must list exactly what action.yml declares. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { flat, readAction, tableAfter, unquote } from './helpers/doc-tables.js';
import { Input } from '../src/config/inputs.js';
import { Output } from '../src/publish/outputs.js';
import { must } from './helpers/must.js';

const root = path.resolve(import.meta.dirname, '..');
const action = readAction(path.join(root, 'action.yml'));
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

describe('action.yml', () => {
  test('runs the bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
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

  test('the inputs table is action.yml’s inputs: names, defaults, descriptions, in order', () => {
    const rows = tableAfter(readme, '## Inputs');
    expect(rows.map(r => unquote(must(r[0])))).toEqual(Object.keys(action.inputs));
    for (const [name, defaultCell, description] of rows) {
      const input = action.inputs[unquote(must(name))];
      expect(unquote(must(defaultCell))).toBe(must(input).default ?? '');
      expect(description).toBe(flat(must(input).description));
    }
  });

  test('the outputs table is action.yml’s outputs', () => {
    const rows = tableAfter(readme, '## Outputs');
    expect(rows.map(r => unquote(must(r[0])))).toEqual(Object.keys(action.outputs));
    for (const [name, description] of rows)
      expect(description).toBe(flat(must(action.outputs[unquote(must(name))]).description));
  });
});
