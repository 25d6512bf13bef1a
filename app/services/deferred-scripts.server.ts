/**
 * Scripts after the first paint.
 *
 * Remix's `<Scripts>` writes, at the end of the body, one `<link rel="modulepreload">` per module of
 * the page and one inline module script that imports them and hydrates. The browser's preload
 * scanner fetches all of them while it is still parsing, so on a slow line the first paint waits
 * behind about 100 KB of JavaScript it does not need: every screen is complete HTML whose forms
 * post without it (DESIGN §4). Lighthouse measured the list pages' LCP at 1.2–1.4 × the same page
 * with scripts off.
 *
 * This turns those tags inert as the HTML leaves the server (`rel="modulepreload"` →
 * `rel="x-deferred-modulepreload"`, `type="module"` → `type="x-deferred-module"`) and adds one
 * small script that, once the first frame has been painted, gives them back their meaning: the
 * preloads start and the module script runs as Remix wrote it. React does not compare attributes
 * when it hydrates, and the loader appends to the end of `<body>`, where React 18 tolerates nodes it
 * did not render. Only markup matches: text React writes has its `<` escaped. If a Remix upgrade
 * changes these tags, nothing matches and the page loads its scripts at once, as before (the e2e
 * JS project still passes; a routes test checks the rewrite).
 */
const PRELOAD = '<link rel="modulepreload"';
const DEFERRED_PRELOAD = '<link rel="x-deferred-modulepreload"';
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;
const DEFERRED_TYPE = "x-deferred-module";
/** A tab that is not shown gets its scripts after this long (it gets no animation frames). */
const BACKGROUND_TAB_MS = 1500;

/**
 * What runs in the page: once the first frame has been presented (two animation frames: the first
 * callback runs before that frame is painted), the deferred tags come back to life. A tab opened
 * in the background gets no animation frames until it is shown, so a timer does it there.
 */
function loaderSource() {
  const body = [
    `if(window.__remixDeferredStarted)return;window.__remixDeferredStarted=1;`,
    `document.querySelectorAll('link[rel="x-deferred-modulepreload"]').forEach(function(l){l.rel="modulepreload"});`,
    `var d=document.querySelector('script[type="${DEFERRED_TYPE}"]');if(!d)return;`,
    `var s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;document.body.appendChild(s);`,
  ].join("");
  return `(function(){function go(){${body}}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,${BACKGROUND_TAB_MS})})();`;
}

/**
 * Rewrites one piece of a page's HTML (read as latin1: see CoalescedStream; the tags are ASCII).
 * Returns the HTML and whether the module script was found (after which the rest of the page is
 * left alone).
 */
export function deferScripts(html: string): { html: string; done: boolean } {
  const match = MODULE_SCRIPT.exec(html);
  if (!match)
    return {
      html: html.includes(PRELOAD) ? html.split(PRELOAD).join(DEFERRED_PRELOAD) : html,
      done: false,
    };
  const nonce = match[1] ?? "";
  const before = html.slice(0, match.index).split(PRELOAD).join(DEFERRED_PRELOAD);
  const end = html.indexOf("</script>", match.index);
  if (end < 0) return { html, done: true };
  const close = end + "</script>".length;
  const script = html.slice(match.index, close).replace(' type="module"', ` type="${DEFERRED_TYPE}"`);
  return {
    html: `${before}${script}<script${nonce}>${loaderSource()}</script>${html.slice(close)}`,
    done: true,
  };
}
/** A burst without one of these holds nothing to rewrite (CoalescedStream passes it unread). */
deferScripts.markers = [PRELOAD, ' type="module"'] as const;
