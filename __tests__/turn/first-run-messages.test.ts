/**
 * What a first run's mistakes are told (issue 46, point 7): an empty provider key is a secret that is
 * not there, not a gateway matter; Hermes' "run hermes setup" is followed by what to set in the workflow;
 * a json-schema written as YAML is neither JSON nor a file, not a path; an answer that does not match
 * has a heading that says so, not "exit code 0".
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { InputError } from '../../src/config/inputs.js';
import { frontable } from '../../src/gateway/providers.js';
import { headingOf } from '../../src/publish/heading.js';
import { decodeLine } from '../../src/turn/stream.js';
import { TurnBuilder } from '../../src/turn/turn.js';
import { verdictOf } from '../../src/turn/verdict.js';
import { readSchema } from '../../src/schema/load.js';
import { processEnd } from '../helpers/run-end.js';

describe('an empty provider key', () => {
  test.each(['', '  '])(
    '%j: the warning asks whether the secret is defined, and names forks',
    key => {
      const warnings: string[] = [];
      expect(frontable({ OPENROUTER_API_KEY: key }, m => warnings.push(m))).toEqual([]);
      expect(warnings).toHaveLength(1);
      const [warning] = warnings;
      expect(warning).toMatch(/^OPENROUTER_API_KEY is set but empty: is the secret defined/);
      expect(warning).toContain('a pull request from a fork gets no secrets');
      expect(warning).not.toContain('does not front');
    }
  );
});

describe('Hermes is not configured', () => {
  const said = "Hermes isn't configured yet. Run 'hermes setup' to choose a provider.";
  const verdict = (stdout: string): string => {
    const builder = new TurnBuilder();
    builder.add(decodeLine(Buffer.from(stdout), 1), 1);
    return verdictOf(builder.finish(), processEnd({ exitCode: 1 })).message;
  };

  test('Hermes’ words are quoted, then what to set in the workflow instead of "hermes setup"', () => {
    const message = verdict(said);
    expect(message).toContain(`It printed on stdout: ${said}`);
    expect(message.endsWith(said)).toBe(false);
    expect(message).toContain('In a workflow there is no "hermes setup"');
    expect(message).toContain('OPENROUTER_API_KEY: ${{ secrets.OPENROUTER_API_KEY }}');
    expect(message).toContain('a pull request from a fork, which gets no secrets');
  });

  test('other words on stdout get no such hint', () => {
    expect(verdict('Segmentation fault')).not.toContain('hermes setup');
  });
});

describe('json-schema written as YAML', () => {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'hermes-yaml-schema-'));
  const failure = (value: string): string => {
    try {
      readSchema({
        getInput: name => (name === 'json-schema' ? value : ''),
        env: { GITHUB_WORKSPACE: workspace }
      });
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as Error).message;
    }
    throw new Error('no error');
  };

  test.each([
    ['a block', 'type: object\nproperties:\n  verdict:\n    enum: [pass, fail]\n'],
    ['one line', 'type: object']
  ])('%s: neither JSON nor a file, with no path made of it', (_, yaml) => {
    const message = failure(yaml);
    expect(message).toMatch(/^Input "json-schema" is neither JSON nor a file/);
    expect(message).toContain('write the schema as JSON');
    expect(message).not.toContain(workspace);
  });

  test('a path that is not there is still said to be one', () => {
    const message = failure('schemas/answer.json');
    expect(message).toContain(path.join(workspace, 'schemas', 'answer.json'));
    expect(message).toContain('cannot be read (ENOENT)');
  });
});

describe('an answer that does not match', () => {
  test('the heading says what failed, not the exit code of a turn that completed', () => {
    const verdict = { outcome: 'invalid_output', exitCode: 0 } as const;
    const asks = { jsonSchema: true, review: false, labels: false };
    expect(headingOf(verdict, asks)).toBe('❌ The answer does not match json-schema');
    expect(headingOf(verdict, { ...asks, jsonSchema: false, labels: true })).toBe(
      '❌ The answer does not match the schema of "allowed-labels"'
    );
    expect(headingOf({ outcome: 'failure', exitCode: 1 }, undefined)).toBe(
      '❌ Hermes failed · exit code 1'
    );
  });
});
