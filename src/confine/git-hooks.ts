/**
 * Hooks git takes from the worktree itself: a `core.hooksPath` into it (husky's `.husky/_`), or a
 * hook that links into it. The agent may write the worktree, and the git control snapshot does not
 * cover those files: a later step's `git commit` would run what the agent left there. Named before
 * the turn, as nothing after it can tell the agent's hook from the project's.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { commandSync } from '../process/spawn.js';
import { inside } from './credential.js';
import { systemEnv } from './host.js';

/** What in these git directories (relative to the workspace) runs hooks from inside the workspace. */
export function hooksInWorktree(workspace: string, gitDirs: string[]): string[] {
  const found: string[] = [];
  for (const dir of gitDirs) {
    const gitDir = path.join(workspace, dir);
    const hooks = path.join(gitDir, 'hooks');
    const config = path.join(gitDir, 'config');
    if (fs.lstatSync(config, { throwIfNoEntry: false })?.isFile()) {
      const got = commandSync('git', ['config', '--file', config, '--get-all', 'core.hooksPath'], {
        env: systemEnv()
      });
      // A nested repository's relative hooksPath is its own worktree's; a submodule's is near enough.
      const base =
        dir === '.git' || dir.startsWith(`.git${path.sep}`) ? workspace : path.dirname(gitDir);
      for (const value of got.status === 0 ? got.stdout.split('\n').filter(Boolean) : []) {
        const where = value.startsWith('~/')
          ? path.join(os.homedir(), value.slice(2))
          : path.resolve(base, value);
        if (inside(where, workspace) && !inside(where, hooks))
          found.push(`core.hooksPath = ${value} in ${config}`);
      }
    }
    let names: fs.Dirent[] = [];
    try {
      names = fs.readdirSync(hooks, { withFileTypes: true });
    } catch {
      // no hooks folder
    }
    for (const entry of names.filter(e => e.isSymbolicLink())) {
      const hook = path.join(hooks, entry.name);
      const target = path.resolve(hooks, fs.readlinkSync(hook));
      if (inside(target, workspace) && !inside(target, hooks)) found.push(`${hook} → ${target}`);
    }
  }
  return found;
}
