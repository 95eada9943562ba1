/** What an error says, for a message to a person: thrown values need not be Errors. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A value the code around it has proven present (a regex group that always takes part, an index
 * inside its array): returned as it is, or a clear error naming it where that proof has broken.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Internal error: ${what} is missing`);
  return value;
}
