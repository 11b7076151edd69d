// @ts-check
// Coalesce work to at most one run per animation frame: every `input` event may ask, the work
// runs once in the next frame with the latest state.

export function perFrame(fn) {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      fn();
    });
  };
}
