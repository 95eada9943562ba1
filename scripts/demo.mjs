// The demo: runs the built action locally on the Hermes simulator, as a runner would, and prints the
// step's log live, then its annotations, outputs and job summary.
//   npm run demo                       the default scenario
//   npm run demo -- failure            another scenario (see simulator/scenarios/, or the README)
// Every scenario is bounded (timeout-minutes: 0.25, then the grace period), so hang-ignore-sigint
// ends too; the json-* scenarios run with a JSON Schema (json-schema), as a review workflow would.
import { StringDecoder } from 'node:string_decoder';
import { logReader, startAction } from './local-runner.mjs';

const scenario = process.argv[2] ?? 'parallel';
/** The schema the simulator's json-* scenarios answer to. */
const VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    verdict: { enum: ['pass', 'fail'] },
    findings: { type: 'array', items: { type: 'string' } }
  },
  required: ['verdict', 'findings'],
  additionalProperties: false
};
const rule = title => `\n──── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}`;

const { child, done } = startAction({
  inputs: {
    query: 'Run the tests and check the docs match the version',
    'upload-artifact': 'false',
    'timeout-minutes': '0.25',
    ...(scenario.startsWith('json-') && { 'json-schema': JSON.stringify(VERDICT_SCHEMA) })
  },
  env: { HERMES_SIM_SCENARIO: scenario }
});
console.log(rule(`step log (scenario: ${scenario}, live)`));
// The log as the runner shows it, line by line as the action writes it.
const reader = logReader();
const decoder = new StringDecoder('utf8');
let pending = '';
child.stdout.on('data', chunk => {
  const lines = (pending + decoder.write(chunk)).split('\n');
  pending = lines.pop();
  for (const line of lines) {
    const visible = reader.line(line);
    if (visible !== undefined) console.log(visible);
  }
});
const result = await done;
const last = pending + decoder.end();
const lastVisible = last === '' ? undefined : reader.line(last);
if (lastVisible !== undefined) console.log(lastVisible);
if (result.stderr) process.stdout.write(result.stderr);
console.log(rule('annotations'));
for (const a of result.annotations) console.log(`${a.command}: ${a.message}`);
console.log(rule('outputs'));
for (const [name, value] of Object.entries(result.outputs)) console.log(`${name} = ${value}`);
console.log(rule('job summary (Markdown)'));
process.stdout.write(result.summary);
console.log(
  rule(`the step ${result.exitCode === 0 ? 'passed' : 'failed'} (exit code ${result.exitCode})`)
);
