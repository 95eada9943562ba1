/** review / allowed-labels join json-schema's schema: one check for the answer, the user's references intact. */
import { describe, expect, it } from '@jest/globals';
import { checkAnswer } from '../../src/schema/check.js';
import { readSchema } from '../../src/schema/load.js';
import { proposalsOf, withProposals } from '../../src/schema/proposals.js';
import { makeRedactor } from '../../src/text/redact.js';

const redact = makeRedactor([]);
const review = {
  summary: 's',
  verdict: 'comment',
  findings: [{ path: 'a', line: 1, side: 'RIGHT', body: 'b' }]
};
const fenced = (value: unknown): string => '```json\n' + JSON.stringify(value) + '\n```';
const userSchema = (schema: object) =>
  readSchema({
    getInput: (name: string) => (name === 'json-schema' ? JSON.stringify(schema) : ''),
    env: {}
  } as never);

describe('the answer schema with proposals', () => {
  it('is json-schema alone when neither is asked for', () => {
    const user = userSchema({ type: 'object' });
    expect(withProposals(user, { review: false, labels: [] })).toBe(user);
  });

  it('keeps a draft-07 schema’s own #/definitions references working under "answer"', () => {
    const user = userSchema({
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { sev: { enum: ['low', 'high'] } },
      type: 'object',
      properties: { severity: { $ref: '#/definitions/sev' } },
      required: ['severity']
    });
    const joined = withProposals(user, { review: true, labels: ['bug'] })!;
    const good = { answer: { severity: 'low' }, review, labels: ['bug'] };
    expect(checkAnswer(fenced(good), joined, redact).ok).toBe(true);
    expect(checkAnswer(fenced({ ...good, answer: { severity: 'mid' } }), joined, redact).ok).toBe(
      false
    );
  });

  it('refuses an approval and a review without findings; a label outside the list is dropped, not refused', () => {
    const joined = withProposals(undefined, { review: true, labels: ['bug', 'docs'] })!;
    expect(checkAnswer(fenced({ review, labels: ['docs'] }), joined, redact).ok).toBe(true);
    expect(checkAnswer(fenced({ review, labels: ['wontfix'] }), joined, redact)).toMatchObject({
      ok: true,
      value: { review, labels: [] },
      warnings: [expect.stringContaining('not added: "wontfix"')]
    });
    expect(
      checkAnswer(fenced({ review: { ...review, verdict: 'approve' } }), joined, redact).ok
    ).toBe(false);
    expect(
      checkAnswer(fenced({ review: { summary: 's', verdict: 'comment' } }), joined, redact).ok
    ).toBe(false);
  });

  it('splits a checked answer into its parts, labels only from the list', () => {
    const wanted = { review: true, labels: ['bug'] };
    expect(proposalsOf({ answer: 1, review, labels: ['bug', 'evil'] }, wanted)).toEqual({
      answer: 1,
      review,
      labels: ['bug']
    });
  });

  it('was a hole: a label holding a secret past its 60th character was cut before it was redacted, its start shown', () => {
    const secret = 'hgw-' + 'S3cr3tS3cr3tS3cr3tS3cr3tS3cr3tS3cr3tS3cr3t';
    const secrets = makeRedactor([secret]);
    const joined = withProposals(undefined, { review: false, labels: ['bug'] })!;
    // The secret starts at the 40th character of the label and runs past the 60 the warning shows.
    const label = 'x'.repeat(39) + secret;
    const checked = checkAnswer(fenced({ labels: [label] }), joined, secrets);
    expect(checked).toMatchObject({ ok: true, warnings: [expect.stringContaining('***')] });
    const warning = checked.ok ? (checked.warnings ?? []).join('\n') : '';
    expect(warning).not.toContain(secret.slice(0, 8));
  });
});
