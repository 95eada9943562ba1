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
  static start(store: Azurite): Promise<CacheService>;
  env(): Record<string, string>;
  readonly finalized: CacheEntry[];
  reset(): void;
  stop(): Promise<void>;
}
