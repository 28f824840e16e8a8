// Preact hydrates a whole document into <html> itself (preact/src/render.js renders into
// document.documentElement), so the <html> element of root.tsx's tree must not be an element there: in the
// browser it becomes this component, which keeps the one attribute the tree sets (lang) on the existing
// <html> and hands its children (<head>, <body>) to the documentElement's own.
import { type ComponentChildren, options, type VNode } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

function DocumentElement({ lang, children }: { lang?: string; children?: ComponentChildren }) {
  useLayoutEffect(() => {
    if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
  }, [lang]);
  return children as VNode;
}

/**
 * The server renders with React 19, which moves some elements of the tree in its HTML: the modulepreload
 * links React Router's <Scripts> renders in <body> are hoisted into <head>, stylesheets with a
 * `precedence` (script-fonts.tsx) go to the top of <head>, and React adds image preloads of its own for
 * the first eager images (card-image.ts). Preact hydrates by matching each element of the tree to the next
 * DOM element of the same tag among its parent's children and removes what is left over, so before it
 * runs the DOM is put back in the tree's shape: React's own image preloads go (their fetches have
 * started), the precedence stylesheets move to the end of <head>, the modulepreloads back into <body>.
 * The script policy's <meta> goes too: root.tsx renders it only with the server's nonce, which the
 * browser hides from scripts, and a policy once read from a <meta> stays in force after it is removed.
 */
export function unhoistReactHead() {
  const head = document.head;
  head.querySelector('meta[http-equiv="Content-Security-Policy"]')?.remove();
  for (const link of head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
  for (const link of head.querySelectorAll('link[rel="stylesheet"][data-precedence]')) head.append(link);
  const firstScript = document.body.querySelector(':scope > script');
  for (const link of head.querySelectorAll('link[rel="modulepreload"]')) {
    document.body.insertBefore(link, firstScript);
  }
}

export function renderHtmlAsDocumentElement() {
  const previous = options.vnode;
  options.vnode = (vnode) => {
    if (vnode.type === 'html') (vnode as { type: unknown }).type = DocumentElement;
    previous?.(vnode);
  };
}
