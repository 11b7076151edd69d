// @ts-check
// The embed snippets (www/ui/snippets.js): the iframe's fallback sentence and listener, the
// playground's folder from any of its pages, a chart's <tm-curve>, a game's inline data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { iframeSnippet, playgroundBase, curveSnippet, gameSnippet, chartFrameHref } from '../../www/ui/snippets.js';
import { ALLOCATION_DEFAULTS, ALLOCATION_PREFIX } from '../../www/ui/curve-params.js';

test('the playground folder from the full page, the embed route and index.html, under any sub-path', () => {
  assert.equal(playgroundBase('https://docs.example/tm/?v=1&view=play'), 'https://docs.example/tm/');
  assert.equal(playgroundBase('https://docs.example/tm/embed/?v=1&view=learn'), 'https://docs.example/tm/');
  assert.equal(playgroundBase('https://docs.example/tm/embed/index.html?x#y'), 'https://docs.example/tm/');
  assert.equal(playgroundBase('https://docs.example/index.html'), 'https://docs.example/');
});

test('the iframe snippet: the frame, a sentence for when it cannot load (linking the full view), the listener that hides it', () => {
  const s = iframeSnippet('https://pg.example/tm/embed/?v=1&view=play&layout=compact', 'tmlab: Play', 560);
  const [frame, fallback, script] = s.split('\n');
  assert.match(frame, /^<iframe class="tmlab" src="https:\/\/pg.example\/tm\/embed\/\?v=1&amp;view=play&amp;layout=compact" title="tmlab: Play" loading="lazy" style="width: 100%; height: 560px; border: 0"><\/iframe>$/);
  assert.match(fallback, /^<p class="tmlab-fallback">If no tmlab view appears above, it could not be loaded from https:\/\/pg.example /);
  assert.match(fallback, /<a href="https:\/\/pg.example\/tm\/\?v=1&amp;view=play&amp;layout=compact">open it in the playground<\/a>/);
  assert.match(script, /tmlab-height/);
  assert.match(script, /classList\.contains\('tmlab-fallback'\)\) p\.hidden = true/);
});

test('a chart snippet writes only what differs from the defaults; a game snippet cannot close its script early', () => {
  assert.equal(
    curveSnippet('decay', { from: 0.3, to: 1, step: 4 }, 'https://pg.example/tm/'),
    '<script type="module" src="https://pg.example/tm/tm-curve.js"></script>\n<tm-curve kind="decay" from="0.3" step="4"></tm-curve>',
  );
  const game = gameSnippet(JSON.stringify({ setup: { white: { name: 'a</script><b>' } } }), 'https://pg.example/');
  assert.equal(game.match(/<\/script>/g)?.length, 2, game);
  assert.deepEqual(JSON.parse(/** @type {RegExpMatchArray} */ (game.match(/<script type="application\/json">(.*)<\/script><\/tm-curve>/))[1]), { setup: { white: { name: 'a</script><b>' } } });
});

test('the allocation chart alone as an /embed URL with its state', () => {
  const href = new URL(chartFrameHref('https://pg.example/tm/', 'allocation', ALLOCATION_PREFIX, { ...ALLOCATION_DEFAULTS, tc: '40/60', mode: 'engine' }, ALLOCATION_DEFAULTS));
  assert.equal(href.pathname, '/tm/embed/');
  assert.equal(href.searchParams.get('view'), 'curves');
  assert.equal(href.searchParams.get('chart'), 'allocation');
  assert.equal(href.searchParams.get('al.tc'), '40/60');
  assert.equal(href.searchParams.get('al.mode'), 'engine');
  assert.equal(href.searchParams.get('al.use'), null, 'defaults are not written');
});
