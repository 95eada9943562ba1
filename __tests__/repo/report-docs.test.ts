/** report/action.yml is the report sub-action's contract: the code and docs/REPORT.md must match it. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { flat, readAction, tableAfter, unquote } from '../helpers/doc-tables.js';
import { ReportInput } from '../../src/report-action/inputs.js';
import { ReportOutput } from '../../src/report-action/outputs.js';
import { must } from '../helpers/must.js';

const root = path.resolve(import.meta.dirname, '..', '..');
const action = readAction(path.join(root, 'report', 'action.yml'));
const doc = fs.readFileSync(path.join(root, 'docs', 'REPORT.md'), 'utf8');

describe('report/action.yml', () => {
  test('runs the report bundle, beside the main one, on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: '../dist/report/index.js' });
    expect(fs.existsSync(path.join(root, 'report', action.runs.main))).toBe(true);
  });

  test('declares exactly the inputs the code reads, and the outputs it sets', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(ReportInput).sort());
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(ReportOutput).sort());
  });
});

describe('docs/REPORT.md', () => {
  test('the inputs table is report/action.yml’s inputs: names, defaults, descriptions, in order', () => {
    const rows = tableAfter(doc, '## Inputs');
    expect(rows.map(r => unquote(must(r[0])))).toEqual(Object.keys(action.inputs));
    for (const [name, defaultCell, description] of rows) {
      const input = action.inputs[unquote(must(name))];
      expect(unquote(must(defaultCell))).toBe(must(input).default ?? '');
      expect(description).toBe(flat(must(input).description));
    }
  });

  test('the outputs table is report/action.yml’s outputs', () => {
    const rows = tableAfter(doc, '## Outputs');
    expect(rows.map(r => unquote(must(r[0])))).toEqual(Object.keys(action.outputs));
    for (const [name, description] of rows)
      expect(description).toBe(flat(must(action.outputs[unquote(must(name))]).description));
  });
});
