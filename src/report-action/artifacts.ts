/**
 * The legs of this workflow run: its artifacts listed with @actions/artifact, the transcripts picked
 * by name, downloaded in parallel under a bound (each retried), and folded as they arrive.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';
import pLimit from 'p-limit';
import { artifactUrl, errorMessage } from '../publish/artifact.js';
import { SESSION_SUFFIX } from '../publish/session-artifact.js';
import { retry, type Tried } from '../http/retry.js';
import { EARLIER_ATTEMPT } from '../turn/tempfail.js';
import { parseSessionRecord, redactedUsage, type SessionUsage } from '../turn/session-usage.js';
import type { Redactor } from '../text/redact.js';
import { foldTranscript, unreadableLeg, type Leg, type LegSource } from './leg.js';

/**
 * The main action names every transcript artifact `<name>.jsonl`: the bare file (the default), or a
 * zip holding `<name>.jsonl` and, after retries on exit 75, `<name>.attempt-N.jsonl`.
 */
export const TRANSCRIPT_SUFFIX = '.jsonl';

/**
 * Downloads at once (each keeps its place until its transcript is folded, so one is fetched while
 * another is folded). Chosen by measure (docs/REPORT.md, Scale): over 256 artifacts of 3 MB on
 * 2 cores, 2 at a time peaked at about 168 MiB; 4 at 183-196 MiB and 8 at 197-212 MiB, neither
 * faster (the downloads share the cores with the fold); 1 at a time saved 10 MiB but was slower.
 */
export const DOWNLOAD_CONCURRENCY = 2;
/**
 * Transcripts folded at once. Folding is CPU on one thread, so more at once would not be faster;
 * it would only keep more turns alive, and V8 grows its young generation (and RSS) with them.
 */
const FOLD_CONCURRENCY = 1;
/** The client retries each request itself; a download that still fails is tried this many times (1 s, then 2 s apart). */
export const DOWNLOAD_ATTEMPTS = 3;
const RETRY_WAIT_MS = 1000;

export interface ListedArtifact {
  id: number;
  name: string;
  size: number;
  digest?: string;
}

export interface Selection {
  transcripts: ListedArtifact[];
  /** Artifacts that are not transcripts (their names do not end in `.jsonl`). */
  others: string[];
  /** Transcripts that `name-pattern` left out. */
  unmatched: string[];
  /** Session records (`<leg>-session.jsonl`), by the name of the leg they belong to. */
  sessions: Map<string, ListedArtifact>;
}

/** Transcripts by name, those matching the pattern (on the name, with or without `.jsonl`), in name order. */
export function selectTranscripts(artifacts: ListedArtifact[], pattern: string): Selection {
  const selection: Selection = { transcripts: [], others: [], unmatched: [], sessions: new Map() };
  const sorted = [...artifacts].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  for (const artifact of sorted) {
    const { name } = artifact;
    if (name.endsWith(SESSION_SUFFIX))
      selection.sessions.set(name.slice(0, -SESSION_SUFFIX.length), artifact);
    else if (!name.endsWith(TRANSCRIPT_SUFFIX)) selection.others.push(name);
    else if (minimatch(name, pattern) || minimatch(legName(name), pattern))
      selection.transcripts.push(artifact);
    else selection.unmatched.push(name);
  }
  return selection;
}

/** A leg is named after its artifact, less the `.jsonl` every transcript artifact ends with. */
export function legName(artifactName: string): string {
  return artifactName.slice(0, artifactName.length - TRANSCRIPT_SUFFIX.length) || artifactName;
}

/** Why the run's artifacts cannot be listed here, or undefined when they can. */
export function unlistable(env: NodeJS.ProcessEnv): string | undefined {
  if (env.ACTIONS_RUNTIME_TOKEN && env.ACTIONS_RESULTS_URL) return undefined;
  return (
    'this run’s artifacts can only be listed on a GitHub Actions runner (ACTIONS_RUNTIME_TOKEN and ' +
    'ACTIONS_RESULTS_URL are not set); give "path" to read transcripts from files instead'
  );
}

export type Client = InstanceType<(typeof import('@actions/artifact'))['DefaultArtifactClient']>;

export async function artifactClient(): Promise<Client> {
  const { DefaultArtifactClient } = await import('@actions/artifact');
  return new DefaultArtifactClient();
}

export async function listArtifacts(client: Client): Promise<ListedArtifact[]> {
  const { artifacts } = await client.listArtifacts();
  return artifacts.map(({ id, name, size, digest }) => ({ id, name, size, digest }));
}

export interface DownloadOptions {
  tempDir: string;
  env: NodeJS.ProcessEnv;
  redact: Redactor;
  concurrency?: number;
  /** Waits between a download's tries (the real clock when absent). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called as each leg is folded (for the log). */
  onLeg?: (leg: Leg) => void;
  /** The legs' session records, by leg name (selectTranscripts' `sessions`). */
  sessions?: Map<string, ListedArtifact>;
}

type Limit = ReturnType<typeof pLimit>;

/** Every transcript downloaded (each into a directory of its own), folded, and removed again. */
export async function downloadLegs(
  client: Client,
  transcripts: ListedArtifact[],
  options: DownloadOptions
): Promise<Leg[]> {
  const limit = pLimit(options.concurrency ?? DOWNLOAD_CONCURRENCY);
  const fold = pLimit(FOLD_CONCURRENCY);
  const root = fs.mkdtempSync(path.join(options.tempDir, 'hermes-report-'));
  try {
    return await Promise.all(
      transcripts.map(artifact =>
        // A download keeps its place until its transcript is folded: at most that many on disk.
        limit(async () => {
          const leg = await downloadLeg(client, artifact, root, { ...options, fold });
          const record = options.sessions?.get(leg.name);
          if (record) {
            const usage = await downloadUsage(client, record, root);
            if (usage) leg.usage = redactedUsage(usage, options.redact);
          }
          options.onLeg?.(leg);
          return leg;
        })
      )
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function downloadLeg(
  client: Client,
  artifact: ListedArtifact,
  root: string,
  options: DownloadOptions & { fold: Limit }
): Promise<Leg> {
  const name = legName(artifact.name);
  const source: LegSource = {
    kind: 'artifact',
    id: artifact.id,
    url: artifactUrl(artifact.id, options.env)
  };
  const dir = path.join(root, String(artifact.id));
  const failed = (n: number, why: string): Tried<Leg> => ({
    value: unreadableLeg(
      name,
      source,
      `the download failed ${n} times; the last time: ${options.redact(why)}`
    ),
    retry: why
  });
  try {
    return await retry(
      async n => {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.mkdirSync(dir, { recursive: true });
        try {
          const { digestMismatch } = await client.downloadArtifact(artifact.id, {
            path: dir,
            expectedHash: artifact.digest
          });
          if (digestMismatch)
            return failed(
              n,
              'what was downloaded does not match the digest the artifact was uploaded with'
            );
        } catch (error) {
          return failed(n, errorMessage(error));
        }
        const found = transcriptIn(dir);
        if (!found)
          return {
            value: unreadableLeg(name, source, `the artifact holds no ${TRANSCRIPT_SUFFIX} file`)
          };
        return {
          value: await options.fold(() =>
            foldTranscript(found.file, name, source, options.redact, found.attempts)
          )
        };
      },
      {
        tries: DOWNLOAD_ATTEMPTS,
        backoffMs: RETRY_WAIT_MS,
        sleep: options.sleep
      }
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A leg's cost and usage from its session record artifact; undefined when it cannot be fetched or
 * read (the leg then shows "–" for its cost, as one without a record does).
 */
async function downloadUsage(
  client: Client,
  artifact: ListedArtifact,
  root: string
): Promise<SessionUsage | undefined> {
  const dir = path.join(root, `session-${artifact.id}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const { digestMismatch } = await client.downloadArtifact(artifact.id, {
      path: dir,
      expectedHash: artifact.digest
    });
    const file = fs.readdirSync(dir).find(f => f.endsWith(TRANSCRIPT_SUFFIX));
    if (digestMismatch || !file) return undefined;
    return parseSessionRecord(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The transcript in a downloaded artifact: the bare file, or in a zip the one `.jsonl` that is not an
 * earlier attempt's. Undefined when there is none (or several, which the main action never uploads).
 */
export function transcriptIn(dir: string): { file: string; attempts: number } | undefined {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(e => e.isFile())
    .map(e => path.join(e.parentPath, e.name));
  const bare = only(files);
  if (bare !== undefined) return { file: bare, attempts: 1 };
  const jsonl = files.filter(f => f.endsWith(TRANSCRIPT_SUFFIX));
  const last = only(jsonl.filter(f => !EARLIER_ATTEMPT.test(f)));
  if (last === undefined) return undefined;
  return { file: last, attempts: jsonl.length };
}

/** The one item of a list that holds exactly one; undefined for none or several. */
function only<T>(list: T[]): T | undefined {
  return list.length === 1 ? list[0] : undefined;
}
