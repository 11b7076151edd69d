// @ts-check
// The flag-risk worker: runs the crate's simulation of losing on time against Move Overhead
// (overhead_report: thousands of simulated games per overhead) off the page's thread.
//
// In:  { type: 'run', id, form } (form: {tm, tc, latency, games, risk, to_hard, elo_per_doubling, seed}).
// Out: { type: 'progress', id, done, total } after each overhead;
//      { type: 'done', id, report } (the crate's OverheadReport);
//      { type: 'error', id, error: {path, message, allowed} } for a form the crate refuses.
import init, { overhead_report } from './pkg/tmlab.js';
import { typedError } from './ui/typed-error.js';

const ready = init();

onmessage = async ({ data }) => {
  if (data?.type !== 'run') return;
  const { id, form } = data;
  try {
    await ready;
    const report = overhead_report(form, (/** @type {number} */ done, /** @type {number} */ total) => postMessage({ type: 'progress', id, done, total }));
    postMessage({ type: 'done', id, report });
  } catch (e) {
    const { path, message, allowed } = typedError(e);
    const error = { path, message, allowed };
    postMessage({ type: 'error', id, error });
  }
};
