export const NODE24_BUNDLED: string;
export const POSIX_ONLY: string[];
export function platformNotes(options?: {
  platform?: string;
  version?: string;
  bundled?: boolean;
}): string[];
