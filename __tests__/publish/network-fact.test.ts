/**
 * What the summary says of the agent's network (src/publish/network-fact.ts), rendered with a real
 * GFM implementation: each state's words, the refused block bounded however many destinations an
 * agent makes up, the names it chose inert.
 */
import { describe, expect, test } from '@jest/globals';
import { networkFact, refusedBlock } from '../../src/publish/network-fact.js';
import type { EgressFact } from '../../src/turn/facts.js';
import { all, checkSummaryHtml, renderGfm, tableRows, textOf } from '../helpers/gfm.js';
import { must } from '../helpers/must.js';

const fenced = (over: Partial<EgressFact> = {}): EgressFact => ({
  state: 'fenced',
  via: 'nftables',
  gateway: true,
  hosts: '',
  refused: [],
  proxyRefused: [],
  blocked: 0,
  ...over
});

const rowsOf = (markdown: string): string[][][] =>
  all(checkSummaryHtml(renderGfm(markdown)), 'table').map(t =>
    tableRows(t)
      .slice(1)
      .map(r => r.map(c => textOf(c)))
  );

describe('the Isolation row’s network part', () => {
  test.each([
    [fenced(), 'network: the model gateway only (nftables rules by uid)'],
    [
      fenced({ hosts: 'registry.npmjs.org, *.github.com', blocked: 3 }),
      "network: the model gateway, and registry.npmjs.org, *.github.com through the action's proxy (nftables rules by uid) · 3 refused (listed below)"
    ],
    [
      fenced({ gateway: false, via: 'iptables' }),
      'network: nothing (no model gateway fronted the turn) (iptables rules by uid)'
    ],
    [
      { state: 'open', refused: [], proxyRefused: [], blocked: 0 } as EgressFact,
      'network: open (allowed-hosts: *)'
    ],
    [
      {
        state: 'unfenced',
        why: 'nft: Operation not permitted',
        refused: [],
        proxyRefused: [],
        blocked: 0
      } as EgressFact,
      'network: open, no fence: nft: Operation not permitted'
    ]
  ])('%j', (fact, text) => {
    expect(textOf(checkSummaryHtml(renderGfm(networkFact(fact))))).toBe(text);
  });
});

describe('the refused block', () => {
  test('nothing refused: no block', () => {
    expect(refusedBlock(fenced())).toBeUndefined();
    expect(refusedBlock(undefined)).toBeUndefined();
  });

  test('a flood of made-up destinations: bounded, the proxy’s (others) row kept, what was cut said', () => {
    const refused = Array.from({ length: 120 }, (_, i) => ({
      address: i % 2 ? `10.0.${i}.1` : `fd00::${i.toString(16)}`,
      port: 1000 + i,
      protocol: 'udp',
      count: 120 - i
    }));
    const proxyRefused = [
      ...Array.from({ length: 100 }, (_, i) => ({
        name: `junk${i}.test`,
        port: 443,
        why: 'not-listed',
        count: 2
      })),
      { name: '(others)', port: 0, why: 'not-listed', count: 9 }
    ];
    const blocked = refused.reduce((n, r) => n + r.count, 0) + 209;
    const block = must(refusedBlock(fenced({ refused, proxyRefused, blocked })));
    const [kernel, proxy] = rowsOf(block);
    expect(must(kernel)).toHaveLength(50);
    expect(must(kernel)[0]).toEqual(['[fd00::0]:1000', 'udp', '120']);
    expect(must(proxy)).toHaveLength(51);
    expect(must(proxy).at(-1)).toEqual(['(others)', '0', 'not in allowed-hosts', '9']);
    const text = textOf(checkSummaryHtml(renderGfm(block)));
    expect(text).toContain(`Egress refused (${blocked.toLocaleString('en-US')})`);
    expect(text).toContain('120 more destinations not shown (the most refused are)');
  });

  test('names the agent chose stay inert: no command, tag, link or mention', () => {
    const names = [
      '::error::pwned',
      '<img src=x onerror=alert(1)>',
      '[x](https://evil.test)',
      '@octocat',
      '|a|b|'
    ];
    const block = must(
      refusedBlock(
        fenced({
          proxyRefused: names.map(name => ({ name, port: 443, why: 'not-listed', count: 1 })),
          blocked: names.length
        })
      )
    );
    const html = renderGfm(block);
    const tree = checkSummaryHtml(html);
    expect(all(tree, 'img')).toEqual([]);
    expect(all(tree, 'a')).toEqual([]);
    expect(block).not.toMatch(/^::/m);
    const shown = must(rowsOf(block)[0]).map(r => r[0]?.replaceAll('\u200b', ''));
    expect(shown).toEqual(names);
  });
});
