export const RUN_START: string;
export const RUN_END: string;
export function spliceSection(
  doc: string,
  section: string,
  start: string,
  end: string,
  legacy?: (doc: string) => [number, number] | undefined
): string;
export function legacyRunRange(doc: string): [number, number] | undefined;
