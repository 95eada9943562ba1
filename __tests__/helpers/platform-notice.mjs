// Jest's globalSetup: prints, before any test, what this machine skips or runs differently.
import { platformNotes } from '../../scripts/platform.mjs';

export default function notice() {
  const notes = platformNotes();
  if (notes.length === 0) return;
  const rule = '!'.repeat(78);
  process.stderr.write(`\n${rule}\n${notes.map(n => `!! ${n}`).join('\n')}\n${rule}\n\n`);
}
