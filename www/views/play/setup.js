// @ts-check
// The Play view's setup form: colour, searcher, the manager's parameter panel (every parameter
// a slider, from the Rust schema), a time control per side with a "same for both" toggle and
// odds presets, the move overhead and pondering. Time controls use the one syntax of every view
// (cutechess/fastchess seconds, minutes only with a unit: `3m+2`), and each field echoes the
// crate's reading ("3 min + 2 s per move"). The Rust side checks the setup (PlayBoard.check) and
// its typed error names the bad field. Changes apply to the next game.
import { PlayBoard, read_time_control, tm_schema } from '../../pkg/tmlab.js';
import { createParamsPanel, describeSpec } from '../../ui/params.js';

export const PLAY_PREFIX = 'p';
/**
 * URL keys: side, searcher, manager spec (its move overhead included), White's and Black's
 * control, same-for-both, ponder.
 */
export const PLAY_DEFAULTS = {
  side: 'white',
  s: 'ab',
  tm: 'lc0-legacy',
  wtc: '3m+2',
  btc: '3m+2',
  same: true,
  ponder: false,
};
/** The values a link may give for the choice keys. */
export const PLAY_CHOICES = { side: ['white', 'black'], s: ['ab', 'mcts'] };

/** Controls offered as one click, with lichess's names: [label, white, black]. */
const PRESETS = [
  ['Bullet 1+0', '1m+0', '1m+0'],
  ['Blitz 3+2', '3m+2', '3m+2'],
  ['Blitz 5+3', '5m+3', '5m+3'],
  ['Rapid 10+5', '10m+5', '10m+5'],
  ['Rapid 15+10', '15m+10', '15m+10'],
  ['5 vs 4 min', '5m', '4m'],
  ['2:1 time', '4m', '2m'],
];

function field(labelText, input, hint) {
  const wrap = document.createElement('label');
  wrap.className = 'field';
  const span = document.createElement('span');
  span.className = 'field-label';
  span.textContent = labelText;
  wrap.append(span, input);
  if (typeof hint === 'string') {
    const h = document.createElement('small');
    h.className = 'field-hint';
    h.textContent = hint;
    wrap.append(h);
  } else if (hint) wrap.append(hint);
  return wrap;
}

function select(name, options, value) {
  const s = document.createElement('select');
  s.name = name;
  for (const [v, t] of options) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = t;
    s.append(o);
  }
  s.value = value;
  return s;
}

/**
 * @param {object} state  the view's URL state (side, s, tm, wtc, btc, same, mo, ponder)
 * @param {(state: object) => void} onChange
 * @param {() => void} onNewGame
 */
export function createSetup(state, onChange, onNewGame) {
  // A link's values were checked by the URL reader (each bad one replaced by its default and
  // named in the page's link message).
  state = { ...PLAY_DEFAULTS, ...state };
  const el = document.createElement('section');
  el.className = 'card play-setup';
  el.innerHTML = '<h2>Game setup</h2><p class="blurb">Changes apply to the next game. Time controls are in seconds, as in every view (cutechess/fastchess: <code>180+2</code>, <code>40/60</code>, <code>st=1</code>, <code>hg60</code>); minutes only with a unit: <code>3m+2</code>. Clocks follow lichess: 3m+2 shows 3:00, each side’s clock starts after its first move, the increment is added after each move.</p>';
  const grid = document.createElement('div');
  grid.className = 'setup-grid';

  const side = select('side', [['white', 'White'], ['black', 'Black']], state.side);
  side.id = 'play-side';
  const searcher = select('searcher', [['ab', 'alpha-beta'], ['mcts', 'MCTS']], state.s);
  searcher.id = 'play-searcher';
  const same = document.createElement('input');
  same.type = 'checkbox';
  same.id = 'play-same';
  same.checked = state.same;
  const tcInput = (id, value) => {
    const input = document.createElement('input');
    input.id = id;
    input.className = 'tc';
    input.value = value;
    input.spellcheck = false;
    return input;
  };
  const wtc = tcInput('play-wtc', state.wtc);
  const btc = tcInput('play-btc', state.btc);
  /** The crate's reading of each field, under it. */
  const reading = (input) => {
    const out = document.createElement('output');
    out.className = 'tc-reading';
    out.id = `${input.id}-reading`;
    out.htmlFor.add(input.id);
    input.setAttribute('aria-describedby', out.id);
    return out;
  };
  const wRead = reading(wtc);
  const bRead = reading(btc);
  // The move overhead is the manager's `move-overhead` parameter (its slider is in the panel
  // below); shown here so it is visible with the clocks, and written to the PGN.
  const mo = document.createElement('output');
  mo.id = 'play-mo';
  const ponder = document.createElement('input');
  ponder.type = 'checkbox';
  ponder.id = 'play-ponder';
  ponder.checked = state.ponder;

  const presets = document.createElement('div');
  presets.className = 'tc-presets';
  for (const [label, w, b] of PRESETS) {
    const btn = document.createElement('button');
    btn.type = 'button';
    btn.textContent = label;
    btn.addEventListener('click', () => {
      wtc.value = w;
      btc.value = b;
      same.checked = w === b;
      changed();
    });
    presets.append(btn);
  }

  const sameWrap = document.createElement('label');
  sameWrap.className = 'check';
  sameWrap.append(same, document.createTextNode(' same for both'));
  const ponderWrap = document.createElement('label');
  ponderWrap.className = 'check';
  ponderWrap.append(ponder, document.createTextNode(' engine ponders (MCTS)'));

  grid.append(
    field('You play', side),
    field('Engine searcher', searcher),
    field('White’s clock', wtc, wRead),
    field('Black’s clock', btc, bRead),
    sameWrap,
    field('Move overhead', mo, 'Time the engine keeps back per move for the page↔worker round trip: the manager’s “Move overhead” slider below.'),
    ponderWrap,
  );
  const error = document.createElement('p');
  error.className = 'error setup-error';
  error.setAttribute('role', 'alert');
  const start = document.createElement('button');
  start.type = 'button';
  start.className = 'primary';
  start.id = 'play-start';
  start.textContent = 'New game with these settings';
  start.addEventListener('click', () => {
    if (validate()) onNewGame();
  });

  const tmHead = document.createElement('h3');
  tmHead.textContent = 'Engine time manager';
  const panel = createParamsPanel({
    schema: tm_schema(),
    spec: state.tm,
    id: 'play-tm',
    onChange: (spec) => {
      state.tm = spec;
      changed();
    },
  });
  el.append(presets, grid, error, start, tmHead, panel.element);

  let moveOverhead = null;
  function read() {
    if (same.checked) btc.value = wtc.value;
    btc.disabled = same.checked;
    state.side = side.value;
    state.s = searcher.value;
    state.wtc = wtc.value.trim();
    state.btc = btc.value.trim();
    state.same = same.checked;
    const overhead = describeSpec(state.tm).values['move-overhead'];
    moveOverhead = overhead == null ? null : Number(overhead);
    mo.textContent = moveOverhead == null ? 'n/a (this manager has none)' : `${moveOverhead} ms`;
    state.ponder = ponder.checked;
    for (const [input, out] of [[wtc, wRead], [btc, bRead]]) {
      try {
        out.textContent = read_time_control(input.value).reading;
      } catch (e) {
        out.textContent = '';
      }
    }
    ponder.disabled = searcher.value !== 'mcts';
    ponderWrap.title = ponder.disabled
      ? 'Pondering needs MCTS: an alpha-beta search blocks the worker, so ponderhit could not get through.'
      : '';
  }

  /** The setup object PlayBoard takes. */
  function setup() {
    read();
    const d = new Date();
    return {
      person: state.side,
      white_tc: state.wtc,
      black_tc: state.btc,
      searcher: state.s,
      tm: state.tm,
      move_overhead_ms: moveOverhead ?? 0,
      ponder: state.ponder && state.s === 'mcts',
      date: `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`,
    };
  }

  /** The setup if the crate accepts it, else null with its typed error shown on the field. */
  function validate() {
    const s = setup();
    const bad = PlayBoard.check(JSON.stringify(s));
    error.textContent = bad ? bad.message : '';
    error.title = bad?.allowed ? `Allowed: ${bad.allowed}` : '';
    wtc.classList.toggle('invalid', bad?.path === 'white_tc');
    btc.classList.toggle('invalid', bad?.path === 'black_tc');
    return bad ? null : s;
  }

  function changed() {
    read();
    validate();
    onChange(state);
  }
  for (const input of [side, searcher, same, wtc, btc, ponder]) {
    input.addEventListener(input.type === 'checkbox' || input.tagName === 'SELECT' ? 'change' : 'input', changed);
  }
  read();
  validate();
  return { element: el, setup, validate, error };
}
