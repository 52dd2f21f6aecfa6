// The table companion's own script: the pages work without it; it only keeps a double tap from
// sending the same action twice.
(function () {
  "use strict";
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form.dataset.sent) { ev.preventDefault(); return; }
    form.dataset.sent = "1";
    setTimeout(function () { delete form.dataset.sent; }, 3000);
  });
})();
