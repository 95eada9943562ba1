/**
 * The egress fence of one run: raised for the agent's uid before Hermes starts, lowered in the same
 * release that removes the user. The kernel's rules (rules.ts) let that uid reach the model gateway's
 * loopback port and, when `allowed-hosts` lists names, the egress proxy's (proxy.ts), and nothing else;
 * lower() reads what they refused before it takes them away. Who raises gives back: a failure half-way
 * is undone here.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { hostsText, type AllowedHost } from '../config/allowed-hosts.js';
import type { EgressFact } from '../turn/facts.js';
import { messageOf } from '../text/errors.js';
import { startEgressProxy, type EgressProxy } from './proxy.js';
import {
  iptablesChain,
  iptablesLower,
  iptablesRaise,
  nftRuleset,
  refusalsOfNftJson,
  rejectedOfIptables,
  type FenceSpec
} from './rules.js';

/** A command run as root: its stdout; throws naming the command when it fails. */
export type Admin = (file: string, args: string[]) => string;

export interface RaiseOptions {
  /** The agent's uid, and its user's name (`hermes-agent-<hex>`: the table is named after it). */
  uid: number;
  user: string;
  /** The model gateway's loopback port, when one fronts the turn. */
  gatewayPort?: number;
  /** `allowed-hosts`: the names the proxy lets through (none: no proxy is started). */
  hosts: readonly AllowedHost[];
  /** `HERMES_ACTION_RESOLVE`: names the workflow pins to addresses (config/allowed-hosts.ts). */
  pinned?: ReadonlyMap<string, readonly string[]>;
  admin: Admin;
  /** A system tool's full path, or undefined. */
  tool(name: string): string | undefined;
}

/** Why the fence could not be raised: the caller decides whether the agent may start without it. */
export class FenceError extends Error {}

/** The run's own table (nft) or chain (iptables), named after its agent user: `hermes_fence_<hex>`. */
export function fenceName(user: string): string {
  return `hermes_fence_${(user.split('-').at(-1) ?? '').replace(/[^a-z0-9]/gi, '')}`;
}

/** Which of the kernel's tools raises the fence here, or undefined (and why) when none can. */
export function fenceTool(
  tool: (name: string) => string | undefined
): { nft: string } | { iptables: string; ip6tables: string } | { why: string } {
  const nft = tool('nft');
  if (nft) return { nft };
  const iptables = tool('iptables');
  const ip6tables = tool('ip6tables');
  if (iptables && ip6tables) return { iptables, ip6tables };
  return {
    why: iptables
      ? 'nft is not installed and ip6tables is missing (IPv6 would stay open)'
      : 'neither nft (nftables) nor iptables is installed'
  };
}

export class EgressFence {
  private lowered?: Promise<EgressFact>;

  private constructor(
    private readonly spec: FenceSpec,
    private readonly via: { nft: string } | { iptables: string; ip6tables: string },
    private readonly admin: Admin,
    private readonly hosts: readonly AllowedHost[],
    private readonly proxy: EgressProxy | undefined,
    private readonly gatewayOpen: boolean
  ) {}

  /** The kernel tool its rules are in (what the post step takes down, should the action die). */
  get tool(): 'nft' | 'iptables' {
    return 'nft' in this.via ? 'nft' : 'iptables';
  }

  /** The proxy variables the agent gets (none without a list): its clients ask the proxy for names. */
  get env(): Record<string, string> {
    if (!this.proxy) return {};
    const url = `http://127.0.0.1:${this.proxy.port}`;
    return { HTTPS_PROXY: url, https_proxy: url, HTTP_PROXY: url, http_proxy: url };
  }

  /** Starts the proxy (for a list) and loads the rules; on a failure, both undone and a FenceError thrown. */
  static async raise(options: RaiseOptions): Promise<EgressFence> {
    const via = fenceTool(options.tool);
    if ('why' in via) throw new FenceError(via.why);
    const proxy =
      options.hosts.length > 0
        ? await startEgressProxy({ hosts: options.hosts, pinned: options.pinned })
        : undefined;
    const spec: FenceSpec = {
      uid: options.uid,
      name: fenceName(options.user),
      ports: [options.gatewayPort, proxy?.port].filter((p): p is number => p !== undefined)
    };
    const fence = new EgressFence(
      spec,
      via,
      options.admin,
      options.hosts,
      proxy,
      options.gatewayPort !== undefined
    );
    try {
      fence.load();
      return fence;
    } catch (error) {
      await fence.lower();
      throw new FenceError(messageOf(error));
    }
  }

  private load(): void {
    if ('nft' in this.via) {
      // A table of its own, in one transaction: all of it holds, or none of it was loaded.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-fence-'));
      const file = path.join(dir, 'fence.nft');
      try {
        fs.writeFileSync(file, nftRuleset(this.spec), { mode: 0o600 });
        this.admin(this.via.nft, ['-f', file]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      return;
    }
    for (const [tool, family] of [
      [this.via.iptables, 4],
      [this.via.ip6tables, 6]
    ] as const)
      for (const args of iptablesRaise(this.spec, family)) this.admin(tool, args);
  }

  /**
   * Reads what was refused, removes the rules and closes the proxy; once, never throwing: what could
   * not be removed is in the fact's `failed`. Called after every process of the agent has ended.
   */
  lower(): Promise<EgressFact> {
    return (this.lowered ??= this.takeDown());
  }

  private async takeDown(): Promise<EgressFact> {
    const failed: string[] = [];
    let refused: EgressFact['refused'] = [];
    let packets = 0;
    if ('nft' in this.via) {
      const table = ['inet', this.spec.name];
      try {
        ({ refused, total: packets } = refusalsOfNftJson(
          this.admin(this.via.nft, ['-j', 'list', 'table', ...table])
        ));
      } catch {
        // Not loaded (a failed raise), or unreadable: nothing to count.
      }
      try {
        if (this.listed(table)) this.admin(this.via.nft, ['delete', 'table', ...table]);
      } catch (error) {
        failed.push(messageOf(error));
      }
    } else {
      for (const tool of [this.via.iptables, this.via.ip6tables]) {
        try {
          packets += rejectedOfIptables(
            this.admin(tool, ['-w', '-L', iptablesChain(this.spec.name), '-v', '-x', '-n'])
          );
        } catch {
          // Not made: nothing to count.
        }
        for (const args of iptablesLower(this.spec))
          try {
            this.admin(tool, args);
          } catch {
            // Not made (a failed raise): checked below.
          }
        if (this.iptablesLeft(tool)) failed.push(`${path.basename(tool)} still has its chain`);
      }
    }
    await this.proxy?.close().catch((error: unknown) => failed.push(messageOf(error)));
    const proxyRefused = this.proxy?.refusals() ?? [];
    return {
      state: 'fenced',
      via: 'nft' in this.via ? 'nftables' : 'iptables',
      gateway: this.gatewayOpen,
      hosts: hostsText(this.hosts),
      refused,
      proxyRefused,
      blocked: packets + proxyRefused.reduce((n: number, r: { count: number }) => n + r.count, 0),
      ...(failed.length > 0 && { failed: failed.join('; ') })
    };
  }

  private listed(table: string[]): boolean {
    const nft = (this.via as { nft: string }).nft;
    return this.admin(nft, ['list', 'tables'])
      .split('\n')
      .includes(`table ${table.join(' ')}`);
  }

  private iptablesLeft(tool: string): boolean {
    try {
      this.admin(tool, ['-w', '-L', iptablesChain(this.spec.name), '-n']);
      return true;
    } catch {
      return false;
    }
  }
}
