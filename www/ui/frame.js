// @ts-check
// Coalesce work to at most one run per animation frame: every `input` event may ask, the work
// runs once in the next frame with the latest state.

/** @param {() => void} fn */
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

/**
 * Poll `done()` each animation frame until it holds; rejects once `ms` pass without it.
 * @param {() => boolean} done
 * @param {number} ms
 * @returns {Promise<void>}
 */
export function until(done, ms) {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (done()) resolve(undefined);
      else if (performance.now() - t0 > ms) reject(new Error('the chart did not settle in time'));
      else requestAnimationFrame(check);
    };
    check();
  });
}
