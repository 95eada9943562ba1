/**
 * A value the test has reason to expect (an item of a list it checked, a match it asserted): returned
 * as it is, or the test fails here, saying so, rather than on an undefined further on.
 */
export function must<T>(value: T | undefined, what = 'a value the test expected'): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}
