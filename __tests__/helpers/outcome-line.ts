/**
 * An uploaded transcript ends with the action's own outcome record (src/turn/outcome-record.ts): the
 * transcript a test compares is the blob's first `bytes` bytes, bound by their SHA-256, the record
 * line after them (a newline between, where the transcript's last line had none).
 */
import { createHash } from 'node:crypto';
import { expect } from '@jest/globals';

export function transcriptOf(blob: Buffer): Buffer {
  expect(blob.at(-1)).toBe(0x0a);
  const start = blob.lastIndexOf(0x0a, blob.length - 2) + 1;
  const record = JSON.parse(blob.subarray(start).toString('utf8')) as Record<string, unknown>;
  expect(record.type).toBe('action_outcome');
  const bytes = Number(record.bytes);
  // The record's line follows the transcript, or its separating newline.
  expect(blob.subarray(bytes, start).toString()).toBe(blob[bytes - 1] === 0x0a ? '' : '\n');
  const rest = blob.subarray(0, bytes);
  expect(record.sha256).toBe(createHash('sha256').update(rest).digest('hex'));
  return rest;
}
