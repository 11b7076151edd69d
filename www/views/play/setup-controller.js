// @ts-check
// The Play view's setup form as state, with no DOM: the fields as typed, the events that change
// them (a field, a preset, the manager's spec) and what the form shows (each control's reading,
// the move overhead, whether pondering is possible, the strength levels, the crate's typed
// error). Every rule is the crate's: read_time_control reads a control, describe_spec gives the
// manager's move overhead, play_levels the levels and their caps, PlayBoard.check checks the
// whole setup. setup.js draws it.
import { PlayBoard, describe_spec, read_time_control, play_levels } from '../../pkg/tmlab.js';

export const PLAY_PREFIX = 'p';
/**
 * URL keys: side, searcher, manager spec (its move overhead included), strength level, White's
 * and Black's control, same-for-both, ponder. The default manager is Stockfish's on alpha-beta:
 * its in-search rules (falling eval, best-move stability, node effort) act on that searcher, so
 * the thinking time follows the position.
 */
export const PLAY_DEFAULTS = {
  side: 'white',
  s: 'ab',
  tm: 'stockfish',
  level: 3,
  wtc: '3m+2',
  btc: '3m+2',
  same: true,
  ponder: false,
};
/**
 * A strength level as the crate lists it.
 * @typedef {{level: number, name: string, ab_nps: number|null, mcts_pps: number|null}} Level
 */
/** @returns {Level[]} */
export const levels = () => play_levels();
/** The values a link may give for the choice keys. */
export const PLAY_CHOICES = { side: ['white', 'black'], s: ['ab', 'mcts'], level: levels().map((l) => l.level) };

/** Controls offered as one click, with lichess's names: [label, white, black]. */
export const PRESETS = [
  ['Bullet 1+0', '1m+0', '1m+0'],
  ['Blitz 3+2', '3m+2', '3m+2'],
  ['Blitz 5+3', '5m+3', '5m+3'],
  ['Rapid 10+5', '10m+5', '10m+5'],
  ['Rapid 15+10', '15m+10', '15m+10'],
  ['5 vs 4 min', '5m', '4m'],
  ['2:1 time', '4m', '2m'],
];

/**
 * The form as typed (controls untrimmed, as in their fields).
 * @typedef {{side: string, s: string, tm: string, level: number, wtc: string, btc: string, same: boolean, ponder: boolean}} SetupForm
 * @typedef {{type: 'field', key: 'side'|'s'|'level'|'wtc'|'btc'|'same'|'ponder', value: string|boolean}
 *   | {type: 'preset', white: string, black: string} | {type: 'tm', spec: string}} SetupEvent
 * @typedef {{path?: string, message: string, allowed?: string}} SetupError the crate's typed error
 */

/** "Same for both": Black's field shows White's control. */
const tied = (/** @type {SetupForm} */ f) => (f.same ? { ...f, btc: f.wtc } : f);

/**
 * The form from the view's URL state (a link's values were checked by the URL reader, each bad
 * one replaced by its default).
 * @param {Partial<SetupForm>} [state]
 * @returns {SetupForm}
 */
export function initialForm(state = {}) {
  const f = { ...PLAY_DEFAULTS, ...state };
  return tied({ side: f.side, s: f.s, tm: f.tm, level: Number(f.level), wtc: f.wtc, btc: f.btc, same: f.same, ponder: f.ponder });
}

/**
 * @param {SetupForm} form
 * @param {SetupEvent} e
 * @returns {SetupForm}
 */
export function setupUpdate(form, e) {
  switch (e.type) {
    case 'field':
      return tied({ ...form, [e.key]: e.key === 'level' ? Number(e.value) : e.value });
    case 'preset':
      return tied({ ...form, wtc: e.white, btc: e.black, same: e.white === e.black });
    case 'tm':
      return tied({ ...form, tm: e.spec });
    default:
      return form;
  }
}

/** The view's URL state: controls trimmed. */
export function urlState(/** @type {SetupForm} */ f) {
  return { ...f, wtc: f.wtc.trim(), btc: f.btc.trim() };
}

/** The manager's `move-overhead` (ms), or null if it has none. */
export function moveOverhead(/** @type {SetupForm} */ f) {
  const v = describe_spec(f.tm).values['move-overhead'];
  return v == null ? null : Number(v);
}

/** The crate's reading of a control ("3 min + 2 s per move"), empty if it does not parse. */
export function reading(/** @type {string} */ tc) {
  try {
    return read_time_control(tc).reading;
  } catch {
    return '';
  }
}

/** PGN's date of `d`: `2026.01.31`. */
export const pgnDate = (/** @type {Date} */ d) =>
  `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;

/**
 * The setup object PlayBoard takes.
 * @param {SetupForm} f
 * @param {Date} [date]
 */
export function setupOf(f, date = new Date()) {
  const u = urlState(f);
  return {
    person: u.side,
    white_tc: u.wtc,
    black_tc: u.btc,
    searcher: u.s,
    tm: u.tm,
    move_overhead_ms: moveOverhead(f) ?? 0,
    ponder: u.ponder && u.s === 'mcts',
    level: u.level,
    date: pgnDate(date),
  };
}

/** The crate's typed error for the form's setup, or null if it accepts it. */
export function setupError(/** @type {SetupForm} */ f) {
  return /** @type {SetupError|null} */ (PlayBoard.check(JSON.stringify(setupOf(f))) ?? null);
}

/**
 * What the form shows besides its fields.
 * @param {SetupForm} f
 * @param {SetupError|null} error the last check's result
 */
export function setupView(f, error) {
  const mo = moveOverhead(f);
  const ponderOff = f.s !== 'mcts';
  const unit = f.s === 'mcts' ? 'playouts' : 'nodes';
  return {
    levels: levels().map((l) => {
      const cap = f.s === 'mcts' ? l.mcts_pps : l.ab_nps;
      return { value: l.level, text: `${l.level} — ${l.name}${cap == null ? '' : ` (≤ ${cap.toLocaleString('en')} ${unit}/s)`}` };
    }),
    wReading: reading(f.wtc),
    bReading: reading(f.btc),
    moText: mo == null ? 'n/a (this manager has none)' : `${mo} ms`,
    ponderOff,
    ponderTitle: ponderOff
      ? 'Pondering needs MCTS: an alpha-beta search blocks the worker, so ponderhit could not get through.'
      : '',
    error: error ? error.message : '',
    errorTitle: error?.allowed ? `Allowed: ${error.allowed}` : '',
    wInvalid: error?.path === 'white_tc',
    bInvalid: error?.path === 'black_tc',
    levelInvalid: error?.path === 'level',
  };
}
