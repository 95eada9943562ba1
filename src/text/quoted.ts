/**
 * Text someone else wrote, as a prompt carries it as data: one JSON string on one line (JSON escapes
 * quotes and line breaks; control, format and separator characters, bidi overrides, invisible tag
 * characters and variation selectors are escaped too), bounded, the cut said.
 */

/** A value as one JSON string, every character that could hide or reorder text escaped, bounded. */
export function quoted(value: string, max: number): string {
  const cut = [...value].length > max;
  const kept = cut ? [...value].slice(0, max).join('') : value;
  const json = JSON.stringify(kept).replace(
    /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/gu,
    // Each UTF-16 unit on its own: a tag character (U+E0000…, invisible) is two.
    c =>
      [...Array(c.length).keys()]
        .map(i => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`)
        .join('')
  );
  return cut ? `${json} (cut at ${max} characters)` : json;
}
