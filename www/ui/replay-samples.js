// @ts-check
// The sample PGNs shipped with the playground (www/public/replay/): the Replay view's buttons and
// the lessons' replay charts.

/** The shipped samples (www/public/replay/). */
export const SAMPLES = {
  lichess: { file: 'lichess-style-3+2.pgn', label: 'lichess-style blitz, 3+2 ([%clk])' },
  tmlab: { file: 'tmlab-lc0-legacy-vs-stockfish-60+0.6.pgn', label: 'a tmlab match game, 60+0.6 ([%clk], [%emt] and its own soft=/hard=)' },
  fastchess: { file: 'fastchess-1.8.2-40-10.pgn', label: 'a fastchess match, 40 moves in 10 s (eval/depth, tl=, latency=)' },
};

/**
 * The shipped sample named `key`, or the default one for a key that is not a sample's own
 * (`constructor`, `__proto__` and the like are not samples).
 * @param {string} key
 */
export function sampleOf(key) {
  return Object.hasOwn(SAMPLES, key) ? SAMPLES[/** @type {keyof typeof SAMPLES} */ (key)] : SAMPLES.lichess;
}
