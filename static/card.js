// A finished game's card, shared as an image file where the phone shares files (the Web Share
// API), else the link downloads it as it is. Loaded with the card only (templates/story.html).
(function () {
  "use strict";
  var link = document.getElementById("share-card");
  if (!link || !navigator.canShare || !window.fetch || !window.File) { return; }
  try {  // (a phone that shares links but no files keeps the download)
    if (!navigator.canShare({files: [new File([""], "card.png", {type: "image/png"})]})) { return; }
  } catch (e) { return; }
  link.addEventListener("click", function (ev) {
    ev.preventDefault();
    fetch(link.href, {credentials: "same-origin"}).then(function (r) {
      if (!r.ok) { throw new Error("card"); }
      return r.blob();
    }).then(function (blob) {
      var file = new File([blob], "card.png", {type: "image/png"});
      return navigator.share({files: [file], title: link.dataset.share});
    }).catch(function (err) {
      if (!err || err.name !== "AbortError") { location.href = link.href; }
    });
  });
})();
