// What the egress fence adds to a run (src/fence/): the bundled action on the simulator, isolated,
// ROUNDS times with the fence (`allowed-hosts` empty, the default) and ROUNDS times without it
// (`allowed-hosts: *`), interleaved so that the machine's load falls on both alike, and once more
// with a name listed (the proxy started too). Prints the median and spread of each, and the
// difference. Needs root (or passwordless sudo) on Linux with nft; elsewhere it says so and stops.
//
//   node scripts/bench-fence.mjs             (10 rounds)
//   ROUNDS=20 node scripts/bench-fence.mjs
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { runAction } from './local-runner.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
if (process.getuid?.() !== 0 || spawnSync('nft', ['list', 'tables']).status !== 0) {
  console.error('bench-fence: needs root on Linux with a working nft');
  process.exit(1);
}

const modes = {
  'no fence (allowed-hosts: *)': '*',
  'fence (allowed-hosts empty)': '',
  'fence and proxy (one name)': 'registry.npmjs.org'
};
const times = Object.fromEntries(Object.keys(modes).map(m => [m, []]));
for (let round = 0; round < ROUNDS; round++)
  for (const [mode, hosts] of Object.entries(modes)) {
    const began = performance.now();
    const r = await runAction({
      inputs: {
        query: 'bench',
        'upload-artifact': 'false',
        'session-record': 'false',
        'allowed-hosts': hosts
      }
    });
    times[mode].push(performance.now() - began);
    if (r.outputs.outcome !== 'success') {
      console.error(`bench-fence: ${mode} ended ${r.outputs.outcome}: ${r.outputs.error}`);
      process.exit(1);
    }
  }

const median = list => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const base = median(times['no fence (allowed-hosts: *)']);
const load = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.split(' ')[0];
console.log(
  `bench-fence: ${ROUNDS} rounds, node ${process.version}, load ${load}, ${new Date().toISOString()}`
);
console.log('| run | median | min | max | added to the run |');
console.log('| --- | --: | --: | --: | --: |');
for (const [mode, list] of Object.entries(times)) {
  const m = median(list);
  const added = mode.startsWith('no fence') ? '–' : `${(m - base).toFixed(0)} ms`;
  console.log(
    `| ${mode} | ${m.toFixed(0)} ms | ${Math.min(...list).toFixed(0)} ms | ${Math.max(...list).toFixed(0)} ms | ${added} |`
  );
}
