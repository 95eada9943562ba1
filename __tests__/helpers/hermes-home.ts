/**
 * Hermes' home as a test makes it: the runner's (what HERMES_HOME names), holding the files the test
 * gives, and the isolated agent's copy of it, made by fillAgentHome as the action makes it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fillAgentHome, type HomeOptions } from '../../src/confine/agent-home.js';

/** Files by their path in the home (`config.yaml`, `.env`, `skills/deploy/SKILL.md`), with their text. */
export type FileTexts = Readonly<Record<string, string>>;

/** Writes files into home, making the folders they need. */
export function writeHome(home: string, files: FileTexts): void {
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(home, name)), { recursive: true });
    fs.writeFileSync(path.join(home, name), text);
  }
}

/** A fresh Hermes home under parent (the temp folder unless given) holding files. */
export function hermesHome(files: FileTexts = {}, parent = os.tmpdir()): string {
  const home = fs.mkdtempSync(path.join(parent, 'hermes-home-'));
  writeHome(home, files);
  return home;
}

export interface AgentHome {
  /** The agent's HOME. */
  home: string;
  /** Its Hermes home (`.hermes`). */
  dir: string;
  warnings: string[];
  /** Its config.yaml, if it was given one. */
  config?: string;
}

/** The agent's home as fillAgentHome makes it from the Hermes home that options.env names. */
export function agentHome(options: Omit<HomeOptions, 'warn'>): AgentHome {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-home-'));
  const warnings: string[] = [];
  fillAgentHome(home, { ...options, warn: m => warnings.push(m) });
  const dir = path.join(home, '.hermes');
  const file = path.join(dir, 'config.yaml');
  return {
    home,
    dir,
    warnings,
    ...(fs.existsSync(file) && { config: fs.readFileSync(file, 'utf8') })
  };
}
