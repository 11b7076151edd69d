// @ts-check
// Looking up the page's elements with their type checked: a lookup names the element class it
// needs, and gets null when the page has no such element (or one of another kind).

/**
 * The element matching `sel` under `root` if it is a `type`, else null.
 * @template {Element} T
 * @param {string} sel
 * @param {{new (): T, prototype: T}} type
 * @param {ParentNode} [root]
 * @returns {T | null}
 */
export function find(sel, type, root = document) {
  const el = root.querySelector(sel);
  return el instanceof type ? el : null;
}
