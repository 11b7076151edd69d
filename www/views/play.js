// Placeholder until the Play view lands (being built on the play-view branch).
export const PLAY_PREFIX = 'p';
export const PLAY_DEFAULTS = {};
export function mountPlay(root) {
  root.textContent = 'The Play view is not built yet.';
  return {};
}
