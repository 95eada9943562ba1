/**
 * A stand-in root machine for confinement in-process: the commands root would run are recorded, not
 * run, but `rm` of what the test made and `chmod` under the test's own folder (the real modes, as
 * their owner). `seen` is told of each command first and may throw to make it fail.
 */
import * as fs from 'node:fs';
import type { IsolationHost } from '../../src/confine/host.js';

export interface RootHost {
  host: IsolationHost;
  /** Every command asked for, as [file, ...args], in order. */
  asked: string[][];
}

export function rootHost(
  /** The folder the test made: chmod below it is done for real. */
  root: string,
  seen: (file: string, args: string[]) => void = () => undefined,
  userIds: IsolationHost['userIds'] = () => ({ uid: 4321, gid: 4321 })
): RootHost {
  const asked: string[][] = [];
  const host: IsolationHost = {
    uid: 0,
    username: () => 'root',
    tool: name => `/usr/bin/${name}`,
    passwordlessSudo: () => false,
    admin: () => (file, args) => {
      asked.push([file, ...args]);
      seen(file, args);
      if (file === 'rm') fs.rmSync(args.at(-1) ?? '', { recursive: true, force: true });
      const [mode, dir] = args;
      if (file === 'chmod' && mode && dir?.startsWith(root)) fs.chmodSync(dir, parseInt(mode, 8));
      return '';
    },
    userIds
  };
  return { host, asked };
}
