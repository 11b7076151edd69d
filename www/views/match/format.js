// @ts-check
// Number and clock formatting for the Match view: pure, no DOM (node-tested). "–" stands for a
// value that is not defined (yet): no estimate before two pairs, no time left before a move.

/** @param {number|null|undefined} x @param {number} [d] */
export const fmt = (x, d = 2) => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));

/** A share as a percentage; "–" when undefined. @param {number|null|undefined} x @param {number} [d] */
export const pct = (x, d = 1) => (x === null || x === undefined || !Number.isFinite(x) ? '–' : `${(100 * x).toFixed(d)} %`);

/**
 * Elo ± error; ±∞ (no interval) when one side has every point.
 * @param {{elo: number, elo_error: number}} e
 */
export const eloText = (e) =>
  e.elo === Infinity || e.elo === -Infinity ? (e.elo > 0 ? '+∞' : '−∞') : `${fmt(e.elo)} ± ${fmt(e.elo_error)}`;

/** A clock reading: tenths under 10 s, else m:ss; "–" when unknown. @param {number|null|undefined} ms */
export function clockText(ms) {
  if (ms == null || !Number.isFinite(ms)) return '–';
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}

/** Today as a PGN date (YYYY.MM.DD). @param {Date} [d] */
export function pgnDate(d = new Date()) {
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
}
