/**
 * The agent's HOME: fresh for the run (mode 0700, in the system tmp), holding a copy of the runner
 * user's Hermes config (`config.yaml`, `.env`, `skills/`), and the environment that points the agent
 * at it. The `.env` copy has the model gateway's variables taken out (Hermes loads that file over
 * its environment; see config/hermes-dotenv.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { configCredentials } from '../config/hermes-config.js';
import {
  HERMES_KEY_FILES,
  hermesHomeOf,
  readHermesDotenv,
  withoutNames
} from '../config/hermes-dotenv.js';
import { childEnv } from '../process/environment.js';

/** What of Hermes' home is copied into the agent's (only `.env` with `ignore-user-config`). */
const CONFIG_ENTRIES = ['config.yaml', '.env', 'skills'];
/**
 * What of Hermes' home may hold a key: the originals are closed to others while the agent runs
 * (skills/ too: a skill left out of the agent's copy for holding a key is still there).
 */
export const HERMES_SECRETS = [...HERMES_KEY_FILES, 'skills'];

/** The model gateway's variables, which of them are keys, and the agent's config.yaml text. */
export interface AgentOverrides {
  names: readonly string[];
  keys: readonly string[];
  /** The fronted keys' real values: a copied file that holds one is not given to the agent. */
  values?: readonly string[];
  /**
   * Written in place of the copy of config.yaml, even with ignore-user-config (config/hermes-config.ts
   * agentConfigText: the user's, or none, edited).
   */
  config?: string;
}

export interface HomeOptions {
  /** `ignore-user-config`: only `.env` is copied (Hermes still loads its credentials), config.yaml written. */
  ignoreUserConfig: boolean;
  env: NodeJS.ProcessEnv;
  /** What the copy of Hermes' `.env` must not set, and the agent's config.yaml (see confine.ts). */
  overrides?: AgentOverrides;
  warn(message: string): void;
}

/** A fresh, empty HOME for the user `name` (still root's: the caller hands it over). */
export function makeAgentHome(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${name}-home-`));
}

/** Fills home with its tmp/, and .hermes/ with the copy of the runner user's config. */
export function fillAgentHome(home: string, options: HomeOptions): void {
  const hermesHome = path.join(home, '.hermes');
  fs.mkdirSync(path.join(home, 'tmp'));
  fs.mkdirSync(hermesHome);
  const source = hermesHomeOf(options.env);
  const config = options.overrides?.config;
  // With ignore-user-config, a config.yaml of the action's alone (Hermes' own retries off).
  const entries = options.ignoreUserConfig
    ? ['.env', ...(config !== undefined ? ['config.yaml'] : [])]
    : CONFIG_ENTRIES;
  for (const entry of entries) {
    const to = path.join(hermesHome, entry);
    if (entry === '.env') {
      copyDotenv(options, to);
      continue;
    }
    if (entry === 'config.yaml' && config !== undefined) {
      // The user's file (or none) with the action's edits: the runner's own is not touched.
      fs.writeFileSync(to, config, { mode: 0o600 });
      continue;
    }
    const from = path.join(source, entry);
    if (fs.existsSync(from))
      // The entry itself may be a link (the user's choice of config): its target is copied. Links
      // inside it stay links, read with the agent's own rights: one planted in skills/ towards
      // ~/.ssh would otherwise hand the agent a copy of the key.
      fs.cpSync(fs.realpathSync(from), to, { recursive: true, verbatimSymlinks: true });
  }
  dropHolding(hermesHome, options.overrides?.values ?? [], options.warn);
  const copy = path.join(hermesHome, 'config.yaml');
  const set = fs.existsSync(copy) ? configCredentials(fs.readFileSync(copy, 'utf8')) : [];
  if (set.length > 0)
    options.warn(
      `Hermes' config.yaml sets ${set.join(', ')}, which the agent reads in its copy: the model gateway fronts keys from the environment and .env only.`
    );
}

/**
 * Takes out of the agent's copy every file that holds one of the values (a fronted key written in
 * .env under another name, in a skill, anywhere): each said in a warning, by its path only. Links
 * are not followed (the agent reads their targets with its own rights).
 */
function dropHolding(
  root: string,
  values: readonly string[],
  warn: (message: string) => void
): void {
  const secrets = values.filter(v => v.trim() !== '');
  if (secrets.length === 0) return;
  const drop = (file: string, shown: string): void => {
    fs.rmSync(file, { recursive: true, force: true });
    warn(
      `Hermes' ${shown} holds the value of a key the model gateway fronts: the agent's copy of Hermes' home goes without it (take the key out of it).`
    );
  };
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      const shown = path.relative(root, file);
      // The name itself (the agent lists it), or where a link points, said without the name.
      if (holdsAny(Buffer.from(shown), secrets)) drop(file, 'an entry whose name');
      else if (entry.isSymbolicLink() && holdsAny(Buffer.from(fs.readlinkSync(file)), secrets))
        drop(file, `${shown} (a link, by its target)`);
      else if (entry.isDirectory()) walk(file);
      else if (entry.isFile() && holdsAny(fs.readFileSync(file), secrets)) drop(file, shown);
    }
  };
  walk(root);
}

const holdsAny = (bytes: Buffer, secrets: readonly string[]): boolean =>
  secrets.some(secret => bytes.includes(secret));

/** The scrubbed environment, with the agent's own HOME, user name, Hermes home and TMPDIR. */
export function agentEnv(env: NodeJS.ProcessEnv, home: string, name: string): NodeJS.ProcessEnv {
  return {
    ...childEnv(env),
    HOME: home,
    USER: name,
    LOGNAME: name,
    HERMES_HOME: path.join(home, '.hermes'),
    TMPDIR: path.join(home, 'tmp')
  };
}

/**
 * Hermes' `.env`, copied without the variables the action sets for Hermes (it would load them over
 * the gateway's): or not at all, with a warning, when they cannot be taken out for certain.
 */
function copyDotenv(options: HomeOptions, to: string): void {
  const dotenv = readHermesDotenv(options.env);
  if (!dotenv) return;
  const { names = [], keys = [] } = options.overrides ?? {};
  const text = names.length > 0 ? withoutNames(dotenv, new Set(names), new Set(keys)) : dotenv.text;
  if (text === undefined) {
    options.warn(
      `${dotenv.path} is not given to the agent: it sets ${names.filter(n => dotenv.text.includes(n)).join(', ')} in a way the action cannot take out for certain (put the key in the step's env instead).`
    );
    return;
  }
  fs.writeFileSync(to, text, { mode: 0o600 });
}
