"""The page `claw serve` hands the room's second screen: markup, script and style as three
fixed documents, so the Content-Security-Policy can forbid anything inline or foreign."""

from __future__ import annotations

from html import escape

HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{name} · claw</title>
<link rel="stylesheet" href="/claw.css">
<script src="/claw.js" defer></script>
</head>
<body data-version="0">
<header><h1 id="title">{name}</h1><span id="status">connecting…</span></header>
<main>
<section id="board-pane" aria-label="board"><img id="board" alt="the board" hidden><pre id="board-text"></pre></section>
<section id="events-pane" aria-label="last events"><h2>Last events</h2><ol id="events"></ol></section>
</main>
<p id="error" role="alert" hidden></p>
</body>
</html>
"""

_SCRIPT = """'use strict';
// Read-only: fetch what the server shows and redraw; the server sends a version per change.
let shown = -1;
async function refresh() {
  const reply = await fetch('/snapshot.json', {cache: 'no-store'});
  const snap = await reply.json();
  if (snap.version === shown) return;
  shown = snap.version;
  document.body.dataset.version = String(snap.version);
  document.getElementById('title').textContent = snap.title || document.title;
  const problem = document.getElementById('error');
  problem.hidden = !snap.error;
  problem.textContent = snap.error || '';
  const img = document.getElementById('board');
  const text = document.getElementById('board-text');
  if (snap.svg) {
    img.src = '/board.svg?v=' + snap.version;
    img.hidden = false;
    text.textContent = '';
  } else {
    img.hidden = true;
    text.textContent = snap.board_text || '';
  }
  const list = document.getElementById('events');
  list.replaceChildren();
  snap.events.forEach((row, i) => {
    const item = document.createElement('li');
    if (i === snap.events.length - 1) item.className = 'latest';
    const head = document.createElement('code');
    head.textContent = '#' + row.seq + ' ' + row.line;
    item.appendChild(head);
    row.events.forEach(line => {
      const p = document.createElement('p');
      p.textContent = line;
      item.appendChild(p);
    });
    list.appendChild(item);
  });
  list.lastElementChild && list.lastElementChild.scrollIntoView({block: 'end'});
}
function status(text) { document.getElementById('status').textContent = text; }
function poll() { setInterval(() => refresh().catch(() => status('server gone')), 2000); }
if (window.EventSource) {
  const stream = new EventSource('/stream');
  stream.onmessage = () => refresh().then(() => status('live')).catch(() => status('server gone'));
  stream.onerror = () => status('reconnecting…');
} else {
  poll();
}
refresh().catch(() => status('server gone'));
"""

_STYLE = """body { font-family: system-ui, sans-serif; margin: 0; background: #f4f1ea; color: #222; }
header { display: flex; align-items: baseline; gap: 1em; padding: .4em 1em; background: #2f3b45; color: #fff; }
header h1 { font-size: 1.2em; margin: 0; }
#status { font-size: .85em; opacity: .8; }
main { display: flex; gap: 1em; padding: 1em; align-items: flex-start; }
#board-pane { flex: 3; min-width: 0; }
#board { width: 100%; height: auto; max-height: calc(100vh - 5em); object-fit: contain; object-position: left top; }
#board-text { font-size: 1rem; overflow: auto; }
#events-pane { flex: 2; max-height: 90vh; overflow-y: auto; }
#events-pane h2 { font-size: 1em; margin: 0 0 .5em; }
#events { margin: 0; padding-left: 0; list-style: none; }
#events li { border-left: 3px solid #bbb; padding: .2em .6em; margin-bottom: .5em; }
#events li.latest { border-color: #c0392b; background: #fff; }
#events p { margin: .1em 0; font-size: .9em; }
#error { color: #b00; padding: 0 1em; }
"""

ASSETS = {
    "/claw.js": (_SCRIPT.encode(), "text/javascript; charset=utf-8"),
    "/claw.css": (_STYLE.encode(), "text/css; charset=utf-8"),
}


def page(name: str) -> bytes:
    return _PAGE.format(name=escape(name)).encode()
