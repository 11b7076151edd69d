// @ts-check
// A chess clock's text as lichess writes it (shared/spec/playground.md §3, lichess
// clockView.ts): m:ss, h:mm:ss from one hour, tenths under 10 s; and the coarse words a screen
// reader hears. The clock itself (emergency style below the crate's threshold, the draining bar
// over the crate's span, role="timer") is a template in render.js.

/** `m:ss`, `h:mm:ss` from one hour, `m:ss.t` under 10 s. */
export function formatClock(/** @type {number | null | undefined} */ ms) {
  if (ms == null || !Number.isFinite(ms)) return '∞';
  const t = Math.max(0, ms);
  if (t < 10_000) {
    const tenths = Math.floor(t / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(t / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** "3 minutes 5 seconds" (whole seconds; "less than a second" at the end). */
export function verbalClock(/** @type {number | null | undefined} */ ms) {
  if (ms == null || !Number.isFinite(ms)) return 'no time limit';
  const total = Math.floor(Math.max(0, ms) / 1000);
  if (total === 0) return ms > 0 ? 'less than a second' : 'no time left';
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const part = (/** @type {number} */ n, /** @type {string} */ unit) => (n ? `${n} ${unit}${n === 1 ? '' : 's'}` : '');
  return [part(h, 'hour'), part(m, 'minute'), part(s, 'second')].filter(Boolean).join(' ');
}
