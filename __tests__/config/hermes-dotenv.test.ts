/**
 * Hermes' `.env` as the action reads it (what Hermes will load over its environment) and the copy an
 * isolated agent gets: the gateway's variables taken out, or no copy at all when that is not certain.
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { expect, test } from '@jest/globals';
import {
  readHermesDotenv,
  withDotenv,
  withoutNames,
  type HermesDotenv
} from '../../src/config/hermes-dotenv.js';
import { hermesHome } from '../helpers/hermes-home.js';

const REAL = 'sk-or-v1-real-key-in-the-dotenv-0123456789';
const of = (text: string): HermesDotenv => {
  const home = hermesHome({ '.env': text });
  const read = readHermesDotenv({ HERMES_HOME: home });
  if (!read) throw new Error('the .env written was not read');
  return read;
};
const gatewayNames = new Set(['OPENROUTER_API_KEY', 'OPENROUTER_BASE_URL']);
const keys = new Set(['OPENROUTER_API_KEY']);

test('what the file assigns beats the environment, as Hermes loads it (override)', () => {
  const dotenv = of(`# keys\nexport OPENROUTER_API_KEY="${REAL}"\nGROQ_API_KEY=gsk-1\n`);
  expect(dotenv.values).toEqual({ OPENROUTER_API_KEY: REAL, GROQ_API_KEY: 'gsk-1' });
  expect(withDotenv({ OPENROUTER_API_KEY: 'from-env', PATH: '/bin' }, dotenv)).toEqual({
    OPENROUTER_API_KEY: REAL,
    GROQ_API_KEY: 'gsk-1',
    PATH: '/bin'
  });
  expect(readHermesDotenv({ HERMES_HOME: path.join(os.tmpdir(), 'no-such-home-x1') })).toBe(
    undefined
  );
});

test.each([
  ['plain', `OPENROUTER_API_KEY=${REAL}`],
  ['export, spaces', `  export   OPENROUTER_API_KEY = ${REAL}`],
  ['double quotes', `OPENROUTER_API_KEY="${REAL}"`],
  ['single quotes, a comment after', `OPENROUTER_API_KEY='${REAL}' # mine`],
  ['a quoted value over lines', `OPENROUTER_API_KEY="${REAL}\nsecond line"`],
  ['CRLF', `OPENROUTER_API_KEY=${REAL}\r`],
  ['yaml-style colon', `OPENROUTER_API_KEY: ${REAL}`]
])('the gateway’s key taken out of the copy (%s), the rest kept', (_, line) => {
  const dotenv = of(`A=1\n${line}\nOPENROUTER_BASE_URL=https://x.test/v1\nGROQ_API_KEY=gsk-2\n`);
  const copy = withoutNames(dotenv, gatewayNames, keys);
  expect(copy).toBeDefined();
  expect(copy).not.toContain(REAL);
  expect(copy).not.toMatch(/OPENROUTER_/);
  expect(copy).toContain('A=1');
  expect(copy).toContain('GROQ_API_KEY=gsk-2');
});

test('a layout the reading does not take out for certain gives no copy at all', () => {
  // The key's value also stands in another variable: the copy would still hold it.
  expect(withoutNames(of(`OPENROUTER_API_KEY=${REAL}\nBACKUP=${REAL}\n`), gatewayNames, keys)).toBe(
    undefined
  );
});

test('a byte-order mark before the first name does not hide the key from the reading', () => {
  const copy = withoutNames(of(`\uFEFFOPENROUTER_API_KEY=${REAL}\nA=1\n`), gatewayNames, keys);
  expect(copy).toBe('A=1\n');
});

test.each([
  ['a quoted name (python-dotenv reads it)', `'OPENROUTER_API_KEY'=${REAL}`],
  ['a blank JavaScript does not see as one (\\x1c)', `\x1cOPENROUTER_API_KEY=${REAL}`],
  ['after the name (\\x1f)', `OPENROUTER_API_KEY\x1f=${REAL}`]
])('a layout the line reading misses but python-dotenv reads (%s): no copy', (_, line) => {
  expect(withoutNames(of(`A=1\n${line}\n`), gatewayNames, keys)).toBeUndefined();
});

test('lines end at a lone CR too, as python-dotenv reads them: the key inside a backtick value goes', () => {
  const copy = withoutNames(of(`FOO=\`abc\rOPENROUTER_API_KEY=${REAL}\r\`\n`), gatewayNames, keys);
  expect(copy).toBeDefined();
  expect(copy).not.toContain(REAL);
});

test('a comment naming a variable the gateway sets (not a key) keeps the copy; the assignment goes', () => {
  const names = new Set([...gatewayNames, 'NO_PROXY', 'no_proxy']);
  const copy = withoutNames(
    of(`# corp hosts go in NO_PROXY below\nNO_PROXY=corp.internal\nEXA_API_KEY=abc\n`),
    names,
    keys
  );
  expect(copy).toBe('# corp hosts go in NO_PROXY below\nEXA_API_KEY=abc\n');
});
