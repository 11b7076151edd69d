// @ts-check
// A labelled parameter control: a range slider bound to a number box, with unit, reset button,
// tooltip and aria-valuetext. Linear or log scale; the real value is stored, never the slider
// index. Typed values are checked by the crate (`check`: its range, exclusive bounds and whole
// numbers); a refused value is never emitted, and what is allowed is shown.

/** Positions of a log-scale slider: fine enough for smooth dragging. */
const LOG_STEPS = 1000;

/**
 * @param {object} p
 * @param {string} p.key       stable id (URL key, test hook)
 * @param {string} p.label
 * @param {number} p.min       smallest accepted value (typed)
 * @param {number} p.max       largest accepted value (typed)
 * @param {number} [p.sliderMin] the slider's range, if narrower than the accepted one
 * @param {number} [p.sliderMax]
 * @param {number} [p.step]    value step (linear scale) or display precision hint (log); absent:
 *   whole numbers (a log slider stepped by a factor)
 * @param {number} p.value
 * @param {number} p.defaultValue
 * @param {'lin'|'log'} [p.scale]
 * @param {string} [p.unit]
 * @param {string} [p.description]
 * @param {string} [p.source]
 * @param {(value:number) => void} p.onInput
 * @param {(value:number) => ({message: string, allowed?: string} | null)} p.check the crate's
 *   check of a value (range, exclusive bounds, whole numbers); refused values are never emitted
 */
export function createSlider(p) {
  const lo = p.sliderMin ?? p.min;
  const hi = p.sliderMax ?? p.max;
  const scale = p.scale === 'log' && lo > 0 ? 'log' : 'lin';
  const id = `param-${p.key.replace(/[^a-z0-9-]/gi, '-')}`;
  const root = document.createElement('div');
  root.className = 'param';
  root.dataset.key = p.key;

  const label = document.createElement('label');
  label.htmlFor = id;
  label.className = 'param-label';
  label.textContent = p.label;
  if (p.description || p.source) {
    label.title = [p.description, p.source && `Source: ${p.source}`].filter(Boolean).join('\n');
  }

  const range = document.createElement('input');
  range.type = 'range';
  range.id = id;
  if (scale === 'log') {
    range.min = '0';
    range.max = String(LOG_STEPS);
    range.step = '1';
  } else {
    range.min = String(lo);
    range.max = String(hi);
    range.step = String(p.step);
  }

  const box = document.createElement('input');
  box.type = 'number';
  box.className = 'param-number';
  box.min = String(p.min);
  box.max = String(p.max);
  box.step = String(p.step);
  box.setAttribute('aria-label', `${p.label} (number)`);

  const unit = document.createElement('span');
  unit.className = 'param-unit';
  unit.textContent = p.unit || '';

  const reset = document.createElement('button');
  reset.type = 'button';
  reset.className = 'param-reset';
  reset.textContent = '↺';
  reset.title = `Reset to ${format(p.defaultValue, p.step)}`;
  reset.setAttribute('aria-label', `Reset ${p.label} to ${format(p.defaultValue, p.step)}`);

  const error = document.createElement('span');
  error.className = 'param-error';
  error.setAttribute('role', 'alert');

  root.append(label, range, box, unit, reset, error);

  let value = p.value;

  const toSlider = (/** @type {number} */ v) => {
    const c = Math.min(hi, Math.max(lo, v));
    return scale === 'log' ? String(Math.round((Math.log(c / lo) / Math.log(hi / lo)) * LOG_STEPS)) : String(c);
  };
  const fromSlider = (/** @type {string} */ s) => {
    if (scale === 'lin') return Number(s);
    const v = lo * Math.pow(hi / lo, Number(s) / LOG_STEPS);
    return roundTo(v, p.step);
  };

  /**
   * @param {number} v
   * @param {{fromBox?: boolean}} [opts]
   */
  function show(v, { fromBox = false } = {}) {
    range.value = toSlider(v);
    if (!fromBox) box.value = format(v, p.step);
    const text = `${format(v, p.step)}${p.unit ? ` ${p.unit}` : ''}`;
    range.setAttribute('aria-valuetext', text);
    root.classList.toggle('changed', v !== p.defaultValue);
  }

  /**
   * @param {number} v
   * @param {{fromBox?: boolean}} [opts]
   */
  function set(v, opts = {}) {
    value = v;
    error.textContent = '';
    box.classList.remove('invalid');
    show(v, opts);
    p.onInput(v);
  }

  /** Why `v` is refused ('' when accepted): the crate's verdict when the caller has one. */
  const refusal = (/** @type {number} */ v) => {
    if (!Number.isFinite(v)) return 'not a number';
    const bad = p.check(v);
    if (bad) return bad.allowed ? `allowed: ${bad.allowed}` : bad.message;
    return '';
  };
  const refuse = (/** @type {string} */ why) => {
    box.classList.add('invalid');
    error.textContent = why;
  };

  range.addEventListener('input', () => {
    const v = fromSlider(range.value);
    const why = refusal(v);
    if (why) refuse(why);
    else set(v);
  });
  // Arrow keys on a log slider step through 1-1.2-1.5-2-2.5-3-4-5-6-8 per decade (not 1/1000
  // of the range per press).
  range.addEventListener('keydown', (e) => {
    if (scale !== 'log') return;
    const dir = { ArrowRight: 1, ArrowUp: 1, PageUp: 3, ArrowLeft: -1, ArrowDown: -1, PageDown: -3 }[e.key];
    if (!dir) return;
    e.preventDefault();
    let v = value;
    for (let i = 0; i < Math.abs(dir); i++) v = niceStep(v, Math.sign(dir));
    v = Math.min(hi, Math.max(lo, roundTo(v, p.step)));
    if (!refusal(v)) set(v);
  });
  box.addEventListener('input', () => {
    const v = Number(box.value);
    const why = box.value.trim() === '' ? 'enter a number' : refusal(v);
    if (why) return refuse(why);
    set(v, { fromBox: true });
  });
  box.addEventListener('blur', () => show(value));
  reset.addEventListener('click', () => set(p.defaultValue));

  show(value);
  return {
    element: root,
    get value() {
      return value;
    },
    /** Set without notifying (e.g. state restored from the URL). */
    setQuiet(/** @type {number} */ v) {
      value = v;
      show(v);
    },
  };
}

/** The mantissas of the "nice" values a log slider's arrow keys step through. */
const NICE = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

/**
 * The next nice value above (`dir` 1) or below (-1) `v` > 0.
 * @param {number} v
 * @param {number} dir
 */
export function niceStep(v, dir) {
  const exp = Math.floor(Math.log10(v));
  const candidates = [-1, 0, 1].flatMap((d) => NICE.map((m) => m * 10 ** (exp + d)));
  const eps = v * 1e-9;
  // The candidates span three decades around v: one always qualifies.
  return (dir > 0 ? candidates.find((c) => c > v + eps) : candidates.reverse().find((c) => c < v - eps)) ?? v;
}

/**
 * Round to the precision a step implies.
 * @param {number} v
 * @param {number} [step] absent: whole numbers
 */
function roundTo(v, step) {
  const decimals = decimalsOf(step);
  return Number(v.toFixed(decimals));
}

/** The decimals a step shows (`undefined`: none). */
function decimalsOf(/** @type {number|undefined} */ step) {
  const s = String(step);
  return s.includes('.') ? s.split('.')[1].length : 0;
}

/**
 * Format a value with the step's precision.
 * @param {number} v
 * @param {number} [step] absent: whole numbers
 */
export function format(v, step) {
  return Number(v).toFixed(decimalsOf(step));
}
