// The demo: runs the built action locally on the Hermes simulator, as a runner would, then prints
// what the step produced: its log, its outputs and its job summary.
//   npm run demo                       the default scenario
//   npm run demo -- failure            another scenario (see simulator/scenarios/)
import { runAction } from './local-runner.mjs';

const scenario = process.argv[2] ?? 'parallel';
const result = await runAction({
  inputs: {
    query: 'Run the tests and check the docs match the version',
    'upload-artifact': 'false'
  },
  env: { HERMES_SIM_SCENARIO: scenario }
});
const rule = title => `\n──── ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}`;
console.log(rule(`step log (scenario: ${scenario})`));
process.stdout.write(result.log);
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
