// The engine worker: initialises the wasm and speaks UCI-style lines over postMessage.
//
// Inbound: one UCI line per message (a string). Outbound: one line per message. A Rust panic
// is reported as `info string crash <message>` and the worker closes itself; the page's
// EngineClient then respawns a fresh one.
import init, { WorkerEngine, debug_panic } from './pkg/tmlab.js';

let engine = null;
const queue = [];

// The Rust panic hook calls this (see crate/src/wasm/mod.rs) before the trap unwinds.
globalThis.__tmlabPanic = (message) => crash(message);

function crash(message) {
  postMessage(`info string crash ${String(message).replace(/\s+/g, ' ')}`);
  engine = null;
  close();
}

function handle(line) {
  if (line === 'tmlab-debug-panic') {
    // A real panic through the real hook, for the crash-recovery test.
    debug_panic('requested by the page');
    return;
  }
  for (const out of engine.handle(line)) postMessage(out);
  if (engine.quit) close();
}

onmessage = (event) => {
  const line = String(event.data).trim();
  if (!line) return;
  if (!engine) {
    queue.push(line);
    return;
  }
  try {
    handle(line);
  } catch (err) {
    crash(err && err.message ? err.message : err);
  }
};

try {
  await init();
  engine = new WorkerEngine();
  for (const line of queue.splice(0)) {
    try {
      handle(line);
    } catch (err) {
      crash(err && err.message ? err.message : err);
      break;
    }
  }
} catch (err) {
  postMessage(`info string crash wasm failed to load: ${err && err.message ? err.message : err}`);
  close();
}
