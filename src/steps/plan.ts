/**
 * Step 1, the plan: every input read once (settings, json-schema, the prompt that asks for it, the
 * secrets to hide) before anything runs. Here rather than in src/config/ because the prompt's
 * instruction needs the compiled schema (src/schema/), which config may not import.
 */
import { childEnv } from '../process/environment.js';
import type { Environment } from '../config/inputs.js';
import { inputSecrets } from '../config/secrets.js';
import { checkPaths, parseSettings, type CliSettings, type Settings } from '../config/settings.js';
import { readQuery } from '../config/values.js';
import { readSchema, type AnswerSchema } from '../schema/load.js';
import { askForJson, withSchema } from '../schema/prompt.js';
import { withProposals } from '../schema/proposals.js';
import { messageOf } from '../text/errors.js';
import { environmentSecrets, makeRedactor, type Redactor } from '../text/redact.js';
import { cleartextWarning } from '../api-server/server.js';
import type { Ports } from './ports.js';

export interface Plan {
  /** CLI mode: its query already asks for the JSON when json-schema is set. */
  settings: Settings;
  schema?: AnswerSchema;
  /** API server mode: the prompt to send, read here (the server cannot read the runner's files). */
  apiQuery?: string;
  /** The prompt as the workflow gave it (before json-schema's instruction), for the report. */
  userQuery?: CliSettings['query'];
  /** The secrets given as inputs (hidden even from an unredacted upload). */
  secrets: string[];
  /** Everything the action hides: `redact` values, input secrets, provider keys passed through `env:`. */
  redact: Redactor;
  /** Masks and redacts a secret learnt while running (the gateway's capability) from here on. */
  hide(secret: string): void;
}

export type PlanResult = ({ ok: true } & Plan) | { ok: false; message: string; redact: Redactor };

/** Reads the plan; masks its secrets in the log first, and warns of a cleartext api-url. */
export function readPlan({ getInput, env, out }: Ports): PlanResult {
  // Masked before anything else is read or printed, so that no later line can show them.
  const secrets = inputSecrets(getInput);
  secrets.forEach(secret => out.setSecret(secret));
  let plan: Omit<Plan, 'secrets' | 'redact' | 'hide'>;
  try {
    plan = readInputs({ getInput, env });
  } catch (error) {
    return { ok: false, message: messageOf(error), redact: makeRedactor(secrets) };
  }
  const { settings } = plan;
  settings.redact.forEach(value => out.setSecret(value));
  const warning = settings.mode === 'api' && cleartextWarning(settings.api.url);
  if (warning) out.warning(warning);
  const { redact, add } = growingRedactor([
    ...settings.redact,
    ...secrets,
    ...environmentSecrets(childEnv(env))
  ]);
  const hide = (secret: string): void => {
    out.setSecret(secret);
    add(secret);
  };
  return { ok: true, ...plan, secrets, redact, hide };
}

/** One redactor for the whole run, which values learnt later join (every holder of it sees them). */
function growingRedactor(values: string[]): { redact: Redactor; add(value: string): void } {
  const all = [...values];
  let inner = makeRedactor(all);
  const redact = ((text: string) => inner(text)) as Redactor;
  redact.find = text => inner.find(text);
  redact.mayHold = text => inner.mayHold(text);
  return { redact, add: value => void (all.push(value), (inner = makeRedactor(all))) };
}

/** Settings, schema and prompt; the first bad input throws. */
function readInputs(environment: Environment): Omit<Plan, 'secrets' | 'redact' | 'hide'> {
  let settings = parseSettings(environment);
  checkPaths(settings, environment.getInput);
  const userQuery = settings.mode === 'transcript' ? undefined : settings.query;
  // json-schema: compiled before anything runs; the prompt asks for JSON that matches it.
  // review / allowed-labels: the answer also proposes them, checked by the same schema.
  const schema = withProposals(readSchema(environment), settings.write);
  let apiQuery: string | undefined;
  if (settings.mode === 'api') {
    apiQuery = readQuery(settings.query, settings.workingDirectory);
    if (schema) apiQuery = withSchema(apiQuery, schema);
  } else if (schema && settings.mode === 'cli') {
    settings = askForJson(settings, schema, environment.env);
  }
  return { settings, schema, apiQuery, userQuery };
}
