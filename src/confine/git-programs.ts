/**
 * What git runs from the worktree itself: the folder a `core.hooksPath` names (husky's `.husky/`),
 * a program `core.fsmonitor`, `core.sshCommand`, an alias, a filter or a credential helper names
 * there, a config file an include reads there, a hook that links there. The agent may write the
 * worktree, and a later step's `git commit` would run what it left as the runner's user: so these are
 * found before the lend (from git's own reading of its config, every scope and include), snapshotted
 * with the git control files, and put back after the turn (git-guard.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { resolveLinks } from '../config/paths.js';
import { commandSync } from '../process/spawn.js';
import { inside } from './credential.js';
import { systemEnv, systemTool } from './host.js';

/** A path in the worktree that git runs (or reads config from), relative to the workspace, and why. */
export interface Named {
  rel: string;
  why: string;
}

/** Keys whose value is a folder of programs (hooks; init's template, whose hooks/ a later clone copies). */
const FOLDERS = /^(core\.hookspath|init\.templatedir)$/i;

/** Keys whose value is a command line git runs (its words that are paths are the programs). */
const PROGRAMS = new RegExp(
  '^(' +
    [
      String.raw`core\.(fsmonitor|sshcommand|editor|pager|askpass|gitproxy)`,
      String.raw`sequence\.editor`,
      String.raw`gpg\.(.+\.)?program`,
      String.raw`diff\.external`,
      String.raw`diff\..+\.(textconv|command)`,
      String.raw`merge\..+\.driver`,
      String.raw`filter\..+\.(clean|smudge|process)`,
      String.raw`credential\.(.+\.)?helper`,
      String.raw`alias\..+`,
      String.raw`pager\..+`,
      String.raw`(diff|merge)tool\..+\.(cmd|path)`,
      String.raw`interactive\.difffilter`,
      String.raw`(browser|man)\..+\.(cmd|path)`,
      String.raw`uploadpack\.packobjectshook`,
      String.raw`remote\..+\.(uploadpack|receivepack)`,
      String.raw`sendemail\.smtpserver`
    ].join('|') +
    ')$',
  'i'
);

/** core.fsmonitor's values that name git's own daemon or none, not a program. */
const BOOLEAN = /^(true|false|yes|no|on|off|1|0)$/i;

/**
 * The paths in the workspace git runs or reads config from, for these git directories (relative to
 * the workspace): each once, none inside another, none among the control files git-guard already
 * keeps (`control`).
 */
export function programsInWorktree(
  workspace: string,
  gitDirs: string[],
  control: (rel: string) => boolean,
  env: NodeJS.ProcessEnv
): Named[] {
  const top = resolveLinks(workspace);
  const found: Named[] = [];
  const add = (target: string, why: string): void => {
    const real = resolveLinks(target);
    if (!inside(real, top)) return;
    const rel = path.relative(top, real);
    if (rel !== '' && !control(rel)) found.push({ rel, why });
  };
  for (const dir of gitDirs) {
    const gitDir = path.join(workspace, dir);
    // A relative path is the worktree's: the checkout's for it and its submodules, a nested repository's own.
    const base =
      dir === '.git' || dir.startsWith(`.git${path.sep}`) ? workspace : path.dirname(gitDir);
    const at = (value: string): string =>
      value.startsWith('~/')
        ? path.join(env.HOME ?? os.homedir(), value.slice(2))
        : path.resolve(base, value);
    for (const { origin, key, value } of configOf(gitDir, env)) {
      if (origin) add(origin, `a config file git reads (${path.basename(origin)})`);
      const why = `${key} = ${value}`;
      if (FOLDERS.test(key)) {
        add(at(value), why);
        // husky 9's hooks (`.husky/_/pre-commit`) run the file of the same name in the folder above.
        if (path.basename(at(value)) === '_') add(path.dirname(at(value)), why);
      } else if (PROGRAMS.test(key) && !(/^core\.fsmonitor$/i.test(key) && BOOLEAN.test(value)))
        for (const word of pathsIn(value)) add(at(word), why);
    }
    const hooks = path.join(gitDir, 'hooks');
    let names: fs.Dirent[] = [];
    try {
      names = fs.readdirSync(hooks, { withFileTypes: true });
    } catch {
      // no hooks folder
    }
    for (const entry of names.filter(e => e.isSymbolicLink())) {
      const hook = path.join(hooks, entry.name);
      add(path.resolve(hooks, fs.readlinkSync(hook)), `${path.relative(workspace, hook)}, a link`);
    }
  }
  const rels = [...new Map(found.map(n => [n.rel, n])).values()];
  return rels.filter(n => !rels.some(o => o !== n && inside(n.rel, o.rel)));
}

/**
 * Every entry of the configuration git reads for this git directory (system, global, its own,
 * includes), with the file each came from when it is one. Read with the git directory named
 * (`--git-dir`): git then reads the repository's config whoever owns it, as a later step's git does.
 */
function configOf(
  gitDir: string,
  env: NodeJS.ProcessEnv
): { origin?: string; key: string; value: string }[] {
  const listed = commandSync(
    systemTool('git') ?? 'git',
    ['--git-dir', gitDir, 'config', '--list', '--show-origin', '--includes', '-z'],
    { env: systemEnv(env) }
  );
  if (listed.status !== 0) return [];
  const fields = listed.stdout.split('\0');
  const entries: { origin?: string; key: string; value: string }[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i] ?? '';
    const [key = '', ...value] = (fields[i + 1] ?? '').split('\n');
    entries.push({
      ...(origin.startsWith('file:') && { origin: path.resolve(origin.slice('file:'.length)) }),
      key,
      value: value.join('\n')
    });
  }
  return entries;
}

/**
 * The words of a command line that are paths (hold a `/`), without their quotes, `!` or `--opt=`:
 * `!scripts/x.sh`, `ssh -i ./keys/id -F 'tools/ssh config'` → scripts/x.sh, ./keys/id, tools/ssh
 * config. A bare name is looked up on PATH, outside the worktree's reach here.
 */
function pathsIn(command: string): string[] {
  const words = command.replace(/^!/, '').match(/'[^']*'|"(?:\\.|[^"\\])*"|\S+/g) ?? [];
  return words
    .map(word =>
      word
        .replace(/^--?[\w-]+=/, '')
        .replace(/[;|&)]+$/, '')
        .replace(/^(['"])(.*)\1$/, '$2')
    )
    .filter(word => word.includes('/') && !/^[a-z][\w+.-]*:\/\//i.test(word));
}
