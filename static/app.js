// The table companion's own script. Every page works without it (a reload always shows the truth);
// it adds three things: live updates (poll the game's version, swap #game when it moved), instant
// taps (send action forms with fetch; a tap that was not recorded, for whatever reason, says so
// and its form stays marked until a tap is recorded) and no double sends.
(function () {
  "use strict";
  var game = document.getElementById("game");
  var live = document.getElementById("live");
  var TAP = /\/(do\/[\w-]+|undo|redo)$/;
  var TAP_TIMEOUT = 20000;  // a tap with no answer by then is taken as a lost connection
  // Hidden fields that differ between two drawings of the same form (not what the form is).
  var PER_DRAWING = ["csrf_token", "version", "once"];

  // A double tap must not send the same form twice (with or without live updates).
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.dataset.sent) { ev.preventDefault(); return; }
    form.dataset.sent = "1";
    setTimeout(function () { delete form.dataset.sent; }, 3000);
    if (game && window.fetch && game.contains(form) && TAP.test(form.action)) {
      ev.preventDefault();
      send(form, ev.submitter);
    }
  });
  if (!game || !window.fetch || !window.DOMParser) { return; }

  var period = Math.max(parseFloat(game.dataset.poll) || 1.5, 0.5) * 1000;
  var versionUrl = game.dataset.versionUrl;
  var timer = null, failures = 0, busy = false, sent = null;
  // The last tap that was not recorded ({form: what the form is, button: which of its buttons,
  // message}), shown on every fresh copy of the game until a tap is recorded.
  var failed = null;
  // The page's words in the reader's language, from the server (data-* on #live).
  var words = live.dataset;

  function status(ok) {
    live.hidden = false;
    live.className = "live " + (ok ? "on" : "off");
    live.querySelector(".txt").textContent = ok ? words.on : words.off;
    live.querySelector(".retry").hidden = ok;
  }

  function schedule(ms) {
    clearTimeout(timer);
    if (!document.hidden) { timer = setTimeout(poll, ms); }
  }

  function poll() {
    if (busy) { schedule(period); return; }
    fetch(versionUrl, {cache: "no-store", credentials: "same-origin",
                       headers: {"If-None-Match": '"' + game.dataset.version + '"'}})
      .then(function (r) {
        if (r.status === 304) { return null; }
        if (!r.ok) { throw new Error(r.status); }
        return r.json();
      })
      .then(function (body) {
        failures = 0; status(true);
        if (body && String(body.version) !== game.dataset.version && !typing()) {
          return refresh();
        }
      })
      .catch(function () { failures += 1; status(false); })
      .then(function () { schedule(failures ? Math.min(period * (1 + failures), 15000) : period); });
  }

  // Someone typing in an open form keeps their page until they send or leave the field.
  function typing() {
    var el = document.activeElement;
    return el && game.contains(el) && /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName) &&
      el.type !== "hidden" && el.type !== "submit";
  }

  function keyOf(details) {
    var owner = details.parentElement && details.parentElement.closest("[id]");
    var summary = details.querySelector("summary");
    return (owner ? owner.id : "") + "|" + (summary ? summary.textContent.trim() : "");
  }

  // Fetch this page again (or ``url``, then shown as this page's address) and put its #game in
  // place of ours, keeping open panels and what was typed in them. An error page (the server
  // asking to wait, say) leaves ours as it is.
  function refresh(url) {
    busy = true;
    return fetch(url || location.href, {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { swap(html, url); } })
      .catch(function () { status(false); })
      .then(function () { busy = false; });
  }

  function swap(html, url) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("game");
    if (!fresh) { throw new Error("no game on the page"); }
    var open = {};
    game.querySelectorAll("details[open]").forEach(function (d) {
      if (!(sent && d.contains(sent))) { open[keyOf(d)] = d; }
    });
    sent = null;
    fresh.querySelectorAll("details").forEach(function (d) {
      var old = open[keyOf(d)];
      if (!old) { return; }
      d.open = true;
      old.querySelectorAll("input:not([type=hidden]),select").forEach(function (f) {
        var twin = f.name && d.querySelector("[name='" + f.name + "']");
        if (twin && twin.type !== "hidden") { twin.value = f.value; twin.checked = f.checked; }
      });
    });
    game.replaceWith(fresh);
    game = fresh;
    if (url) { history.replaceState(null, "", url); }
    showFailed(false);
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

  function fail(form, button, message) {
    clearFailed();
    var buttons = Array.prototype.slice.call(form.querySelectorAll("button"));
    failed = {form: identity(form), button: Math.max(buttons.indexOf(button), 0), message: message};
    showFailed(true);
  }

  // Say at the top of the game that the tap was not recorded and why, and mark its form and
  // button (the finger is there), so that nobody takes it for recorded.
  function showFailed(scroll) {
    if (!failed) { return; }
    game.querySelectorAll("form").forEach(function (form) {
      if (identity(form) !== failed.form) { return; }
      form.classList.add("not-recorded");
      var button = form.querySelectorAll("button")[failed.button];
      if (button) {
        button.classList.add("not-recorded");
        button.setAttribute("aria-describedby", "not-recorded");
      }
      var note = document.createElement("p");
      note.className = "not-recorded-note";
      note.textContent = words.refused;
      form.appendChild(note);
    });
    var div = alertOf(failed.message, scroll);
    if (scroll) { bringIntoView(div); }
  }

  function clearFailed() {
    failed = null;
    game.querySelectorAll("#not-recorded, .not-recorded-note").forEach(function (el) {
      el.remove();
    });
    game.querySelectorAll(".not-recorded").forEach(function (el) {
      el.classList.remove("not-recorded");
      el.removeAttribute("aria-describedby");
    });
  }

  // The message; read aloud when it is new, not again on each fresh copy of the game.
  function alertOf(message, announce) {
    var div = document.createElement("div");
    div.className = "alert";
    div.id = "not-recorded";
    if (announce) { div.setAttribute("role", "alert"); }
    var b = document.createElement("b");
    b.textContent = words.refused + " ";
    div.appendChild(b);
    div.appendChild(document.createTextNode(message));
    game.insertBefore(div, game.firstChild);
    return div;
  }

  // Scroll just enough to show ``el`` below the sticky header bar (scrollIntoView alone would
  // put it under the bar).
  function bringIntoView(el) {
    var bar = document.querySelector("header.bar");
    var top = bar ? bar.getBoundingClientRect().bottom : 0;
    var box = el.getBoundingClientRect();
    if (box.top < top + 8 || box.bottom > window.innerHeight) {
      window.scrollBy(0, box.top - top - 8);
    }
  }

  // Where a recorded tap leads: the game's own page, as the server's redirect takes a phone
  // without script. A page drawn from it (the attack calculator, a form filled from a known hex)
  // would work its question out again on the new state and refuse what was just recorded.
  function pageAfter(form) {
    var page = form.action.replace(TAP, "");
    return new URL(page).pathname === location.pathname ? null : page;
  }

  // A tap travels as a plain URL-encoded form: fewer bytes than multipart, and the kind the
  // server records without its framework's request machinery (companion/web/quick.py).
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

  // A Retry-After header (seconds, or a date) as whole seconds from now; 0 when absent.
  function secondsOf(header) {
    if (!header) { return 0; }
    var n = /^\d+$/.test(header.trim()) ? parseInt(header, 10)
      : Math.ceil((Date.parse(header) - Date.now()) / 1000);
    return n > 0 ? n : 0;
  }

  function send(form, button) {
    button = button || form.querySelector("button");
    if (button) { button.disabled = true; }
    var stop = window.AbortController ? new AbortController() : null;
    var late = setTimeout(function () { if (stop) { stop.abort(); } }, TAP_TIMEOUT);
    fetch(form.action, {method: "POST", body: formBody(form, button),
                        credentials: "same-origin",
                        headers: {"Accept": "application/json"}, signal: stop && stop.signal})
      .then(function (r) {
        return r.text().then(function (text) { return [r, problemOf(r, text)]; });
      })
      .then(function (res) {
        if (res[1] === null) {
          clearFailed();
          sent = form;  // done: its panel is not refilled with what was just sent
          return refresh(pageAfter(form));
        }
        fail(form, button, res[1]);
        // This page again, as it is now (a refusal may come from a page behind the game; a lost
        // session gets a new token), unless the server asked to wait.
        return res[0].headers.get("Retry-After") ? null : refresh();
      })
      .catch(function () {  // no answer: the tap may not have reached the server
        status(false);
        fail(form, button, words.offline);
      })
      .then(function () {
        clearTimeout(late);
        if (button) { button.disabled = false; }
        delete form.dataset.sent;
      });
  }

  live.querySelector(".retry").addEventListener("click", function () { failures = 0; poll(); });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { clearTimeout(timer); } else { poll(); }
  });
  status(true);
  schedule(period);
})();
