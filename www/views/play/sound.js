// @ts-check
// The emergency sound (shared/spec/playground.md §3, after lichess's clockCtrl): one short tone
// when the person's clock falls below the emergency threshold, at most once per 20 s, re-armed
// only after the clock has risen above 1.5 × the threshold again (through the increment).
// Off in embeds until the user turns it on. A synthesised tone: no audio asset to ship.

const COOLDOWN_MS = 20_000;
const REARM_FACTOR = 1.5;

/** @param {{enabled: boolean}} options `enabled`: on from the start */
export function createEmergencySound({ enabled }) {
  let on = enabled;
  let armed = true;
  let last = -Infinity;
  let audio = null;
  let plays = 0;

  function tone() {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + 0.3);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.3);
  }

  return {
    get enabled() {
      return on;
    },
    set enabled(v) {
      on = Boolean(v);
    },
    /** Times the emergency fired (whether or not sound is on). */
    get plays() {
      return plays;
    },
    /** Per clock tick with the person's time left and its threshold (ms). */
    check(/** @type {number | null | undefined} */ ms, /** @type {number | null | undefined} */ threshold, now = performance.now()) {
      if (ms == null || threshold == null) return;
      if (ms > REARM_FACTOR * threshold) armed = true;
      if (ms < threshold && armed && now - last >= COOLDOWN_MS) {
        armed = false;
        last = now;
        plays += 1;
        if (on) {
          try {
            tone();
          } catch {
            /* no audio output: the colour and the icon still say it */
          }
        }
      }
    },
    /** A new game: armed again. */
    reset() {
      armed = true;
      last = -Infinity;
    },
  };
}
