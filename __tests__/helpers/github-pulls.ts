/**
 * A loopback stand-in for the pull request calls of the review and the labels: the pull request
 * (`GET /repos/{o}/{r}/pulls/{n}`, its head), its files (paginated, with a Link header), its reviews
 * (list, create) and `POST /repos/{o}/{r}/issues/{n}/labels`. Every request it receives and every answer
 * it gives is checked against GitHub's OpenAPI description (helpers/openapi.ts): `problems` lists what
 * the real API would have rejected or never said.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { components } from '@octokit/openapi-types';
import { example, requestProblems, responseProblems } from './openapi.js';
import { must } from './must.js';

type DiffEntry = components['schemas']['diff-entry'];
type Review = components['schemas']['pull-request-review'];

export interface Received {
  method: string;
  path: string;
  body?: unknown;
}

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/review');

/** The files of a `git format-patch` file as the files listing gives them: the patch from the first `@@`. */
export function filesOf(patchFile: string, rename?: { from: string }): DiffEntry[] {
  return entriesOf(fs.readFileSync(path.join(FIXTURES, patchFile), 'utf8'), rename);
}

/** The files of a patch's text (`git diff`'s or `git format-patch`'s) as the files listing gives them. */
export function entriesOf(patchText: string, rename?: { from: string }): DiffEntry[] {
  const text = patchText.replace(/\n-- \n[\s\S]*$/, '\n');
  return text
    .split(/^diff --git /m)
    .slice(1)
    .map(part => {
      const filename = must(/^\+\+\+ b\/(.+)$/m.exec(part)?.[1], "the patch's +++ line");
      const patch = part.slice(part.indexOf('\n@@') + 1).replace(/\n$/, '');
      const lines = patch.split('\n');
      const additions = lines.filter(l => l.startsWith('+')).length;
      const deletions = lines.filter(l => l.startsWith('-')).length;
      const url = `https://github.com/o/r/blob/0000000/${filename}`;
      return {
        sha: '0'.repeat(40),
        filename,
        status: rename ? 'renamed' : /^new file mode/m.test(part) ? 'added' : 'modified',
        ...(rename ? { previous_filename: rename.from } : {}),
        additions,
        deletions,
        changes: additions + deletions,
        blob_url: url,
        raw_url: url,
        contents_url: `https://api.github.com/repos/o/r/contents/${filename}`,
        patch
      };
    });
}

/** The token's account as GraphQL's viewer names it (GITHUB_TOKEN's, github-actions[bot]). */
export const VIEWER = { login: 'github-actions[bot]', id: 41898282 };

export class GithubPulls {
  readonly received: Received[] = [];
  readonly problems: string[] = [];
  readonly reviews: Review[] = [];
  readonly labels: string[] = [];
  /** Told of each labels request before it is answered (a test cancels the job there, say). */
  onLabels?: () => void;
  /** Told of each files request before it is answered (a test pushes to the pull request there, say). */
  onFiles?: () => void;
  files: DiffEntry[] = [];
  headSha = 'c3d9ff7a3cd57f00000000000000000000000000';
  pageSize = 100;
  private reviewStatus?: number;
  private labelStatus?: number;
  private nextId = 80;

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<GithubPulls> {
    const server = http.createServer();
    const api = new GithubPulls(server);
    server.on('request', (req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => api.answer(req.method ?? 'GET', req.url ?? '/', text, res));
    });
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Review (list and create) or label calls answer this status from now on. */
  failReviews(status: number | undefined): void {
    this.reviewStatus = status;
  }
  failLabels(status: number | undefined): void {
    this.labelStatus = status;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise(resolve => this.server.close(resolve));
  }

  /** A review someone else (user id `by`) posted, with whatever body. */
  plantReview(body: string, by: number): void {
    const review = example<Review>('pull-request-review');
    review.id = this.nextId++;
    review.body = body;
    review.commit_id = this.headSha;
    review.user = {
      ...(review.user as NonNullable<Review['user']>),
      id: by,
      login: 'mallory',
      type: 'User'
    };
    this.reviews.push(review);
  }

  private answer(method: string, raw: string, text: string, res: http.ServerResponse): void {
    const url = new URL(raw, this.url);
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    this.received.push({
      method,
      path: url.pathname + url.search,
      ...(body !== undefined ? { body } : {})
    });
    // GraphQL's viewer (who the token is): not REST, so not checked against its description.
    if (url.pathname === '/graphql' && method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { viewer: { login: VIEWER.login, databaseId: VIEWER.id } } }));
      return;
    }
    this.problems.push(...requestProblems(method, url.pathname, body));
    const send = (
      status: number,
      answer: unknown,
      headers: http.OutgoingHttpHeaders = {}
    ): void => {
      if (status < 400)
        this.problems.push(...responseProblems(method, url.pathname, status, answer));
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(answer));
    };
    const refused = (status: number): void =>
      send(status, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest'
      });
    const page = <T>(all: T[]): void => {
      const size = Math.min(this.pageSize, Number(url.searchParams.get('per_page') ?? 30));
      const n = Number(url.searchParams.get('page') ?? 1);
      const next = new URL(url);
      next.searchParams.set('page', String(n + 1));
      const link = n * size < all.length ? { link: `<${next.href}>; rel="next"` } : {};
      send(200, all.slice((n - 1) * size, n * size), link);
    };
    const pull = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)(\/files|\/reviews)?$/.exec(url.pathname);
    const labels = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/labels$/.exec(url.pathname);
    if (pull && !pull[2] && method === 'GET') {
      const answer = example<Record<string, unknown> & { head: { sha: string } }>('pull-request');
      answer.number = Number(pull[1]);
      answer.head.sha = this.headSha;
      answer.requested_teams = [];
      return send(200, answer);
    }
    if (pull?.[2] === '/files' && method === 'GET') {
      this.onFiles?.();
      return page(this.files);
    }
    if (pull?.[2] === '/reviews') {
      if (this.reviewStatus !== undefined) return refused(this.reviewStatus);
      if (method === 'GET') return page(this.reviews);
      const asked = body as { body: string; event: string; commit_id: string };
      const review = example<Review>('pull-request-review');
      review.id = this.nextId++;
      review.body = asked.body;
      review.commit_id = asked.commit_id;
      review.user = {
        ...(review.user as NonNullable<Review['user']>),
        id: VIEWER.id,
        login: VIEWER.login,
        type: 'Bot'
      };
      review.state = asked.event === 'REQUEST_CHANGES' ? 'CHANGES_REQUESTED' : 'COMMENTED';
      review.html_url = `https://github.com/o/r/pull/${pull[1]}#pullrequestreview-${review.id}`;
      this.reviews.push(review);
      return send(200, review);
    }
    if (labels && method === 'POST') {
      this.onLabels?.();
      if (this.labelStatus !== undefined) return refused(this.labelStatus);
      const added = (body as { labels: string[] }).labels;
      this.labels.push(...added);
      return send(
        200,
        added.map((name, i) => ({ ...example<object[]>('label-items')[0], id: 200 + i, name }))
      );
    }
    send(404, { message: 'Not Found' });
  }
}
