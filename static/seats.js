// The session form's drawing of the table: the players in the order typed, round the table
// the way the chosen ruleset plays (scorekeeper/web/sessions/seating.py draws the same for the first page),
// and the first dealer's choices named as the players are typed.
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
      // SVG's display attribute, as templates/sessions/new.html hides a seat: not an inline
      // style, which the page's Content-Security-Policy (style-src 'self') refuses in markup.
      label.setAttribute("display", shown ? "inline" : "none");
      if (!shown) return;
      const angle = turn * 2 * Math.PI * seat / count;
      label.setAttribute("x", (SIZE / 2 + RADIUS * Math.sin(angle)).toFixed(1));
      label.setAttribute("y", (SIZE / 2 + RADIUS * Math.cos(angle)).toFixed(1));
      const typed = form.elements["player_" + seat].value.trim();
      label.querySelector("[data-name]").textContent = typed || label.dataset.placeholder;
      label.classList.toggle("dealer", seat === dealer);
    });
    nameDealers(count);
  }

  // The first dealer's choices say the names as they are typed ("Player 1" until then), and
  // only the seats the ruleset has; without this script they stay "Player 1" to "Player 4".
  const dealers = form.elements.first_dealer;
  Array.prototype.forEach.call(dealers.options, function (option) {
    option.dataset.placeholder = option.textContent;
  });
  function nameDealers(count) {
    Array.prototype.forEach.call(dealers.options, function (option) {
      const seat = Number(option.value);
      const field = form.elements["player_" + seat];
      const typed = field ? field.value.trim() : "";
      option.textContent = typed ? (seat + 1) + ". " + typed : option.dataset.placeholder;
      option.hidden = seat >= count;
      option.disabled = seat >= count;
    });
    if (dealers.selectedOptions[0] && dealers.selectedOptions[0].disabled) dealers.value = "0";
  }
  form.addEventListener("input", redraw);
  form.addEventListener("change", redraw);
  redraw();
})();
