// The Match view: two time managers play a match in game workers (one per game), with the
// fastchess result block, pentanomial, SPRT, timeouts and time usage refreshed after every
// game, a live games table, a per-game time chart (lc0's dual-axis layout, drawn by the Rust
// plot code), stop/resume with an IndexedDB autosave, and PGN/JSON downloads.
// Conventions: shared/spec/playground.md §3 (per-side controls), §4 (PGN), §7 (match runner).

import { MatchBook, GameCanvas, check_match_spec, tm_schema } from '../pkg/tmlab.js';
import { createParamsPanel } from '../ui/params.js';
import { perFrame } from '../ui/frame.js';
import { MatchRunner, maxConcurrency } from './match/runner.js';
import { saveMatch, saveGame, loadMatch, clearMatch } from './match/store.js';

export const MATCH_PREFIX = 'm';
/** The form's defaults (and the URL's types): a quick virtual-clock match. */
export const MATCH_DEFAULTS = {
  engine: 'ab',
  a: 'stockfish',
  b: 'lc0-legacy',
  same: false,
  tca: '5+0.05',
  tcb: '4+0.05',
  games: 20,
  clock: 'virtual',
  nps: 250000,
  lat: 0,
  open: 'builtin',
  epd: '',
  seed: 1,
  sprt: false,
  elo0: 0,
  elo1: 10,
  alpha: 0.05,
  beta: 0.05,
  maxmoves: 0,
  conc: 0,
};

/** Time-control presets: [label, A, B] in cutechess syntax (seconds). */
const TC_PRESETS = [
  ['equal 5+0.05', '5+0.05', '5+0.05'],
  ['5 vs 4 (time odds)', '5+0.05', '4+0.05'],
  ['2:1 time', '4+0.04', '2+0.02'],
  ['blitz 10+0.1 vs 8+0.1', '10+0.1', '8+0.1'],
  ['sudden death 3 vs 2', '3', '2'],
];
/** SPRT presets: [label, elo0, elo1] (nElo). */
const SPRT_PRESETS = [
  ['gainer [0, 10]', 0, 10],
  ['gainer [0, 5]', 0, 5],
  ['non-regression [-10, 0]', -10, 0],
];

const TIPS = {
  elo: 'Elo: the rating difference (A − B) that would produce this score, with its 95 % interval; infinite while one side has scored every point.',
  nelo: 'nElo: normalised Elo, the score’s distance from 50 % in standard deviations, scaled so that tests at different draw rates compare.',
  los: 'LOS: likelihood of superiority, the probability that A is really stronger than B.',
  llr: 'LLR: the SPRT’s log-likelihood ratio; the test accepts H1 (A gains elo1) at the upper bound and H0 (A gains at most elo0) at the lower one.',
};

const html = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const fmt = (x, d = 2) => (x === null || x === undefined || !Number.isFinite(x) ? '–' : x.toFixed(d));
/** Elo ± error; ±∞ (no interval) when one side has every point. */
const eloText = (e) =>
  e.elo === Infinity || e.elo === -Infinity ? (e.elo > 0 ? '+∞' : '−∞') : `${fmt(e.elo)} ± ${fmt(e.elo_error)}`;
const pct = (x, d = 1) => (x === null || x === undefined ? '–' : `${(100 * x).toFixed(d)} %`);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
};

/** The match spec (see crate/src/play/match_spec.rs) for the form's state. */
export function specOf(s, date = today()) {
  const spec = {
    engine: s.engine,
    a: s.a,
    b: s.b,
    tc_a: s.tca,
    games: s.games,
    seed: s.seed,
    clock: s.clock === 'real' ? { mode: 'real' } : { mode: 'virtual', nps: s.nps, latency_ms: s.lat },
    openings: s.open === 'epd' ? { epd: s.epd } : 'builtin',
    event: 'tmlab match',
    date,
  };
  if (!s.same) spec.tc_b = s.tcb;
  if (s.sprt) spec.sprt = { elo0: s.elo0, elo1: s.elo1, alpha: s.alpha, beta: s.beta };
  if (s.maxmoves > 0) spec.adjudication = { max_moves: s.maxmoves };
  return spec;
}

export function mountMatch(root, ctx) {
  const schema = tm_schema();
  const state = { ...MATCH_DEFAULTS, ...ctx.state };
  const cap = maxConcurrency();

  root.insertAdjacentHTML(
    'beforeend',
    `<section class="card wide match-setup" id="match-setup">
      <h2>Match setup</h2>
      <p class="blurb">Two time managers (or one manager with different parameters) play colour-reversed
        pairs from an opening set, each side on its own time control. Results are scored for A.</p>
      <div class="match-players">
        <fieldset class="match-player" data-field="a"><legend>Player A</legend><div class="panel-a"></div><p class="field-error" data-for="a"></p></fieldset>
        <fieldset class="match-player" data-field="b"><legend>Player B</legend><div class="panel-b"></div><p class="field-error" data-for="b"></p></fieldset>
      </div>
      <div class="match-options">
        <label>Searcher <select id="m-engine"><option value="ab">alpha-beta</option><option value="mcts">MCTS</option></select></label>
        <label title="cutechess syntax, seconds: 10+0.1, 40/60+0.6, st=0.1, nodes=5000">A’s time control <input id="m-tca" class="tc-field" data-field="tc_a" /></label>
        <label><input type="checkbox" id="m-same" /> same for both</label>
        <label title="cutechess syntax, seconds">B’s time control <input id="m-tcb" class="tc-field" data-field="tc_b" /></label>
        <label>Presets <select id="m-tc-preset"><option value="">choose…</option>${TC_PRESETS.map((p, i) => `<option value="${i}">${html(p[0])}</option>`).join('')}</select></label>
        <span class="tc-echo" id="m-tc-echo"></span>
        <p class="field-error" data-for="tc_a"></p><p class="field-error" data-for="tc_b"></p>
        <label>Games <input id="m-games" type="number" min="1" max="100000" step="1" data-field="games" /></label>
        <label>Seed <input id="m-seed" type="number" min="0" step="1" data-field="seed" /></label>
        <label>Max moves <input id="m-maxmoves" type="number" min="0" step="1" data-field="adjudication" title="Adjudicate a draw after this many full moves (0: no limit)" /></label>
        <label>Games at once <input id="m-conc" type="number" min="1" max="${cap}" step="1" /></label>
        <p class="note">At most ${cap} at once (hardwareConcurrency − 1): one core stays free for the page.
          More parallel games heat the CPU; laptops then throttle, which slows every game and, on a real clock, skews results.</p>
        <p class="field-error" data-for="games"></p><p class="field-error" data-for="seed"></p><p class="field-error" data-for="adjudication"></p>
        <fieldset class="match-clock"><legend>Clock</legend>
          <label><input type="radio" name="m-clock" value="virtual" /> virtual</label>
          <label><input type="radio" name="m-clock" value="real" /> real (wall)</label>
          <label class="virtual-only">nodes per second <input id="m-nps" type="number" min="1" step="1000" data-field="clock.nps" /></label>
          <label class="virtual-only">latency per move (ms) <input id="m-lat" type="number" min="0" step="1" data-field="clock.latency_ms" /></label>
          <p class="clock-label" id="m-clock-label"></p>
          <p class="warn real-only">The real clock measures wall time: background tabs are throttled and other load on this
            machine skews results. The match pauses between games while the tab is hidden.</p>
          <p class="field-error" data-for="clock"></p>
        </fieldset>
        <fieldset class="match-openings"><legend>Openings</legend>
          <label><input type="radio" name="m-open" value="builtin" /> builtin set</label>
          <label><input type="radio" name="m-open" value="epd" /> pasted EPD</label>
          <textarea id="m-epd" rows="4" placeholder="one EPD/FEN position per line" data-field="openings"></textarea>
          <span class="openings-count" id="m-open-count"></span>
          <p class="field-error" data-for="openings"></p>
        </fieldset>
        <fieldset class="match-sprt"><legend>SPRT</legend>
          <label><input type="checkbox" id="m-sprt" /> stop when the SPRT decides</label>
          <label>elo0 <input id="m-elo0" type="number" step="0.5" data-field="sprt" /></label>
          <label>elo1 <input id="m-elo1" type="number" step="0.5" data-field="sprt" /></label>
          <label>α <input id="m-alpha" type="number" step="0.01" min="0.001" max="0.5" data-field="sprt" /></label>
          <label>β <input id="m-beta" type="number" step="0.01" min="0.001" max="0.5" data-field="sprt" /></label>
          <label>Presets <select id="m-sprt-preset"><option value="">choose…</option>${SPRT_PRESETS.map((p, i) => `<option value="${i}">${html(p[0])}</option>`).join('')}</select></label>
          <p class="field-error" data-for="sprt"></p>
        </fieldset>
      </div>
      <p class="field-error" data-for="*" id="m-form-error" role="alert"></p>
    </section>
    <section class="card wide match-run" id="match-run">
      <h2>Match</h2>
      <div class="match-buttons">
        <button type="button" id="m-start" class="primary">Start match</button>
        <button type="button" id="m-stop" disabled>Stop</button>
        <button type="button" id="m-resume" hidden>Resume</button>
        <button type="button" id="m-pgn" disabled>Download PGN</button>
        <button type="button" id="m-json" disabled>Download JSON</button>
      </div>
      <div class="progress"><div class="progress-bar" id="m-bar"></div></div>
      <p id="m-progress" class="match-progress" role="status" aria-live="polite">No match yet.</p>
      <p id="m-note" class="note"></p>
      <p id="m-error" class="error" role="alert"></p>
      <div class="match-stats" id="m-stats"></div>
      <pre class="match-block" id="m-block" aria-label="fastchess-style result block"></pre>
      <table class="time-stats" id="m-time"></table>
    </section>
    <section class="card wide match-games">
      <h2>Games</h2>
      <div class="games-scroll"><table class="games" id="m-games-table"><thead><tr><th>#</th><th>White</th><th>Black</th><th>Opening</th><th>Result</th><th>Termination</th><th>Moves</th><th>A’s clock left</th></tr></thead><tbody></tbody></table></div>
    </section>
    <section class="card wide match-chart">
      <h2>Game chart</h2>
      <p class="blurb">Time used per move (bars: White left, Black right of the move number) with the manager’s soft budget (▬) and
        hard limit (×) on the left axis, and both clocks on the right axis (lc0’s dual-axis layout). Select a game in the table.</p>
      <div class="figure"><canvas id="m-chart" tabindex="0" role="img" aria-label="Time per move and clock of the selected game"></canvas></div>
      <div class="annotation" id="m-chart-note" aria-live="polite"></div>
    </section>`,
  );
  const $ = (sel) => root.querySelector(sel);

  // ---- the form -------------------------------------------------------------------------
  const panels = {};
  for (const side of ['a', 'b']) {
    panels[side] = createParamsPanel({
      schema,
      spec: state[side],
      id: `m${side}`,
      onChange: (s) => {
        state[side] = s;
        changed();
      },
    });
    $(`.panel-${side}`).append(panels[side].element);
  }
  const inputs = {
    engine: $('#m-engine'), tca: $('#m-tca'), tcb: $('#m-tcb'), same: $('#m-same'), games: $('#m-games'), seed: $('#m-seed'),
    maxmoves: $('#m-maxmoves'), conc: $('#m-conc'), nps: $('#m-nps'), lat: $('#m-lat'), epd: $('#m-epd'), sprt: $('#m-sprt'),
    elo0: $('#m-elo0'), elo1: $('#m-elo1'), alpha: $('#m-alpha'), beta: $('#m-beta'),
  };
  function fillForm() {
    for (const [k, el] of Object.entries(inputs)) {
      if (el.type === 'checkbox') el.checked = Boolean(state[k]);
      else el.value = k === 'conc' ? String(state.conc > 0 ? Math.min(state.conc, cap) : cap) : String(state[k]);
    }
    for (const r of root.querySelectorAll('input[name="m-clock"]')) r.checked = r.value === state.clock;
    for (const r of root.querySelectorAll('input[name="m-open"]')) r.checked = r.value === state.open;
    for (const side of ['a', 'b']) if (panels[side].spec !== state[side]) panels[side].setSpec(state[side]);
  }
  for (const [k, el] of Object.entries(inputs)) {
    el.addEventListener(el.type === 'checkbox' || el.tagName === 'SELECT' ? 'change' : 'input', () => {
      if (el.type === 'checkbox') state[k] = el.checked;
      else if (typeof MATCH_DEFAULTS[k] === 'number') {
        const v = Number(el.value);
        if (el.value.trim() === '' || !Number.isFinite(v)) return showError(el.dataset.field || k, `${k}: enter a number`);
        state[k] = k === 'conc' ? Math.max(1, Math.min(cap, Math.round(v))) : v;
      } else state[k] = el.value;
      changed();
    });
  }
  for (const name of ['m-clock', 'm-open']) {
    for (const r of root.querySelectorAll(`input[name="${name}"]`)) {
      r.addEventListener('change', () => {
        state[name === 'm-clock' ? 'clock' : 'open'] = r.value;
        changed();
      });
    }
  }
  $('#m-tc-preset').addEventListener('change', (e) => {
    const p = TC_PRESETS[Number(e.target.value)];
    if (!p) return;
    Object.assign(state, { tca: p[1], tcb: p[2], same: p[1] === p[2] });
    e.target.value = '';
    fillForm();
    changed();
  });
  $('#m-sprt-preset').addEventListener('change', (e) => {
    const p = SPRT_PRESETS[Number(e.target.value)];
    if (!p) return;
    Object.assign(state, { sprt: true, elo0: p[1], elo1: p[2] });
    e.target.value = '';
    fillForm();
    changed();
  });

  let valid = null; // the checked spec's description, or null
  function showError(field, message) {
    for (const p of root.querySelectorAll('.field-error')) p.textContent = '';
    for (const el of root.querySelectorAll('.invalid')) el.classList.remove('invalid');
    if (!message) return;
    const top = field.split('.')[0];
    const slot = root.querySelector(`.field-error[data-for="${top}"]`) || $('#m-form-error');
    slot.textContent = message;
    for (const el of root.querySelectorAll('[data-field]')) {
      if (el.dataset.field === field || el.dataset.field === top) el.classList.add('invalid');
    }
    valid = null;
    syncButtons();
  }
  function validate() {
    try {
      valid = check_match_spec(JSON.stringify(specOf(state)));
      showError('', '');
      $('#m-tc-echo').textContent = `${valid.tc_a} vs ${valid.tc_b}`;
      $('#m-clock-label').textContent = valid.clock;
      $('#m-open-count').textContent = `${valid.openings} openings`;
    } catch (e) {
      const message = String(e.message || e);
      showError(message.split(':')[0].trim(), message);
    }
    root.classList.toggle('clock-real', state.clock === 'real');
    inputs.tcb.disabled = state.same;
    inputs.epd.disabled = state.open !== 'epd';
    for (const k of ['elo0', 'elo1', 'alpha', 'beta']) inputs[k].disabled = !state.sprt;
    syncButtons();
  }
  function changed() {
    ctx.onChange({ ...state });
    validate();
  }

  // ---- the match --------------------------------------------------------------------------
  let book = null; // the wasm MatchBook
  let runner = null;
  let meta = null; // { id, spec, state, status, games }
  let selected = null; // selected game index
  let userSelected = false;
  const live = new Map(); // index → records of a running game
  const summaries = new Map(); // index → summary
  let notice = ''; // a lasting note (resume, autosave trouble)

  function syncButtons() {
    const running = Boolean(runner?.active);
    $('#m-start').disabled = running || !valid;
    $('#m-stop').disabled = !running;
    $('#m-resume').hidden = running || !meta || meta.status !== 'stopped';
    $('#m-pgn').disabled = !book || book.finished === 0;
    $('#m-json').disabled = !book || book.finished === 0;
    const setup = root.querySelector('.match-setup');
    if (setup.classList.contains('locked') !== running) {
      setup.classList.toggle('locked', running);
      setup.inert = running;
    }
  }

  const mayStart = () => !(meta?.state?.clock === 'real' && document.hidden);

  function begin(spec, savedState, saved = []) {
    book?.free();
    book = new MatchBook(spec);
    summaries.clear();
    live.clear();
    for (const s of saved) {
      book.add(s);
      summaries.set(s.index, s);
    }
    runner = new MatchRunner({ spec, book, concurrency: savedState.conc > 0 ? savedState.conc : cap, mayStart });
    runner.addEventListener('start', (e) => {
      live.set(e.detail.index, e.detail.records);
      scheduleTable();
    });
    runner.addEventListener('move', () => scheduleTable());
    runner.addEventListener('game', async (e) => {
      const s = e.detail.summary;
      live.delete(s.index);
      summaries.set(s.index, s);
      if (!userSelected) selected = s.index;
      meta.status = book.complete ? 'complete' : 'running';
      renderSoon();
      try {
        await saveGame(meta, s);
      } catch (err) {
        notice = `Autosave failed (${err.message || err}); the match goes on but cannot be resumed after a reload.`;
        renderSoon();
      }
    });
    runner.addEventListener('complete', async () => {
      meta.status = 'complete';
      live.clear();
      renderSoon();
      await saveMatch(meta).catch(() => {});
    });
    runner.addEventListener('stopped', async () => {
      meta.status = 'stopped';
      live.clear();
      renderSoon();
      await saveMatch(meta).catch(() => {});
    });
    runner.addEventListener('respawn', (e) => {
      const { index, message, attempt } = e.detail;
      live.delete(index);
      notice = `Game ${index + 1}: the engine crashed (${message}); the game is being played again in a fresh worker (restart ${attempt}).`;
      renderSoon();
    });
    runner.addEventListener('failed', async (e) => {
      meta.status = 'stopped';
      live.clear();
      $('#m-error').textContent = `${e.detail.message}. The finished games are kept; Resume plays the rest again, or change the setup and start a new match.`;
      renderSoon();
      await saveMatch(meta).catch(() => {});
    });
    runner.addEventListener('idle', () => render());
    renderSoon();
  }

  async function startNew() {
    if (!valid) return;
    $('#m-error').textContent = '';
    notice = '';
    const spec = JSON.stringify(specOf(state));
    meta = { id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`, spec, state: { ...state }, status: 'running', games: state.games };
    userSelected = false;
    selected = null;
    await clearMatch().catch(() => {});
    await saveMatch(meta).catch(() => {});
    // Building the book and spawning the first worker run as separate tasks, so no single
    // main-thread task grows long.
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    await nextTask();
    begin(spec, meta.state);
    await nextTask();
    runner.start();
    renderSoon();
  }

  function resume() {
    if (!meta || !book) return;
    $('#m-error').textContent = '';
    meta.status = 'running';
    saveMatch(meta).catch(() => {});
    if (!runner || runner.book !== book) begin(meta.spec, meta.state, [...summaries.values()]);
    runner.start();
    render();
  }

  $('#m-start').addEventListener('click', startNew);
  $('#m-stop').addEventListener('click', () => runner?.stop());
  $('#m-resume').addEventListener('click', resume);
  $('#m-pgn').addEventListener('click', () => download('tmlab-match.pgn', book.pgn(), 'application/x-chess-pgn'));
  $('#m-json').addEventListener('click', () =>
    download('tmlab-match.json', `${JSON.stringify(book.export(), null, 1)}\n`, 'application/json'),
  );
  document.addEventListener('visibilitychange', () => {
    if (!runner?.active) return;
    if (!document.hidden) runner.dispatch();
    render();
  });

  // ---- rendering ----------------------------------------------------------------------------
  function render() {
    const t0 = performance.now();
    renderNow();
    performance.measure('tmlab:match-render', { start: t0 });
  }
  // Events re-render at most once per frame, in its own task (not inside a worker message).
  const renderSoon = perFrame(render);
  function renderNow() {
    syncButtons();
    if (!book) return;
    const st = book.standing();
    const n = st.finished;
    const N = st.games;
    $('#m-bar').style.width = `${(100 * n) / N}%`;
    const running = runner?.active;
    let status;
    if (meta.status === 'complete') {
      status = st.verdict && st.verdict !== 'running' ? `SPRT decided (${st.verdict.replace('-', ' ')}) after ${n} games` : 'match complete';
    } else if (running) status = runner.running.size ? `playing ${runner.running.size} game${runner.running.size > 1 ? 's' : ''} at once` : 'waiting';
    else status = 'stopped';
    $('#m-progress').textContent = `${n}/${N} games · ${status}`;
    $('#m-progress').dataset.finished = String(n);
    $('#m-progress').dataset.status = meta.status;
    const real = meta.state.clock === 'real';
    $('#m-note').textContent =
      running && real && document.hidden
        ? 'Paused between games: a wall-clock match waits while the tab is hidden (background tabs are throttled).'
        : [notice, running && !real ? 'Virtual clock: the match keeps running when the tab is hidden; results do not depend on wall time.' : '']
            .filter(Boolean)
            .join(' ');
    renderStats(st);
    $('#m-block').textContent = st.text;
    renderTime(st);
    scheduleTable();
    drawChart();
  }

  function stat(key, label, value, tip) {
    return `<div class="stat" data-stat="${key}"${tip ? ` title="${html(tip)}"` : ''}><span class="stat-label">${html(label)}${tip ? ' <span class="tip" aria-hidden="true">ⓘ</span>' : ''}</span><span class="stat-value">${html(value)}</span></div>`;
  }
  function renderStats(st) {
    const b = st.report.block;
    const e = b.estimate;
    const p = b.penta;
    const parts = [
      stat('elo', 'Elo', e ? eloText(e) : '–', TIPS.elo),
      stat('nelo', 'nElo', e ? `${fmt(e.nelo)} ± ${fmt(e.nelo_error)}` : '–', TIPS.nelo),
      stat('los', 'LOS', e ? pct(e.los, 2) : '–', TIPS.los),
      stat('wdl', 'W / L / D (A)', `${b.wdl.wins} / ${b.wdl.losses} / ${b.wdl.draws}`),
      stat('penta', 'Ptnml(0-2)', `[${p.ll}, ${p.ld}, ${p.wl + p.dd}, ${p.wd}, ${p.ww}]`),
      stat('draws', 'DrawRatio', pct(b.draw_ratio, 2)),
    ];
    if (b.sprt) {
      const [t, llr, verdict] = b.sprt;
      const lower = Math.log(t.beta / (1 - t.alpha));
      const upper = Math.log((1 - t.beta) / t.alpha);
      const progress = llr >= 0 ? llr / upper : llr / lower;
      const v = verdict === 'running' ? 'running' : verdict === 'h1-accepted' ? 'H1 accepted' : 'H0 accepted';
      parts.push(stat('llr', 'LLR', `${fmt(llr)} (${fmt(100 * progress, 1)} %) of (${fmt(lower)}, ${fmt(upper)}) [${t.elo0}, ${t.elo1}] · ${v}`, TIPS.llr));
    }
    parts.push(stat('timeouts', 'Timeouts A / B', `${st.report.a.timeouts} / ${st.report.b.timeouts}`));
    $('#m-stats').innerHTML = parts.join('');
  }

  function renderTime(st) {
    const row = (name, t) =>
      `<tr><th scope="row">${html(name)}</th><td>${t.timeouts}</td><td>${pct(t.share_by_20)}</td><td>${pct(t.share_by_40)}</td><td>${t.time_left_ms == null ? '–' : `${fmt(t.time_left_ms / 1000)} s`}</td><td>${pct(t.time_trouble)}</td><td>${fmt(t.used_over_allocated)}</td><td>${t.latency_ms == null ? '–' : `${fmt(t.latency_ms, 1)} ms`}</td><td>${fmt(t.max_overshoot_ms, 1)} ms</td></tr>`;
    $('#m-time').innerHTML =
      '<caption>Time usage per player</caption><thead><tr><th></th><th>timeouts</th><th>clock used by move 20</th><th>by move 40</th><th>left at end</th><th>games in time trouble</th><th>used / allocated</th><th>latency</th><th>max overshoot</th></tr></thead>' +
      `<tbody>${row(`A: ${st.name_a}`, st.report.a)}${row(`B: ${st.name_b}`, st.report.b)}</tbody>`;
  }

  const clockText = (ms) => {
    if (ms == null || !Number.isFinite(ms)) return '–';
    const s = ms / 1000;
    if (s < 10) return `${s.toFixed(1)} s`;
    const m = Math.floor(s / 60);
    return `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  };
  function renderTable() {
    const body = $('#m-games-table tbody');
    const rows = [];
    const indices = [...new Set([...summaries.keys(), ...live.keys()])].sort((x, y) => x - y);
    for (const i of indices) {
      const s = summaries.get(i);
      if (s) {
        const r = s.record;
        const o = r.outcome;
        const aMoves = r.moves.filter((m) => !m.book && (m.color === 'white') === s.a_white);
        const left = aMoves.length ? aMoves[aMoves.length - 1].clock_after_ms : null;
        rows.push(
          `<tr data-index="${i}" class="done${i === selected ? ' selected' : ''}" tabindex="0" aria-selected="${i === selected}"><td>${i + 1}</td><td>${html(r.setup.white.name)}</td><td>${html(r.setup.black.name)}</td><td>${html(r.opening)}</td><td>${o ? o.result : '*'}</td><td title="${html(o?.reason || '')}">${html(o ? o.termination.replace('-', ' ') : '')}</td><td>${r.moves.filter((m) => !m.book && !m.flagged).length}</td><td>${clockText(left)}</td></tr>`,
        );
      } else {
        const recs = live.get(i) || [];
        const last = recs[recs.length - 1];
        rows.push(
          `<tr data-index="${i}" class="running"><td>${i + 1}</td><td colspan="3">playing… ${recs.filter((m) => !m.book).length} moves</td><td>*</td><td></td><td>${last ? html(last.san) : ''}</td><td>${last ? clockText(last.clock_after_ms) : ''}</td></tr>`,
        );
      }
    }
    body.innerHTML = rows.join('');
  }
  const scheduleTable = perFrame(() => {
    const t0 = performance.now();
    renderTable();
    performance.measure('tmlab:match-table', { start: t0 });
  });
  $('#m-games-table').addEventListener('click', (e) => selectRow(e.target.closest('tr.done')));
  $('#m-games-table').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      selectRow(e.target.closest('tr.done'));
    }
  });
  function selectRow(tr) {
    if (!tr) return;
    selected = Number(tr.dataset.index);
    userSelected = true;
    renderTable();
    drawChart();
  }

  // ---- the chart ------------------------------------------------------------------------------
  const canvas = $('#m-chart');
  const chart = new GameCanvas(canvas);
  let chartGame = null;
  let hoverPx = null;
  let lastDrawn = null;
  function drawChartNow() {
    const s = selected == null ? null : summaries.get(selected);
    const note = $('#m-chart-note');
    if (!s) {
      note.textContent = book?.finished ? 'Select a game in the table.' : 'The chart appears once a game has finished.';
      return;
    }
    const width = Math.max(300, Math.round(canvas.parentElement.clientWidth || 800));
    const height = Math.round(Math.min(420, Math.max(240, width * 0.42)));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    if (chartGame !== s) {
      chart.set_game(s.record);
      chartGame = s;
    }
    lastDrawn = chart.draw(hoverPx ?? undefined);
    canvas.dataset.game = String(selected);
    canvas.dataset.moves = String(lastDrawn.moves);
    note.textContent = lastDrawn.lines.length
      ? lastDrawn.lines.join(' · ')
      : `Game ${selected + 1}: ${s.record.setup.white.name} – ${s.record.setup.black.name}, ${s.record.outcome?.result ?? '*'} (${s.record.outcome?.reason ?? ''}). Hover the chart (or focus it and use ← →) for each move’s numbers.`;
  }
  const drawChart = perFrame(() => {
    const t0 = performance.now();
    drawChartNow();
    performance.measure('tmlab:draw', { start: t0, detail: 'match-game' });
  });
  canvas.addEventListener('pointermove', (e) => {
    hoverPx = (e.offsetX * canvas.width) / canvas.clientWidth;
    drawChart();
  });
  canvas.addEventListener('pointerleave', () => {
    hoverPx = null;
    drawChart();
  });
  canvas.addEventListener('keydown', (e) => {
    if ((e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') || !lastDrawn) return;
    e.preventDefault();
    const f = lastDrawn.frame;
    const perMove = (f.right - f.left) / Math.max(1, f.x_range[1] - f.x_range[0]);
    hoverPx = Math.min(f.right, Math.max(f.left, (hoverPx ?? f.left) + (e.key === 'ArrowRight' ? perMove : -perMove)));
    drawChart();
  });
  new ResizeObserver(drawChart).observe(canvas.parentElement);
  // The canvas keeps its size from the start, so the first game's chart shifts no layout.
  canvas.width = Math.max(300, Math.round(canvas.parentElement.clientWidth || 800));
  canvas.height = Math.round(Math.min(420, Math.max(240, canvas.width * 0.42)));

  // ---- start: the form from the URL, then any saved match ---------------------------------------
  fillForm();
  validate();
  const restored = (async () => {
    let saved = null;
    try {
      saved = await loadMatch();
    } catch (err) {
      notice = `Saved matches are unavailable (${err.message || err}).`;
      $('#m-note').textContent = notice;
    }
    if (!saved) return;
    meta = saved.meta;
    try {
      begin(meta.spec, meta.state, saved.summaries);
    } catch (err) {
      $('#m-error').textContent = `The saved match could not be restored (${err.message || err}); start a new one.`;
      meta = null;
      book = null;
      syncButtons();
      return;
    }
    const n = saved.summaries.length;
    if (meta.status === 'running') {
      notice = `Resumed an interrupted match from the autosave: ${n}/${meta.games} games were saved; unfinished games are played again.`;
      resume();
    } else if (meta.status === 'stopped') {
      notice = `A stopped match was restored from the autosave: ${n}/${meta.games} games. Resume plays the rest.`;
    }
    render();
  })();

  // Warm up, once the page is idle: the first MatchBook built and reported runs code paths that
  // wasm and the JIT compile on first use, which would otherwise land in the frame that starts
  // the match (a 20 ms script task measured there).
  const idle = globalThis.requestIdleCallback || ((f) => setTimeout(f, 200));
  idle(() => {
    if (book || !valid) return;
    try {
      const warmBook = new MatchBook(JSON.stringify(specOf(state)));
      warmBook.standing();
      warmBook.free();
    } catch {
      /* the form's own validation reports a bad spec */
    }
  });

  const api = {
    get book() {
      return book;
    },
    get runner() {
      return runner;
    },
    get state() {
      return { ...state };
    },
    get valid() {
      return valid;
    },
    get selected() {
      return selected;
    },
    get chart() {
      return lastDrawn;
    },
    restored,
    spec: () => specOf(state),
    select: (i) => selectRow(root.querySelector(`#m-games-table tr[data-index="${i}"].done`)),
  };
  globalThis.tmlab && (globalThis.tmlab.views.match = api);
  return api;
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
