// @ts-check
// tm-curve-loader.js: <tm-curve> from a server that may not allow this page (docs/embedding.md).
// A classic script (no `type="module"`), so the browser loads it from any origin without CORS;
// it imports tm-curve.js beside it, and if that fails (no CORS, a CSP, offline) it defines a
// fallback <tm-curve> showing the static picture of the chart's kind and one sentence naming the
// cause, so an embed never shows nothing. Kept plain and tiny: it is not bundled.
(function () {
  'use strict';
  var script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  var base = script && script.src ? script.src : location.href;
  var url = new URL('tm-curve.js', base).href;
  var origin = new URL(url).origin;
  var blocked = false;
  document.addEventListener('securitypolicyviolation', function () {
    blocked = true;
  });
  function cause() {
    if (blocked) return "this page's Content-Security-Policy forbids the chart code from " + origin;
    if (navigator.onLine === false) return 'the browser is offline';
    if (origin !== location.origin) {
      return 'the server at ' + origin + ' does not allow this page (' + location.origin +
        ') to load the chart code: it must send Access-Control-Allow-Origin (CORS), or the self-host kit (embed-kit/) must be copied to this site';
    }
    return 'the chart code at ' + url + ' could not be loaded';
  }
  var KINDS = ['decay', 'moves-left', 'allocation', 'game'];
  import(url).catch(function () {
    if (customElements.get('tm-curve')) return;
    var why = cause();
    customElements.define('tm-curve', class extends HTMLElement {
      connectedCallback() {
        if (this.shadowRoot) return;
        var asked = this.getAttribute('kind');
        var kind = asked !== null && KINDS.indexOf(asked) >= 0 ? asked : 'decay';
        this.state = 'static';
        var root = this.attachShadow({ mode: 'open' });
        var figure = document.createElement('figure');
        figure.style.cssText = 'margin:0;border:1px solid #dfe2e8;border-radius:8px;padding:8px;background:#fff;font:14px/1.4 system-ui,sans-serif;color:#1d2330';
        var p = document.createElement('p');
        p.setAttribute('part', 'reason');
        p.className = 'why';
        p.style.cssText = 'color:#5b6475;margin:0 0 6px';
        p.textContent = 'The live chart cannot load because ' + why + ', so this is a static picture of the default ' + kind + ' chart.';
        if (kind === 'game') {
          p.textContent = 'The live chart cannot load because ' + why + ', so this game\'s chart cannot be drawn (a game has no static picture).';
          figure.append(p);
        } else {
          var img = document.createElement('img');
          img.src = new URL('static/' + kind + '.svg', base).href;
          img.alt = 'The default ' + kind + ' chart';
          img.style.cssText = 'display:block;width:100%;height:auto';
          figure.append(p, img);
        }
        root.append(figure);
      }
    });
  });
})();
