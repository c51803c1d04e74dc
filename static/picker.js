// Card picker for the full-piles form: choose a pile, tap its cards; a live count of what is left.
// The text areas stay the source of truth, so the form works the same without this script.
"use strict";

(function () {
  const picker = document.querySelector(".picker");
  if (!picker) return;
  const inputs = Array.from(document.querySelectorAll(".pile-input textarea"));
  const buttons = Array.from(picker.querySelectorAll("button.pick"));
  const targets = Array.from(picker.querySelectorAll("[data-pick]"));
  const left = picker.querySelector(".left");
  const symbols = { "♠": "S", "♣": "B", "♥": "C", "♦": "D" };
  let current = targets[0].dataset.pick;

  function canonical(token) {
    let t = token.trim().toUpperCase().replace(/\uFE0F/g, "");
    if (["0", "FOOL", "MATTO"].includes(t)) return "F";
    const last = t.slice(-1);
    if (symbols[last]) t = t.slice(0, -1) + symbols[last];
    return t;
  }
  function codesOf(input) {
    return input.value.split(/[\s,]+/).filter(Boolean).map(canonical);
  }
  function inputFor(target) {
    return inputs.find((i) => i.closest("[data-target]")?.dataset.target === target ||
      i.dataset.target === target);
  }
  function refresh() {
    const where = new Map();
    inputs.forEach((input) => codesOf(input).forEach((code) => where.set(code, input)));
    buttons.forEach((b) => b.classList.toggle("used", where.has(b.dataset.code)));
    const n = buttons.length - buttons.filter((b) => where.has(b.dataset.code)).length;
    left.textContent = left.dataset.leftTemplate.replace("{n}", n);
    targets.forEach((t) => t.setAttribute("aria-pressed", String(t.dataset.pick === current)));
  }
  targets.forEach((t) => t.addEventListener("click", () => { current = t.dataset.pick; refresh(); }));
  buttons.forEach((b) => b.addEventListener("click", () => {
    const code = b.dataset.code;
    const holder = inputs.find((input) => codesOf(input).includes(code));
    if (holder) {
      holder.value = codesOf(holder).filter((c) => c !== code).join(" ");
    } else {
      const input = inputFor(current);
      input.value = (input.value.trim() + " " + code).trim();
    }
    refresh();
  }));
  inputs.forEach((input) => input.addEventListener("input", refresh));
  picker.hidden = false;
  refresh();
})();
