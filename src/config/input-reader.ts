/**
 * The one input reader of both actions (the main action and the `report` sub-action): text, booleans
 * and numbers from an input's raw text, blank meaning the fallback, and one error for a bad value.
 */

/** A bad input value, said as: the input, the value, and what is allowed. */
export class InputError extends Error {}

// GitHub Actions' own boolean spelling (YAML 1.2 core schema), as core.getBooleanInput accepts.
export const TRUE = ['true', 'True', 'TRUE'];
export const FALSE = ['false', 'False', 'FALSE'];

/** Typed reads of one action's inputs, named as that action's action.yml spells them. */
export function reader<Name extends string>(getInput: (name: Name) => string) {
  const text = (name: Name): string | undefined => getInput(name).trim() || undefined;
  const bool = (name: Name, fallback: boolean): boolean => {
    const raw = getInput(name).trim();
    if (raw === '') return fallback;
    if (TRUE.includes(raw)) return true;
    if (FALSE.includes(raw)) return false;
    throw new InputError(`Input "${name}" is ${JSON.stringify(raw)}; allowed: true or false.`);
  };
  const number = (
    name: Name,
    fallback: number,
    { integer, min }: { integer: boolean; min: number }
  ): number => {
    const raw = getInput(name).trim();
    if (raw === '') return fallback;
    const value = Number(raw);
    const kind = integer ? 'a whole number' : 'a number';
    if (
      !/^[+]?\d*\.?\d+$/.test(raw) ||
      !Number.isFinite(value) ||
      (integer && !Number.isInteger(value)) ||
      value < min
    ) {
      throw new InputError(
        `Input "${name}" is ${JSON.stringify(raw)}; allowed: ${kind} of at least ${min}.`
      );
    }
    return value;
  };
  return { text, bool, number };
}
