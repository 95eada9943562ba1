/** JSON as upstream Hermes writes it (Python's json.dumps defaults). */

/** Python's `json.dumps` spacing (`", "` and `": "`), non-ASCII raw; undefined members left out. */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`).join(', ')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
