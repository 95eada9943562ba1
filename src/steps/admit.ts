/**
 * Step 2, admission: who may start the agent (the gate), and whether it may run here at all (under
 * `isolation: auto`, a runner that cannot isolate refuses gated events). Decided before anything runs.
 */
import {
  admit,
  gated,
  triggerOf,
  type Admission,
  type Trigger as GateTrigger
} from '../access/gate.js';
import { foreignCheckout } from '../access/authorship.js';
import { planIsolation, type IsolationPlan } from '../confine/host.js';
import { fenceTool } from '../fence/fence.js';
import { StickyComment } from '../github/sticky.js';
import { Input } from '../config/inputs.js';
import type { CliSettings, IsolationMode, Settings } from '../config/settings.js';
import type { RunReport } from '../publish/run-report.js';
import type { IsolationFact } from '../turn/facts.js';
import type { Redacted } from '../text/redact.js';
import type { ForkPull } from '../fork/pull.js';
import { forkAdmitted, forkPullFor, forkRefusal, forkUnmet } from './fork.js';
import { payloadOf, readEventPayload } from '../config/events.js';
import { commentTarget, type CommentTarget, type NoTarget } from '../github/target.js';
import { phraseVerdict } from '../thread/phrase.js';
import { requestOf, type Request } from '../thread/request.js';
import type { Plan } from './plan.js';
import type { Ports } from './ports.js';

export type Refusal = Extract<Admission, { allowed: false }>;

/** Who triggered the run and why they were let in (absent where no gate ran: a transcript). */
export interface Trigger {
  actor?: string;
  event?: string;
  why: Redacted;
  /** Let in as a writer of the repository, not by a list (access/gate.ts). */
  writer?: true;
}

interface Admitted {
  allowed: true;
  trigger?: Trigger;
  /** CLI mode: as whom Hermes runs. */
  isolation?: IsolationPlan;
  /** CLI mode, where the checkout may hold someone else's files: whether Hermes reads its rules. */
  rules?: RunReport['rules'];
  comment?: StickyComment;
  /** `fork-prs: review`: the stranger's pull request to review in a folder of its own. */
  fork?: ForkPull;
  /** `trigger-phrase`: what the comment asked after the phrase, to go to the prompt as data. */
  request?: Request;
  /** Content from people without write access can reach the prompt on this event (access/gate.ts). */
  strangers: boolean;
  /** The event's payload as the runner wrote it, read once (undefined where it cannot be read). */
  payload: unknown;
  /** Where the comment, the review and the labels go: the event's issue or pull request, or why none. */
  target: CommentTarget | NoTarget;
}

interface Refused {
  allowed: false;
  refusal: Refusal;
  /** `trigger-phrase`: the comment did not ask; the run is skipped (green), not refused. */
  skipped?: true;
  /** Set when the refusal is isolation's: why Hermes could not run as its own user. */
  isolation?: IsolationFact;
  comment?: StickyComment;
}

export type AdmitResult = Admitted | Refused;

export async function admitRun(
  plan: Plan,
  { env, out, limits, platform, isolationHost }: Ports
): Promise<AdmitResult> {
  const { settings, redact } = plan;
  // The event read once: its payload, who caused it, and where the comment and the review go.
  const event = readEventPayload(env);
  const payload = payloadOf(event);
  const triggered = triggerOf(env, event);
  const target = commentTarget(
    env,
    { number: settings.comment.number, key: settings.comment.key },
    payload
  );
  const strangers = gated(triggered);
  // Before the gate and before the sticky comment: a comment that does not ask costs nothing.
  const phrase = phraseVerdict(settings.triggerPhrase, triggered.event, payload);
  if (phrase && !phrase.asked) {
    const { actor, event } = triggered;
    const message = `Skipped: "${Input.TriggerPhrase}" is set, and ${phrase.why}.`;
    return { allowed: false, skipped: true, refusal: { allowed: false, actor, event, message } };
  }
  const request = phrase?.asked ? requestOf(phrase) : undefined;
  const comment = stickyComment(settings, plan, target, out);
  const isolation =
    settings.mode === 'cli'
      ? planIsolation(settings.isolation, platform, isolationHost)
      : undefined;
  // fork-prs: review: a fork's pull request is a stranger's, let in on the mode's safe defaults alone.
  const fork = settings.mode === 'cli' ? forkPullFor(settings, env, event) : undefined;
  let admission: Admission | undefined;
  if (fork && settings.mode === 'cli' && isolation) {
    const unmet = 'unreadable' in fork ? [] : forkUnmet(settings, isolation, isolationHost);
    const { actor, event } = triggered;
    if ('unreadable' in fork || unmet.length > 0)
      return {
        allowed: false,
        refusal: { allowed: false, actor, event, message: forkRefusal(fork, unmet) },
        comment
      };
    admission = { allowed: true, actor, event, why: forkAdmitted(fork, settings) };
  } else if (settings.mode !== 'transcript')
    admission = await admit(triggered, settings.gate, { limits: limits.gate });
  if (admission && !admission.allowed) return { allowed: false, refusal: admission, comment };
  if (settings.mode === 'cli' && isolation?.kind === 'none' && !isolation.chosen) {
    const why = cannotIsolate(settings.isolation, isolation.why, triggered);
    if (why) {
      const refusal: Refusal = {
        allowed: false,
        actor: admission?.actor,
        event: admission?.event,
        message: `${why}; run the job where the action is root or has passwordless sudo on Linux, or set "${Input.Isolation}: none" to run Hermes as the runner's user.`
      };
      return { allowed: false, refusal, isolation: { why: isolation.why }, comment };
    }
    out.warning(
      `Hermes runs as the runner's user, not as its own: ${isolation.why}. It can read what the action's process holds, and reach any host (see docs/security.md); set "${Input.Isolation}: none" to say this is intended.`
    );
  }
  const unfenced =
    settings.mode === 'cli'
      ? cannotFence(settings, isolation, isolationHost, triggered)
      : undefined;
  if (unfenced) {
    const refusal: Refusal = {
      allowed: false,
      actor: admission?.actor,
      event: admission?.event,
      message: unfenced
    };
    return { allowed: false, refusal, isolation: { why: unfenced }, comment };
  }
  const trigger = admission && {
    actor: admission.actor,
    event: admission.event,
    why: redact(admission.why),
    ...(admission.writer && { writer: admission.writer })
  };
  const rules = settings.mode === 'cli' ? rulesOf(settings, triggered, redact) : undefined;
  if (rules)
    out.info(
      rules.ignored
        ? `Hermes reads no rules or skills from the checkout (--ignore-rules): ${rules.why}; set "${Input.PrRules}: trust" to let it.`
        : `Hermes reads the checkout's rules and skills: ${rules.why}.`
    );
  return {
    allowed: true,
    trigger,
    isolation,
    rules,
    comment,
    ...(fork && !('unreadable' in fork) && { fork }),
    ...(request && { request }),
    strangers,
    payload,
    target
  };
}

/**
 * `pr-rules: ignore`: where the checkout may hold files someone other than the actor wrote, Hermes
 * runs with `--ignore-rules` (their AGENTS.md would be its instructions). Undefined where it cannot.
 */
function rulesOf(
  settings: CliSettings,
  trigger: GateTrigger,
  redact: Plan['redact']
): RunReport['rules'] {
  const foreign = foreignCheckout(trigger);
  if (!foreign) return undefined;
  const ignored = settings.prRules === 'ignore' || settings.ignoreRules;
  const why = ignored ? foreign : `${foreign}, and "${Input.PrRules}" is "trust"`;
  return { ignored, why: redact(why) };
}

/** Why Hermes may not run when it cannot run as its own user, or undefined when it may (with a warning). */
function cannotIsolate(mode: IsolationMode, why: string, trigger: GateTrigger): string | undefined {
  if (mode === 'user')
    return `Input "${Input.Isolation}" is "user", but Hermes cannot run as its own user here: ${why}`;
  if (!gated(trigger)) return undefined;
  return `Hermes cannot run as its own user here (${why}), and content from people without write access can reach the prompt on ${trigger.event ? `${trigger.event} events` : 'this event'}, so the agent does not start`;
}

/**
 * On an event people without write access cause, a fenced `allowed-hosts` (the default) needs a fence:
 * the agent's own user and a kernel tool to raise it with. Why it cannot be had, or undefined.
 */
function cannotFence(
  settings: CliSettings,
  isolation: IsolationPlan | undefined,
  host: Ports['isolationHost'],
  trigger: GateTrigger
): string | undefined {
  if (settings.egress.kind !== 'fenced' || !gated(trigger) || !isolation) return undefined;
  const tool = fenceTool(name => host.tool(name));
  const why =
    isolation.kind === 'none'
      ? `Hermes runs as the runner's user (${isolation.why}), whose traffic a fence cannot tell from the action's`
      : 'why' in tool
        ? tool.why
        : undefined;
  if (!why) return undefined;
  return `No egress fence can be raised for the agent here: ${why}; and content from people without write access can reach the prompt on ${trigger.event ? `${trigger.event} events` : 'this event'}, so the agent does not start. Run it as its own user with nftables (or iptables) installed, or set "${Input.AllowedHosts}: *" to say an open network is intended.`;
}

/** `comment: true`: the sticky comment, or none (after a warning) when the event has no issue. */
function stickyComment(
  settings: Settings,
  { redact }: Plan,
  target: CommentTarget | NoTarget,
  out: Ports['out']
): StickyComment | undefined {
  if (!settings.comment.enabled) return undefined;
  return StickyComment.for({
    token: settings.gate.token,
    target,
    redact,
    warn: message => out.warning(redact(message))
  });
}
