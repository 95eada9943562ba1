/** The environment a child of the action gets: the job's, less the runner's credentials and the step's inputs. */

/**
 * What a `run:` step never sees: the runner's internal tokens (with them a prompt-injected process
 * could write the repository's Actions cache or artifacts) and the step's INPUT_* variables.
 */
const RUNNER_CREDENTIALS = [
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_RUNTIME_URL',
  'ACTIONS_RESULTS_URL',
  'ACTIONS_CACHE_URL',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_URL',
  'ACTIONS_CACHE_SERVICE_V2'
];

/** A copy of env without the runner's credentials and INPUT_* variables; the rest (provider keys) stays. */
export function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (RUNNER_CREDENTIALS.includes(name) || name.toUpperCase().startsWith('INPUT_')) continue;
    out[name] = value;
  }
  return out;
}
