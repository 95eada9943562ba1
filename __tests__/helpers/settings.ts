/** Settings for tests, made the way the action makes them: from inputs, through parseSettings. */
import {
  parseSettings,
  type ApiModeSettings,
  type CliSettings,
  type CommonSettings,
  type Settings,
  type TranscriptSettings
} from '../../src/config/settings.js';

export const WORKSPACE = '/w';

/** Any mode's settings, every field readable (absent where the mode has none): for assertions. */
type Own<S> = Partial<Omit<S, 'mode' | keyof CommonSettings>>;
export interface AnySettings
  extends CommonSettings, Own<CliSettings>, Own<ApiModeSettings>, Own<TranscriptSettings> {
  mode: Settings['mode'];
}

/** Settings from these inputs (by action.yml name) on a runner whose workspace is /w. */
export function settingsFrom(
  inputs: Record<string, string>,
  env: NodeJS.ProcessEnv = {}
): Settings {
  return parseSettings({
    getInput: name => inputs[name] ?? '',
    env: { GITHUB_WORKSPACE: WORKSPACE, RUNNER_TEMP: '/tmp', ...env }
  });
}

/** CLI settings for a bare query, with these inputs on top. */
export function cliSettings(inputs: Record<string, string> = {}): CliSettings {
  const settings = settingsFrom({ query: 'Summarise the build log.', ...inputs });
  if (settings.mode !== 'cli') throw new Error(`these inputs make ${settings.mode} settings`);
  return settings;
}
