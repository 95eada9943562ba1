/**
 * A loopback stand-in for the one REST call the trigger gate makes:
 * `GET /repos/{owner}/{repo}/collaborators/{login}/permission`. Each login gets a planned list of
 * answers (the last one repeats): a permission as the API gives it, a status, or 'hang'.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Answer = { permission: string; role_name?: string } | { status: number } | 'hang';

export interface Request {
  path: string;
  authorization?: string;
}

export class GithubApi {
  readonly requests: Request[] = [];
  private readonly plans = new Map<string, Answer[]>();
  private readonly hanging = new Set<http.ServerResponse>();

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

  async stop(): Promise<void> {
    this.hanging.forEach(res => res.destroy());
    this.server.closeAllConnections();
    await new Promise(resolve => this.server.close(resolve));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '';
    this.requests.push({ path, authorization: req.headers.authorization });
    const match = /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/.exec(path);
    const login = match ? decodeURIComponent(match[1]).toLowerCase() : undefined;
    const plan = (login && this.plans.get(login)) || [{ status: 404 }];
    const answer = plan.length > 1 ? plan.shift()! : plan[0];
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
}
