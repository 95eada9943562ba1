/** What `json-schema` adds to the prompt: an instruction to answer with one JSON value, and the schema. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { CliSettings } from '../config/settings.js';
import { readQuery } from '../config/values.js';
import type { AnswerSchema } from './load.js';

export const INSTRUCTION =
  'End your answer with one JSON value that matches the JSON Schema below, in a ```json code block. ' +
  'A program reads it: write valid JSON (no comments, no trailing commas) that matches the schema exactly.';

/** The query, a blank line, the instruction, and the schema in a fenced block. */
export function withSchema(query: string, answer: AnswerSchema): string {
  const json = JSON.stringify(answer.schema, null, 2);
  const longest = Math.max(0, ...(json.match(/`+/g) ?? []).map(run => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${query.trimEnd()}\n\n${INSTRUCTION}\n\n${fence}json\n${json}\n${fence}\n`;
}

/**
 * CliSettings whose query asks for the JSON: `query` stays `-q`, with the instruction added; a
 * `query-file` is read and written, with the instruction, to a new file under RUNNER_TEMP, passed
 * as `--query-file` (a file, because one argument may not exceed 128 KiB on Linux).
 */
export function askForJson(
  settings: CliSettings,
  answer: AnswerSchema,
  env: NodeJS.ProcessEnv
): CliSettings {
  const query = settings.query;
  if (query.kind === 'text')
    return { ...settings, query: { kind: 'text', text: withSchema(query.text, answer) } };
  const text = readQuery(query, settings.workingDirectory);
  const dir = fs.mkdtempSync(path.join(env.RUNNER_TEMP || os.tmpdir(), 'hermes-prompt-'));
  const file = path.join(dir, path.basename(query.path));
  fs.writeFileSync(file, withSchema(text, answer));
  return { ...settings, query: { kind: 'file', path: file } };
}
