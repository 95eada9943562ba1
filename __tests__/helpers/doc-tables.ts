/** A document's tables of an action's inputs and outputs, read back to be checked against its action.yml. */
import * as fs from 'node:fs';
import { expect } from '@jest/globals';
import { parse } from 'yaml';

export interface ActionYml {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
}

export const readAction = (file: string): ActionYml =>
  parse(fs.readFileSync(file, 'utf8')) as ActionYml;

/** The rows of the table that follows a heading in doc, as cells (the header rows left out). */
export function tableAfter(doc: string, heading: string): string[][] {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start).toBeGreaterThan(-1);
  const rows: string[][] = [];
  for (const line of doc.slice(start + heading.length + 2).split('\n')) {
    if (line.startsWith('|'))
      rows.push(
        line
          .split('|')
          .slice(1, -1)
          .map(c => c.trim())
      );
    else if (rows.length > 0) break;
  }
  return rows.slice(2);
}

export const unquote = (cell: string): string => cell.replace(/^`|`$/g, '');
export const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();
