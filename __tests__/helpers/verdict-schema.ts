/** The JSON Schema the simulator's json-* scenarios answer to (simulator/scenarios/json-*.jsonl). */
export const VERDICT_SCHEMA = {
  type: 'object',
  properties: {
    verdict: { enum: ['pass', 'fail'] },
    findings: { type: 'array', items: { type: 'string' } }
  },
  required: ['verdict', 'findings'],
  additionalProperties: false
};
