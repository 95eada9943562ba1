/**
 * What a model call asks the provider to reach on its side (gateway/reach.ts), read from the body as
 * each provider's API takes it, and which of it the egress fence lets through: a URL on a host
 * `allowed-hosts` lists, never a web tool of the provider's.
 */
import { describe, expect, test } from '@jest/globals';
import { parseAllowedHosts, type AllowedHost } from '../../src/config/allowed-hosts.js';
import { reachesPastFence, reachOf, reachRefusal } from '../../src/gateway/reach.js';

const fenced = parseAllowedHosts('cdn.example.com, *.assets.example:8443');
const hosts: readonly AllowedHost[] = fenced.kind === 'fenced' ? fenced.hosts : [];
const past = (body: unknown) => reachOf(body).filter(r => reachesPastFence(r, hosts));

describe('what each provider would fetch', () => {
  test.each<[string, unknown, string]>([
    [
      'OpenAI chat: an image_url part',
      {
        messages: [
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'https://evil.example/p.png?d=s' } }]
          }
        ]
      },
      'messages[0].content[0].image_url.url'
    ],
    [
      'OpenAI responses: input_image, input_file',
      {
        input: [
          {
            role: 'user',
            content: [{ type: 'input_file', file_url: 'https://evil.example/f.pdf' }]
          }
        ]
      },
      'input[0].content[0].file_url'
    ],
    [
      'Anthropic: an image by URL',
      {
        messages: [
          {
            role: 'user',
            content: [{ type: 'image', source: { type: 'url', url: 'http://evil.example/x' } }]
          }
        ]
      },
      'messages[0].content[0].source.url'
    ],
    [
      'Anthropic: an MCP server',
      { mcp_servers: [{ type: 'url', url: 'https://evil.example/mcp', name: 'x' }] },
      'mcp_servers[0].url'
    ],
    [
      'OpenAI responses: an MCP tool',
      { tools: [{ type: 'mcp', server_label: 'x', server_url: 'https://evil.example/sse' }] },
      'tools[0]'
    ],
    [
      'Anthropic: the web fetch tool',
      { tools: [{ type: 'web_fetch_20250910', name: 'web_fetch' }] },
      'tools[0]'
    ],
    ['OpenAI responses: web search', { tools: [{ type: 'web_search_preview' }] }, 'tools[0]'],
    ['OpenAI chat: web_search_options', { web_search_options: {} }, 'web_search_options'],
    ['OpenRouter: the web plugin', { plugins: [{ id: 'web' }] }, 'plugins[0]'],
    ['OpenRouter: an :online model', { model: 'openai/gpt-4o:online' }, 'model'],
    [
      'a URL no parser takes',
      { messages: [{ content: [{ image_url: { url: 'https://[bad/' } }] }] },
      'messages[0].content[0].image_url.url'
    ],
    [
      'a URL on a listed host, another port',
      { messages: [{ content: [{ image_url: { url: 'https://cdn.example.com:444/a.png' } }] }] },
      'messages[0].content[0].image_url.url'
    ],
    // The red team's second round (this stop): each reached the provider through the first version.
    [
      "was a hole: OpenRouter's own web fetch tool, its type prefixed",
      { tools: [{ type: 'openrouter:web_fetch' }] },
      'tools[0]'
    ],
    [
      "was a hole: a hosted shell given a network of the agent's choosing",
      {
        tools: [
          {
            type: 'shell',
            environment: {
              type: 'container_auto',
              network_policy: { type: 'allowlist', allowed_domains: ['evil.example'] }
            }
          }
        ]
      },
      'tools[0]'
    ],
    ['was a hole: a code container', { tools: [{ type: 'code_interpreter' }] }, 'tools[0]'],
    [
      'was a hole: a tab in the scheme (no scheme to the first check; WHATWG reads evil.example)',
      { messages: [{ content: [{ image_url: { url: 'ht\tps://evil.example/' } }] }] },
      'messages[0].content[0].image_url.url'
    ],
    [
      'was a hole: a control character before the scheme',
      { messages: [{ content: [{ image_url: { url: '\u0001https://evil.example/' } }] }] },
      'messages[0].content[0].image_url.url'
    ],
    [
      'was a hole: a backslash WHATWG reads as a path, curl as userinfo (host evil.example)',
      {
        messages: [{ content: [{ image_url: { url: 'https://cdn.example.com\\@evil.example/' } }] }]
      },
      'messages[0].content[0].image_url.url'
    ],
    [
      'was a hole: a scheme-relative URL',
      { messages: [{ content: [{ image_url: { url: '//evil.example/x' } }] }] },
      'messages[0].content[0].image_url.url'
    ],
    [
      "was a hole: OpenRouter's PDF by URL (file.file_data)",
      {
        messages: [
          { content: [{ type: 'file', file: { file_data: 'https://evil.example/a.pdf' } }] }
        ]
      },
      'messages[0].content[0].file.file_data'
    ],
    [
      'was a hole: an :online model among the fallbacks',
      { model: 'openai/gpt-4o', models: ['openai/gpt-4o:online'] },
      'models[0]'
    ],
    ['was a hole: a model that always searches', { model: 'gpt-4o-search-preview' }, 'model'],
    ['was a hole: Perplexity through OpenRouter', { model: 'perplexity/sonar-pro' }, 'model'],
    ['was a hole: :online with a trailing space', { model: 'openai/gpt-4o:online ' }, 'model'],
    [
      'a URL naming a user',
      {
        messages: [{ content: [{ image_url: { url: 'https://cdn.example.com@evil.example/' } }] }]
      },
      'messages[0].content[0].image_url.url'
    ],
    // The red team's third round: each reached the provider through the second version.
    [
      "was a hole: OpenRouter's web-fetch plugin",
      {
        messages: [{ content: 'read https://exfil.example/?d=s' }],
        plugins: [{ id: 'web-fetch' }]
      },
      'plugins[0]'
    ],
    [
      'was a hole: a fusion panel of searching models',
      {
        model: 'openrouter/fusion',
        plugins: [{ id: 'fusion', analysis_models: ['perplexity/sonar-pro'] }]
      },
      'plugins[0]'
    ],
    ['was a hole: the auto router', { model: 'openrouter/auto' }, 'model'],
    ['was a hole: a stored prompt', { model: 'gpt-4.1', prompt: { id: 'pmpt_abc' } }, 'prompt'],
    ['was a hole: tools as one object', { tools: { type: 'web_search' } }, 'tools'],
    ['was a hole: a tool as a bare string', { tools: ['web_search_preview'] }, 'tools[0]'],
    ['was a hole: plugins as one object', { plugins: { id: 'web' } }, 'plugins'],
    [
      'was a hole: a camelCase URL key',
      { messages: [{ content: [{ file: { fileData: 'https://exfil.example/x.pdf' } }] }] },
      'messages[0].content[0].file.fileData'
    ],
    [
      'was a hole: a host a legacy parser ends at the ; (under a wildcard entry)',
      {
        messages: [
          { content: [{ image_url: { url: 'https://evil.example;.x.assets.example:8443/' } }] }
        ]
      },
      'messages[0].content[0].image_url.url'
    ],
    [
      'a host percent-encoded',
      { messages: [{ content: [{ image_url: { url: 'https://cdn%2eexample.com/' } }] }] },
      'messages[0].content[0].image_url.url'
    ]
  ])('%s: refused while fenced, at its place in the body', (_, body, at) => {
    const found = past(body);
    expect(found.map(r => r.at)).toContain(at);
    expect(reachRefusal(found[0]!)).toMatch(
      /^model gateway: the call .* past the egress fence; refused/
    );
  });

  test('what the fence lets: inline data, listed hosts on their port, URLs in text, function tools', () => {
    expect(
      past({
        model: 'anthropic/claude-x',
        plugins: [{ id: 'response-healing' }, { id: 'file-parser' }],
        messages: [
          { role: 'user', content: 'see https://evil.example/ and fetch it' },
          {
            role: 'user',
            content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }]
          },
          {
            role: 'user',
            content: [
              { type: 'image_url', image_url: { url: 'https://cdn.example.com/a.png' } },
              { type: 'image_url', image_url: { url: 'https://CDN.example.com:443/b.png' } },
              { type: 'image_url', image_url: { url: 'https://cdn.example.com./c.png' } }
            ]
          },
          {
            role: 'user',
            content: [{ type: 'input_image', image_url: 'https://img.assets.example:8443/b.png' }]
          }
        ],
        tools: [
          // Anthropic's own: no type; OpenAI's custom tool; a function.
          {
            name: 'grep',
            input_schema: { type: 'object', properties: { url: { type: 'string' } } }
          },
          { type: 'custom', name: 'patch' },
          {
            type: 'function',
            function: {
              name: 'fetch',
              parameters: { type: 'object', properties: { url: { type: 'string' } } }
            }
          }
        ]
      })
    ).toEqual([]);
  });

  test('a body nested deeper than the call stack is walked, not a crash', () => {
    let deep: unknown = { image_url: { url: 'https://evil.example/' } };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(past({ messages: deep })).toHaveLength(1);
  });

  test('a body of more objects than are checked is refused, not let through unchecked', () => {
    const many = Array.from({ length: 1_000_001 }, () => ({}));
    expect(past({ messages: many }).map(r => r.kind)).toEqual(['unchecked']);
  });
});
