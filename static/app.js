// The table companion's own script. Every page works without it (a reload always shows the truth);
// it adds three things: live updates (poll the game's version, swap #game when it moved), instant
// taps (send action forms with fetch, show a refusal's message) and no double sends.
(function () {
  "use strict";
  var game = document.getElementById("game");
  var live = document.getElementById("live");

  // A double tap must not send the same form twice (with or without live updates).
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.dataset.sent) { ev.preventDefault(); return; }
    form.dataset.sent = "1";
    setTimeout(function () { delete form.dataset.sent; }, 3000);
    if (game && game.contains(form) && /\/(do\/[\w-]+|undo|redo)$/.test(form.action)) {
      ev.preventDefault();
      send(form);
    }
  });
  if (!game || !window.fetch || !window.DOMParser) { return; }

  var period = Math.max(parseFloat(game.dataset.poll) || 1.5, 0.5) * 1000;
  var versionUrl = game.dataset.versionUrl;
  var timer = null, failures = 0, busy = false, sent = null;
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
  // place of ours, keeping open panels and what was typed in them.
  function refresh(message, url) {
    busy = true;
    return fetch(url || location.href, {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { return r.text(); })
      .then(function (html) {
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
        if (message) { alertOf(message); }
      })
      .catch(function () { status(false); })
      .then(function () { busy = false; });
  }

  function alertOf(message) {
    var div = document.createElement("div");
    div.className = "alert";
    div.setAttribute("role", "alert");
    var b = document.createElement("b");
    b.textContent = words.refused + " ";
    div.appendChild(b);
    div.appendChild(document.createTextNode(message));
    game.insertBefore(div, game.firstChild);
    div.scrollIntoView({block: "nearest"});
  }

  // Where a recorded tap leads: the game's own page, as the server's redirect takes a phone
  // without script. A page drawn from it (the attack calculator, a form filled from a known hex)
  // would work its question out again on the new state and refuse what was just recorded.
  function pageAfter(form) {
    var page = form.action.replace(/\/(do\/[\w-]+|undo|redo)$/, "");
    return new URL(page).pathname === location.pathname ? null : page;
  }

  // A tap travels as a plain URL-encoded form: fewer bytes than multipart, and the kind the
  // server records without its framework's request machinery (companion/web/quick.py).
  function formBody(form) {
    var data = new FormData(form);
    return window.URLSearchParams ? new URLSearchParams(data) : data;
  }

  function send(form) {
    var button = form.querySelector("button");
    if (button) { button.disabled = true; }
    fetch(form.action, {method: "POST", body: formBody(form), credentials: "same-origin",
                        headers: {"Accept": "application/json"}})
      .then(function (r) { return r.json().then(function (body) { return [r, body]; }); })
      .then(function (res) {
        var body = res[1], msg = null, url = null;
        if (!body.ok) {
          msg = body.said || body.error;  // refused: this very page again, with the reason
        } else {
          sent = form;  // done: its panel is not refilled with what was just sent
          url = pageAfter(form);
        }
        return refresh(msg, url);
      })
      .catch(function () {
        status(false);
        alertOf(words.offline);
      })
      .then(function () { if (button) { button.disabled = false; } delete form.dataset.sent; });
  }

  live.querySelector(".retry").addEventListener("click", function () { failures = 0; poll(); });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { clearTimeout(timer); } else { poll(); }
  });
  status(true);
  schedule(period);
})();
