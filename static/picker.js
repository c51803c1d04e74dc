// Card picker for the full-piles form (and the count checker): choose a pile, tap its cards;
// a tapped card in another pile moves to this one, in this pile leaves it. A live count of what
// is left and of each pile, and "the rest to <name>" for the last pile. An empty scarto is
// filled first: once it has its cards the picker moves on to the first empty pile by itself.
// When every pile but one is given, the empty one shows "the rest" it will hold when saved
// (the server fills it the same way: web/deals/entry.py, rest_to_empty_pile). Cards keep their
// place in the grid, a suit a row; arrow keys move between them. The text areas stay the source
// of truth, so the form works the same without this script.
"use strict";

(function () {
  const picker = document.querySelector(".picker");
  if (!picker) return;
  const inputs = Array.from(document.querySelectorAll(".pile-input textarea"));
  const buttons = Array.from(picker.querySelectorAll("button.pick"));
  const targets = Array.from(picker.querySelectorAll("[data-pick]"));
  const left = picker.querySelector(".left");
  const rest = picker.querySelector("button.rest");
  const symbols = { "♠": "S", "♣": "B", "♥": "C", "♦": "D" };
  const scartoSize = Number(picker.dataset.scartoSize || 0);
  const scartoInput = () => inputs.find((input) => targetOf(input) === "scarto");
  const sides = () => targets.filter((t) => t.dataset.pick !== "scarto");
  let current = sides()[0].dataset.pick;

  // The page language's own court letters, as the server reads them (rules/names.py).
  const letters = JSON.parse(picker.dataset.letters || "{}");

  function canonical(token) {
    let t = token.trim().toUpperCase().replace(/\uFE0F/g, "");
    if (["0", "FOOL", "MATTO", "NARR", "NARREN"].includes(t)) return "F";
    const last = t.slice(-1);
    if (symbols[last]) t = t.slice(0, -1) + symbols[last];
    if (t.length === 2 && letters[t[0]] && "SBCD".includes(t[1])) t = letters[t[0]] + t[1];
    return t;
  }
  const codesOf = (input) => input.value.split(/[\s,]+/).filter(Boolean).map(canonical);
  const targetOf = (input) => input.dataset.target || input.closest("[data-target]")?.dataset.target;
  const inputFor = (target) => inputs.find((input) => targetOf(input) === target);
  const write = (input, codes) => { input.value = codes.join(" "); };

  function refresh() {
    const where = new Map();
    inputs.forEach((input) => codesOf(input).forEach((code) => where.set(code, input)));
    buttons.forEach((b) => b.classList.toggle("used", where.has(b.dataset.code)));
    const n = buttons.filter((b) => !where.has(b.dataset.code)).length;
    left.textContent = left.dataset.leftTemplate.replace("{n}", n);
    const heir = restHeir();
    targets.forEach((t) => {
      t.setAttribute("aria-pressed", String(t.dataset.pick === current));
      const count = t.querySelector(".n");
      const input = inputFor(t.dataset.pick);
      if (count && input) {
        const inherits = t === heir && n > 0;
        count.textContent = inherits ? `+${n}` : String(codesOf(input).length);
        const said = inherits ? picker.dataset.restTemplate.replace("{n}", n) : count.textContent;
        t.setAttribute("aria-label", `${t.dataset.name}: ${said}`);
        input.placeholder = inherits ? picker.dataset.restTemplate.replace("{n}", n) : "";
      }
    });
    inputs.forEach(grow);
    inputs.forEach((input) => input.closest(".field")?.classList.toggle("current", targetOf(input) === current));
    if (rest) {
      const chosen = targets.find((t) => t.dataset.pick === current);
      rest.textContent = rest.dataset.template.replace("{name}", chosen.dataset.name || chosen.textContent.trim());
      rest.hidden = current === "scarto" || n === 0;
    }
  }
  function restHeir() {
    // The one empty pile, once the scarto and every other pile have cards: it holds the rest.
    const scarto = scartoInput();
    if (!picker.dataset.restTemplate || (scarto && !codesOf(scarto).length)) return null;
    const empty = sides().filter((t) => !codesOf(inputFor(t.dataset.pick)).length);
    return empty.length === 1 ? empty[0] : null;
  }
  function moveOn() {
    // The scarto has its cards: on to the first empty pile, sparing the keeper a tap.
    if (current !== "scarto" || !scartoSize || codesOf(scartoInput()).length !== scartoSize) return;
    const empty = sides().find((t) => !codesOf(inputFor(t.dataset.pick)).length);
    if (empty) current = empty.dataset.pick;
  }
  function grow(input) {
    // A pile's text area as tall as its cards: one line empty, more as they come.
    input.style.height = "auto";
    input.style.height = input.scrollHeight + 2 + "px";
  }
  function choose(target) {
    current = target;
    refresh();
  }
  targets.forEach((t) => t.addEventListener("click", () => choose(t.dataset.pick)));
  const form = picker.closest("form.entry");
  inputs.forEach((input) => {
    input.addEventListener("input", refresh);
    // Codes are separated by spaces: in an entry form, Enter saves, as in any one-line field.
    input.addEventListener("keydown", (event) => {
      if (!form || event.key !== "Enter" || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      form.requestSubmit(form.querySelector("[name=save]"));
    });
    input.addEventListener("focus", () => { if (targetOf(input) && current !== targetOf(input)) choose(targetOf(input)); });
  });
  buttons.forEach((b) => b.addEventListener("click", () => {
    const code = b.dataset.code;
    const holder = inputs.find((input) => codesOf(input).includes(code));
    const mine = inputFor(current);
    if (holder) write(holder, codesOf(holder).filter((c) => c !== code));
    if (holder !== mine) write(mine, [...codesOf(mine), code]);
    moveOn();
    refresh();
  }));
  if (rest) {
    rest.addEventListener("click", () => {
      const placed = new Set(inputs.flatMap(codesOf));
      const mine = inputFor(current);
      write(mine, [...codesOf(mine), ...buttons.map((b) => b.dataset.code).filter((c) => !placed.has(c))]);
      refresh();
    });
  }
  window.deckKeys(buttons);
  // A scarto not known yet is the first thing to fill (the dealer shows it at the count).
  if (scartoInput() && !codesOf(scartoInput()).length) current = "scarto";
  picker.hidden = false;
  refresh();
})();
