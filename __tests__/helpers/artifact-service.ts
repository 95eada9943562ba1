/**
 * A loopback stand-in for GitHub's artifact service (plain node:http): the Twirp calls that
 * @actions/artifact makes to upload (CreateArtifact, FinalizeArtifact) and to list and download
 * (ListArtifacts, GetSignedArtifactURL), with JSON bodies, handing out SAS URLs for a blob store
 * (Azurite). Names are unique per workflow run (409 otherwise), as on GitHub. Faults can be planned
 * per run: an error status, or no answer at all; for downloads, per artifact name.
 */
import { createHash, randomUUID } from 'node:crypto';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BlobSASPermissions,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters
} from '@azure/storage-blob';
import type { Azurite } from './azurite.js';
import { must } from './must.js';

const PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';
const CONTAINER = 'actions-results';

/** An HTTP status to answer with, or 'hang': take the request and never answer. */
export type Fault = number | 'hang';
export type Method =
  'CreateArtifact' | 'FinalizeArtifact' | 'ListArtifacts' | 'GetSignedArtifactURL';
const METHODS: string[] = [
  'CreateArtifact',
  'FinalizeArtifact',
  'ListArtifacts',
  'GetSignedArtifactURL'
] satisfies Method[];

export interface StoredArtifact {
  id: number;
  name: string;
  job: string;
  blobName: string;
  mimeType?: string;
  expiresAt?: string;
  version?: number;
  size?: number;
  hash?: string;
  finalized: boolean;
}

export interface RecordedCall {
  method: string;
  body: Record<string, unknown>;
  status: number | 'hang';
}

export interface RunOptions {
  /** Per method, the answers to give before behaving: e.g. [500, 500] fails the first two calls. */
  faults?: Partial<Record<Method, Fault[]>>;
  /** Hand out upload URLs that point at a closed port: the blob store is down. */
  blobStoreDown?: boolean;
  /**
   * Hand out upload URLs that point at this origin instead (e.g. a server that drops every
   * connection: the blob store is down, and the test sees each attempt).
   */
  blobOrigin?: string;
  /**
   * Per artifact name, the answers GetSignedArtifactURL gives before it behaves: a download that
   * fails (e.g. [404, 404, 404]), whatever order parallel downloads come in.
   */
  downloadFaults?: Record<string, Fault[]>;
}

/** One workflow run as the service sees it: its artifacts, the calls made, and the steps' env. */
export class Run {
  readonly id = randomUUID();
  readonly githubRunId = String(Math.floor(Math.random() * 1e9));
  readonly artifacts: StoredArtifact[] = [];
  readonly calls: RecordedCall[] = [];
  readonly options: RunOptions;
  private readonly service: ArtifactService;
  /** Those waiting in nextCall(). */
  private readonly waiting: {
    match: (call: RecordedCall) => boolean;
    resolve: (call: RecordedCall) => void;
  }[] = [];

  constructor(service: ArtifactService, options: RunOptions) {
    this.service = service;
    this.options = options;
  }

  /** The environment of a step in this run (`job` stands for the job's backend id: a matrix leg). */
  env(job = 'job-1', extra: Record<string, string> = {}): Record<string, string> {
    return {
      ACTIONS_RUNTIME_TOKEN: runtimeToken(this.id, job),
      ACTIONS_RESULTS_URL: `${this.service.url}/`,
      GITHUB_RUN_ID: this.githubRunId,
      ...extra
    };
  }

  /**
   * Resolves with the first call from now on that `match` accepts, once the service has answered it
   * (or, planned to hang, taken it without an answer).
   */
  nextCall(match: (call: RecordedCall) => boolean = () => true): Promise<RecordedCall> {
    return new Promise(resolve => this.waiting.push({ match, resolve }));
  }

  /** Called by the service when a call is answered or held: wakes those waiting for it. */
  answered(call: RecordedCall): void {
    for (const waiter of this.waiting.filter(w => w.match(call))) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.resolve(call);
    }
  }

  /** The finalized artifacts, as a user would list them. */
  get finalized(): StoredArtifact[] {
    return this.artifacts.filter(a => a.finalized);
  }

  /** Reads an artifact's blob back from the store. */
  read(artifact: StoredArtifact): Promise<Buffer> {
    return this.service.container.getBlobClient(artifact.blobName).downloadToBuffer();
  }

  /**
   * Stores a finalized artifact directly, as another action's upload would have (no client, no
   * calls recorded): a foreign artifact, or many transcripts at once for the bench.
   */
  put(
    name: string,
    content: Buffer,
    { job = 'job-other', mimeType = 'application/octet-stream' } = {}
  ): Promise<StoredArtifact> {
    return this.service.put(this, name, content, job, mimeType);
  }
}

export class ArtifactService {
  url = '';
  private readonly server: http.Server;
  private readonly runs = new Map<string, Run>();
  private readonly credential: StorageSharedKeyCredential;
  readonly container;
  private readonly store: Azurite;
  /** Where upload URLs point when a run's blob store is down. */
  private readonly closedOrigin: string;
  private nextId = 1000;
  /** This service's blobs are under it: the blob store may be shared with other test files. */
  private readonly prefix = randomUUID();

  constructor(store: Azurite, closedOrigin: string) {
    this.store = store;
    this.closedOrigin = closedOrigin;
    this.credential = new StorageSharedKeyCredential(store.account, store.key);
    this.container = new BlobServiceClient(store.endpoint, this.credential).getContainerClient(
      CONTAINER
    );
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(error => twirpError(res, 500, 'internal', String(error)));
    });
  }

  static async start(store: Azurite): Promise<ArtifactService> {
    const service = new ArtifactService(store, await closedOrigin());
    await service.container.createIfNotExists();
    await new Promise<void>(resolve => service.server.listen(0, '127.0.0.1', resolve));
    const { port } = service.server.address() as AddressInfo;
    service.url = `http://127.0.0.1:${port}`;
    return service;
  }

  async put(
    run: Run,
    name: string,
    content: Buffer,
    job: string,
    mimeType: string
  ): Promise<StoredArtifact> {
    const id = this.nextId++;
    const blobName = `${this.prefix}/${run.id}/${job}/${id}/${name}`;
    await this.container
      .getBlockBlobClient(blobName)
      .uploadData(content, { blobHTTPHeaders: { blobContentType: mimeType } });
    const artifact: StoredArtifact = {
      id,
      name,
      job,
      blobName,
      mimeType,
      version: 7,
      size: content.length,
      hash: sha256(content),
      finalized: true
    };
    run.artifacts.push(artifact);
    return artifact;
  }

  newRun(options: RunOptions = {}): Run {
    const run = new Run(this, options);
    this.runs.set(run.id, run);
    return run;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.url?.startsWith(PREFIX) ? req.url.slice(PREFIX.length) : '';
    if (req.method !== 'POST' || !METHODS.includes(method))
      return twirpError(res, 404, 'bad_route', `no handler for ${req.method} ${req.url}`);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    // The client sends the runtime token, and the ids it decoded from it (GetSignedArtifactURL:
    // the ids of the job that uploaded the artifact, as ListArtifacts gave them).
    const scope = scopeOf(req.headers.authorization);
    const run = this.runs.get(String(body.workflow_run_backend_id));
    if (
      !run ||
      !scope ||
      scope.run !== run.id ||
      (method !== 'GetSignedArtifactURL' && scope.job !== String(body.workflow_job_run_backend_id))
    )
      return twirpError(res, 401, 'unauthenticated', 'the token does not match the run and job');

    const call: RecordedCall = { method, body, status: 200 };
    run.calls.push(call);
    res.once('finish', () => run.answered(call));
    const fault =
      method === 'GetSignedArtifactURL'
        ? run.options.downloadFaults?.[String(body.name)]?.shift()
        : run.options.faults?.[method as Method]?.shift();
    if (fault === 'hang') {
      call.status = 'hang';
      run.answered(call);
      return;
    }
    if (fault !== undefined) {
      call.status = fault;
      return twirpError(res, fault, 'internal', `planned failure ${fault}`);
    }

    if (method === 'ListArtifacts') return twirpOk(res, { artifacts: listed(run, body) });
    const name = String(body.name);
    if (method === 'GetSignedArtifactURL') {
      const artifact = run.finalized.find(
        a => a.name === name && a.job === String(body.workflow_job_run_backend_id)
      );
      if (!artifact) return twirpError(res, 404, 'not_found', `no artifact ${name}`);
      return twirpOk(res, { signed_url: this.downloadUrl(artifact) });
    }
    if (method === 'CreateArtifact') {
      if (run.finalized.some(a => a.name === name)) {
        call.status = 409;
        return twirpError(
          res,
          409,
          'already_exists',
          'an artifact with this name already exists on the workflow run'
        );
      }
      const id = this.nextId++;
      const job = String(body.workflow_job_run_backend_id);
      const blobName = `${this.prefix}/${run.id}/${job}/${id}/${name}`;
      run.artifacts.push({
        id,
        name,
        job,
        blobName,
        mimeType: body.mime_type as string | undefined,
        expiresAt: body.expires_at as string | undefined,
        version: body.version as number | undefined,
        finalized: false
      });
      return twirpOk(res, { ok: true, signed_upload_url: this.uploadUrl(blobName, run) });
    }

    const artifact = run.artifacts.findLast(a => a.name === name && !a.finalized);
    if (!artifact) return twirpError(res, 404, 'not_found', `no artifact ${name} to finalize`);
    const properties = await this.container.getBlobClient(artifact.blobName).getProperties();
    artifact.size = Number(body.size);
    artifact.hash = body.hash as string | undefined;
    if (properties.contentLength !== artifact.size)
      return twirpError(res, 400, 'invalid_argument', 'size does not match the blob');
    artifact.finalized = true;
    return twirpOk(res, { ok: true, artifact_id: String(artifact.id) });
  }

  /** A SAS URL that lets its holder create and write one blob, and nothing else. */
  private uploadUrl(blobName: string, run: Run): string {
    const sas = generateBlobSASQueryParameters(
      {
        containerName: CONTAINER,
        blobName,
        permissions: BlobSASPermissions.parse('cw'),
        expiresOn: new Date(Date.now() + 3600_000)
      },
      this.credential
    ).toString();
    const endpoint = run.options.blobStoreDown
      ? `${this.closedOrigin}/${this.store.account}`
      : run.options.blobOrigin
        ? `${run.options.blobOrigin}/${this.store.account}`
        : this.store.endpoint;
    return `${endpoint}/${CONTAINER}/${blobName.split('/').map(encodeURIComponent).join('/')}?${sas}`;
  }

  /**
   * A SAS URL to read one blob. Like the service's, it names the file to save a bare (non-zip)
   * artifact as; the blob's content type (application/zip or not) tells the client to unzip.
   */
  private downloadUrl(artifact: StoredArtifact): string {
    const sas = generateBlobSASQueryParameters(
      {
        containerName: CONTAINER,
        blobName: artifact.blobName,
        permissions: BlobSASPermissions.parse('r'),
        expiresOn: new Date(Date.now() + 3600_000),
        contentDisposition: `attachment; filename="${artifact.name}"`
      },
      this.credential
    ).toString();
    const path = artifact.blobName.split('/').map(encodeURIComponent).join('/');
    return `${this.store.endpoint}/${CONTAINER}/${path}?${sas}`;
  }
}

/** ListArtifacts' answer: the run's finalized artifacts, filtered by id or name when asked. */
function listed(run: Run, body: Record<string, unknown>): object[] {
  const id = body.id_filter === undefined ? undefined : Number(body.id_filter);
  const name = body.name_filter === undefined ? undefined : String(body.name_filter);
  return run.finalized
    .filter(a => (id === undefined || a.id === id) && (name === undefined || a.name === name))
    .map(a => ({
      workflow_run_backend_id: run.id,
      workflow_job_run_backend_id: a.job,
      database_id: String(a.id),
      name: a.name,
      size: String(a.size ?? 0),
      ...(a.hash && { digest: a.hash })
    }));
}

/** The sha256 the client reports at FinalizeArtifact, for content it uploaded. */
export function sha256(content: Buffer): string {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

/**
 * An unsigned JWT whose `scp` claim holds the run and job: the client only decodes it, for these
 * ids (`Actions.Results:<run>:<job>`).
 */
export function runtimeToken(run: string, job: string): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const scp = `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${run}:${job}`;
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp })}.`;
}

function scopeOf(authorization: string | undefined): { run: string; job: string } | undefined {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  const { scp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    scp?: string;
  };
  const results = scp
    ?.split(' ')
    .map(s => s.split(':'))
    .find(s => s[0] === 'Actions.Results');
  return results && { run: must(results[1]), job: must(results[2]) };
}

function twirpOk(res: http.ServerResponse, body: object): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Twirp's JSON error body: the client reads `msg` from it. */
function twirpError(res: http.ServerResponse, status: number, code: string, msg: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, msg }));
}

/** An origin nothing listens on: a port taken from the system, then let go. */
export async function closedOrigin(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>(resolve => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
