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
  window.deckKeys(buttons);
  box.hidden = false;
  refresh();
})();
