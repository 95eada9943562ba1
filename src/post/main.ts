/**
 * The post step (`runs.post` in action.yml, run by the runner after the main step whatever became of
 * it): where the main step's process died before it undid the agent's isolation, the state it left
 * (confine/left-behind.ts) says what to undo, and this does it. Where the main step undid it (every
 * run but one whose process was killed or crashed), the state is empty and this does nothing.
 */
import { LEFT_BEHIND_STATE, readLeftBehind, undoLeftBehind } from '../confine/left-behind.js';
import { systemTool, THIS_HOST } from '../confine/host.js';

/** What the post step needs of the runner: the state, a warning, who it runs as. */
export interface PostPorts {
  state(name: string): string;
  warning(message: string): void;
  uid: number;
  gid: number;
  env: NodeJS.ProcessEnv;
}

export function runPost(ports: PostPorts): void {
  const left = readLeftBehind(ports.state(LEFT_BEHIND_STATE), ports.uid);
  if (!left) return;
  // How to run as root and as the agent is found again here, never taken from the state.
  const via = ports.uid === 0 ? 'root' : 'sudo';
  const setpriv = systemTool('setpriv') ?? 'setpriv';
  const sudo = systemTool('sudo');
  const how = { via, setpriv, ...(sudo && { sudo }) } as const;
  const admin = THIS_HOST.admin({ kind: 'user', ...how }, ports.env);
  const as = { ...left.user, ...how };
  const { done, failed } = undoLeftBehind(left, {
    admin,
    as,
    runner: { uid: ports.uid, gid: ports.gid }
  });
  ports.warning(
    `The action's main step ended before it undid Hermes' isolation (its process was killed or crashed), so the post step did: it ${done.join(', ') || 'could do nothing'}${failed.length > 0 ? `; it could not: ${failed.join('; ')}` : ''}. What only the main step held was not put back: the checkout's git control files (.git/config, .git/hooks), the runner's file commands, the credential include and the modes of the folders on the way, as they were before the turn; check them before a later step trusts the checkout.`
  );
}
