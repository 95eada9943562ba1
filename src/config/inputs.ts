/** The action's inputs: their names (one place, spelled as in action.yml), and what reads them. */
import { EgressInput } from './allowed-hosts.js';
import { GatewayInput } from './gateway.js';
import { InstallInput } from './install.js';
import { ThreadInput } from './thread.js';

/** Input names, spelled exactly as in action.yml. */
export const Input = {
  Query: 'query',
  QueryFile: 'query-file',
  Model: 'model',
  IgnoreUserConfig: 'ignore-user-config',
  IgnoreRules: 'ignore-rules',
  PrRules: 'pr-rules',
  ForkPrs: 'fork-prs',
  Worktree: 'worktree',
  Checkpoints: 'checkpoints',
  PassSessionId: 'pass-session-id',
  Args: 'args',
  HermesPath: 'hermes-path',
  WorkingDirectory: 'working-directory',
  TimeoutMinutes: 'timeout-minutes',
  TempfailRetries: 'tempfail-retries',
  TempfailBackoffSeconds: 'tempfail-backoff-seconds',
  FailOnError: 'fail-on-error',
  Summary: 'summary',
  UploadArtifact: 'upload-artifact',
  ArtifactName: 'artifact-name',
  ArtifactArchive: 'artifact-archive',
  RetentionDays: 'retention-days',
  Redact: 'redact',
  JsonlPath: 'jsonl-path',
  Transcript: 'transcript',
  ApiUrl: 'api-url',
  ApiKey: 'api-key',
  ShowReasoning: 'show-reasoning',
  GithubToken: 'github-token',
  AllowedUsers: 'allowed-users',
  AllowedBots: 'allowed-bots',
  JsonSchema: 'json-schema',
  Isolation: 'isolation',
  SessionRecord: 'session-record',
  Comment: 'comment',
  CommentNumber: 'comment-number',
  CommentKey: 'comment-key',
  Review: 'review',
  AllowedLabels: 'allowed-labels',
  ...InstallInput,
  ...GatewayInput,
  ...EgressInput,
  ...ThreadInput
} as const;

export type InputName = (typeof Input)[keyof typeof Input];

export { InputError } from './input-reader.js';

/** What the runner gives the action: inputs by name, and its environment. */
export interface Environment {
  getInput(name: InputName): string;
  env: NodeJS.ProcessEnv;
}
