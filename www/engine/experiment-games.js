// @ts-check
// The games of an experiment (Sweep, Scaling, Tune) in the game pool: one game of a match spec,
// its summary, and the part of it the statistics keep.

/**
 * Play game `index` of the match spec JSON `spec` in `pool`: its GameSummary (result, time
 * usage, record). A failure (GameError) names the game; a stopped pool rejects with 'stopped'.
 * @param {import('./game-pool.js').GamePool} pool
 * @param {string} spec
 * @param {number} index
 * @returns {Promise<any>}
 */
export function playGame(pool, spec, index) {
  return pool.run({ type: 'play', spec, index }).promise.then(
    (done) => done.summary,
    (e) => {
      if (e?.kind !== 'stopped') e.message = `game ${index + 1}: ${e.message}`;
      throw e;
    },
  );
}

/** The fields of a game summary that the statistics need (drops the record and its PGN). */
export function scoreOf(/** @type {any} */ summary) {
  const { index, outcome_a, a_white, termination, usage_a, usage_b, overshoot } = summary;
  return { index, outcome_a, a_white, termination, usage_a, usage_b, overshoot };
}
