/**
 * The isolation around a rendered document. It runs in two nested sandboxed iframes (opaque origins, no
 * allow-same-origin): an outer shell of ours (SHELL_URL), whose CSP forbids loading any frame (frame-src 'none'), and the
 * document inside it. A document's own CSP cannot stop it from navigating itself to https://…?invoice-data; the
 * frame-src of its parent can, so the shell exists to hold that rule. The CSP also reaches the document twice:
 * inherited from the shell (srcdoc documents inherit their parent's policy) and as the first element of its head.
 */
export const FRAME_CSP = [
  "default-src 'none'",
  'img-src data:',
  'font-src data:',
  'media-src data:',
  "style-src 'unsafe-inline'",
  // Integrator stylesheets ship inline scripts (QR-code libraries); they run, but reach nothing.
  "script-src 'unsafe-inline'",
  "connect-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "object-src 'none'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ')

/** Sandbox tokens of both frames: scripts, and modals because window.print() needs allow-modals. Never allow-same-origin. */
export const FRAME_SANDBOX = 'allow-scripts allow-modals'

/** Tag of every message between our page and the helper script inside the document. */
export const MESSAGE_TAG = 'xml-viewer'

/**
 * The helper put into the document's head: scales a document wider than its frame (an A4 invoice, about 800 px, on
 * a 390 px phone) down to the frame's width on screen (never in print; the visitor can still pinch to zoom in),
 * reports the document's height to our page (so the frame can grow to it) and prints the document when our page
 * asks. It talks to `top` directly: the shell in between only shows it.
 */
export const HELPER_SCRIPT = `(function () {
  var last = -1, scale = 1, fitting = null;
  function fit() {
    var d = document.documentElement;
    if (!fitting) { fitting = document.createElement('style'); (document.head || d).appendChild(fitting); }
    fitting.textContent = '';
    var w = Math.max(d.scrollWidth, document.body ? document.body.scrollWidth : 0);
    scale = w > window.innerWidth + 1 ? window.innerWidth / w : 1;
    if (scale < 1) fitting.textContent = '@media screen { html { zoom: ' + scale + '; overflow-x: hidden; } }';
  }
  function report() {
    var d = document.documentElement;
    var bar = Math.max(0, window.innerHeight - d.clientHeight);
    var h = Math.ceil(Math.max(d.scrollHeight, document.body ? document.body.scrollHeight : 0) * (scale < 1 ? scale : 1) + bar);
    if (h !== last) { last = h; top.postMessage({ tag: '${MESSAGE_TAG}', type: 'height', value: h }, '*'); }
  }
  addEventListener('DOMContentLoaded', function () {
    fit();
    report();
    if (window.ResizeObserver) new ResizeObserver(report).observe(document.documentElement);
  });
  addEventListener('load', function () { fit(); report(); });
  var width = window.innerWidth;
  addEventListener('resize', function () {
    if (window.innerWidth !== width) { width = window.innerWidth; fit(); report(); }
  });
  addEventListener('message', function (e) {
    if (e.source === top && e.data && e.data.tag === '${MESSAGE_TAG}' && e.data.type === 'print') print();
  });
})();`

/** Where the page loads the outer shell from: a page of its own, so it has its own CSP, not the viewer page's. */
export const SHELL_URL = '/xml-goruntuleyici/kabuk.html'

/**
 * The outer shell (served at SHELL_URL, sandboxed by the page's frame, opaque origin): the frame CSP, and a script
 * that takes the document from its parent only and shows it in the inner sandboxed srcdoc frame, which inherits
 * the shell's policy. The shell's policy allows inline scripts because the documents' own scripts (QR codes) run
 * in that inner frame; neither frame can reach our origin, the network or another frame.
 */
export function shellPage(): string {
  return (
    '<!DOCTYPE html><html lang="tr"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_CSP}">` +
    '<title>Belge</title>' +
    '<style>html,body{margin:0;height:100%;overflow:hidden;background:#fff}' +
    'iframe{display:block;border:0;width:100%;height:100%}</style></head><body><script>' +
    SHELL_SCRIPT +
    '</script></body></html>'
  )
}

const SHELL_SCRIPT = `addEventListener('message', function (e) {
  var d = e.data;
  if (e.source !== parent || !d || d.tag !== '${MESSAGE_TAG}' || d.type !== 'document') return;
  var old = document.querySelector('iframe');
  if (old) old.remove();
  var frame = document.createElement('iframe');
  frame.setAttribute('sandbox', '${FRAME_SANDBOX}');
  frame.title = String(d.title);
  frame.srcdoc = String(d.html);
  document.body.appendChild(frame);
});`

/** The message that gives the shell the document to show. */
export function documentMessage(html: string, title: string) {
  return { tag: MESSAGE_TAG, type: 'document', html, title } as const
}

/** A height message from the helper script, or null for anything else. */
export function readHeightMessage(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null
  const { tag, type, value } = data as Record<string, unknown>
  if (tag !== MESSAGE_TAG || type !== 'height' || typeof value !== 'number' || !Number.isFinite(value))
    return null
  // A hostile document can post any number: keep the frame between a usable minimum and a sane maximum.
  return Math.min(Math.max(Math.round(value), 200), 60000)
}

/** The message that asks the helper script to print. */
export const PRINT_MESSAGE = { tag: MESSAGE_TAG, type: 'print' } as const
