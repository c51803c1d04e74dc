// The quick count as it is filled in: the tricks of the one left empty worked out from the
// deal's tricks (as the server does on Save), and the Fool's trick asked only where its answer
// can change the points (web/deals/entry.py: raw counting, or a Matto led at the last trick,
// which goes to the winner of that trick), and "the rest to <name>" for the counters not yet
// placed. The form works the same without this script.
"use strict";

(function () {
  const form = document.querySelector("form.entry-quick");
  if (!form) return;
  const tricks = form.querySelector("fieldset.tricks");
  const inputs = Array.from(tricks.querySelectorAll("input"));
  const summary = tricks.querySelector(".summary");
  const total = Number(tricks.dataset.total);
  const names = inputs.map((input) => form.querySelector(`label[for="${input.id}"]`).textContent.trim());
  const rule = form.querySelector(".counters").dataset.foolRule;
  const foolBox = form.querySelector(".fool-trick");
  const foolSelect = foolBox ? foolBox.querySelector("select") : null;
  const asked = foolBox ? foolBox.querySelector(".has-error") !== null : false;
  const lastTrick = form.elements.last_trick_winner;
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? values[key] : all));

  function won() {
    // Tricks per player (or team), the one left empty worked out; null where unknown.
    const typed = inputs.map((input) => (input.value.trim() === "" ? null : Number(input.value)));
    inputs.forEach((input) => { input.placeholder = ""; });
    summary.textContent = "";
    if (typed.some((v) => v !== null && !Number.isInteger(v))) return typed;
    const missing = typed.filter((v) => v === null).length;
    const known = typed.reduce((a, v) => a + (v || 0), 0);
    if (missing === 1 && known <= total) {
      const side = typed.indexOf(null);
      typed[side] = total - known;
      inputs[side].placeholder = String(typed[side]);
      summary.textContent = fill(tricks.dataset.filledTemplate, { name: names[side], n: typed[side] });
    } else if (missing === 0 && known !== total || missing === 1) {
      summary.textContent = fill(tricks.dataset.mismatchTemplate, { n: known });
    }
    return typed;
  }
  function foolNeeded() {
    const fool = form.querySelector('input[name="card_F"]:checked');
    if (!fool || fool.value === "scarto") return false;
    if (rule === "raw") return true;
    // rules.md 1.4: a Matto led at the last trick goes to the winner of that trick; the winner
    // of the last trick, if given, answers it too.
    const led = form.querySelector('input[name="fool_led"]:checked');
    return Boolean(led && led.value === "last-trick") && !(lastTrick && lastTrick.value);
  }
  function refresh() {
    won();
    if (!foolBox) return;
    const shown = asked || (rule !== "" && foolNeeded());
    foolBox.hidden = !shown;
    foolSelect.disabled = !shown; // not sent when not asked: it would claim a trick for no one
  }
  // "The rest to <name>": every counter not yet placed to that player or team, as if tapped,
  // with the events a tap sends, so that this script and save.js follow.
  const rest = form.querySelector(".quick-rest");
  if (rest) {
    rest.querySelectorAll("button[data-rest]").forEach((button) => button.addEventListener("click", () => {
      form.querySelectorAll(".counter").forEach((group) => {
        if (group.querySelector("input[type=radio]:checked")) return;
        const radio = group.querySelector(`input[type=radio][value="${button.dataset.rest}"]`);
        if (!radio) return;
        radio.checked = true;
        radio.dispatchEvent(new Event("input", { bubbles: true }));
        radio.dispatchEvent(new Event("change", { bubbles: true }));
      });
    }));
    rest.hidden = false;
  }
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
  refresh();
})();
