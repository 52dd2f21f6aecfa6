// Setup forms: fill a seat's values from a component the server already knows (box data), so a
// table reads a setup card once. Only values not yet given are filled; the form works without
// this. A value is a box, a list, or a row of chips (radios) with a box beside them.
(function () {
  "use strict";
  var form = document.querySelector("form[data-known]");
  if (!form) { return; }
  var known = JSON.parse(form.dataset.known || "{}");

  function fields(seat, name) {
    return Array.prototype.slice.call(seat.querySelectorAll("[name$='-" + name + "']"));
  }

  // What a seat's field holds: the box typed in, else the chip ticked, else "".
  function valueOf(seat, name) {
    var typed = fields(seat, name).filter(function (f) {
      return f.type !== "radio" && f.value !== "";
    })[0];
    var ticked = fields(seat, name).filter(function (f) { return f.type === "radio" && f.checked; })[0];
    return typed ? typed.value : ticked ? ticked.value : "";
  }

  function fill(seat, name, value) {
    var all = fields(seat, name);
    if (!all.length || valueOf(seat, name) !== "") { return; }
    var chip = all.filter(function (f) { return f.type === "radio" && f.value === String(value); })[0];
    var box = all.filter(function (f) { return f.type !== "radio"; })[0];
    if (chip) { chip.checked = true; } else if (box) { box.value = value; }
  }

  form.addEventListener("input", function (ev) {
    var seat = ev.target.closest("fieldset");
    if (!seat) { return; }
    var values = known[valueOf(seat, "initiative") + (valueOf(seat, "side") || "A")];
    if (!values) { return; }
    Object.keys(values).forEach(function (key) { fill(seat, key, values[key]); });
  });
})();
