// Trick-by-trick entry: tap cards in order of play; the app says who plays next.
// The text areas stay the record, so the form works the same without this script.
"use strict";

(function () {
  const box = document.querySelector(".play-picker");
  if (!box) return;
  const tricks = document.querySelector("textarea[name=tricks]");
  const scarto = document.querySelector("input[name=scarto]");
  const dealer = document.querySelector("select[name=dealer]"); // empty: the rotation's
  const next = box.querySelector(".next");
  const size = Number(box.dataset.size);
  const buttons = Array.from(box.querySelectorAll("button.pick"));
  const toScarto = box.querySelector(".to-scarto");
  let scartoMode = false;
  let asked = 0; // answers may come back out of order: show only the latest

  const codes = (text) => text.split(/[\s,]+/).filter(Boolean).map((c) => c.toUpperCase());
  const lines = () => tricks.value.split("\n").map(codes).filter((l) => l.length);

  function write(play) {
    tricks.value = play.map((l) => l.join(" ")).join("\n");
  }
  function refresh() {
    const used = new Set([...codes(scarto.value), ...lines().flat()]);
    buttons.forEach((b) => { b.hidden = used.has(b.dataset.code); });
    toScarto.setAttribute("aria-pressed", String(scartoMode));
    const mine = ++asked;
    const body = { scarto: codes(scarto.value), play: lines() };
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
    if (scartoMode) {
      scarto.value = (scarto.value.trim() + " " + b.dataset.code).trim();
    } else {
      const play = lines();
      if (!play.length || play[play.length - 1].length >= size) play.push([]);
      play[play.length - 1].push(b.dataset.code);
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
  scarto.addEventListener("input", refresh);
  if (dealer) dealer.addEventListener("change", refresh);
  box.hidden = false;
  refresh();
})();
