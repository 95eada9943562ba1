import type { ContainerClient } from '@azure/storage-blob';
import type { Azurite } from './azurite.mjs';

export interface CacheEntry {
  id: number;
  key: string;
  version: string;
  blobName: string;
  finalized: boolean;
  size?: number;
}

export interface CacheCall {
  method: 'GetCacheEntryDownloadURL' | 'CreateCacheEntry' | 'FinalizeCacheEntryUpload';
  body: Record<string, unknown>;
  status: number;
}

export class CacheService {
  url: string;
  token: string;
  entries: CacheEntry[];
  calls: CacheCall[];
  down: boolean;
  /** The id the next entry gets. */
  nextId: number;
  /** The blob container the entries' archives are in. */
  container: ContainerClient;
  static start(store: Azurite): Promise<CacheService>;
  env(): Record<string, string>;
  readonly finalized: CacheEntry[];
  reset(): void;
  stop(): Promise<void>;
}
