/** What an error says, for a message to a person: thrown values need not be Errors. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
