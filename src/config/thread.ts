/**
 * `trigger-phrase` and `thread`: which comments start a run (thread/phrase.ts), and whether a run
 * on an issue or pull request continues the Hermes session of the one before (thread/).
 */
import { InputError } from './input-reader.js';

export const ThreadInput = {
  TriggerPhrase: 'trigger-phrase',
  Thread: 'thread',
  ThreadMaxMb: 'thread-max-mb',
  ThreadKey: 'thread-key'
} as const;

/** The default bound of a thread's saved session store. */
export const THREAD_MAX_MB = 50;

/** A phrase is one token: no space in it, a length a comment can carry. */
const PHRASE_CHARS = 50;

export type ThreadMode = 'auto' | 'off';

/** The phrase, empty for none. */
export function parsePhrase(raw: string): string {
  const phrase = raw.trim();
  if (phrase.length > PHRASE_CHARS || /\s/.test(phrase))
    throw new InputError(
      `Input "${ThreadInput.TriggerPhrase}" is ${JSON.stringify(raw)}; it must be one word of at most ${PHRASE_CHARS} characters, with no space (such as /hermes), or empty for none.`
    );
  return phrase;
}

export function parseThreadMode(raw: string): ThreadMode {
  const mode = raw.trim() || 'auto';
  if (mode !== 'auto' && mode !== 'off')
    throw new InputError(
      `Input "${ThreadInput.Thread}" is ${JSON.stringify(raw)}; allowed: auto (a run on an issue or pull request continues its thread's Hermes session) or off.`
    );
  return mode;
}
