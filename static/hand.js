// Hand entry, a little nicer with JavaScript: tapping a contract sets the
// tricks to what it needs (so a made contract is bidder, contract, save), and
// with several sides the last side's tricks follow from the others.
document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form.hand-form")) {
    let tricksTapped = form.querySelector('input[name="tricks"]:checked') !== null;
    form.addEventListener("change", (event) => {
      const input = event.target;
      if (input.name === "tricks") tricksTapped = true;
      if (input.name === "contract" && !tricksTapped) {
        const wanted = form.querySelector(`input[name="tricks"][value="${input.dataset.tricks}"]`);
        if (wanted) wanted.checked = true;
      }
      const sides = [...form.querySelectorAll("fieldset")].filter((f) =>
        f.querySelector('input[name^="tricks_"]'));
      if (input.name.startsWith("tricks_") && sides.length > 1) {
        const last = sides[sides.length - 1];
        const others = sides.slice(0, -1).map((f) => f.querySelector("input:checked"));
        if (others.every(Boolean) && !last.contains(input)) {
          const rest = 10 - others.reduce((sum, i) => sum + Number(i.value), 0);
          const target = last.querySelector(`input[value="${rest}"]`);
          if (target) target.checked = true;
        }
      }
    });
  }
});
