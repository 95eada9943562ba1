/**
 * GitHub's published OpenAPI description (npm `@octokit/openapi`, api.github.com) as a checker: a request
 * the action sends, or an answer a stand-in gives, is validated with ajv against the operation's own
 * schema, so that a field name or shape the real API would reject fails a test here. OpenAPI 3.0's
 * `nullable` becomes a `null` type; `#/components/...` references resolve in the description.
 */
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import formats from 'ajv-formats';

type Json = Record<string, unknown>;
interface Operation {
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
interface Description {
  paths: Record<string, Record<string, Operation>>;
  components: Json & { examples: Record<string, { value: unknown }> };
}

const description = createRequire(import.meta.url)(
  '@octokit/openapi/generated/api.github.com.json'
) as Description;

/** A copy of an OpenAPI 3.0 schema as JSON Schema: `nullable` as a null type, references to `gh`. */
function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'example' || key === 'examples' || key === 'nullable') continue;
    out[key] = key === '$ref' && typeof value === 'string' ? `gh${value}` : convert(value);
  }
  const nullable = (node as Json).nullable === true;
  if (nullable && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (nullable && Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
  if (nullable && !out.type && (out.$ref || out.allOf || out.oneOf || out.anyOf))
    return { anyOf: [{ type: 'null' }, out] };
  return out;
}

const ajv = new Ajv.default({ strict: false, allErrors: true, validateFormats: true });
formats.default(ajv);
ajv.addSchema({ $id: 'gh', components: convert(description.components) as Json });

const templates = Object.keys(description.paths).map(template => ({
  template,
  literal: template.split('/').filter(s => s && !s.startsWith('{')).length,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`)
}));

function operation(method: string, pathname: string): { template: string; op: Operation } {
  const found = templates
    .filter(t => t.pattern.test(pathname))
    .sort((a, b) => b.literal - a.literal)[0];
  const op = found && description.paths[found.template]?.[method.toLowerCase()];
  if (!found || !op)
    throw new Error(`${method} ${pathname} is not an operation of GitHub's REST API`);
  return { template: found.template, op };
}

function check(schema: Json | undefined, value: unknown, what: string): string[] {
  if (!schema) return [`${what}: the description has no JSON schema for it`];
  const validate = ajv.compile(convert(schema) as Json);
  return validate(value)
    ? []
    : (validate.errors ?? [])
        .slice(0, 5)
        .map(e => `${what}: ${e.instancePath || '/'} ${e.message}`);
}

/** What is wrong with a request's JSON body (none sent: undefined), by the description. */
export function requestProblems(method: string, pathname: string, body: unknown): string[] {
  const { template, op } = operation(method, pathname);
  if (body === undefined) return [];
  return check(
    op.requestBody?.content?.['application/json']?.schema,
    body,
    `${method} ${template} request`
  );
}

/** What is wrong with an answer, by the description (an undocumented status is a problem too). */
export function responseProblems(
  method: string,
  pathname: string,
  status: number,
  body: unknown
): string[] {
  const { template, op } = operation(method, pathname);
  const response = op.responses?.[String(status)];
  if (!response) return [`${method} ${template}: HTTP ${status} is not a documented answer`];
  const schema = response.content?.['application/json']?.schema;
  return schema ? check(schema, body, `${method} ${template} ${status} answer`) : [];
}

/** One of the description's own examples (`pull-request`, `pull-request-review`, `label`…), a fresh copy. */
export function example<T>(name: string): T {
  const found = description.components.examples[name];
  if (!found) throw new Error(`GitHub's description has no example ${name}`);
  return structuredClone(found.value) as T;
}
