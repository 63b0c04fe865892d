import { Transform } from 'node:stream';

/**
 * React Router's `<Scripts>` asks for every module a page needs with `<link rel="modulepreload">`
 * (React hoists them into `<head>`): 130–150 KB of JavaScript fetched at high priority beside the
 * HTML, the stylesheet and the first picture. The page is rendered on the server and works before
 * it hydrates, so that JavaScript is not needed for the first paint, and on a phone's connection
 * it delays it (Lighthouse, docs/performance.md). This moves the preloads to just after the
 * first paint: the links leave `<head>`, and a small inline script adds the same links once the
 * browser has painted. The modules still load in parallel rather than as a chain of
 * imports, and React Router's module script, which imports the route modules, is unchanged.
 */
export function preloadsAfterFirstPaint(nonce: string | undefined): Transform {
  let head = Buffer.alloc(0);
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (headDone) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      // Bytes, not text: '</head>' is ASCII, so everything before it is whole characters.
      const end = head.indexOf('</head>');
      if (end === -1) return callback();
      headDone = true;
      const rewritten = deferModulePreloads(head.subarray(0, end).toString('utf8'), nonce);
      callback(null, Buffer.concat([Buffer.from(rewritten), head.subarray(end)]));
    },
    flush(callback) {
      if (!headDone && head.length > 0) this.push(head);
      callback();
    },
  });
}

/** React's rendering of `<Scripts>`' links: `<link rel="modulepreload" href="…" …/>`. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]*)"[^>]*\/>/g;
/** The build's asset paths; anything else is left where it is. */
const ASSET_PATH = /^\/[\w./-]+\.js$/;

/** How many preload links the script adds in one task. */
export const PRELOADS_A_TASK = 4;

/** The head's module preloads, moved to a script that adds them after the first paint. */
export function deferModulePreloads(headHtml: string, nonce: string | undefined): string {
  const hrefs: string[] = [];
  const withoutPreloads = headHtml.replace(MODULE_PRELOAD, (link, href: string) => {
    if (!ASSET_PATH.test(href)) return link;
    hrefs.push(href);
    return '';
  });
  if (hrefs.length === 0) return headHtml;
  // After the browser reports the first contentful paint (a frame's callback can still run
  // before the paint reaches the screen), or after 3 s where it reports none (a hidden tab).
  // A few links a task: a browser recording a trace spends up to a millisecond on each, and 30
  // at once made a task long enough to block input on a slow phone (docs/performance.md).
  const script =
    `(function(){var hrefs=${JSON.stringify(hrefs)},started=false;` +
    `function add(from){for(var i=from;i<hrefs.length&&i<from+${PRELOADS_A_TASK};i++){` +
    `var l=document.createElement("link");l.rel="modulepreload";l.href=hrefs[i];` +
    `document.head.appendChild(l)}if(i<hrefs.length)setTimeout(function(){add(i)},0)}` +
    `function go(){if(started)return;started=true;add(0)}try{new PerformanceObserver(function(list){` +
    `if(list.getEntriesByName("first-contentful-paint").length)go()})` +
    `.observe({type:"paint",buffered:true})}catch(e){}setTimeout(go,3000)})()`;
  return `${withoutPreloads}<script${nonce ? ` nonce="${nonce}"` : ''}>${script}</script>`;
}
