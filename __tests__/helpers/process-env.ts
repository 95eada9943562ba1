/**
 * For clients that read process.env themselves (@actions/artifact, @actions/cache): variables set
 * for a while, then put back as they were. Tests that use it cannot run side by side in one file.
 */
type Vars = Record<string, string | undefined>;

const set = (name: string, value: string | undefined): void => {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
};

/** Sets (undefined: deletes) these variables; the function returned puts them back. */
export function setProcessEnv(vars: Vars): () => void {
  const before = Object.keys(vars).map(name => [name, process.env[name]] as const);
  for (const [name, value] of Object.entries(vars)) set(name, value);
  return () => {
    for (const [name, value] of before) set(name, value);
  };
}

/** fn() with these variables set, put back after. */
export async function withProcessEnv<T>(vars: Vars, fn: () => Promise<T>): Promise<T> {
  const restore = setProcessEnv(vars);
  try {
    return await fn();
  } finally {
    restore();
  }
}
