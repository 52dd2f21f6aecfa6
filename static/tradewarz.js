// TradeWarz: tick the time limit's countdown. Without this script the board shows the end time.
// The live-update script may swap the board, so each tick looks the elements up again.
// In the battle calculator, a whole card tapped ticks its strength, kills and blocks, and a value
// tapped on its own unticks the whole card (without this script the values sent win).
// What a house does now is brought into view on its own phone as it appears, just under the
// sticky header bar: the battle a March just made (on the phones of its two houses), the
// choices of a house's action when its turn comes, the end of Spring when it is due. Each is
// brought into view once (its id and its data-into-view value: the season it is for); a page
// opened on an anchor, or scrolled already, stays where it is (until a step is sent from
// elsewhere on it); nothing moves while the join code is at the top, for the host to read out.
(function () {
  "use strict";
  var game = document.getElementById("game");
  if (!game || !window.MutationObserver) { return; }
  function key(el) { return el ? el.id + ":" + el.getAttribute("data-into-view") : null; }
  var first = game.querySelector("[data-into-view]");
  var shown = (location.hash || window.scrollY > 0) ? key(first) : null;
  function bring() {
    var el = game.querySelector("[data-into-view]");
    if (!el) { shown = null; return; }
    if (key(el) === shown || game.querySelector(".join-now")) { return; }
    shown = key(el);
    var bar = document.querySelector("header.bar");
    window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY -
      (bar ? bar.getBoundingClientRect().bottom : 0) - 8);
  }
  // a step sent from elsewhere on the page (a trade, a form of its own) brings what the house
  // does now back into view once the page has it
  document.addEventListener("submit", function (ev) {
    if (ev.target.closest && !ev.target.closest("[data-into-view]")) { shown = null; }
  }, true);
  bring();
  new MutationObserver(bring).observe(game, {childList: true, subtree: true, attributes: true,
                                             attributeFilter: ["data-into-view"]});
})();
(function () {
  "use strict";
  document.addEventListener("change", function (ev) {
    var el = ev.target, form = el.form;
    if (!form || !form.classList.contains("tw-calc") || el.type !== "radio") { return; }
    var whole = /^(attacker|defender)_card$/.exec(el.name);
    var part = /^(attacker|defender)_card_[skb]$/.exec(el.name);
    if (whole) {
      el.value.split("/").forEach(function (n, i) {
        var chip = form.querySelector("[name='" + whole[1] + "_card_" + "skb"[i] + "'][value='" + n + "']");
        form.querySelectorAll("[name='" + whole[1] + "_card_" + "skb"[i] + "']").forEach(function (f) {
          if (f.type === "number") { f.value = ""; }
        });
        if (chip) { chip.checked = true; }
      });
    } else if (part) {
      form.querySelectorAll("[name='" + part[1] + "_card']").forEach(function (f) { f.checked = false; });
    }
  });
})();
(function () {
  "use strict";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var end = document.querySelector("[data-tw-end]");
    var left = document.querySelector("[data-tw-left]");
    if (!end || !left || left.textContent.indexOf("up") !== -1 && !left.dataset.ticking) { return; }
    var t = Date.parse(end.getAttribute("datetime"));
    if (isNaN(t)) { return; }
    if (!end.dataset.local) {
      var at = new Date(t);
      end.textContent = pad(at.getHours()) + ":" + pad(at.getMinutes());
      end.dataset.local = "1";
    }
    left.dataset.ticking = "1";
    var s = Math.round((t - Date.now()) / 1000);
    if (s <= 0) {
      left.textContent = "time is up: finish the season in play";
      left.classList.add("tw-over");
      return;
    }
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    left.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s % 60) + " left";
  }
  tick();
  setInterval(tick, 1000);
})();
