/**
 * The `.env` in Hermes' home. Hermes loads it over its own environment at start-up (upstream
 * `hermes_cli/env_loader.py`, `load_hermes_dotenv`: `~/.hermes/.env` with `override=True`), so a key
 * written there beats the one the step's `env:` gives, and the agent reads the file like any other
 * of its home. The model gateway reads it to know the key Hermes will really use; the copy given to
 * an isolated agent has the gateway's variables taken out (see docs/gateway.md).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'dotenv';

export interface HermesDotenv {
  path: string;
  text: string;
  /** What the file assigns, as Hermes' loader would read it (names to values). */
  values: Readonly<Record<string, string>>;
}

/** The files of Hermes' home that hold keys: never lent to the agent, even through a link. */
export const HERMES_KEY_FILES = ['.env', '.op.env', 'auth.json', 'config.yaml'];

/** The Hermes home a run reads: `HERMES_HOME`, else `~/.hermes`. */
export function hermesHomeOf(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.HERMES_HOME || path.join(os.homedir(), '.hermes'));
}

/** The `.env` of Hermes' home (its target, when it is a link), or undefined when there is none. */
export function readHermesDotenv(env: NodeJS.ProcessEnv): HermesDotenv | undefined {
  const file = path.join(hermesHomeOf(env), '.env');
  let text: string;
  try {
    text = fs.readFileSync(fs.realpathSync(file), 'utf8');
  } catch {
    return undefined;
  }
  return { path: file, text, values: parse(text.replace(/^\uFEFF/, '')) };
}

/** env with the file's assignments laid over it, as Hermes sees it once it has loaded the file. */
export function withDotenv(
  env: NodeJS.ProcessEnv,
  dotenv: HermesDotenv | undefined
): NodeJS.ProcessEnv {
  return dotenv ? { ...env, ...dotenv.values } : env;
}

const ASSIGNMENT = /^\s*(?:export\s+)?([\w.-]+)\s*[=:]\s*(.*)$/;

/**
 * The file's text without the assignments of names: a line that assigns one goes, and so do the
 * lines a quoted value of it runs on to. Undefined when the result still assigns one of the names,
 * or still holds the value of one of the secret ones (a layout this reading did not foresee): the
 * caller then gives no copy of the file at all rather than one that may hold a key.
 */
export function withoutNames(
  dotenv: HermesDotenv,
  names: ReadonlySet<string>,
  secrets: ReadonlySet<string>
): string | undefined {
  const kept: string[] = [];
  let open: string | undefined;
  for (const line of dotenv.text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    if (open !== undefined) {
      // Inside a dropped value that runs on: dropped up to the line that closes its quote.
      if (line.includes(open)) open = undefined;
      continue;
    }
    const match = ASSIGNMENT.exec(line);
    if (!match || !names.has(match[1] ?? '')) {
      kept.push(line);
      continue;
    }
    const value = (match[2] ?? '').trimStart();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === '`') && !value.slice(1).includes(quote))
      open = quote;
  }
  const text = kept.join('\n');
  const left = parse(text);
  for (const name of names) if (name in left) return undefined;
  // A key's name still written anywhere (python-dotenv also reads quoted names, other blanks): no copy.
  for (const name of secrets) if (text.includes(name)) return undefined;
  for (const name of secrets) {
    const value = dotenv.values[name]?.trim();
    if (value && text.includes(value)) return undefined;
  }
  return text;
}
