export interface Pin {
  tag: string;
  commit: string;
  installerSha256: string;
}
export const PIN_FILE: string;
export function newestRelease(lsRemote: string): { tag: string; commit: string };
export function readPin(text: string): Partial<Pin>;
export function writePin(text: string, pin: Pin): string;
export function makePin(remote: string, env?: NodeJS.ProcessEnv): Pin;
