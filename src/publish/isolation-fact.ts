/** The summary's Isolation row: which user Hermes ran as (or why not its own), what was ended after it. */
import type { IsolationFact } from '../turn/facts.js';
import { cell, codeCell } from './markdown.js';
import { networkFact } from './network-fact.js';

export function isolationFact(fact: IsolationFact): string {
  const parts = fact.user
    ? [
        `${codeCell(fact.user)} (uid ${fact.uid}, ${fact.via === 'sudo' ? 'through sudo' : 'the action is root'})`,
        `${fact.ended ?? 0} process${fact.ended === 1 ? '' : 'es'} of it ended after Hermes`
      ]
    : [`**none**: ${cell(fact.why ?? 'not isolated')}`];
  if (fact.egress) parts.push(networkFact(fact.egress));
  if (fact.credential)
    parts.push(
      `**the checkout's git credential (${codeCell(fact.credential)}) was readable by the agent**: set \`persist-credentials: false\` on actions/checkout`
    );
  return parts.join(' · ');
}
