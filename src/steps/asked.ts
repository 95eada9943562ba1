/**
 * `trigger-phrase`: the turn with what the comment asked. The CLI's prompt goes by a file of the
 * action's (the workflow's prompt, then the request as data: thread/request.ts), confined like a
 * `query-file`; API server mode's query gets the same text.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readQuery, type Query } from '../config/values.js';
import type { Settings } from '../config/settings.js';
import { withRequest, type Request } from '../thread/request.js';
import type { Plan } from './plan.js';

/** The prompt with what the comment asked: a file for the CLI, the text for an API server. */
export interface AskedTurn {
  query?: Extract<Query, { kind: 'file' }>;
  apiQuery?: string;
  remove(): void;
}

export function askedTurn(
  settings: Settings,
  plan: Plan,
  request: Request,
  env: NodeJS.ProcessEnv
): AskedTurn {
  if (settings.mode === 'transcript') return { remove: () => undefined };
  if (settings.mode === 'api')
    return {
      apiQuery: withRequest(plan.apiQuery ?? '', request),
      remove: () => undefined
    };
  const prompt = withRequest(readQuery(settings.query, settings.workingDirectory), request);
  const dir = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-asked-'));
  const file = path.join(dir, 'prompt.md');
  fs.writeFileSync(file, prompt, { mode: 0o644 });
  return {
    query: { kind: 'file', path: file },
    remove: () => fs.rmSync(dir, { recursive: true, force: true })
  };
}
