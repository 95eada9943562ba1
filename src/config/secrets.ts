/** The secrets given as inputs: masked before anything else is read or printed. */
import { Input, type InputName } from './inputs.js';

/** `api-key`, `github-token` and `thread-key`, as given (trimmed), the empty ones left out. */
export function inputSecrets(getInput: (name: InputName) => string): string[] {
  return [getInput(Input.ApiKey), getInput(Input.GithubToken), getInput(Input.ThreadKey)]
    .map(s => s.trim())
    .filter(s => s !== '');
}
