// @ts-check
// A chess clock as lichess draws it (shared/spec/playground.md §3, lichess clockView.ts):
// m:ss, h:mm:ss from one hour, tenths under 10 s; an emergency style and icon below the
// threshold the Rust side computed (lichess's rule); a draining bar spanning
// max(initial, 2 s) + 5 × increment; role="timer" with coarse verbal text for screen readers.

/** The verbal text is refreshed at most this often while a clock runs (ms). */
const VERBAL_EVERY_MS = 10_000;

/** `m:ss`, `h:mm:ss` from one hour, `m:ss.t` under 10 s. */
export function formatClock(ms) {
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
export function verbalClock(ms) {
  if (ms == null || !Number.isFinite(ms)) return 'no time limit';
  const total = Math.floor(Math.max(0, ms) / 1000);
  if (total === 0) return ms > 0 ? 'less than a second' : 'no time left';
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const part = (n, unit) => (n ? `${n} ${unit}${n === 1 ? '' : 's'}` : '');
  return [part(h, 'hour'), part(m, 'minute'), part(s, 'second')].filter(Boolean).join(' ');
}

/**
 * One side's clock element. `update({ ms, running, state })` redraws it; `state` is the Rust
 * ClockState (`bar_ms`, `emergency_ms`, `short`).
 */
export function createClock(colorName) {
  const el = document.createElement('div');
  el.className = `clock clock-${colorName}`;
  el.dataset.color = colorName;
  const label = document.createElement('span');
  label.className = 'clock-label';
  const time = document.createElement('span');
  time.className = 'clock-time';
  time.setAttribute('role', 'timer');
  time.setAttribute('aria-live', 'off');
  const icon = document.createElement('span');
  icon.className = 'clock-icon';
  icon.setAttribute('aria-hidden', 'true');
  const bar = document.createElement('div');
  bar.className = 'clock-bar';
  const fill = document.createElement('div');
  fill.className = 'clock-bar-fill';
  bar.append(fill);
  el.append(label, icon, time, bar);
  let lastVerbal = -Infinity;
  let lastText = '';
  return {
    element: el,
    setLabel(text) {
      if (label.textContent !== text) label.textContent = text;
    },
    update({ ms, running, state, now = performance.now() }) {
      const text = formatClock(ms);
      if (text !== lastText) {
        time.textContent = text;
        lastText = text;
      }
      el.classList.toggle('running', running);
      const emergency = state?.emergency_ms != null && ms != null && ms < state.emergency_ms;
      if (el.dataset.emergency !== String(emergency)) {
        el.classList.toggle('emergency', emergency);
        icon.textContent = emergency ? '⚠' : '';
        el.dataset.emergency = String(emergency);
      }
      if (state?.bar_ms && ms != null) {
        fill.style.transform = `scaleX(${Math.max(0, Math.min(1, ms / state.bar_ms))})`;
      } else {
        fill.style.transform = 'scaleX(1)';
      }
      // Coarse verbal text: on a state change and every VERBAL_EVERY_MS while running.
      if (!running || now - lastVerbal >= VERBAL_EVERY_MS) {
        const verbal = `${colorName}: ${verbalClock(ms)}${emergency ? ', low on time' : ''}`;
        if (time.getAttribute('aria-label') !== verbal) time.setAttribute('aria-label', verbal);
        lastVerbal = now;
      }
    },
    /** The text a screen reader hears for this clock right now. */
    spoken(ms) {
      return `${colorName} ${verbalClock(ms)}`;
    },
  };
}
