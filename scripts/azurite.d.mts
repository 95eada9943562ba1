export interface Azurite {
  /** The account's blob endpoint, path style: http://127.0.0.1:PORT/ACCOUNT */
  endpoint: string;
  account: string;
  key: string;
  stop(): Promise<void>;
}

export function startAzurite(): Promise<Azurite>;
