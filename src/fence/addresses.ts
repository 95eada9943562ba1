/**
 * Which addresses the egress proxy never connects to, whatever a listed name resolves to: this
 * machine, the LAN, link-local and the cloud's metadata service, CGNAT, multicast, documentation
 * ranges, and their IPv4 carried inside IPv6 (v4-mapped, NAT64, 6to4, IPv4-compatible); and the
 * numeric spellings of an address that are literals, not names.
 */
import * as net from 'node:net';

/** Where no name of the open internet points: this machine, the LAN, the cloud's metadata service. */
const V4_REFUSED: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4]
];
const V6_REFUSED: readonly (readonly [string, number])[] = [
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d, which a sit tunnel may still route.
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['fec0::', 10],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32]
];
const v4Refused = new net.BlockList();
for (const [address, prefix] of V4_REFUSED) v4Refused.addSubnet(address, prefix, 'ipv4');
const v6Refused = new net.BlockList();
for (const [address, prefix] of V6_REFUSED) v6Refused.addSubnet(address, prefix, 'ipv6');

/** Whether an address lies in a refused range, an IPv4 one carried inside IPv6 included. */
export function refusedAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 4) return v4Refused.check(bare, 'ipv4');
  if (family !== 6) return true;
  const embedded = embeddedIpv4(ipv6Groups(bare));
  return (
    (embedded !== undefined && v4Refused.check(embedded, 'ipv4')) || v6Refused.check(bare, 'ipv6')
  );
}

/** The eight 16-bit groups of an address net.isIP calls IPv6. */
function ipv6Groups(address: string): number[] {
  const hex = address.replace(
    /(\d+)\.(\d+)\.(\d+)\.(\d+)$/,
    (_, a: string, b: string, c: string, d: string) =>
      `${(Number(a) * 256 + Number(b)).toString(16)}:${(Number(c) * 256 + Number(d)).toString(16)}`
  );
  const [head = '', tail] = hex.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const zeros: string[] = Array.from({ length: 8 - before.length - after.length }, () => '0');
  return [...before, ...zeros, ...after].map(g => parseInt(g, 16));
}

/** The IPv4 address a v4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) one reaches. */
function embeddedIpv4(g: number[]): string | undefined {
  const v4 = (high = 0, low = 0): string => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  if (g.slice(0, 5).every(x => x === 0) && g[5] === 0xffff) return v4(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every(x => x === 0)) return v4(g[6], g[7]);
  if (g[0] === 0x2002) return v4(g[1], g[2]);
  return undefined;
}

/** The forms inet_aton reads as an address (`2130706433`, `0x7f.1`): literals, not names. */
export const NUMERIC_HOST = /^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+))*$/;
