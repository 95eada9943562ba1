/** What the artifact end-to-end suites share: the store's lifetime, and steps run against it. */
import { afterAll, beforeAll, expect } from '@jest/globals';
import { runAction, startAction, type ActionRun } from '../../scripts/local-runner.mjs';
import { ArtifactService, type Run, type StoredArtifact } from './artifact-service.js';
import { startAzurite, type Azurite } from './azurite.js';
import { untilTurnStarted } from './turn-started.js';
import { must } from './must.js';
import { NONE_WHERE_UNISOLATED, OPEN_WHERE_UNFENCED } from './machine-tools.js';

/** Starts Azurite and the artifact service before the suite, and stops both after it. */
export function useArtifactStore(): { readonly service: ArtifactService } {
  let azurite: Azurite | undefined;
  let service: ArtifactService | undefined;
  beforeAll(async () => {
    azurite = await startAzurite();
    service = await ArtifactService.start(azurite);
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
    await azurite?.stop();
  });
  return {
    get service() {
      if (!service) throw new Error('the artifact service is not running');
      return service;
    }
  };
}

export const scenario = (name: string): Record<string, string> => ({ HERMES_SIM_SCENARIO: name });

/** Runs the action as one step of `run`; `job` stands for the job (a matrix leg has its own). */
export function step(
  run: Run,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
  job?: string
): Promise<ActionRun> {
  return runAction({
    inputs: {
      query: 'Check the build',
      ...OPEN_WHERE_UNFENCED,
      ...NONE_WHERE_UNISOLATED,
      ...inputs
    },
    env: run.env(job, env)
  });
}

export const annotations = (r: ActionRun, kind: string): string[] =>
  r.annotations.filter(a => a.command === kind).map(a => a.message);

/** The transcripts a run holds: its artifacts less the session records beside them. */
export const transcripts = (run: Run): StoredArtifact[] =>
  run.finalized.filter(a => !a.name.endsWith('-session.jsonl'));

/** The one transcript artifact a run holds, read back from the blob store. */
export async function onlyArtifact(run: Run): Promise<{ artifact: StoredArtifact; blob: Buffer }> {
  expect(transcripts(run)).toHaveLength(1);
  const artifact = must(transcripts(run)[0]);
  return { artifact, blob: await run.read(artifact) };
}

/** Where the action says the artifact is (the local runner's repository is octo/repo). */
export const artifactUrl = (run: Run, id: number): string =>
  `https://github.com/octo/repo/actions/runs/${run.githubRunId}/artifacts/${id}`;

/** Starts the slow scenario as a step of `run`, and resolves once Hermes has written its init event. */
export async function startedTurn(run: Run): Promise<ReturnType<typeof startAction>> {
  const started = startAction({
    inputs: { query: 'Think', ...OPEN_WHERE_UNFENCED, ...NONE_WHERE_UNISOLATED },
    env: run.env(undefined, scenario('slow'))
  });
  await untilTurnStarted(started);
  return started;
}
