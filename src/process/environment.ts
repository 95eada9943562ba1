/**
 * The environment of every process the action starts (Hermes, its version probe, the installer).
 * The agent is the least trusted process in the job: a prompt injection steers it, and it has a
 * terminal. A `run:` step never sees the runner's internal credentials, but a JavaScript action's
 * process does; passed on, they would let the agent write the repository's Actions cache (poisoning
 * later runs) and its artifacts, or mint cloud credentials through OIDC. The step's inputs are left
 * out too: among them are `redact` (the very values to hide), `api-key` and `github-token`; and so
 * are the runner's file-command files (see file-commands.ts).
 * Everything else, what the workflow put in `env:` (provider keys) included, is passed on.
 */

/** The variables naming the runner's file-command files (see confine/file-commands.ts). */
export const FILE_COMMANDS = [
  'GITHUB_ENV',
  'GITHUB_PATH',
  'GITHUB_OUTPUT',
  'GITHUB_STATE',
  'GITHUB_STEP_SUMMARY'
] as const;

/** The runner's own credentials and service addresses, for the action's process only. */
export const RUNNER_ONLY = [
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_CACHE_SERVICE_V2',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL'
] as const;

const RUNNER_ONLY_SET: ReadonlySet<string> = new Set<string>([...RUNNER_ONLY, ...FILE_COMMANDS]);

/** A copy of env without the runner's credentials, its file commands and the step's `INPUT_*` variables. */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    // Names compared as Windows would (case-insensitively): Input_Redact is INPUT_REDACT there.
    const upper = name.toUpperCase();
    if (value === undefined || RUNNER_ONLY_SET.has(upper) || upper.startsWith('INPUT_')) continue;
    out[name] = value;
  }
  return out;
}
