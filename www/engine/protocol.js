// @ts-check
// The UCI wire as the engine client reads it (client.js owns the state machine): the lines that
// carry a crash, the manager's state and a principal variation, and the search record's shape.
// Pure functions of a line; nothing here holds or writes state.

/**
 * The search the active worker runs (created and written by the client only).
 * @typedef {object} Running
 * @property {import('./client.js').SearchRequest} request
 * @property {string} searcher `ab` or `mcts`, as the worker was configured
 * @property {boolean} ponder a ponder search without its ponder hit yet
 * @property {string[]} pv the moves of the last `info … pv` line
 * @property {string | null} tmState a `tm-state` printed during it, kept if its bestmove comes
 * @property {boolean} dropped cancelled: its remaining output is swallowed
 * @property {boolean} [completed] a dropped search ended on its own (its stop line was not
 *   `cancelled`): its manager counted a move the page never played
 * @property {boolean} quiet the replacement for a stopped alpha-beta search: only its bestmove counts
 */

/** The option through which the engine prints its manager's state (contract 2). */
export const STATE_OPTION = 'TmlabState';
const STATE_PREFIX = 'info string tm-state ';
const CRASH_PREFIX = 'info string crash';

/** The reason of an `info string crash …` line, else null. @param {string} line */
export function crashReason(line) {
  return line.startsWith(CRASH_PREFIX) ? line.slice(CRASH_PREFIX.length).trim() : null;
}

/** The payload of an `info string tm-state …` line, else null. @param {string} line */
export function statePayload(line) {
  return line.startsWith(STATE_PREFIX) ? line.slice(STATE_PREFIX.length) : null;
}

/** The moves of an `info … pv …` line, else null. @param {string} line */
export function pvOf(line) {
  const pv = / pv (.+)$/.exec(line);
  return pv ? pv[1].trim().split(/\s+/) : null;
}

/** Whether a `go …` line starts a ponder search. @param {string} go */
export function isPonder(go) {
  return /\bponder\b/.test(go);
}
