/** The summary's model-gateway parts: the run table's row, the bounded "Model calls" block, the credentials held. */
import type { GatewayFact, ModelCallFact } from '../turn/facts.js';
import { formatCost } from '../turn/session-usage.js';
import { clip, formatMs } from '../text/text.js';
import { cell, codeCell, details, number, table } from './markdown.js';

/** At most this many calls get a row; the rest are counted. */
export const MODEL_CALL_ROWS = 50;
const MODEL_CHARS = 80;
const HELD_CHARS = 120;
const HELD_SHOWN = 10;

/** The tries the gateway sent upstream for a call: the first and each retry; none for one it refused. */
const attemptsOf = (call: ModelCallFact): number => (call.refused ? 0 : call.retries + 1);

/** The run table's row: calls, the attempts upstream, and the cost the provider reported live. */
export function modelCallsFact(fact: GatewayFact): string {
  const refused = fact.calls.filter(c => c.refused).length;
  const attempts = fact.calls.length - refused + fact.retries;
  const parts = [
    `${number.format(fact.calls.length)} call${fact.calls.length === 1 ? '' : 's'}`,
    `${number.format(attempts)} attempt${attempts === 1 ? '' : 's'}`,
    `${number.format(fact.tokens)} tokens`,
    fact.costUsd !== undefined && fact.costLive
      ? `${formatCost(fact.costUsd)} live`
      : 'cost not reported live'
  ];
  if (refused > 0) parts.push(`**${number.format(refused)} refused**`);
  if (fact.pastFence)
    parts.push(
      `**${number.format(fact.pastFence)} refused for reaching past the egress fence** (the log says what)`
    );
  if (fact.stopped)
    parts.push(
      `**stopped by \`${fact.stopped.budget}\`: ${fact.stopped.figure} of ${fact.stopped.limit}**`
    );
  return parts.join(' · ');
}

/** The "Model calls" block: one row a call, the first MODEL_CALL_ROWS of them, the rest counted. */
export function modelCallsBlock(fact: GatewayFact | undefined): string | undefined {
  if (!fact || fact.calls.length === 0) return undefined;
  const shown = fact.calls.slice(0, MODEL_CALL_ROWS);
  const rows = shown.map((c, i) => [
    number.format(i + 1),
    c.model !== undefined ? codeCell(clip(c.model, MODEL_CHARS)) : '–',
    statusOf(c),
    number.format(c.tokensIn),
    number.format(c.tokensOut),
    c.costUsd !== undefined ? formatCost(c.costUsd) : '–',
    formatMs(c.latencyMs),
    number.format(attemptsOf(c))
  ]);
  const header = ['#', 'model', 'status', 'tokens in', 'tokens out', 'cost', 'latency', 'attempts'];
  const left = fact.calls.length - shown.length;
  const more = left > 0 ? `\n\n_${number.format(left)} more calls not shown._` : '';
  return details(
    `Model calls (${number.format(fact.calls.length)})`,
    table(header, ['r', 'l', 'l', 'r', 'r', 'r', 'r', 'r'], rows) + more
  );
}

/** What the Isolation row adds: the credentials the agent still held. */
export function heldFact(held: readonly string[] | undefined): string | undefined {
  if (!held || held.length === 0) return undefined;
  const names = held.slice(0, HELD_SHOWN).map(h => cell(clip(h, HELD_CHARS)));
  const more = held.length > HELD_SHOWN ? ` and ${held.length - HELD_SHOWN} more` : '';
  return `**the agent held: ${names.join(', ')}${more}**`;
}

function statusOf(call: ModelCallFact): string {
  if (call.refused) return `${call.status} (refused: budget)`;
  return String(call.status);
}
