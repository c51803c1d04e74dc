// Trick-by-trick entry: first the scarto, then tap cards in order of play; the app says who
// plays next. A played card keeps its place in the grid, marked as used, so that nothing moves
// under the thumb; the arrow keys move from card to card. The text areas stay the record, so
// the form works the same without this script.
"use strict";

(function () {
  const box = document.querySelector(".play-picker");
  if (!box) return;
  const tricks = document.querySelector("textarea[name=tricks]");
  const scarto = document.querySelector("input[name=scarto]");
  const dealer = document.querySelector("select[name=dealer]"); // empty: the rotation's
  const next = box.querySelector(".next");
  const size = Number(box.dataset.size);
  const scartoSize = Number(box.dataset.scartoSize);
  const buttons = Array.from(box.querySelectorAll("button.pick"));
  const toScarto = box.querySelector(".to-scarto");
  let asked = 0; // answers may come back out of order: show only the latest

  const codes = (text) => text.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
  const lines = () => tricks.value.split("\n").map(codes).filter((l) => l.length);
  // The play starts with the scarto: the picker fills it until it holds its cards.
  let scartoMode = codes(scarto.value).length < scartoSize && lines().length === 0;

  function write(play) {
    tricks.value = play.map((l) => l.join(" ")).join("\n");
  }
  function refresh() {
    const play = lines();
    const laid = codes(scarto.value);
    const used = new Set([...laid, ...play.flat()]);
    const last = play.length ? play[play.length - 1].slice(-1)[0] : undefined;
    buttons.forEach((b) => {
      const code = b.dataset.code;
      // In the scarto's turn its cards may be tapped again, to take them back.
      const locked = used.has(code) && !(scartoMode && laid.includes(code));
      b.classList.toggle("used", used.has(code));
      b.classList.toggle("last", code === last);
      b.setAttribute("aria-disabled", String(locked));
    });
    toScarto.setAttribute("aria-pressed", String(scartoMode));
    const mine = ++asked;
    const body = { scarto: laid, play };
    if (dealer && dealer.value !== "") body.dealer = Number(dealer.value);
    fetch(box.dataset.replayUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json()).then((state) => {
      if (mine !== asked) return;
      if (state.error) { next.textContent = state.error; return; }
      const problems = (state.problems || []).map((p) => p.message).join("; ");
      next.textContent = (state.complete ? "✓" : "→ " + state.next_player) +
        (problems ? " — " + problems : "");
    }).catch(() => { next.textContent = ""; });
  }
  buttons.forEach((b) => b.addEventListener("click", () => {
    if (b.getAttribute("aria-disabled") === "true") return;
    const code = b.dataset.code;
    if (scartoMode) {
      const laid = codes(scarto.value);
      scarto.value = (laid.includes(code) ? laid.filter((c) => c !== code) : [...laid, code]).join(" ");
      if (codes(scarto.value).length >= scartoSize) scartoMode = false; // on to the first trick
    } else {
      const play = lines();
      if (!play.length || play[play.length - 1].length >= size) play.push([]);
      play[play.length - 1].push(code);
      write(play);
    }
    refresh();
  }));
  box.querySelector(".undo").addEventListener("click", () => {
    const play = lines();
    if (play.length) { play[play.length - 1].pop(); write(play.filter((l) => l.length)); }
    refresh();
  });
  toScarto.addEventListener("click", () => { scartoMode = !scartoMode; refresh(); });
  tricks.addEventListener("input", refresh);
  scarto.addEventListener("input", () => {
    if (scartoMode && codes(scarto.value).length >= scartoSize) scartoMode = false;
    refresh();
  });
  if (dealer) dealer.addEventListener("change", refresh);
  // One stop for the Tab key in the grid; the arrow keys move to the card beside, above, below.
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
  box.hidden = false;
  refresh();

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
})();
