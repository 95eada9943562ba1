export interface Azurite {
  /** The account's blob endpoint, path style: http://127.0.0.1:PORT/ACCOUNT */
  endpoint: string;
  account: string;
  key: string;
  stop(): Promise<void>;
}

export const SHARED_AZURITE: string;

/** The suite's shared Azurite when there is one (stop() then leaves it running), else a new one. */
export function startAzurite(): Promise<Azurite>;

/** A new Azurite, stopped by its stop(). */
export function startOwnAzurite(): Promise<Azurite>;
