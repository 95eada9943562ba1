/**
 * A pull request run through run() in-process (the trigger gate's `allowed-users` lets octocat in,
 * the event is pull request #7 of octo/repo, not a fork's) whose agent answers with `given` as a JSON
 * block: the set-up the review and labels suites share. `inputs` and `env` go on top of it;
 * `prepare` sees the world before the run.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run } from '../../src/main.js';
import { world, type World } from './in-process.js';

export interface ReviewStep {
  /** The GitHub API the action talks to (GITHUB_API_URL). */
  apiUrl: string;
  /** What the agent answers, as the JSON of its answer. */
  given: object;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  prepare?: (w: World) => void;
}

export async function reviewStep({
  apiUrl,
  given,
  inputs = {},
  env = {},
  prepare
}: ReviewStep): Promise<World> {
  const w = world({
    runs: [{ exitCode: 0, answer: '```json\n' + JSON.stringify(given) + '\n```' }],
    inputs: {
      query: 'Review this pull request',
      review: 'true',
      'github-token': 'gh-token',
      'allowed-users': 'octocat',
      'upload-artifact': 'false',
      ...inputs
    },
    env: {
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'octo/repo',
      GITHUB_API_URL: apiUrl,
      GITHUB_ACTOR: 'octocat',
      GITHUB_TRIGGERING_ACTOR: 'octocat',
      GITHUB_EVENT_NAME: 'pull_request',
      ...env
    }
  });
  const file = path.join(w.dir, 'event.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ number: 7, pull_request: { number: 7, head: { repo: { fork: false } } } })
  );
  w.ports.env.GITHUB_EVENT_PATH = file;
  prepare?.(w);
  await run(w.ports);
  return w;
}
