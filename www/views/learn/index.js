// @ts-check
/// <reference types="vite/client" />
// The Learn view: guided lessons on time management. Lessons are data (www/lessons/NN-slug.md,
// parsed by controller.js); each has prose, one live chart built from the playground's
// components (components.js), 1–3 "try this" questions (the chart changes once answered, with
// the lesson's own setting as its ghost, and scrolls into view), its references and its own
// embed snippet. The lesson shown is the URL's `lesson=` key; `try=N` opens it at try N, revealed.

import { render, nothing } from 'lit-html';
import { parseLessons, initialState, update, lessonOf, chartOf, embedHref, revealed } from './controller.js';
import { learnTemplate } from './render.js';
import { mountChart } from './components.js';
import { iframeSnippet } from '../../ui/snippets.js';
import { messageOf } from '../../ui/typed-error.js';

const FILES = /** @type {Record<string, string>} */ (
  import.meta.glob('../../lessons/*.md', { query: '?raw', import: 'default', eager: true })
);

/** Every lesson, parsed once. */
export const LESSONS = parseLessons(FILES);

/**
 * @param {HTMLElement} root
 * @param {{lesson?: string|null, tryNo?: string|null, setLesson?: (slug: string) => void, setTry?: (n: number|null) => void, spawnEngine?: () => Worker, embed?: boolean,
 *   curves?: import('./components.js').CurvesCards}} ctx
 */
export function mountLearn(root, ctx) {
  let s = initialState(LESSONS, ctx.lesson, ctx.tryNo ?? null);
  /** @type {import('./components.js').Mounted|null} */
  let chart = null;
  let chartKey = '';
  const holder = document.createElement('div');
  root.append(holder);

  const base = new URL('./', location.href.replace(/embed\/(index\.html)?(\?.*)?$/, '')).href;
  /** @type {Parameters<typeof learnTemplate>[1]} */
  const handlers = {
    select: (slug) => dispatch({ type: 'select', slug }),
    step: (by) => dispatch({ type: 'step', by }),
    tryIt: (index) => dispatch({ type: 'try', index }),
    answer: (index) => dispatch({ type: 'answer', index }),
    reset: () => dispatch({ type: 'reset' }),
    copy: (text) => navigator.clipboard?.writeText(text).catch(() => {}),
  };

  /** @param {Parameters<typeof update>[1]} e */
  function dispatch(e) {
    const before = s.index;
    const wasRevealed = revealed(s);
    s = update(s, e);
    if (s.index !== before) {
      ctx.setLesson?.(lessonOf(s).slug);
      root.scrollIntoView?.({ block: 'start' });
    }
    ctx.setTry?.(revealed(s) && s.tried !== null ? s.tried + 1 : null);
    paint();
    // The answer changes the chart: bring the question, its notice and the chart below into view.
    if (revealed(s) && !wasRevealed) holder.querySelector('.lesson-tries')?.scrollIntoView?.({ block: 'start' });
  }

  function paint() {
    const l = lessonOf(s);
    const snippet = iframeSnippet(embedHref(base, l.slug, revealed(s) && s.tried !== null ? s.tried + 1 : null), `tmlab lesson: ${l.title}`);
    render(learnTemplate(s, handlers, { snippet, embed: Boolean(ctx.embed) }), holder);
    const host = /** @type {HTMLElement|null} */ (holder.querySelector('.lesson-chart'));
    const c = chartOf(s);
    const key = JSON.stringify([l.slug, c]);
    if (host && key !== chartKey) {
      chart?.destroy();
      chartKey = key;
      try {
        chart = mountChart(host, c.kind, c.attrs, ctx, { base: c.base, mark: c.mark });
        host.dataset.key = key;
      } catch (err) {
        chart = null;
        host.textContent = `This chart could not be built: ${messageOf(err)}`;
      }
    }
  }
  paint();
  if (revealed(s)) requestAnimationFrame(() => holder.querySelector('.lesson-tries')?.scrollIntoView?.({ block: 'start' }));
  return {
    /** The lessons, the state, and the mounted chart (for tests). */
    get state() {
      return s;
    },
    get chart() {
      return chart;
    },
    dispatch,
    unmount() {
      chart?.destroy();
      render(nothing, holder);
    },
  };
}
