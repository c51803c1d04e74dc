// The paper protocol's choices of a player (the first dealer, each row's "Dealt by") and its
// columns' headings say the names as they are typed; without this script they say "Player 1"
// and so on until the page is sent back (scorekeeper/web/sessions/paper.py names them then).
(function () {
  "use strict";
  const form = document.querySelector("form.paper");
  if (!form) return;
  const first = form.elements.first_dealer;
  // The first dealer's options are "Player 1" to "Player 4" as the server writes them.
  const placeholders = Array.prototype.map.call(first.options, function (option) {
    return option.textContent;
  });
  const selects = form.querySelectorAll("select[name=first_dealer], select[name$='_dealer']");

  const headings = form.querySelectorAll("th[data-seats]");

  function named(seat) {
    const field = form.elements["player_" + seat];
    const typed = field ? field.value.trim() : "";
    return typed || placeholders[seat];
  }

  function rename() {
    headings.forEach(function (heading) {
      heading.textContent = heading.dataset.seats.split(" ").map(named).join(" & ");
    });
    selects.forEach(function (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        if (option.value !== "") option.textContent = named(Number(option.value)); // not "in turn"
      });
    });
  }
  form.addEventListener("input", function (event) {
    if (/^player_\d$/.test(event.target.name)) rename();
  });
  rename();
})();
