// The owner check's look-up as it was until the table was read off the event loop (commit 23af078,
// src/gateway/loopback-owner.ts `peerOwner` with its default tables), in plain JavaScript: both
// tables read with readFileSync and scanned whole in one go. Kept only as the "before" column of
// scripts/bench-socket-table.mjs; the gateway uses lookUpPeerOwner.
import * as fs from 'node:fs';
import { endianness } from 'node:os';

/** The uid owning the socket at the other end of a connection; `unknown`; undefined: not shown. */
export function peerOwnerSync(socket, tables = readTables()) {
  const { localAddress, localPort, remoteAddress, remotePort } = socket;
  if (!localAddress || !localPort || !remoteAddress || !remotePort) return undefined;
  const near = endpoint(remoteAddress, remotePort);
  const far = endpoint(localAddress, localPort);
  let closed = false;
  const candidates = [];
  const sharing = new Set();
  for (const table of tables)
    for (const line of table.split('\n').slice(1)) {
      const [, localField, remoteField, state, , , , uid] = line.trim().split(/\s+/);
      if (localField === undefined || remoteField === undefined || uid === undefined) continue;
      const local = decoded(localField);
      const remote = decoded(remoteField);
      if (local === far && remote !== near && remote !== undefined) sharing.add(remote);
      if (remote !== far || local === undefined) continue;
      if (local === near) {
        if (state !== '06') return Number(uid);
        closed = true;
      } else if (local !== far && ['01', '04', '05'].includes(state ?? ''))
        candidates.push([local, Number(uid)]);
    }
  if (closed) return 'unknown';
  const redirected = new Set(candidates.filter(([local]) => !sharing.has(local)).map(([, u]) => u));
  if (redirected.size === 0) return undefined;
  return redirected.size === 1 ? [...redirected][0] : 'unknown';
}

function* readTables() {
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    try {
      yield fs.readFileSync(file, 'utf8');
    } catch {
      // No such table (no IPv6): nothing of it to find.
    }
}

function endpoint(address, port) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return `${mapped[1]}:${port}`;
  if (!address.includes(':')) return `${address}:${port}`;
  const bare = address.replace(/%.*$/, '');
  return URL.canParse(`http://[${bare}]`)
    ? `${new URL(`http://[${bare}]`).hostname}:${port}`
    : `${bare.toLowerCase()}:${port}`;
}

function decoded(field) {
  const [hex, portHex] = field.split(':');
  if (!hex || !portHex || !/^[0-9A-F]+$/i.test(hex)) return undefined;
  const bytes = [];
  const order = endianness() === 'LE' ? [6, 4, 2, 0] : [0, 2, 4, 6];
  for (let word = 0; word < hex.length; word += 8)
    for (const b of order) bytes.push(parseInt(hex.slice(word + b, word + b + 2), 16));
  const port = parseInt(portHex, 16);
  const v4 = at => bytes.slice(at, at + 4).join('.');
  if (bytes.length === 4) return `${v4(0)}:${port}`;
  if (bytes.length !== 16) return undefined;
  if (bytes.slice(0, 10).every(b => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff)
    return `${v4(12)}:${port}`;
  const groups = [];
  for (let g = 0; g < 16; g += 2)
    groups.push((((bytes[g] ?? 0) << 8) | (bytes[g + 1] ?? 0)).toString(16));
  return endpoint(groups.join(':'), port);
}
