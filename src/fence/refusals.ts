/**
 * What the egress proxy refused, each distinct (name, port, why) once with its count, bounded: the
 * names are the agent's words, so a row shows them cut, lower-cased, with no control character left.
 */

export type RefusalWhy =
  | 'not-listed'
  | 'ip-literal'
  | 'private-address'
  | 'unresolved'
  | 'sni-mismatch'
  | 'no-sni'
  | 'host-mismatch'
  | 'not-tls-or-http'
  | 'bad-request'
  | 'upstream-failed';

export interface ProxyRefusal {
  name: string;
  port: number;
  why: RefusalWhy;
  count: number;
}

const MAX_ROWS = 100;
const MAX_NAME = 253;

/** A name from the agent as a row shows it: bounded, lower case, no control character left live. */
export function shown(name: string): string {
  const lower = name.toLowerCase();
  let text = '';
  for (let i = 0; i < lower.length && i < MAX_NAME; i++) {
    const code = lower.charCodeAt(i);
    text += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? '?' : lower[i];
  }
  return text;
}

/** Each distinct (name, port, why) once, so an agent asking a thousand times is one row. */
export class Refusals {
  private readonly rows = new Map<string, ProxyRefusal>();
  private othersCount = 0;
  private readonly othersWhy = new Map<RefusalWhy, number>();

  add(asked: string, port: number, why: RefusalWhy): void {
    const name = shown(asked);
    const key = JSON.stringify([name, port, why]);
    const row = this.rows.get(key);
    if (row) row.count++;
    else if (this.rows.size < MAX_ROWS) this.rows.set(key, { name, port, why, count: 1 });
    else {
      this.othersCount++;
      this.othersWhy.set(why, (this.othersWhy.get(why) ?? 0) + 1);
    }
  }

  list(): ProxyRefusal[] {
    const rows = [...this.rows.values()].map(r => ({ ...r })).sort((a, b) => b.count - a.count);
    if (this.othersCount === 0) return rows;
    // The row's why is the one most of the rest had: one row, and a reason a reader can act on.
    const [[why]] = [...this.othersWhy].sort((a, b) => b[1] - a[1]) as [[RefusalWhy, number]];
    return [...rows, { name: '(others)', port: 0, why, count: this.othersCount }];
  }
}
