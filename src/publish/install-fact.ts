/** The summary's Install row: which ref, where it came from, how long it took. */
import type { InstallFact } from '../turn/facts.js';
import { formatMs } from '../text/text.js';
import { codeCell } from './markdown.js';

const FROM = {
  reused: 'installed by an earlier step of this job',
  cache: 'restored from the Actions cache',
  installer: 'installed by the install script'
} as const;

export function installFact(install: InstallFact): string {
  const ref = codeCell(install.ref);
  if (!install.source) return `${ref} · **install failed** after ${formatMs(install.ms)}`;
  const unverified = install.unverified ? ' · not checksum-verified' : '';
  return `${ref} · ${FROM[install.source]}${unverified} · ${formatMs(install.ms)}`;
}
