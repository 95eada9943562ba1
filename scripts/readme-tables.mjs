// Writes the inputs and outputs tables of docs/inputs.md (from action.yml) and docs/REPORT.md (from
// report/action.yml); the README and report-docs tests check they agree. `npm run readme-tables`
// after changing an input or an output.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './local-runner.mjs';

const flat = text => text.replace(/\s+/g, ' ').trim();
const cell = text => text.replace(/\|/g, '\\|');

/** The Markdown table of an action.yml's inputs and of its outputs. */
export function tables(actionYml) {
  const action = parse(fs.readFileSync(actionYml, 'utf8'));
  const inputs = Object.entries(action.inputs ?? {}).map(
    ([name, i]) =>
      `| \`${name}\` | ${i.default !== undefined ? `\`${i.default}\`` : ''} | ${cell(flat(i.description))} |`
  );
  const outputs = Object.entries(action.outputs ?? {}).map(
    ([name, o]) => `| \`${name}\` | ${cell(flat(o.description))} |`
  );
  return {
    inputs: ['| input | default | description |', '| --- | --- | --- |', ...inputs].join('\n'),
    outputs: ['| output | description |', '| --- | --- |', ...outputs].join('\n')
  };
}

/** Replaces the table that follows `heading` in text. */
export function replaceTable(text, heading, table) {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" heading`);
  const lines = text.slice(start + heading.length + 2).split('\n');
  const first = lines.findIndex(l => l.startsWith('|'));
  let end = first;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  lines.splice(first, end - first, table);
  return text.slice(0, start + heading.length + 2) + lines.join('\n');
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const [readme, actionYml] of [
    [path.join(ROOT, 'docs', 'inputs.md'), path.join(ROOT, 'action.yml')],
    [path.join(ROOT, 'docs', 'REPORT.md'), path.join(ROOT, 'report', 'action.yml')]
  ]) {
    const t = tables(actionYml);
    let text = fs.readFileSync(readme, 'utf8');
    text = replaceTable(text, '## Inputs', t.inputs);
    text = replaceTable(text, '## Outputs', t.outputs);
    fs.writeFileSync(readme, text);
  }
}
