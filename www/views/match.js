// Placeholder until the Match view lands (being built on the match-view branch).
export const MATCH_PREFIX = 'm';
export const MATCH_DEFAULTS = {};
export function mountMatch(root) {
  root.textContent = 'The Match view is not built yet.';
  return {};
}
