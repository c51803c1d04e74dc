// Totals as they are typed: read as points or as scores (as web/deals/totals.py reads them on
// Save), the one left empty worked out and shown in its field, a sum that does not add up
// named at once, and a sign button for the scores a phone's number pad cannot make negative.
// The form works the same without this script: the server reads the numbers again.
"use strict";

(function () {
  const box = document.querySelector(".totals[data-live]");
  if (!box) return;
  const live = JSON.parse(box.dataset.live);
  const names = JSON.parse(box.dataset.names);
  const inputs = Array.from(box.querySelectorAll("input"));
  const form = box.closest("form");
  const summary = form.querySelector(".summary");
  const choice = form.querySelector("fieldset.reading");
  const most = Math.max(...live.totals);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? values[key] : all));
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  const signed = (n) => (n > 0 ? "+" + n : String(n));

  function parse(text) {
    const t = text.replace(/[\u2212\u2013\u2012\ufe63\uff0d]/g, "-").trim();
    if (t === "") return null;
    return /^[+-]?\d+$/.test(t) ? parseInt(t, 10) : NaN;
  }
  function reading(typed, kind) {
    const base = kind === "scores" ? live.base : 0;
    const points = typed.map((v) => (v === null ? null : v + base));
    const filled = points.indexOf(null);
    if (filled >= 0) points[filled] = live.total - sum(points.filter((p) => p !== null));
    return { kind, base, points, values: points.map((p) => p - base), filled: filled >= 0 ? filled : null };
  }
  const wrong = (r) => r.points.filter((p) => p < 0 || p > most).length;
  const addsUp = (r) => live.totals.includes(sum(r.points));
  const distance = (r) => Math.min(...live.totals.map((t) => Math.abs(sum(r.points) - t)));
  const chosen = () => (choice ? (choice.querySelector("input:checked") || {}).value : undefined);

  function say(text, bad) {
    summary.textContent = text;
    summary.classList.toggle("bad", Boolean(bad));
  }
  function describe(r) {
    const shown = r.kind === "scores" ? r.values.map(signed) : r.values.map(String);
    let text = r.kind === "scores"
      ? fill(live.scores, { base: live.base, list: shown.join(" "), sum: signed(sum(r.values)), points: r.points.join(", ") })
      : fill(live.points, { list: shown.join(" + "), sum: sum(r.values) });
    if (r.filled !== null) {
      text += " " + fill(live.filled, { name: names[r.filled], value: shown[r.filled] });
      inputs[r.filled].placeholder = shown[r.filled];
    }
    return text;
  }
  function refresh() {
    inputs.forEach((input) => { input.placeholder = ""; });
    const typed = inputs.map((input) => parse(input.value));
    const missing = typed.filter((v) => v === null).length;
    if (typed.some(Number.isNaN) || missing > 1) return say("");
    const kinds = live.base ? (chosen() ? [chosen()] : ["points", "scores"]) : ["points"];
    const readings = kinds.map((kind) => reading(typed, kind));
    const fitting = readings.filter((r) => !wrong(r) && addsUp(r));
    if (choice && !chosen()) choice.hidden = fitting.length !== 2;
    if (fitting.length === 1) return say(describe(fitting[0]));
    if (fitting.length === 2) {
      const [points, scores] = fitting;
      const side = points.filled === null ? 0 : points.filled;
      return say(fill(live.which, { name: names[side], points: points.values[side], score: signed(scores.values[side]) }));
    }
    const best = readings.slice().sort((a, b) => wrong(a) - wrong(b) || distance(a) - distance(b))[0];
    if (wrong(best)) return say(live.impossible, true);
    return say(fill(live.mismatch, { sum: best.kind === "scores" ? signed(sum(best.values)) : sum(best.values) }), true);
  }

  if (live.base) {
    // A number pad without a minus: a button beside each field turns 5 into -5 and back.
    box.classList.add("signed");
    inputs.forEach((input, side) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "sign";
      button.textContent = "±";
      // Out of the Tab order: a keyboard has its minus, and Tab goes from score to score.
      button.tabIndex = -1;
      button.setAttribute("aria-label", fill(live.sign, { name: names[side] }));
      button.addEventListener("click", () => {
        const value = parse(input.value);
        if (value !== null && !Number.isNaN(value)) input.value = String(-value);
        else if (input.value.trim() === "") input.value = "-";
        input.focus();
        refresh();
      });
      input.before(button);
    });
  }
  box.addEventListener("input", refresh);
  if (choice) choice.addEventListener("change", refresh);
  refresh();
})();
