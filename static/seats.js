// The session form's drawing of the table: the players in the order typed, round the table
// the way the chosen ruleset plays (scorekeeper/web/sessions/seating.py draws the same for the first page).
(function () {
  "use strict";
  const figure = document.querySelector("[data-seating]");
  if (!figure) return;
  const form = figure.closest("form");
  const rulesets = JSON.parse(figure.dataset.seating);
  const SIZE = 100, RADIUS = 34;

  function redraw() {
    const ruleset = rulesets[form.elements.ruleset.value] || Object.values(rulesets)[0];
    const count = ruleset.players;
    const turn = ruleset.direction === "counter-clockwise" ? 1 : -1;
    const dealer = Number(form.elements.first_dealer.value || 0);
    figure.querySelector("[data-direction]").textContent = ruleset.text;
    figure.querySelectorAll("[data-seat]").forEach(function (label) {
      const seat = Number(label.dataset.seat);
      const shown = seat < count;
      label.style.display = shown ? "" : "none";
      if (!shown) return;
      const angle = turn * 2 * Math.PI * seat / count;
      label.setAttribute("x", (SIZE / 2 + RADIUS * Math.sin(angle)).toFixed(1));
      label.setAttribute("y", (SIZE / 2 + RADIUS * Math.cos(angle)).toFixed(1));
      const typed = form.elements["player_" + seat].value.trim();
      label.querySelector("[data-name]").textContent = typed || label.dataset.placeholder;
      label.classList.toggle("dealer", seat === dealer);
    });
  }
  form.addEventListener("input", redraw);
  form.addEventListener("change", redraw);
  redraw();
})();
