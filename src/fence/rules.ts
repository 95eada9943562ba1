/**
 * The egress fence's kernel rules, as text and argv (pure): every packet a socket of the agent's uid
 * sends goes through a chain of the action's own, which accepts only TCP to the loopback ports named
 * (the model gateway, the egress proxy) and rejects the rest, v4 and v6, any protocol. nftables
 * records each refused destination in a dynamic set with a counter (bounded, in the kernel, no log to
 * parse); iptables, where nft is missing, counts only.
 *
 * Matched by `meta skuid` from the output hook's own base chain: a packet with no socket (a reset
 * the kernel sends) never matches, and rules of the runner or of other jobs are not touched.
 * Rejected, not dropped: a refused TCP connect ends at once (a reset), UDP's send fails (EPERM), so a
 * fenced agent gets an error instead of a two-minute hang.
 */

export interface FenceSpec {
  /** The agent's uid. */
  uid: number;
  /** Names the run's own table (nft) or chain (iptables): `hermes_fence_<hex>`. */
  name: string;
  /** TCP ports on 127.0.0.1 the agent may reach. */
  ports: readonly number[];
}

/** How many distinct refused destinations the kernel keeps per family (more are counted only). */
export const SET_SIZE = 1024;

/** Protocols with ports, read with nft's transport-header match. */
const PORTED = '{ tcp, udp, udplite, sctp, dccp }';

/** The run's whole nftables table, loaded in one transaction (`nft -f -`). */
export function nftRuleset({ uid, name, ports }: FenceSpec): string {
  const set = (family: 'ipv4_addr' | 'ipv6_addr'): string =>
    `type ${family} . inet_proto . inet_service; size ${SET_SIZE}; flags dynamic; counter;`;
  const allow =
    ports.length > 0
      ? [`oifname "lo" ip daddr 127.0.0.1 tcp dport { ${ports.join(', ')} } accept`]
      : [];
  return [
    `table inet ${name} {`,
    `  set refused4 { ${set('ipv4_addr')} }`,
    `  set refused6 { ${set('ipv6_addr')} }`,
    '  chain output {',
    '    type filter hook output priority filter; policy accept;',
    `    meta skuid ${uid} jump agent`,
    '  }',
    '  chain agent {',
    ...allow.map(rule => `    ${rule}`),
    `    meta nfproto ipv4 meta l4proto ${PORTED} update @refused4 { ip daddr . meta l4proto . th dport }`,
    `    meta nfproto ipv6 meta l4proto ${PORTED} update @refused6 { ip6 daddr . meta l4proto . th dport }`,
    `    meta nfproto ipv4 meta l4proto != ${PORTED} update @refused4 { ip daddr . meta l4proto . 0 }`,
    `    meta nfproto ipv6 meta l4proto != ${PORTED} update @refused6 { ip6 daddr . meta l4proto . 0 }`,
    '    meta l4proto tcp counter reject with tcp reset',
    '    counter reject with icmpx admin-prohibited',
    '  }',
    '}',
    ''
  ].join('\n');
}

/** One destination the kernel refused, and how many packets it refused to it. */
export interface KernelRefusal {
  address: string;
  /** 0 where the protocol has no ports. */
  port: number;
  protocol: string;
  count: number;
}

/** The refused sets of `nft -j list table inet <name>`; anything else in the JSON is passed over. */
export function refusalsOfNftJson(json: string): { refused: KernelRefusal[]; total: number } {
  const refused: KernelRefusal[] = [];
  let total = 0;
  const items = (JSON.parse(json) as { nftables?: unknown[] }).nftables ?? [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const { set, rule } = item;
    if (isRecord(set) && Array.isArray(set.elem))
      for (const e of set.elem) {
        const elem = isRecord(e) && isRecord(e.elem) ? e.elem : undefined;
        const concat = elem && isRecord(elem.val) ? elem.val.concat : undefined;
        const counter = elem && isRecord(elem.counter) ? elem.counter : undefined;
        if (!Array.isArray(concat) || concat.length !== 3) continue;
        const [address, protocol, port] = concat as unknown[];
        refused.push({
          address: String(address),
          protocol: String(protocol),
          port: Number(port) || 0,
          count: Number(counter?.packets) || 0
        });
      }
    // The reject rules' counters: every refused packet, those past the sets' size included.
    if (isRecord(rule) && Array.isArray(rule.expr))
      for (const expr of rule.expr)
        if (isRecord(expr) && isRecord(expr.counter)) total += Number(expr.counter.packets) || 0;
  }
  refused.sort((a, b) => b.count - a.count || a.address.localeCompare(b.address));
  return { refused, total };
}

/** The iptables (or ip6tables) commands that raise the fence, in order; `-w` waits for the lock. */
export function iptablesRaise({ uid, name, ports }: FenceSpec, family: 4 | 6): string[][] {
  const chain = iptablesChain(name);
  const accept =
    family === 4 && ports.length > 0
      ? [
          [
            '-w',
            '-A',
            chain,
            '-o',
            'lo',
            '-d',
            '127.0.0.1',
            '-p',
            'tcp',
            '-m',
            'multiport',
            '--dports',
            ports.join(','),
            '-j',
            'ACCEPT'
          ]
        ]
      : [];
  const unreachable = family === 4 ? 'icmp-admin-prohibited' : 'icmp6-adm-prohibited';
  return [
    ['-w', '-N', chain],
    ...accept,
    ['-w', '-A', chain, '-p', 'tcp', '-j', 'REJECT', '--reject-with', 'tcp-reset'],
    ['-w', '-A', chain, '-j', 'REJECT', '--reject-with', unreachable],
    ['-w', '-I', 'OUTPUT', '1', '-m', 'owner', '--uid-owner', String(uid), '-j', chain]
  ];
}

/** The commands that take it down again; each is tried whatever the one before it did. */
export function iptablesLower({ uid, name }: FenceSpec): string[][] {
  const chain = iptablesChain(name);
  return [
    ['-w', '-D', 'OUTPUT', '-m', 'owner', '--uid-owner', String(uid), '-j', chain],
    ['-w', '-F', chain],
    ['-w', '-X', chain]
  ];
}

/** iptables chain names are at most 28 characters, upper case by custom. */
export function iptablesChain(name: string): string {
  return name.toUpperCase().slice(0, 28);
}

/** The packets the REJECT rules of `iptables -w -L <chain> -v -x -n` counted. */
export function rejectedOfIptables(listing: string): number {
  let total = 0;
  for (const line of listing.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields[2] === 'REJECT') total += Number(fields[0]) || 0;
  }
  return total;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
