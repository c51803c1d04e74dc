// The new event's entrants (templates/events/index.html): a field offering the club's players as
// they are typed (its datalist), whose name "Add to the list" puts on a line of its own in the
// entrants' box. Without this script the box alone takes the names, a line each.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const pick = document.querySelector("[data-entrant-pick]");
  const box = document.getElementById("entrants");
  if (!pick || !box) return;
  const field = pick.querySelector("input");
  const add = () => {
    const name = field.value.trim();
    if (!name) return;
    const text = box.value.replace(/\s+$/, "");
    box.value = text ? `${text}\n${name}\n` : `${name}\n`;
    field.value = "";
    field.focus();
  };
  pick.hidden = false;
  pick.querySelector("[data-entrant-add]").addEventListener("click", add);
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  });
});
