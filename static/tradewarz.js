// TradeWarz: tick the time limit's countdown. Without this script the board shows the end time.
// The live-update script may swap the board, so each tick looks the elements up again.
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
