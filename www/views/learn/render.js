// @ts-check
// The Learn view's templates (lit-html): the list of lessons, the lesson's prose and its
// references, the "try this" buttons with what to notice, and the lesson's embed snippet. The
// live chart is mounted by index.js into the `.lesson-chart` element, which lit keeps across
// renders of the same lesson (it is keyed by the lesson's slug).

import { html, nothing } from 'lit-html';
import { keyed } from 'lit-html/directives/keyed.js';
import { lesson_number, term } from '../../pkg/tmlab.js';
import { lessonOf, revealed } from './controller.js';
import { messageOf } from '../../ui/typed-error.js';

/** Computed numbers, by expression: the crate evaluates each once per page. */
const NUMBERS = new Map();
/** The text of `{{= expr}}`, computed by the crate (tmlab::plot::numbers). */
export function numberText(/** @type {string} */ expr) {
  if (!NUMBERS.has(expr)) {
    try {
      NUMBERS.set(expr, { ok: true, text: lesson_number(expr) });
    } catch (e) {
      NUMBERS.set(expr, { ok: false, text: `⚠ ${messageOf(e)}` });
    }
  }
  return NUMBERS.get(expr);
}

/** A glossary term as a hover/tap card: `[text](glossary:scope/key)`. */
function glossaryTerm(/** @type {string} */ text, /** @type {string} */ ref) {
  const [scope, key] = ref.slice('glossary:'.length).split('/');
  let entry = null;
  try {
    entry = term(scope || '', key || '');
  } catch {
    entry = null;
  }
  const meaning = entry ? `${entry.label}: ${entry.meaning}${entry.formula ? ` (${entry.formula})` : ''}` : `${text}: see the glossary`;
  return html`<span class="gloss" tabindex="0" data-term=${ref} title=${meaning}>${text}<span class="gloss-card" role="tooltip">${meaning}</span></span>`;
}

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
      case 'num': {
        const n = numberText(i.v);
        return html`<span class=${n.ok ? 'computed' : 'computed error'} data-expr=${i.v} title=${`computed by tmlab: ${i.v}`}>${n.text}</span>`;
      }
      case 'quote':
        return html`<a class="quoted" href=${i.href} target=${i.href.startsWith('http') ? '_blank' : nothing} rel="noopener" title=${`quoted from ${i.title}`}>${i.v}</a>`;
      case 'link':
        if (i.href.startsWith('glossary:')) return glossaryTerm(i.v, i.href);
        return /^https:/.test(i.href)
          ? html`<a href=${i.href} target="_blank" rel="noopener">${i.v}</a>`
          : html`<a href=${i.href}>${i.v}</a>`;
      default:
        return i.v;
    }
  });

/**
 * @param {import('./controller.js').LearnState} s
 * @param {{select: (slug: string) => void, step: (by: number) => void, tryIt: (i: number) => void, answer: (i: number) => void, reset: () => void, copy: (text: string) => void}} h
 * @param {{snippet: string, embed: boolean}} extra
 */
export function learnTemplate(s, h, { snippet, embed }) {
  const l = lessonOf(s);
  const tried = s.tried === null ? null : l.tries[s.tried];
  const triesSection = html`
        <section class="lesson-tries" aria-label="Try this">
          <h3>Try this: predict, then see</h3>
          <div class="try-buttons">
            ${l.tries.map(
              (t, i) => html`<button type="button" class="try" data-index=${i} aria-pressed=${String(s.tried === i)}
                @click=${() => h.tryIt(i)}>${t.label}</button>`,
            )}
            <button type="button" class="try-reset" ?disabled=${s.tried === null} @click=${h.reset}>Back to the lesson’s setting</button>
          </div>
          ${tried
            ? html`<fieldset class="try-question" data-index=${String(s.tried)}>
                <legend>${inline(tried.ask)}</legend>
                ${tried.answers.map(
                  (a, i) => html`<button type="button" class="try-answer" data-index=${i}
                    ?disabled=${s.answer !== null}
                    data-chosen=${String(s.answer === i)}
                    data-right=${s.answer !== null ? String(a.right) : nothing}
                    @click=${() => h.answer(i)}>${inline(a.inlines)}</button>`,
                )}
              </fieldset>`
            : nothing}
          <p class="try-notice" role="status">${tried && revealed(s)
            ? html`${s.answer === null || s.answer < 0
                ? nothing
                : html`<strong class="try-verdict">${tried.answers[s.answer].right ? 'Right.' : 'Not quite.'}</strong> `}<strong>Notice:</strong> ${inline(tried.notice)}${
                tried.mark ? html` <span class="try-mark">(marked on the chart at move ${tried.mark})</span>` : nothing}`
            : tried
              ? 'Choose an answer: the chart changes once you have.'
              : 'Press a button: each asks a question before it changes the chart.'}</p>
        </section>`;
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
          // The questions sit right above the chart they change, so both fit on screen.
          return html`${triesSection}${keyed(l.slug, html`<div class="lesson-chart" data-kind=${b.kind}></div>`)}`;
        })}
        <section class="lesson-refs">
          <h3>References</h3>
          <ul>
            ${l.refs.map((r) =>
              r.href
                ? html`<li><a href=${r.href} target=${r.href.startsWith('http') ? '_blank' : nothing} rel="noopener">${r.text}</a></li>`
                : nothing,
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
