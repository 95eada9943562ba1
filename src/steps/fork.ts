/**
 * `fork-prs: review` in the run: a stranger's pull request reviewed as data. Admission lets the mode
 * start only on its safe defaults (every one missing named at once); execution fetches the head into a
 * folder of its own (fork/checkout.ts), lends that to the agent instead of the workspace, puts the
 * stranger's words in the prompt as quoted data (fork/prompt-data.ts), and refuses to start Hermes
 * unless the gateway fronts the key and the agent holds no credential.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readPull } from '../github/review.js';
import type { IsolationPlan } from '../confine/host.js';
import { Input } from '../config/inputs.js';
import type { CliSettings } from '../config/settings.js';
import { readQuery, type Query } from '../config/values.js';
import { fenceTool } from '../fence/fence.js';
import { fetchHead, type HeadTree } from '../fork/checkout.js';
import { withPullData } from '../fork/prompt-data.js';
import { forkPullOf, type ForkPull } from '../fork/pull.js';
import type { EventPayload } from '../config/events.js';
import type { Ports } from './ports.js';

/** The event's fork pull request when `fork-prs: review` applies to it; why, when its payload cannot say. */
export function forkPullFor(
  settings: CliSettings,
  env: NodeJS.ProcessEnv,
  event: EventPayload
): ForkPull | undefined | { unreadable: string } {
  if (settings.forkPrs !== 'review') return undefined;
  return forkPullOf(env.GITHUB_EVENT_NAME, event, env.GITHUB_REPOSITORY);
}

/** Which of the mode's conditions these settings and this runner do not meet, each said why. */
export function forkUnmet(
  settings: CliSettings,
  isolation: IsolationPlan,
  host: Pick<Ports['isolationHost'], 'tool'>
): string[] {
  const unmet: string[] = [];
  if (isolation.kind === 'none')
    unmet.push(
      settings.isolation === 'none'
        ? `"${Input.Isolation}" is none: the agent would run as the runner's user`
        : `the agent cannot run as its own user here (${isolation.why})`
    );
  const tool = fenceTool(name => host.tool(name));
  if (settings.egress.kind === 'open')
    unmet.push(`"${Input.AllowedHosts}" is "*": the agent could send what it reads to any host`);
  else if ('why' in tool) unmet.push(`no egress fence can be raised here (${tool.why})`);
  if (settings.gateway.modelProxy === 'off')
    unmet.push(`"${Input.ModelProxy}" is off: the agent would hold the provider's key`);
  if (settings.prRules !== 'ignore')
    unmet.push(
      `"${Input.PrRules}" is trust: the pull request's AGENTS.md and rule files would instruct the agent`
    );
  if (!settings.write.review && settings.write.labels.length === 0 && !settings.comment.enabled)
    unmet.push(
      `the action writes no answer: set "${Input.Review}: true", "${Input.AllowedLabels}" or "${Input.Comment}: true"`
    );
  // A cost is known live only where the provider or "model-prices" prices the call, and tokens
  // only where the answer reports them; the gateway counts every call it forwards.
  if (settings.gateway.budgets.maxModelCalls === undefined)
    unmet.push(
      `"${Input.MaxModelCalls}" is not set: it is the one budget the model gateway holds on every call, whatever the provider reports (a cost is known live only where the provider or "${Input.ModelPrices}" prices the model)`
    );
  return unmet;
}

/** The refusal naming every unmet condition. */
export function forkRefusal(pull: ForkPull | { unreadable: string }, unmet: string[]): string {
  if ('unreadable' in pull)
    return `"${Input.ForkPrs}: review" cannot tell which pull request to review (${pull.unreadable}), so the agent does not start.`;
  const which = `#${pull.number} from ${pull.fork ?? 'a deleted fork'}`;
  return `"${Input.ForkPrs}: review" reviews a stranger's pull request (${which}) only on its safe defaults, and ${unmet.length === 1 ? 'one is' : `${unmet.length} are`} not met: ${unmet.join('; ')}. So the agent does not start; meet ${unmet.length === 1 ? 'it' : 'them'}, or leave "${Input.ForkPrs}" at refuse.`;
}

/** Why the mode let the run in, for the summary. */
export function forkAdmitted(pull: ForkPull, settings: CliSettings): string {
  const { maxCostUsd, maxModelCalls } = settings.gateway.budgets;
  const budget = [
    ...(maxCostUsd !== undefined ? [`${Input.MaxCostUsd} ${maxCostUsd}`] : []),
    ...(maxModelCalls !== undefined ? [`${Input.MaxModelCalls} ${maxModelCalls}`] : [])
  ].join(', ');
  return `"${Input.ForkPrs}: review": #${pull.number} comes from ${pull.fork ?? 'a deleted fork'}, a stranger's pull request reviewed as data (its head ${pull.headSha.slice(0, 12)} in a folder of its own, the agent isolated and fenced, its rules ignored, the answer written by the action, within ${budget}); "${Input.AllowedUsers}" does not apply`;
}

/** The head, fetched and lent: the prompt Hermes runs with there, and the folder to remove after. */
export type ForkTurn =
  | { ok: true; query: Extract<Query, { kind: 'file' }>; tree: HeadTree }
  | { ok: false; why: string };

/**
 * Reads the pull request's files (and that its head is still the event's), fetches the head, and
 * writes the prompt (`query`, read in working-directory) with the pull request's data to a file of
 * the action's: Hermes runs in the head's folder (`tree.dir`) with it. The workflow's own files
 * (query-file, jsonl-path) stay where settings resolved them.
 */
export async function forkTurn(
  pull: ForkPull,
  settings: CliSettings,
  query: Query,
  { env }: Pick<Ports, 'env'>,
  signal: AbortSignal
): Promise<ForkTurn> {
  const repository = env.GITHUB_REPOSITORY ?? '';
  const token = settings.gate.token;
  const apiUrl = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  const read = await readPull({ token, signal }, { apiUrl, repository, number: pull.number });
  if (!read.ok)
    return { ok: false, why: `the pull request's files could not be read (${read.why})` };
  if (read.value.headSha !== pull.headSha)
    return {
      ok: false,
      why: `the pull request's head is now ${read.value.headSha.slice(0, 12)}, not the event's ${pull.headSha.slice(0, 12)}: the run of the newer push reviews it`
    };
  const fetched = await fetchHead(pull, {
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    repository,
    token,
    env,
    signal
  });
  if (!fetched.ok)
    return { ok: false, why: `the pull request's head could not be fetched: ${fetched.why}` };
  const tree = fetched.tree;
  try {
    const prompt = withPullData(
      readQuery(query, settings.workingDirectory),
      pull,
      read.value.files
    );
    const dir = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-prompt-'));
    const file = path.join(dir, 'pull-request-prompt.md');
    fs.writeFileSync(file, prompt);
    return {
      ok: true,
      tree: {
        ...tree,
        remove: () => {
          tree.remove();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
      query: { kind: 'file', path: file }
    };
  } catch (error) {
    tree.remove();
    throw error;
  }
}

/** Why Hermes may not start on a stranger's pull request with this gateway and environment, or undefined. */
export function forkHeld(fronting: boolean, held: readonly string[]): string | undefined {
  const why = [
    ...(fronting
      ? []
      : [
          "the model gateway fronts no provider key here (give the key in the step's env, as OPENROUTER_API_KEY, say; see the warnings above)"
        ]),
    ...(held.length > 0
      ? [
          `the agent's environment would hold ${held.join(', ')}: take ${held.length === 1 ? 'it' : 'them'} out of the step's env`
        ]
      : [])
  ];
  return why.length > 0
    ? `"${Input.ForkPrs}: review" starts the agent on a stranger's pull request only with no credential in its reach, and ${why.join('; and ')}, so the agent does not start.`
    : undefined;
}
