/**
 * `trigger-phrase`, case by case: where the phrase stands on its own (and the request is what
 * follows), and every way it does not (inside a word, in code, in a quote, hidden, nothing after it,
 * an edited comment, a bot's), each with its one-line reason.
 */
import { describe, expect, test } from '@jest/globals';
import { phraseVerdict, spoken } from '../../src/thread/phrase.js';

const comment = (body: string, extra: Record<string, unknown> = {}): unknown => ({
  action: 'created',
  comment: {
    body,
    user: { login: 'maintainer', type: 'User' },
    html_url: 'https://github.com/o/r/issues/1#issuecomment-9'
  },
  ...extra
});
const verdict = (body: string): ReturnType<typeof phraseVerdict> =>
  phraseVerdict('/hermes', 'issue_comment', comment(body));

describe('the phrase stands on its own: the request is what follows', () => {
  test.each([
    ['/hermes fix the second point', 'fix the second point'],
    ['Thanks! /hermes please fix the second point', 'please fix the second point'],
    ['/hermes: fix it', 'fix it'],
    ['/hermes, fix it', 'fix it'],
    ['(/hermes) fix it', 'fix it'],
    ['first line\n/hermes fix it\nand the tests', 'fix it\nand the tests'],
    ['`code` then /hermes fix it', 'fix it'],
    ['> /hermes old request\n\n/hermes new request', 'new request']
  ])('%j → %j', (body, request) => {
    expect(verdict(body)).toMatchObject({ asked: true, request, author: 'maintainer' });
  });
});

describe('the phrase does not stand: skipped, saying why', () => {
  test.each([
    ['inside a word', 'x/hermes fix it', 'does not stand on its own'],
    ['run on into a word', '/hermesfix it', 'does not stand on its own'],
    ['in a code span', 'run `/hermes fix it` to ask', 'does not stand on its own'],
    ['in a double code span', 'run ``/hermes fix`` here', 'does not stand on its own'],
    ['in a fenced block', '```\n/hermes fix it\n```', 'does not stand on its own'],
    ['in a tilde fence', '~~~sh\n/hermes fix it\n~~~', 'does not stand on its own'],
    ['in an unclosed fence', 'see\n```\n/hermes fix it', 'does not stand on its own'],
    ['in indented code', 'see:\n\n    /hermes fix it', 'does not stand on its own'],
    [
      'in a quote of an earlier comment',
      '> /hermes fix it\n\nI agree',
      'does not stand on its own'
    ],
    ['in a nested quote', '> > /hermes fix it', 'does not stand on its own'],
    ['in an HTML comment', '<!-- /hermes fix it --> hello', 'does not stand on its own'],
    ['not at all', 'looks good to me', 'does not stand on its own'],
    ['another case', '/Hermes fix it', 'does not stand on its own'],
    ['nothing after it', 'please /hermes', 'nothing is asked after "/hermes"'],
    ['only punctuation after it', '/hermes !', 'nothing is asked after "/hermes"']
  ])('%s', (_, body, why) => {
    const v = verdict(body);
    expect(v).toMatchObject({ asked: false });
    expect(v && !v.asked && v.why).toContain(why);
  });

  test('an edited comment: only a new one starts a run', () => {
    const v = phraseVerdict(
      '/hermes',
      'issue_comment',
      comment('/hermes fix it', { action: 'edited' })
    );
    expect(v).toEqual({
      asked: false,
      why: 'the comment was edited, not created: only a new one can start a run'
    });
  });

  test('a bot’s comment, the action’s own among them', () => {
    const bot = {
      action: 'created',
      comment: { body: '/hermes fix it', user: { login: 'github-actions[bot]', type: 'Bot' } }
    };
    expect(phraseVerdict('/hermes', 'issue_comment', bot)).toMatchObject({
      asked: false,
      why: expect.stringContaining('written by a bot (github-actions[bot])')
    });
  });

  test('a review: submitted counts, dismissed does not; a review without a body asks nothing', () => {
    const review = (action: string, body: string | null): unknown => ({
      action,
      review: { body, user: { login: 'maintainer', type: 'User' } }
    });
    expect(
      phraseVerdict('/hermes', 'pull_request_review', review('submitted', '/hermes fix'))
    ).toMatchObject({
      asked: true,
      request: 'fix'
    });
    expect(
      phraseVerdict('/hermes', 'pull_request_review', review('dismissed', '/hermes fix'))
    ).toMatchObject({
      asked: false
    });
    expect(
      phraseVerdict('/hermes', 'pull_request_review', review('submitted', null))
    ).toMatchObject({
      asked: false
    });
  });

  test('a review comment on a line of the diff', () => {
    expect(
      phraseVerdict('/hermes', 'pull_request_review_comment', comment('/hermes rename this'))
    ).toMatchObject({
      asked: true,
      request: 'rename this'
    });
  });
});

describe('where the phrase does not apply', () => {
  test('no phrase set, or an event it does not apply to: undefined, the run goes on', () => {
    expect(phraseVerdict('', 'issue_comment', comment('hi'))).toBeUndefined();
    expect(phraseVerdict('/hermes', 'push', {})).toBeUndefined();
    expect(phraseVerdict('/hermes', 'issues', { action: 'opened' })).toBeUndefined();
  });

  test('what a reader does not see as said is blanked, every offset kept', () => {
    const body = 'a `b` c\n> q\n```\nx\n```\nd <!-- h --> e';
    const seen = spoken(body);
    expect(seen).toHaveLength(body.length);
    expect(seen.replace(/\s+/g, ' ').trim()).toBe('a c d e');
  });
});
