// The table companion's own script. Every page works without it (a reload always shows the truth);
// it adds: live updates (wait for the game's version to move, fetch the page again and morph #game
// into it with idiomorph, static/vendor/, so that only what changed is touched and what the reader
// opened, chose, typed and focused stays theirs), instant taps (send action forms with fetch; a tap
// that was not recorded, for whatever reason, says so in a message at the bottom of the screen that
// stays until dismissed, and its form stays marked until a tap is recorded; a tap the server asks
// about first, being for another player than this phone's, opens that question; offline, no tap
// leaves the page), no double sends, a switch that keeps
// the phone's screen on (the Screen Wake Lock), and the game's last view kept on the phone for
// when the server cannot be reached (the service worker static/sw.js).
(function () {
  "use strict";
  var game = document.getElementById("game");
  var live = document.getElementById("live");
  var TAP = /\/(do\/[\w-]+|undo|redo)$/;
  var TAP_TIMEOUT = 20000;  // a tap with no answer by then is taken as a lost connection
  var KEEP_AFTER = 2000;  // how long the table is quiet before the worker keeps this page
  // Hidden fields that differ between two drawings of the same form (not what the form is).
  var PER_DRAWING = ["csrf_token", "version", "once"];
  // A kept page the service worker shows while the server cannot be reached carries the time it
  // was kept (ms since 1970) in its banner; 0 on a page from the server.
  var kept = document.getElementById("kept");
  var keptAt = kept && parseInt(kept.dataset.keptAt, 10) || 0;

  // A double tap must not send the same form twice (with or without live updates).
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (keptAt) { ev.preventDefault(); return; }  // nothing is sent from a kept page
    if (form.dataset.sent) { ev.preventDefault(); return; }
    form.dataset.sent = "1";
    setTimeout(function () { delete form.dataset.sent; }, 3000);
    if (!(game && window.fetch && window.Idiomorph && game.contains(form))) { return; }
    if (TAP.test(form.action)) {
      ev.preventDefault();
      send(form, ev.submitter);
    } else if (form.method === "post") {  // (a page to load: the question "for Basalt?")
      ev.preventDefault();
      postPage(form, ev.submitter, form.action);
    }
  });
  if (!game || !window.fetch || !window.DOMParser || !window.Idiomorph) { return; }
  var awake = document.getElementById("awake");
  if (awake) { keepAwake(awake); }

  // A second tap just after the game was drawn again for the first lands on what is there now,
  // which may not be what the finger aimed at ("Pay income" where "Close" just was): for a
  // moment after a tap that moved the table on to its next step (a form classed moves-on), a
  // button or panel that took the place of the one just tapped does not take the tap.
  var FRESH_MS = 400;
  var drawn = {at: 0, was: [], scrollY: 0}, tapped = null;
  document.addEventListener("click", function (ev) {
    if (Date.now() - drawn.at > FRESH_MS || !ev.target.closest) { return; }
    var el = ev.target.closest("button, summary");
    if (!el || !game.contains(el)) { return; }
    var key = tapKey(el), y = ev.clientY + window.scrollY - drawn.scrollY;  // (as drawn then)
    var before = drawn.was.filter(function (w) {
      return ev.clientX >= w.left && ev.clientX <= w.right && y >= w.top && y <= w.bottom;
    });
    if (before.length && !before.some(function (w) { return w.key === key; })) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  }, true);

  function tapKey(el) {
    var form = el.closest("form");
    return el.tagName + "|" + el.textContent.trim() + "|" + (form ? form.action : "");
  }

  // The button a tap was sent by, and where it is on the screen.
  function placeOf(el) {
    var r = el.getBoundingClientRect();
    return {key: tapKey(el), left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  }

  // Live updates: the version check is held by the server until the game moves (or data-hold
  // seconds pass), so a change shows here as soon as it is recorded, and a quiet table costs one
  // request per phone per wait. A server that answers at once (too many checks held, or a proxy
  // in between) is asked again every data-poll seconds; never while the page is hidden.
  var hold = Math.max(parseInt(game.dataset.hold, 10) || 0, 0);
  var every = Math.max(parseFloat(game.dataset.poll) || 2, 0.5) * 1000;
  var asking = null;  // the check in flight (an AbortController), if any
  var restart = false;  // it was stopped to ask again at once
  var versionUrl = game.dataset.versionUrl;
  var timer = null, failures = 0, busy = false, sent = null, drawings = 0;
  var tapping = 0;  // taps on their way: each one's answer brings the game as it is then
  // The taps not recorded ({form: what the form is, button: which of its buttons, note: the mark's
  // words, label: the tap in words, unsent: it never reached the server}), marked on every fresh
  // copy of the game until a tap is recorded: the last one refused, or every one tapped offline.
  var failed = [];
  // The server was not reached (a check failed, or the browser went offline): the next answer
  // says which taps were not sent meanwhile.
  var wasOff = false;
  // The page's words in the reader's language, from the server (data-* on #live).
  var words = live.dataset;
  // What must be seen wherever the page is scrolled sits in a dock at the bottom of the screen
  // (at the top it went under the sticky header bar): a lost connection and a tap not recorded.
  var dock = document.createElement("div");
  dock.className = "dock";
  document.body.appendChild(dock);
  var liveHome = live.parentNode, liveNext = live.nextSibling;
  if (keptAt) { showKept(); } else { keepLastView(); }
  dropBlanks(game);  // (as every new drawing of it is)

  // (written only when it changes: a word written again is laid out and painted again, on every
  // answer of the version check)
  function status(ok) {
    var txt = live.querySelector(".txt"), said = ok ? words.on : words.off;
    live.hidden = false;
    live.className = "live " + (ok ? "on" : "off");
    if (txt.textContent !== said) { txt.textContent = said; }
    live.querySelector(".retry").hidden = ok;
    if (!ok && live.parentNode !== dock) { dock.appendChild(live); }
    if (ok && live.parentNode === dock) { liveHome.insertBefore(live, liveNext); }
  }

  function schedule(ms) {
    clearTimeout(timer);
    if (!document.hidden) { timer = setTimeout(poll, ms); }
  }

  function poll() {
    clearTimeout(timer);
    if (asking || document.hidden) { return; }
    if (busy) { schedule(every); return; }
    var started = Date.now(), next = 0;
    asking = window.AbortController ? new AbortController() : {abort: function () {}};
    // A held check with no answer long after its wait: the connection is taken as lost.
    var late = setTimeout(function () { asking.abort(); }, (hold + 15) * 1000);
    // A kept page, or a phone whose last check failed, asks without waiting: an answer at all
    // means the server is back.
    var held = hold && !keptAt && !failures;
    fetch(versionUrl + (held ? "?wait=" + hold : ""), {
      cache: "no-store", credentials: "same-origin", signal: asking.signal,
      headers: {"If-None-Match": '"' + game.dataset.version + '"'}})
      .then(function (r) {
        if (r.status === 304) { return null; }
        if (!r.ok) { throw new Error(r.status); }
        return r.json();
      })
      .then(function (body) {
        failures = 0;
        if (keptAt) { location.reload(); return; }  // the server is back: the live page
        status(true);
        backOnline();
        var quick = Date.now() - started < hold * 500;  // answered without waiting
        if (body && String(body.version) !== game.dataset.version) {
          if (busy || tapping) { next = 300; return; }  // (a tap's own refresh brings it)
          return refresh();
        } else if (held ? quick : !hold) { next = every; }
      })
      .catch(function () {
        if (restart || document.hidden) { restart = false; return; }  // (stopped by us)
        failures += 1; wasOff = true; status(false);
        next = Math.min(every * (1 + failures), 15000);
      })
      .then(function () {
        clearTimeout(late);
        asking = null;
        schedule(next);
      });
  }

  // Fetch this page again (or ``url``, then shown as this page's address) and morph ours into its
  // #game. The game's own page comes in parts: sent the digests of the parts this page shows
  // (data-parts, less the part holding the form just sent, to be drawn afresh), the server
  // answers its #game with an empty stand-in (data-same) for each part drawn as ours is, left
  // as it is. An error page (the server asking to wait, say) leaves ours as it is.
  // Of two drawings asked at once (a live update's and a tap's), the one asked last is shown.
  function refresh(url, whole) {
    var mine = ++drawings, page = url || location.href, parts = partsOf(page);
    busy = true;
    return fetch(parts || page, {cache: "no-store", credentials: "same-origin",
                                 headers: parts ? {"X-Parts": whole ? "" : have(sent)} : {}})
      .then(function (r) {
        if (!r.ok) { return null; }
        return /json/.test(r.headers.get("Content-Type")) ? r.json() : r.text();
      })
      .then(function (body) { return show(body, url, mine); })
      .catch(function () { status(false); })
      .then(function () { if (mine === drawings) { busy = false; } });
  }

  // Show a drawing of the game (a whole page, or the parts the server sent: ``body.game``) if it
  // is still the one asked last (``mine``).
  function show(body, url, mine) {
    if (body === null || mine !== drawings) { return; }
    var page = typeof body === "string", fresh = gameOf(page ? body : body.game, page);
    var same = fresh.querySelectorAll("[data-same]");
    if (Array.prototype.some.call(same, function (el) { return !mine_(el.id); })) {
      drawings = mine - 1;  // (a part not here as it was: a filled form kept, say)
      return refresh(url, true);
    }
    swap(fresh, url, same, page ? null : body.csrf);
    if (!page) { keepLater(); }
  }

  // The part of ours with this id, if #game has it.
  function mine_(id) {
    var el = document.getElementById(id);
    return el && game.contains(el) ? el : null;
  }

  // The address of the parts of ``page`` when it is this game's page (the same asked forms),
  // else null: another page is fetched whole.
  var gamePath = versionUrl.replace(/\/v$/, "");
  function partsOf(page) {
    var at = new URL(page, location.href);
    return at.pathname === gamePath ? gamePath + "/parts" + at.search : null;
  }

  // What this page's parts are, as the server sent them (id:digest each), but for the part
  // holding ``form``, the form just sent: it is drawn afresh (a new one-time key).
  function have(form) {
    var said = game.dataset.parts || "";
    if (!form || !game.contains(form)) { return said; }
    var part = null;
    for (var el = form; el && el !== game; el = el.parentElement) { if (el.id) { part = el.id; } }
    return said.split(" ").filter(function (p) { return p.split(":")[0] !== part; }).join(" ");
  }

  // The #game of a page (``page``: a whole page) or of its drawing alone.
  function gameOf(html, page) {
    if (page) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("game");
      if (!fresh) { throw new Error("no game on the page"); }
      return dropBlanks(fresh);
    }
    var t = document.createElement("template");
    t.innerHTML = html;
    return dropBlanks(t.content.firstElementChild);
  }

  // The white space beside a block (the templates' line breaks between two sections) draws
  // nothing, and it is left out of both drawings of the game before the morph: idiomorph matches
  // a new text with the next old text along, so a part that came or went above the others (a
  // turn's own panel, a note) made it match the white space after the next part, and take out
  // and put back every part from there on (each laid out, styled and its words shaped again).
  function dropBlanks(root) {
    var walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT), blank = [], t;
    while ((t = walk.nextNode())) {
      if (!/\S/.test(t.data) && (isBlock(t.previousSibling) || isBlock(t.nextSibling)) &&
          !/^(PRE|TEXTAREA)$/.test(t.parentNode.nodeName)) { blank.push(t); }
    }
    blank.forEach(function (b) { b.remove(); });
    return root;
  }
  function isBlock(node) {
    return !!node && /^(ARTICLE|ASIDE|BLOCKQUOTE|DETAILS|DIV|DL|FIELDSET|FIGURE|FOOTER|H[1-6]|HEADER|HR|LI|MAIN|NAV|OL|P|PRE|SCRIPT|SECTION|TABLE|TBODY|TD|TFOOT|TH|THEAD|TR|UL)$/
      .test(node.nodeName);
  }

  // A panel whose form is drawn on asking (data-more: this page with it drawn, where the
  // panel's link takes a phone without script) fetches it as it opens, with the forms of the
  // panels already open (this page's address asks for them); the address then keeps asking for
  // them until a tap is recorded.
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (!(d.open && d.dataset && d.dataset.more && game.contains(d))) { return; }
    var url = new URL(d.dataset.more, location.href), asked = url.searchParams.getAll("show");
    new URLSearchParams(location.search).getAll("show").forEach(function (kind) {
      if (asked.indexOf(kind) < 0) { url.searchParams.append("show", kind); }
    });
    refresh(url.pathname + url.search);
  }, true);  // (a toggle does not bubble)

  // What the reader made theirs: the forms they filled in (a chip, a typed value) and the panels
  // they opened or closed. The morph leaves those as they are, but for the form just sent (drawn
  // afresh, as the server draws it after a recorded tap) and its panel.
  var filled = new WeakSet(), toggled = new WeakSet(), keptForms = 0;
  function edited(ev) {
    var el = ev.target;
    if (el.form && el.type !== "hidden" && game.contains(el)) { filled.add(el.form); }
  }
  document.addEventListener("input", edited, true);
  document.addEventListener("change", edited, true);
  document.addEventListener("click", function (ev) {
    var summary = ev.target.closest && ev.target.closest("summary");
    if (summary && game.contains(summary)) { toggled.add(summary.parentNode); }
  }, true);

  function justSent(el) { return sent && (sent.contains(el) || el.contains(sent)); }

  function readersOwn(attr, el) {
    if (justSent(el)) { return false; }
    if (attr === "open") {  // (a panel the server drew open and the reader filled in stays open)
      return toggled.has(el) || Array.prototype.some.call(el.querySelectorAll("form"),
                                                          function (f) { return filled.has(f); });
    }
    var form = el.form;
    return (attr === "value" || attr === "checked" || attr === "selected") && !!form &&
      el.type !== "hidden" && filled.has(form);
  }

  // A filled form whose step is gone from the new page (closed on another phone) is kept where
  // it was, with its panel, saying why, until dismissed: what was chosen is not lost unseen. Its
  // buttons are off (the step it was for is closed), and its id, found on no page, keeps the
  // morph from matching it with any other part.
  function keepForm(panel) {
    panel.id = "kept-form-" + (++keptForms);
    panel.classList.add("kept-form");
    if (panel.tagName === "DETAILS") { panel.open = true; }
    panel.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    var note = document.createElement("p");
    note.className = "kept-note";
    note.textContent = (words.closed || "") + " ";
    var close = document.createElement("button");
    close.type = "button";
    close.className = "btn ghost";
    close.textContent = words.dismiss;
    close.addEventListener("click", function () { panel.remove(); });
    note.appendChild(close);
    var at = panel.querySelector("form") || panel;
    at.insertBefore(note, at.firstChild);
  }

  function formsOf(root) {
    var by = {};
    root.querySelectorAll("form").forEach(function (f) {
      var key = identity(f);
      by[key] = by.hasOwnProperty(key) ? null : f;  // (a form drawn twice matches neither)
    });
    return by;
  }

  // The forms the reader filled in and the ones in open panels, each given a shared id with its
  // twin on the new drawing of their part (same address, same fixed values), so that the morph
  // matches them and their panels exactly rather than by position; a filled form with no twin
  // is kept.
  function pairForms(fresh, kept) {
    var mine = formsOf(game), theirs = formsOf(fresh), paired = [], n = 0;
    Object.keys(mine).forEach(function (key) {
      var form = mine[key];
      if (!form || form === sent || form.closest(".kept-form") || kept.has(form) ||
          !(filled.has(form) || form.closest("details[open]"))) { return; }
      var twin = theirs[key];
      if (twin && !form.id && !twin.id) {
        form.id = twin.id = "morph-twin-" + (++n);
        paired.push(form);
      } else if (filled.has(form)) {
        keepForm(form.closest("details") || form);
      }
    });
    return paired;
  }

  var MORPH = {morphStyle: "outerHTML", ignoreActiveValue: true, callbacks: {
    // A part drawn the same (attributes, words and children: the browser's own comparison,
    // which stops at the first difference) is left as it is rather than walked by the morph;
    // but for the form just sent, whose typed values are to go.
    // A part the server left out (data-same: drawn as ours is) is left as it is too.
    beforeNodeMorphed: function (el, theirs) {
      return !(el.nodeType === 1 && ((theirs.hasAttribute("data-same") && el.id === theirs.id) ||
                                     (!justSent(el) && el.isEqualNode(theirs))));
    },
    beforeAttributeUpdated: function (attr, el) { return !readersOwn(attr, el); },
    beforeNodeRemoved: function (node) {
      if (node.nodeType !== 1) { return true; }
      if (node.classList.contains("kept-form")) { return false; }
      // (a kept form inside a part that goes stays where that part was)
      node.querySelectorAll(".kept-form").forEach(function (k) { node.before(k); });
      return true;
    }}};

  // Morph our #game into its new drawing, whose parts drawn as ours are (``same``: stand-ins)
  // stay ours; their forms then say the new version and carry ``csrf``, the security token the
  // server gave this answer (a session lost and begun again has a new one).
  function swap(fresh, url, same, csrf) {
    if (sent) { filled.delete(sent); toggled.delete(sent.closest("details")); }
    var kept = new Set();
    same.forEach(function (el) {
      mine_(el.id).querySelectorAll("form").forEach(function (f) { kept.add(f); });
    });
    var paired = pairForms(fresh, kept);
    var anchor = anchorOf(sent), mine = sent && tapped;
    Idiomorph.morph(game, fresh, MORPH);
    paired.forEach(function (form) { form.removeAttribute("id"); });
    if (same.length) {  // (the parts kept: the version and this session's token, as drawn now)
      var v = game.dataset.version;
      game.querySelectorAll("input[name=version], input[name=csrf_token]").forEach(function (f) {
        var to = f.name === "version" ? v : csrf;
        if (to && f.value !== to) { f.value = to; }
      });
    }
    if (url) { history.replaceState(null, "", url); }
    showFailed();
    keepInPlace(anchor);  // (after every write: the page laid out once)
    if (mine) { drawn = {at: Date.now(), was: [tapped], scrollY: window.scrollY}; }
    tapped = null;
  }

  // What the reader is looking at: the part holding the form just sent (their player's board),
  // else the first part with an id whose top is on screen; and where it is on the screen.
  function anchorOf(form) {
    var el = form && game.contains(form) ? form.parentElement.closest("[id]") : null;
    if (el === game) { el = null; }
    var top = barBottom();
    if (!el) {
      el = Array.prototype.find.call(game.querySelectorAll("[id]"), function (e) {
        return e.getBoundingClientRect().bottom > top;
      });
    }
    return el ? {id: el.id, top: el.getBoundingClientRect().top} : null;
  }

  // Scroll so that the anchor is where it was before the game was drawn again (a part above it
  // that grew or shrank would otherwise move the reader's board away from under their finger).
  function keepInPlace(anchor) {
    sent = null;
    var el = anchor && document.getElementById(anchor.id);
    if (el) { window.scrollBy(0, el.getBoundingClientRect().top - anchor.top); }
  }

  function barBottom() {
    var bar = document.querySelector("header.bar");
    return bar ? bar.getBoundingClientRect().bottom : 0;
  }

  // What a form is on any drawing of the page: where it goes and its fixed values (the player
  // of a "Sell a card"), not its CSRF token or the version it was drawn at.
  function identity(form) {
    var parts = [form.action];
    form.querySelectorAll("input[type=hidden]").forEach(function (f) {
      if (PER_DRAWING.indexOf(f.name) < 0) { parts.push(f.name + "=" + f.value); }
    });
    return parts.join("&");
  }

  // A tap in words, as the reader saw it: the panel's name, and the button's words if they differ.
  function labelOf(form, button) {
    var panel = form.closest("details"), summary = panel && panel.querySelector("summary");
    var parts = [summary && summary.textContent.trim(), button && button.textContent.trim()];
    return parts.filter(function (p, i) { return p && parts.indexOf(p) === i; }).join(": ");
  }

  // A refusal replaces the marks (what the server said is news); a tap that could not be sent
  // joins the others sent offline, each kept on the page until a tap is recorded.
  function fail(form, button, message, unsent) {
    if (unsent) { failed = failed.filter(function (f) { return f.unsent; }); } else { clearFailed(); }
    var buttons = Array.prototype.slice.call(form.querySelectorAll("button"));
    failed.push({form: identity(form), button: Math.max(buttons.indexOf(button), 0),
                 note: unsent ? words.unsent : words.refused, label: labelOf(form, button),
                 unsent: !!unsent});
    showFailed(message, unsent ? words.unsent : words.refused);
  }

  // Say at the bottom of the screen that the tap was not recorded and why, and mark its form and
  // button (the finger is there), so that nobody takes it for recorded.
  function showFailed(message, headline) {
    unmark();
    failed.forEach(function (f) {
      game.querySelectorAll("form").forEach(function (form) {
        if (identity(form) !== f.form) { return; }
        form.classList.add("not-recorded");
        var button = form.querySelectorAll("button")[f.button];
        if (button) {
          button.classList.add("not-recorded");
          button.setAttribute("aria-describedby", "not-recorded");
        }
        var note = document.createElement("p");
        note.className = "not-recorded-note";
        note.textContent = f.note;
        form.appendChild(note);
      });
    });
    if (message) { toast(message, headline); }
  }

  // Back on the network after a failed check: which taps made offline were not recorded.
  function backOnline() {
    var off = wasOff;
    wasOff = false;
    var unsent = failed.filter(function (f) { return f.unsent; });
    if (!off || !unsent.length) { return; }
    toast(unsent.map(function (f) { return f.label; }).join("; ") + ".", words.back);
  }

  function clearFailed() {
    failed = [];
    dismiss();
    unmark();
  }

  function unmark() {
    game.querySelectorAll(".not-recorded-note").forEach(function (el) {
      el.remove();
    });
    game.querySelectorAll(".not-recorded").forEach(function (el) {
      el.classList.remove("not-recorded");
      el.removeAttribute("aria-describedby");
    });
  }

  // The message, in the dock until dismissed (a fresh copy of the game leaves it), or until a
  // later tap is recorded; read aloud once.
  function toast(message, headline) {
    dismiss();
    var div = document.createElement("div");
    div.className = "alert toast";
    div.id = "not-recorded";
    div.setAttribute("role", "alert");
    var text = document.createElement("span");
    text.className = "msg";
    var b = document.createElement("b");
    b.textContent = (headline || words.refused) + " ";
    text.appendChild(b);
    text.appendChild(document.createTextNode(message));
    var close = document.createElement("button");
    close.type = "button";
    close.className = "btn ghost dismiss";
    close.textContent = words.dismiss;
    close.addEventListener("click", dismiss);
    div.appendChild(text);
    div.appendChild(close);
    dock.insertBefore(div, dock.firstChild);
  }

  function dismiss() {
    var old = document.getElementById("not-recorded");
    if (old) { old.remove(); }
  }

  // Where a recorded tap leads: the game's own page, as the server's redirect takes a phone
  // without script. A page drawn from it (the attack calculator, a form filled from a known hex)
  // would work its question out again on the new state and refuse what was just recorded.
  function pageAfter(form) {
    var page = form.action.replace(TAP, "");
    if (new URL(page).pathname !== location.pathname) { return page; }
    return /[?&]show=/.test(location.search) ? page : null;  // (the forms asked for: done)
  }

  // A tap travels as a plain URL-encoded form: fewer bytes than multipart.
  // The button tapped is sent too when it carries a value (a one-tap choice: a known card).
  function formBody(form, button) {
    var data = new FormData(form);
    if (button && button.name) { data.append(button.name, button.value); }
    return window.URLSearchParams ? new URLSearchParams(data) : data;
  }

  // What an answer to a tap says: null when the tap was recorded, else the words to show. The
  // server's own words first (a refusal's or an error's ``said``, in the reader's language);
  // for an answer that is not ours (a proxy's error page) the page's, with the status code.
  function problemOf(r, text) {
    var body = null;
    try { body = JSON.parse(text); } catch (e) { body = null; }
    if (r.ok && body && body.ok) { return null; }
    var errors = body && body.errors;
    var message = (body && (body.said || (errors && errors[0] && errors[0].message) ||
                            body.error)) || words.failed.replace("{code}", r.status);
    var wait = secondsOf(r.headers.get("Retry-After"));
    if (wait && message.indexOf(String(wait)) < 0) {
      message += " " + words.wait.replace("{n}", wait);
    }
    return message;
  }

  // Where the question is when a tap is for another player than this phone's (428, ``ask``:
  // "Record this for Basalt?"); null for any other answer.
  function askedAt(text) {
    var body = null;
    try { body = JSON.parse(text); } catch (e) { body = null; }
    return body && body.ask && typeof body.confirm === "string" ? body.confirm : null;
  }

  // The question is the page a phone without script gets: the same values go there as a page
  // (the button tapped with them), and its one button records the tap. A page is loaded only once
  // the server is seen to answer: offline, the tap stays on this page, marked not sent, rather
  // than the browser's error page taking the game's place (and a reload posting it again).
  function postPage(form, button, url) {
    var stop = window.AbortController ? new AbortController() : null;
    var late = setTimeout(function () { if (stop) { stop.abort(); } }, 5000);
    fetch(versionUrl, {cache: "no-store", credentials: "same-origin", signal: stop && stop.signal})
      .then(function () {
        if (button && button.name) {
          var value = document.createElement("input");
          value.type = "hidden";
          value.name = button.name;
          value.value = button.value;
          form.appendChild(value);
        }
        form.action = url;
        HTMLFormElement.prototype.submit.call(form);  // (no submit event: not sent by fetch again)
      }, function () {
        delete form.dataset.sent;
        wasOff = true;
        status(false);
        fail(form, button || form.querySelector("button"), words.offline, true);
      })
      .then(function () { clearTimeout(late); });
  }

  // A Retry-After header (seconds, or a date) as whole seconds from now; 0 when absent.
  function secondsOf(header) {
    if (!header) { return 0; }
    var n = /^\d+$/.test(header.trim()) ? parseInt(header, 10)
      : Math.ceil((Date.parse(header) - Date.now()) / 1000);
    return n > 0 ? n : 0;
  }

  function send(form, button) {
    button = button || form.querySelector("button");
    // (a form that moves the whole table on to its next step, whose button comes in its place)
    tapped = button && form.classList.contains("moves-on") ? placeOf(button) : null;
    if (button) { button.disabled = true; }
    var stop = window.AbortController ? new AbortController() : null;
    var late = setTimeout(function () { if (stop) { stop.abort(); } }, TAP_TIMEOUT);
    tapping += 1;
    // A tap that leads to this game's own page asks for its parts with the answer (one request
    // instead of two; a phone whose page is another goes there after the answer).
    var after = pageAfter(form), target = new URL(after || location.href);
    var headers = {"Accept": "application/json"};
    if (target.pathname === gamePath && !target.search) { headers["X-Parts"] = have(form); }
    fetch(form.action, {method: "POST", body: formBody(form, button),
                        credentials: "same-origin", headers: headers,
                        signal: stop && stop.signal})
      .then(function (r) {
        return r.text().then(function (text) { return [r, problemOf(r, text), askedAt(text),
                                                       text]; });
      })
      .then(function (res) {
        if (res[2]) { return postPage(form, button, res[2]); }
        if (res[1] === null) {
          clearFailed();
          sent = form;  // done: its panel is not refilled with what was just sent
          var page = JSON.parse(res[3]).page;
          try { if (page) { return show(page, after, ++drawings); } } catch (e) { /* whole */ }
          return refresh(after);
        }
        fail(form, button, res[1]);
        // This page again, as it is now (a refusal may come from a page behind the game; a lost
        // session gets a new token), unless the server asked to wait.
        return res[0].headers.get("Retry-After") ? null : refresh();
      })
      .catch(function () {  // no answer: the tap may not have reached the server
        status(false);
        fail(form, button, words.offline, true);
      })
      .then(function () {
        tapping -= 1;
        clearTimeout(late);
        if (button) { button.disabled = false; }
        delete form.dataset.sent;
      });
  }

  // Ask again now, not after the backoff's wait (up to 15 s) or a check stuck on a lost network.
  function askNow() {
    if (asking) { restart = true; asking.abort(); } else { poll(); }
  }
  live.querySelector(".retry").addEventListener("click", askNow);
  // (and when the browser says it is back on the network)
  window.addEventListener("online", askNow);
  // Off the network, a waiting check may hang until its wait ends: say so now, and stop it (its
  // failure starts the backoff).
  window.addEventListener("offline", function () {
    wasOff = true;
    status(false);
    if (asking) { asking.abort(); }
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { poll(); return; }
    clearTimeout(timer);
    if (asking) { asking.abort(); }
  });
  status(!keptAt);
  poll();

  // The last view of this game kept on the phone by the service worker (where the browser has
  // them: HTTPS, or this machine), shown when a reload or a reopened game cannot reach the
  // server. The worker keeps every game page it sees from then on; this page came before it,
  // so it is asked to keep this one too.
  function keepLastView() {
    var sw = navigator.serviceWorker;
    if (!sw || !live.dataset.worker) { return; }
    sw.register(live.dataset.worker, {scope: live.dataset.scope}).then(function () {
      if (sw.controller) { return; }  // the worker saw this page come, and kept it
      return sw.ready.then(function (reg) { reg.active.postMessage({keep: location.href}); });
    }).catch(function () { /* no worker: offline, the browser's own page, as before */ });
  }

  // A page updated in parts is not a page the worker saw: once the table is quiet for a moment,
  // the worker is asked to keep this page as it is now (it fetches it, off this page's thread).
  var keeping = null;
  function keepLater() {
    var sw = navigator.serviceWorker;
    if (!sw || !sw.controller) { return; }
    clearTimeout(keeping);
    keeping = setTimeout(function () {
      if (sw.controller) { sw.controller.postMessage({keep: location.href}); }
    }, KEEP_AFTER);
  }

  // A kept page: the banner says so and from when, in the dock at the bottom of the screen
  // where it stays in sight. Its forms are disabled rather than queued: they were drawn for a
  // version of the game that may have moved on, with a security token that may have expired,
  // so a tap sent later could be refused or, worse, recorded against a table it was not meant
  // for. The poll reloads the live page as soon as the server answers.
  function showKept() {
    var at = new Date(keptAt);
    kept.textContent = kept.dataset.said.replace("{time}", two(at.getHours()) + ":" +
                                                 two(at.getMinutes()));
    kept.className = "alert kept";  // (no role="alert" on a page until it is shown)
    kept.setAttribute("role", "alert");
    kept.hidden = false;
    dock.insertBefore(kept, dock.firstChild);
    document.querySelectorAll("form button, form input, form select, form textarea")
      .forEach(function (el) { el.disabled = true; });
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  // The screen kept on while a game is shown (the Screen Wake Lock), without anyone looking for
  // a switch: asked for at the first tap on the page (a browser may want a tap first) and again
  // whenever the page is shown again (a lock ends when the page is hidden). The switch turns it
  // off (remembered on the phone) and on again; a browser that has none, or refuses it (plain
  // HTTP on a LAN), is said so in plain words when the switch is tapped.
  function keepAwake(box) {
    var button = box.querySelector("button"), said = box.querySelector(".txt");
    var lock = null, asking = false, stored = null;
    try { stored = localStorage.getItem("keepAwake"); } catch (e) { stored = null; }
    var wanted = stored !== "0";
    box.hidden = false;
    // (a lock taken at a tap elsewhere says nothing: a line of words appearing above the game
    // would move what the finger is on between its touch and its click)
    function show(on, message) {
      button.setAttribute("aria-pressed", on ? "true" : "false");
      if (message !== undefined) { said.textContent = message; }
    }
    function remember(value) {
      try { localStorage.setItem("keepAwake", value); } catch (e) { /* private browsing */ }
    }
    function ask(loud) {
      if (lock || asking) { return; }
      if (!navigator.wakeLock) {
        if (loud) { wanted = false; show(false, box.dataset.refused); }
        return;
      }
      asking = true;
      navigator.wakeLock.request("screen").then(function (l) {
        asking = false;
        if (!wanted) { l.release(); return; }
        lock = l;
        show(true, loud ? box.dataset.on : undefined);
        l.addEventListener("release", function () {
          lock = null;
          if (!wanted) { show(false, ""); }
        });
      }).catch(function () {
        asking = false;
        if (loud) { wanted = false; show(false, box.dataset.refused); }
      });
    }
    button.addEventListener("click", function () {
      if (button.getAttribute("aria-pressed") === "true") {
        wanted = false;
        remember("0");
        if (lock) { lock.release(); lock = null; }
        show(false, "");
      } else {
        wanted = true;
        remember("1");
        ask(true);
      }
    });
    function first(ev) {
      if (box.contains(ev.target)) { return; }  // (the switch says for itself)
      document.removeEventListener("pointerdown", first, true);
      document.removeEventListener("keydown", first, true);
      if (wanted) { ask(false); }
    }
    document.addEventListener("pointerdown", first, true);
    document.addEventListener("keydown", first, true);
    document.addEventListener("visibilitychange", function () {
      if (wanted && !document.hidden) { ask(false); }
    });
    if (stored === "1") { ask(false); }
  }
})();
// What a phone does now is brought into view as it appears, just under the sticky header bar:
// the first element of the game marked data-into-view (a game marks what each player does now,
// and a phone's own board comes first on its page, or the board is drawn for its seat alone).
// Each is brought into view once (its id and its data-into-view value: the step it is for); a
// page opened on an anchor, or scrolled already, stays where it is (until a step is sent from
// elsewhere on it); nothing moves while the join code or the seat prompt is at the top (the host
// reads the code out from there; a phone without a seat has no board of its own). A panel opened
// inside it (a new card's form, drawn as it opens) comes up under the bar too, when it would
// reach past the screen's bottom.
(function () {
  "use strict";
  var game = document.getElementById("game");
  if (!game || !window.MutationObserver) { return; }
  function key(el) { return el ? el.id + ":" + el.getAttribute("data-into-view") : null; }
  function bar() {
    var b = document.querySelector("header.bar");
    return b ? b.getBoundingClientRect().bottom : 0;
  }
  function under(el) { window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - bar() - 8); }
  var first = game.querySelector("[data-into-view]");
  var shown = (location.hash || window.scrollY > 0) ? key(first) : null;
  function bring() {
    var el = game.querySelector("[data-into-view]");
    if (!el) { shown = null; return; }
    if (key(el) === shown || game.querySelector(".join-now, #seat-prompt")) { return; }
    shown = key(el);
    under(el);
  }
  // a step sent from elsewhere on the page (a trade, a form of its own) brings what the phone
  // does now back into view once the page has it
  document.addEventListener("submit", function (ev) {
    if (ev.target.closest && !ev.target.closest("[data-into-view]")) { shown = null; }
  }, true);
  document.addEventListener("toggle", function (ev) {
    var d = ev.target, now = game.querySelector("[data-into-view]");
    if (!d.open || !now || !now.contains(d) || !d.firstElementChild) { return; }
    // (its form may be drawn after this: room for it is asked, not its height)
    if (d.getBoundingClientRect().top + window.innerHeight / 2 > window.innerHeight) {
      under(d.firstElementChild);
    }
  }, true);  // (a toggle does not bubble)
  bring();
  new MutationObserver(bring).observe(game, {childList: true, subtree: true, attributes: true,
                                             attributeFilter: ["data-into-view"]});
})();
