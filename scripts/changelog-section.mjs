// Prints one version's section of CHANGELOG.md (Keep a Changelog: "## [X.Y.Z] - YYYY-MM-DD"), without
// its heading: the body of that version's GitHub release. Fails, naming the version, when there is none.
//   node scripts/changelog-section.mjs v0.1.0 [CHANGELOG.md]
import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The section's text, trimmed; undefined when the changelog has no section for the version. */
export function changelogSection(changelog, version) {
  const wanted = version.replace(/^v/, '');
  const lines = changelog.split(/\r?\n/);
  const heading = /^## \[([^\]]+)\]/;
  const start = lines.findIndex(l => heading.exec(l)?.[1] === wanted);
  if (start < 0) return undefined;
  const end = lines.findIndex(
    (l, i) => i > start && (l.startsWith('## ') || /^\[[^\]]+\]: /.test(l))
  );
  const body = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join('\n')
    .trim();
  return body === '' ? undefined : body;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [version, file = 'CHANGELOG.md'] = process.argv.slice(2);
  if (!version) {
    console.error('usage: node scripts/changelog-section.mjs vX.Y.Z [CHANGELOG.md]');
    process.exit(2);
  }
  const section = changelogSection(fs.readFileSync(file, 'utf8'), version);
  if (section === undefined) {
    console.error(
      `${file} has no section "## [${version.replace(/^v/, '')}] - YYYY-MM-DD" with text under it: ` +
        'move the Unreleased entries there before tagging.'
    );
    process.exit(1);
  }
  console.log(section);
}
