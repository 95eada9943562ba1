/**
 * Where the tests keep the folders an isolated simulator writes to (argv records, run state): outside
 * the shared temp folders, whose files of the agent's user are swept when its run ends (so a checkout
 * under /tmp, as a CI clone may be, must not hold them), in a folder the agent's user can reach.
 */
import { createHash } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { ROOT } from './local-runner.mjs';

const SHARED_TEMP = ['/tmp', '/var/tmp', '/dev/shm', os.tmpdir()];
const inSharedTemp = SHARED_TEMP.some(dir => ROOT === dir || ROOT.startsWith(`${dir}${path.sep}`));

/** One folder a checkout (two suites at once do not meet); removed by global-teardown. */
export const AGENT_DIRS =
  inSharedTemp && process.getuid?.() === 0
    ? path.join(
        '/var/cache/hermes-action-tests',
        createHash('sha256').update(ROOT).digest('hex').slice(0, 12)
      )
    : path.join(ROOT, 'node_modules', '.cache', 'hermes-agent-dirs');
