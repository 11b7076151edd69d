// @ts-check
// The Play view's setup form: colour, searcher, the manager's parameter panel (every parameter
// a slider, from the Rust schema), a time control per side with a "same for both" toggle and
// odds presets, the move overhead and pondering. Everything is validated by the Rust side
// (PlayBoard.check) and the error shown names the bad field. Changes apply to the next game.
import { PlayBoard, tm_schema } from '../../pkg/tmlab.js';
import { createParamsPanel, describeSpec } from '../../ui/params.js';

/** Controls offered as one click: [label, white, black]. */
const PRESETS = [
  ['1+0', '1+0', '1+0'],
  ['3+2', '3+2', '3+2'],
  ['5+3', '5+3', '5+3'],
  ['15+10', '15+10', '15+10'],
  ['5 vs 4 min', '5+0', '4+0'],
  ['2:1 time', '4+0', '2+0'],
];

function field(labelText, input, hint) {
  const wrap = document.createElement('label');
  wrap.className = 'field';
  const span = document.createElement('span');
  span.className = 'field-label';
  span.textContent = labelText;
  wrap.append(span, input);
  if (hint) {
    const h = document.createElement('small');
    h.className = 'field-hint';
    h.textContent = hint;
    wrap.append(h);
  }
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
export function createSetup(state, onChange, onNewGame, defaults) {
  // Values from a link are checked before use: a bad one is replaced by the default and named.
  const ignored = [];
  /** @type {[string, string[]][]} */
  const choices = [['side', ['white', 'black']], ['s', ['ab', 'mcts']]];
  for (const [key, allowed] of choices) {
    if (!allowed.includes(state[key])) {
      ignored.push(`${key}=${state[key]} (expected ${allowed.join(' or ')})`);
      state[key] = defaults[key];
    }
  }
  try {
    describeSpec(state.tm);
  } catch (e) {
    ignored.push(`tm=${state.tm} (${e.message || e})`);
    state.tm = defaults.tm;
  }
  const el = document.createElement('section');
  el.className = 'card play-setup';
  el.innerHTML = '<h2>Game setup</h2><p class="blurb">Changes apply to the next game. Time controls use lichess’s <code>m+s</code> (minutes + seconds increment) or cutechess syntax in seconds (<code>tc=10+0.1</code>, <code>40/60</code>, <code>st=1</code>, <code>hg60</code>).</p>';
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
    field('White’s clock', wtc),
    field('Black’s clock', btc),
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
    searcher: state.s,
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
    panel.setSearcher(state.s);
    state.wtc = wtc.value.trim();
    state.btc = btc.value.trim();
    state.same = same.checked;
    const overhead = describeSpec(state.tm).values['move-overhead'];
    moveOverhead = overhead == null ? null : Number(overhead);
    mo.textContent = moveOverhead == null ? 'n/a (this manager has none)' : `${moveOverhead} ms`;
    state.ponder = ponder.checked;
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

  function validate() {
    const s = setup();
    try {
      PlayBoard.check(JSON.stringify(s));
      error.textContent = '';
      wtc.classList.remove('invalid');
      btc.classList.remove('invalid');
      return true;
    } catch (e) {
      const msg = String(e.message || e);
      error.textContent = msg;
      wtc.classList.toggle('invalid', msg.startsWith('White'));
      btc.classList.toggle('invalid', msg.startsWith('Black'));
      return false;
    }
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
  if (validate() && ignored.length) error.textContent = `Ignored from the link: ${ignored.join('; ')}.`;
  return { element: el, setup, validate, error };
}
