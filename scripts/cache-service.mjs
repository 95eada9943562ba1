// A loopback stand-in for GitHub's Actions cache service, v2 (plain node:http), for the tests and the
// bench: the three Twirp calls @actions/cache makes (github.actions.results.api.v1.CacheService:
// GetCacheEntryDownloadURL, CreateCacheEntry, FinalizeCacheEntryUpload), JSON bodies, SAS URLs into a
// blob store (Azurite). Entries match on key and version; a restore key matches the newest finalized
// entry whose key starts with it; a key cannot be created twice. `down` answers 500 to everything.
// Types: cache-service.d.mts.
import { randomUUID } from 'node:crypto';
import * as http from 'node:http';
import {
  BlobSASPermissions,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateBlobSASQueryParameters
} from '@azure/storage-blob';

const PREFIX = '/twirp/github.actions.results.api.v1.CacheService/';
const METHODS = ['GetCacheEntryDownloadURL', 'CreateCacheEntry', 'FinalizeCacheEntryUpload'];
const CONTAINER = 'actions-cache';

export class CacheService {
  url = '';
  token = 'cache-token-for-tests';
  /** Every entry, finalized or not, oldest first. */
  entries = [];
  /** Every call: { method, body, status }. */
  calls = [];
  /** true: every call answers 500, as a cache service that is down. */
  down = false;
  nextId = 1;
  /** This service's blobs are under it: the blob store may be shared with other test files. */
  prefix = randomUUID();

  constructor(store) {
    this.store = store;
    this.credential = new StorageSharedKeyCredential(store.account, store.key);
    this.container = new BlobServiceClient(store.endpoint, this.credential).getContainerClient(
      CONTAINER
    );
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(error => twirpError(res, 500, 'internal', String(error)));
    });
  }

  static async start(store) {
    const service = new CacheService(store);
    await service.container.createIfNotExists();
    await new Promise(resolve => service.server.listen(0, '127.0.0.1', resolve));
    service.url = `http://127.0.0.1:${service.server.address().port}`;
    return service;
  }

  /** The variables a runner gives a step for this cache service. */
  env() {
    return {
      ACTIONS_CACHE_SERVICE_V2: 'true',
      ACTIONS_RESULTS_URL: `${this.url}/`,
      ACTIONS_RUNTIME_TOKEN: this.token
    };
  }

  get finalized() {
    return this.entries.filter(e => e.finalized);
  }

  /** Forgets every entry and call (the blobs stay in the store, unreachable). */
  reset() {
    this.entries = [];
    this.calls = [];
    this.down = false;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise(resolve => this.server.close(() => resolve()));
  }

  async handle(req, res) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const method = req.url?.startsWith(PREFIX) ? req.url.slice(PREFIX.length) : '';
    if (req.method !== 'POST' || !METHODS.includes(method))
      return twirpError(res, 404, 'bad_route', `no handler for ${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return twirpError(res, 401, 'unauthenticated', 'bad token');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const call = { method, body, status: 200 };
    this.calls.push(call);
    if (this.down) {
      call.status = 500;
      return twirpError(res, 500, 'internal', 'the cache service is down');
    }
    const { key, version } = body;
    if (method === 'GetCacheEntryDownloadURL') {
      const newest = prefix =>
        this.finalized.findLast(e => e.version === version && e.key.startsWith(prefix));
      const exact = this.finalized.findLast(e => e.version === version && e.key === key);
      const entry = exact ?? (body.restore_keys ?? []).map(newest).find(Boolean);
      if (!entry) return twirpOk(res, { ok: false });
      return twirpOk(res, {
        ok: true,
        signed_download_url: this.sasUrl(entry.blobName, 'r'),
        matched_key: entry.key
      });
    }
    if (method === 'CreateCacheEntry') {
      if (this.entries.some(e => e.key === key && e.version === version)) {
        call.status = 409;
        return twirpError(
          res,
          409,
          'already_exists',
          'cache entry with the same key already exists'
        );
      }
      const id = this.nextId++;
      const blobName = `${this.prefix}/${id}/cache.tzst`;
      this.entries.push({ id, key, version, blobName, finalized: false });
      return twirpOk(res, { ok: true, signed_upload_url: this.sasUrl(blobName, 'cw') });
    }
    const entry = this.entries.findLast(e => e.key === key && e.version === version);
    if (!entry) return twirpError(res, 404, 'not_found', `no entry ${key} to finalize`);
    const properties = await this.container.getBlobClient(entry.blobName).getProperties();
    if (properties.contentLength !== Number(body.size_bytes))
      return twirpError(res, 400, 'invalid_argument', 'size does not match the blob');
    entry.size = properties.contentLength;
    entry.finalized = true;
    return twirpOk(res, { ok: true, entry_id: String(entry.id) });
  }

  sasUrl(blobName, permissions) {
    const sas = generateBlobSASQueryParameters(
      {
        containerName: CONTAINER,
        blobName,
        permissions: BlobSASPermissions.parse(permissions),
        expiresOn: new Date(Date.now() + 3600_000)
      },
      this.credential
    ).toString();
    return `${this.store.endpoint}/${CONTAINER}/${blobName}?${sas}`;
  }
}

function twirpOk(res, body) {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Twirp's JSON error body: the client reads `msg` from it. */
function twirpError(res, status, code, msg) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, msg }));
}
