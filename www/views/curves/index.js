// @ts-check
// The Curves view: the building blocks of lc0's managers (charts.js: exponential decay, moves
// left) and the allocation chart (allocation.js: usage model or a real engine game). Rust draws
// every chart (CurveCanvas, AllocationCanvas, EngineAllocationCanvas); controller.js is the
// state machine, render.js the lit-html templates, ui/curve-params.js the crate's ranges and defaults.
// Each mount returns a handle whose `destroy()` removes its listeners and its cards.

export { mountCurves } from './charts.js';
export { mountAllocation } from './allocation.js';
export { CURVES_DEFAULTS, ALLOCATION_DEFAULTS } from '../../ui/curve-params.js';
