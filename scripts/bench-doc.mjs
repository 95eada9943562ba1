// Sections of docs/BENCHMARKS.md that a run of scripts/bench.mjs owns, each between two markers
// (`<!-- NAME:start -->` … `<!-- NAME:end -->`): a run rewrites what lies between its own markers and
// keeps every other line of the doc as it is (the hand-written sections: the tuning, the answer's
// drawing, the model gateway, and whatever is added later).

export const RUN_START = '<!-- run:start -->';
export const RUN_END = '<!-- run:end -->';

/**
 * The doc with `section` (which holds its markers, `start` … `end`) in the place of the one between
 * the same markers. A doc without them: `legacy(doc)` says which range held the section before
 * markers were written (`[from, to]`), else the section goes before `## Method`, else at the end.
 */
export function spliceSection(doc, section, start, end, legacy = () => undefined) {
  const from = doc.indexOf(start);
  const to = from === -1 ? -1 : doc.indexOf(end, from);
  if (from !== -1 && to !== -1) return doc.slice(0, from) + section + doc.slice(to + end.length);
  const range = legacy(doc);
  if (range) return `${doc.slice(0, range[0])}${section}\n\n${doc.slice(range[1])}`;
  const method = doc.indexOf('\n## Method\n');
  return method === -1
    ? `${doc.trimEnd()}\n\n${section}\n`
    : `${doc.slice(0, method)}\n${section}\n${doc.slice(method)}`;
}

/**
 * Where a full run's part lay in a doc written before the run's markers: from after the title to
 * the end of its `## Method` section (the next `## ` heading or `<!-- …:start -->` marker).
 */
export function legacyRunRange(doc) {
  const title = doc.match(/^# [^\n]*\n\n*/);
  const method = doc.indexOf('\n## Method\n');
  if (!title || method === -1) return undefined;
  const next = /\n(?:## |<!-- [\w-]+:start -->)/g;
  next.lastIndex = method + 1;
  const after = next.exec(doc);
  return [title[0].length, after ? after.index + 1 : doc.length];
}
