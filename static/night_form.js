// The night's set-up form: a table of three, five or six goes with the rotation
// only (NIGHTS.md), so it is offered only while the rotation is tapped. Without
// this script the server refuses the pair, naming odd_players.
(function () {
  "use strict";
  var form = document.querySelector("form[data-night-form]");
  if (!form) return;
  var mixed = form.querySelector('input[name="odd_players"][value="mixed_tables"]');
  var sitOut = form.querySelector('input[name="odd_players"][value="sit_out"]');
  if (!mixed || !sitOut) return;
  function follow() {
    var chosen = form.querySelector('input[name="movement"]:checked');
    var rotation = !chosen || chosen.value === "rotation";
    mixed.disabled = !rotation;
    mixed.closest("label").hidden = !rotation;
    if (!rotation && mixed.checked) sitOut.checked = true;
  }
  form.addEventListener("change", follow);
  follow();
})();
