/**
 * The agent's network in the summary: the Isolation row's `network:` part (what the fence let it
 * reach, or why it was open) and the block of what the fence refused, each destination once. The
 * proxy's names are the agent's words: redacted when they were kept, escaped here, bounded.
 */
import type { EgressFact } from '../turn/facts.js';
import { clip } from '../text/text.js';
import { cell, codeCell, details, number, table } from './markdown.js';

/** Rows shown of each table; the counts above them are whole. */
const ROWS_SHOWN = 50;
const NAME_CHARS = 120;
const WHY_CHARS = 200;
/** The proxy's row for the names past its bound (fence/proxy.ts). */
const OTHERS = '(others)';

const PROXY_WHY: Record<string, string> = {
  'not-listed': 'not in allowed-hosts',
  'ip-literal': 'an IP address, not a name',
  'private-address': 'resolves to a private, loopback or link-local address',
  unresolved: 'does not resolve',
  'sni-mismatch': 'its TLS name is another host',
  'no-sni': 'its TLS hello names no host',
  'host-mismatch': 'its Host header is another host',
  'not-tls-or-http': 'neither TLS nor HTTP',
  'bad-request': 'not a proxy request',
  'upstream-failed': 'the host did not answer'
};

export function networkFact(egress: EgressFact): string {
  const refused =
    egress.blocked > 0 ? ` · **${number.format(egress.blocked)} refused** (listed below)` : '';
  switch (egress.state) {
    case 'fenced': {
      const gateway = egress.gateway ? 'the model gateway' : 'no model gateway';
      const reach = egress.hosts
        ? `${gateway}, and ${codeCell(clip(egress.hosts, WHY_CHARS))} through the action's proxy`
        : egress.gateway
          ? 'the model gateway only'
          : 'nothing (no model gateway fronted the turn)';
      return `network: ${reach} (${egress.via ?? 'kernel'} rules by uid)${refused}`;
    }
    case 'open':
      return 'network: **open** (`allowed-hosts: *`)';
    case 'unfenced':
      return `network: **open**, no fence: ${cell(clip(egress.why ?? 'none could be raised', WHY_CHARS))}`;
  }
}

/** What the fence refused, or undefined when it refused nothing. */
export function refusedBlock(egress: EgressFact | undefined): string | undefined {
  if (!egress || egress.blocked === 0) return undefined;
  const parts: string[] = [];
  if (egress.refused.length > 0)
    parts.push(
      table(
        ['Destination', 'Protocol', 'Times'],
        ['l', 'l', 'r'],
        egress.refused
          .slice(0, ROWS_SHOWN)
          .map(r => [
            codeCell(
              r.address.includes(':') ? `[${r.address}]:${r.port}` : `${r.address}:${r.port}`
            ),
            codeCell(r.protocol),
            number.format(r.count)
          ])
      )
    );
  // The proxy's row of the names past its own bound stays in sight whatever was cut here.
  const others = egress.proxyRefused.filter(r => r.name === OTHERS);
  const named = egress.proxyRefused.filter(r => r.name !== OTHERS);
  if (egress.proxyRefused.length > 0)
    parts.push(
      table(
        ['Name asked for', 'Port', 'Why', 'Times'],
        ['l', 'r', 'l', 'r'],
        [...named.slice(0, ROWS_SHOWN), ...others].map(r => [
          codeCell(clip(r.name, NAME_CHARS)),
          String(r.port),
          cell(PROXY_WHY[r.why] ?? r.why),
          number.format(r.count)
        ])
      )
    );
  const shown = egress.refused.length + egress.proxyRefused.length;
  const cut =
    Math.max(0, egress.refused.length - ROWS_SHOWN) + Math.max(0, named.length - ROWS_SHOWN);
  // An agent can refuse itself junk to push a destination out of sight: the counts say so.
  const more =
    cut > 0
      ? `\n\n_${number.format(cut)} more destination${cut === 1 ? '' : 's'} not shown (the most refused are); the total above counts every one._`
      : '';
  const kernelOnly =
    shown === 0
      ? `${number.format(egress.blocked)} packets refused; ${egress.via === 'iptables' ? 'iptables counts them but does not record where they went' : 'their destinations were not recorded'}.`
      : '';
  return details(
    `Egress refused (${number.format(egress.blocked)})`,
    [kernelOnly, ...parts].filter(Boolean).join('\n\n') + more
  );
}
