/**
 * How many cases a property test tries. The defaults keep `npm test` in seconds; FC_SCALE=n multiplies
 * every property's count by n for a long hunt (each file says what scale gives its earlier sizes).
 */
const raw = process.env.FC_SCALE ?? '1';
const scale = Number(raw);
if (!Number.isFinite(scale) || scale <= 0)
  throw new Error(
    `FC_SCALE is "${raw}": set it to a positive number (10 runs ten times as many cases), or unset it`
  );

/** `quick` cases by default, `quick × FC_SCALE` when set (at least one). */
export const runs = (quick: number): number => Math.max(1, Math.round(quick * scale));
