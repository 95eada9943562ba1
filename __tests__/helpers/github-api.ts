/**
 * A loopback stand-in for the REST calls the action makes. The trigger gate's
 * `GET /repos/{owner}/{repo}/collaborators/{login}/permission`: each login gets a planned list of
 * answers (the last one repeats): a permission as the API gives it, a status, or 'hang'. The sticky
 * comment's issue comments: `GET /repos/{o}/{r}/issues/{n}/comments` (paginated, with a Link header),
 * `POST` there, `PATCH /repos/{o}/{r}/issues/comments/{id}`, kept in `comments`; `failComments`
 * makes them answer a status instead. GraphQL's `viewer` (`POST /graphql`) says whom the token
 * belongs to: `identity`, who also writes every comment the action creates; `failViewer` makes it
 * answer a status instead.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { must } from './must.js';

export type Answer = { permission: string; role_name?: string } | { status: number } | 'hang';

export interface Request {
  /** For the comment calls. */
  method?: string;
  path: string;
  authorization?: string;
}

export interface IssueComment {
  id: number;
  issue: number;
  body: string;
  user: User;
  author_association: string;
}

export interface User {
  login: string;
  id: number;
  type: string;
}

/** The job's GITHUB_TOKEN as GitHub answers for it. */
export const ACTIONS_BOT: User = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };

export class GithubApi {
  readonly requests: Request[] = [];
  private readonly plans = new Map<string, Answer[]>();
  private readonly hanging = new Set<http.ServerResponse>();
  readonly comments: IssueComment[] = [];
  /** Comments per page of a listing (GitHub's per_page, capped here so that tests see pages). */
  pageSize = 100;
  private commentStatus?: number;
  private nextId = 1000;
  /** Whom the token belongs to: the author of the comments the action writes. */
  identity: User = ACTIONS_BOT;
  private viewerStatus?: number;
  /** Comment calls are held unanswered while true (a test sees the request, then cancels). */
  holdComments = false;

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<GithubApi> {
    const server = http.createServer();
    const api = new GithubApi(server);
    server.on('request', (req, res) => api.answer(req, res));
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** What the API answers for login, in order; the last answer repeats. */
  plan(login: string, ...answers: Answer[]): void {
    this.plans.set(login.toLowerCase(), answers);
  }

  /** Every comment call answers this status from now on (undefined: answer normally). */
  failComments(status: number | undefined): void {
    this.commentStatus = status;
  }

  /** GraphQL's viewer answers this status from now on (undefined: answer normally). */
  failViewer(status: number | undefined): void {
    this.viewerStatus = status;
  }

  /** A comment someone else wrote. */
  addComment(
    issue: number,
    body: string,
    user: User = { login: 'someone', id: 5001, type: 'User' },
    association = 'NONE'
  ): IssueComment {
    const comment = { id: this.nextId++, issue, body, user, author_association: association };
    this.comments.push(comment);
    return comment;
  }

  /** The comments on an issue, oldest first. */
  commentsOn(issue: number): IssueComment[] {
    return this.comments.filter(c => c.issue === issue);
  }

  async stop(): Promise<void> {
    this.hanging.forEach(res => res.destroy());
    this.server.closeAllConnections();
    await new Promise(resolve => this.server.close(resolve));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '';
    const comments = /^\/repos\/[^/]+\/[^/]+\/issues\//.test(path);
    // The method is kept for the comment calls only: the gate's are all GETs.
    this.requests.push({
      ...(comments ? { method: req.method } : {}),
      path,
      authorization: req.headers.authorization
    });
    if (comments || path === '/graphql') {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () =>
        comments
          ? this.answerComments(req.method ?? 'GET', path, text, res)
          : this.answerViewer(text, res)
      );
      return;
    }
    const match = /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/.exec(path);
    const login = match ? decodeURIComponent(must(match[1])).toLowerCase() : undefined;
    const plan = (login && this.plans.get(login)) || [{ status: 404 }];
    const answer = must(plan.length > 1 ? plan.shift() : plan[0], 'a planned answer');
    if (answer === 'hang') {
      this.hanging.add(res);
      return;
    }
    const body =
      'status' in answer
        ? { message: answer.status === 404 ? 'Not Found' : 'error' }
        : { permission: answer.permission, role_name: answer.role_name ?? answer.permission };
    res.writeHead('status' in answer ? answer.status : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private answerViewer(text: string, res: http.ServerResponse): void {
    const asked = /\bviewer\b/.test((JSON.parse(text) as { query: string }).query);
    const [status, body] =
      this.viewerStatus !== undefined
        ? [this.viewerStatus, { message: 'Bad credentials' }]
        : asked
          ? [
              200,
              { data: { viewer: { login: this.identity.login, databaseId: this.identity.id } } }
            ]
          : [200, { errors: [{ message: 'only the viewer is served here' }] }];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private answerComments(
    method: string,
    path: string,
    text: string,
    res: http.ServerResponse
  ): void {
    const send = (status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (this.holdComments) return void this.hanging.add(res);
    if (this.commentStatus !== undefined)
      return send(this.commentStatus, { message: 'Resource not accessible by integration' });
    const url = new URL(path, this.url);
    const list = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname);
    const one = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname);
    const body = (): string => (JSON.parse(text) as { body: string }).body;
    if (list && method === 'GET') {
      const all = this.commentsOn(Number(list[1]));
      const size = Math.min(this.pageSize, Number(url.searchParams.get('per_page') ?? 30));
      const page = Number(url.searchParams.get('page') ?? 1);
      const next = new URL(url);
      next.searchParams.set('page', String(page + 1));
      const link = page * size < all.length ? { link: `<${next.href}>; rel="next"` } : {};
      return send(200, all.slice((page - 1) * size, page * size), link);
    }
    if (list && method === 'POST') {
      const comment = {
        id: this.nextId++,
        issue: Number(list[1]),
        body: body(),
        user: { ...this.identity },
        author_association: 'NONE'
      };
      this.comments.push(comment);
      return send(201, comment);
    }
    if (one && method === 'PATCH') {
      const comment = this.comments.find(c => c.id === Number(one[1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = body();
      return send(200, comment);
    }
    send(404, { message: 'Not Found' });
  }
}
