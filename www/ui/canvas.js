// @ts-check
// Chart canvases: a backing store of CSS size × devicePixelRatio (the Rust drawing code reads
// `data-dpr` and draws in CSS pixels), and a readout that follows the mouse, a tap or a drag.

/**
 * Size `canvas` to `width` × `height` CSS pixels at the screen's pixel ratio; true if it changed
 * (the caller redraws).
 * @param {HTMLCanvasElement} canvas
 * @param {number} width CSS pixels
 * @param {number} height CSS pixels
 * @param {number} [dpr]
 */
export function fitCanvas(canvas, width, height, dpr = globalThis.devicePixelRatio || 1) {
  const d = Math.min(8, Math.max(0.5, dpr));
  const w = Math.round(width * d);
  const h = Math.round(height * d);
  if (canvas.width === w && canvas.height === h && canvas.dataset.dpr === String(d)) return false;
  canvas.width = w;
  canvas.height = h;
  canvas.dataset.dpr = String(d);
  canvas.style.aspectRatio = `${width} / ${height}`;
  return true;
}

/** A pointer event's x in the chart's CSS pixels (what the drawing code's frame uses). */
export function chartX(/** @type {HTMLCanvasElement} */ canvas, /** @type {PointerEvent} */ e) {
  const r = canvas.getBoundingClientRect();
  const cssWidth = canvas.width / Number(canvas.dataset.dpr || 1);
  return r.width ? ((e.clientX - r.left) * cssWidth) / r.width : e.offsetX;
}

/**
 * Show a readout while the mouse hovers, on a tap and while a finger drags; a mouse leaving
 * clears it, a lifted finger keeps it (so a tap's readout stays readable). Returns an unbind.
 * @param {HTMLCanvasElement} canvas
 * @param {(x: number|null) => void} onX the x in CSS pixels, or null to clear
 */
export function bindReadout(canvas, onX) {
  const move = (/** @type {PointerEvent} */ e) => onX(chartX(canvas, e));
  const leave = (/** @type {PointerEvent} */ e) => {
    if (e.pointerType === 'mouse') onX(null);
  };
  canvas.style.touchAction = 'pan-y';
  canvas.addEventListener('pointerdown', move);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerleave', leave);
  return () => {
    canvas.removeEventListener('pointerdown', move);
    canvas.removeEventListener('pointermove', move);
    canvas.removeEventListener('pointerleave', leave);
  };
}

/**
 * The x in CSS pixels of move `move` on a chart whose last draw returned `frame` (x in moves):
 * where a lesson's mark is drawn when nothing is hovered.
 * @param {{left: number, right: number, x_range: number[]}} frame
 * @param {number} move
 */
export function pxOfMove(frame, move) {
  const [x0, x1] = frame.x_range;
  return frame.left + ((move - x0) * (frame.right - frame.left)) / Math.max(1e-9, x1 - x0);
}
