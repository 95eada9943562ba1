/**
 * Where the tests keep the folders an isolated simulator writes to (argv records, run state): outside
 * the shared temp folders, whose files of the agent's user are swept when its run ends (so a checkout
 * under /tmp, as a CI clone may be, must not hold them), in a folder the agent's user can reach (so
 * not in a checkout under a 0700 or 0750 parent, as a hosted runner's home is). As root, that is
 * /var/cache; otherwise nothing runs as another user, and the checkout's node_modules/.cache serves.
 */
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { ROOT } from './local-runner.mjs';

/** One folder a checkout (two suites at once do not meet); removed by global-teardown. */
export const AGENT_DIRS =
  process.getuid?.() === 0
    ? path.join(
        '/var/cache/hermes-action-tests',
        createHash('sha256').update(ROOT).digest('hex').slice(0, 12)
      )
    : path.join(ROOT, 'node_modules', '.cache', 'hermes-agent-dirs');
