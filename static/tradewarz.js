// TradeWarz: tick the time limit's countdown. Without this script the board shows the end time.
// The live-update script may swap the board, so each tick looks the elements up again.
// In the battle calculator, a whole card tapped ticks its strength, kills and blocks, and a value
// tapped on its own unticks the whole card (without this script the values sent win).
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
