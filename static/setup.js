// Setup forms: fill a seat's values from a component the server already knows (box data), so a
// table types a setup card once. Only empty fields are filled; the form works without this.
(function () {
  "use strict";
  var form = document.querySelector("form[data-known]");
  if (!form) { return; }
  var known = JSON.parse(form.dataset.known || "{}");
  form.addEventListener("input", function (ev) {
    var seat = ev.target.closest("fieldset");
    if (!seat) { return; }
    var get = function (name) { return seat.querySelector("[name$='-" + name + "']"); };
    var ini = get("initiative"), side = get("side");
    if (!ini || !side) { return; }
    var values = known[ini.value + side.value];
    if (!values) { return; }
    Object.keys(values).forEach(function (key) {
      var field = get(key);
      if (field && field.value === "") { field.value = values[key]; }
    });
  });
})();
