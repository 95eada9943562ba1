export function changelogSection(changelog: string, version: string): string | undefined;
