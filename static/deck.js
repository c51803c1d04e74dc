// A card grid that the keyboard can walk (full piles, trick by trick, the count checker): one
// stop for the Tab key; the arrow keys move to the card beside, above or below, Home and End
// to the first and last. Loaded before the scripts that call deckKeys(buttons).
"use strict";

window.deckKeys = function (buttons) {
  buttons.forEach((b, i) => {
    b.tabIndex = i === 0 ? 0 : -1;
    b.addEventListener("keydown", (event) => {
      const to = neighbour(buttons, b, event.key);
      if (!to) return;
      event.preventDefault();
      buttons.forEach((other) => { other.tabIndex = other === to ? 0 : -1; });
      to.focus();
    });
  });

  // The card an arrow key moves to: the next or previous in deck order, or the nearest in the
  // line above or below (lines are 5 to 7 cards long).
  function neighbour(list, from, key) {
    const i = list.indexOf(from);
    if (key === "ArrowRight") return list[i + 1];
    if (key === "ArrowLeft") return list[i - 1];
    if (key === "Home") return list[0];
    if (key === "End") return list[list.length - 1];
    if (key !== "ArrowDown" && key !== "ArrowUp") return undefined;
    const a = from.getBoundingClientRect();
    const down = key === "ArrowDown";
    let best, score = Infinity;
    for (const b of list) {
      const r = b.getBoundingClientRect();
      const dy = down ? r.top - a.bottom : a.top - r.bottom;
      if (dy < -1 || b === from) continue;
      const s = dy * 1000 + Math.abs(r.left + r.width / 2 - (a.left + a.width / 2));
      if (s < score) { score = s; best = b; }
    }
    return best;
  }
};
