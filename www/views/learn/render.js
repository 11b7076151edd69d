// @ts-check
// The Learn view's templates (lit-html): the list of lessons, the lesson's prose and its
// references, the "try this" buttons with what to notice, and the lesson's embed snippet. The
// live chart is mounted by index.js into the `.lesson-chart` element, which lit keeps across
// renders of the same lesson (it is keyed by the lesson's slug).

import { html, nothing } from 'lit-html';
import { keyed } from 'lit-html/directives/keyed.js';
import { lessonOf } from './controller.js';

/** @param {import('./controller.js').Inline[]} inlines */
const inline = (inlines) =>
  inlines.map((i) => {
    switch (i.t) {
      case 'code':
        return html`<code>${i.v}</code>`;
      case 'strong':
        return html`<strong>${i.v}</strong>`;
      case 'em':
        return html`<em>${i.v}</em>`;
      case 'link':
        return /^https:/.test(i.href)
          ? html`<a href=${i.href} target="_blank" rel="noopener">${i.v}</a>`
          : html`<a href=${i.href}>${i.v}</a>`;
      default:
        return i.v;
    }
  });

/**
 * @param {import('./controller.js').LearnState} s
 * @param {{select: (slug: string) => void, step: (by: number) => void, tryIt: (i: number) => void, reset: () => void, copy: (text: string) => void}} h
 * @param {{snippet: string, embed: boolean}} extra
 */
export function learnTemplate(s, h, { snippet, embed }) {
  const l = lessonOf(s);
  const tried = s.tried === null ? null : l.tries[s.tried];
  return html`
    <div class="learn ${embed ? 'learn-embed' : ''}">
      ${embed
        ? nothing
        : html`<nav class="lesson-list card" aria-label="Lessons">
            <h2>Lessons</h2>
            <ol>
              ${s.lessons.map(
                (x, i) => html`<li>
                  <a href=${`?view=learn&lesson=${x.slug}`} data-slug=${x.slug} aria-current=${i === s.index ? 'page' : 'false'}
                    @click=${(/** @type {MouseEvent} */ e) => {
                      e.preventDefault();
                      h.select(x.slug);
                    }}>${x.title}</a>
                </li>`,
              )}
            </ol>
          </nav>`}
      <article class="lesson card" data-slug=${l.slug} aria-labelledby="lesson-title">
        <h2 id="lesson-title">${s.index + 1}. ${l.title}</h2>
        ${l.blocks.map((b) => {
          if (b.type === 'p') return html`<p>${inline(b.inlines)}</p>`;
          if (b.type === 'ul') return html`<ul>${b.items.map((it) => html`<li>${inline(it)}</li>`)}</ul>`;
          return keyed(l.slug, html`<div class="lesson-chart" data-kind=${b.kind}></div>`);
        })}
        <section class="lesson-tries" aria-label="Try this">
          <h3>Try this</h3>
          <div class="try-buttons">
            ${l.tries.map(
              (t, i) => html`<button type="button" class="try" data-index=${i} aria-pressed=${String(s.tried === i)}
                @click=${() => h.tryIt(i)}>${t.label}</button>`,
            )}
            <button type="button" class="try-reset" ?disabled=${s.tried === null} @click=${h.reset}>Back to the lesson’s setting</button>
          </div>
          <p class="try-notice" role="status">${tried ? html`<strong>Notice:</strong> ${tried.notice}` : 'Press a button to set the chart to a revealing state.'}</p>
        </section>
        <section class="lesson-refs">
          <h3>References</h3>
          <ul>
            ${l.refs.map((r) =>
              r.href
                ? html`<li><a href=${r.href} target=${r.href.startsWith('http') ? '_blank' : nothing} rel="noopener">${r.text}</a></li>`
                : html`<li>${r.text}</li>`,
            )}
          </ul>
        </section>
        ${embed
          ? nothing
          : html`<details class="lesson-embed">
              <summary>Embed this lesson</summary>
              <textarea readonly rows="4" aria-label="HTML to embed this lesson" .value=${snippet}></textarea>
              <button type="button" @click=${() => h.copy(snippet)}>Copy</button>
            </details>`}
        <div class="lesson-nav">
          <button type="button" class="lesson-prev" ?disabled=${s.index === 0} @click=${() => h.step(-1)}>← Previous</button>
          <button type="button" class="lesson-next" ?disabled=${s.index === s.lessons.length - 1} @click=${() => h.step(1)}>Next →</button>
        </div>
      </article>
    </div>`;
}
