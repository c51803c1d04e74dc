// Trick-by-trick entry: first the scarto, then tap cards in order of play; the app says who
// plays next. A played card keeps its place in the grid, marked as used, so that nothing moves
// under the thumb; the arrow keys move from card to card. The text areas stay the record, so
// the form works the same without this script.
//
// The live line is in the page's language: its sentences come translated from the template
// (data-*-template), each card as its button shows it (R♠ and "Matto" in Italian, where F is the
// Fante), and the server's problems in the page's language, asked for by name since the API
// follows Accept-Language, which is the browser's and not the page's switch.
//
// The cards tapped are kept in sessionStorage for this form (its path, request key and deal),
// since the fields refuse the browser's own restoring (autocomplete=off): a reload or Back
// brings them back. save.js keeps a save that did not go through under its own key and puts it
// back first; the play is put back over it only when kept later.
"use strict";

(function () {
  const box = document.querySelector(".play-picker");
  if (!box) return;
  const form = box.closest("form");
  const tricks = form.querySelector("textarea[name=tricks]");
  const scarto = form.querySelector("input[name=scarto]");
  const dealer = form.querySelector("select[name=dealer]"); // empty: the rotation's
  const key = form.elements.namedItem("request_key");
  const next = box.querySelector(".next");
  const size = Number(box.dataset.size);
  const scartoSize = Number(box.dataset.scartoSize);
  const buttons = Array.from(box.querySelectorAll("button.pick"));
  const toScarto = box.querySelector(".to-scarto");
  // Each card as its button shows it, with its suit's colour (the buttons' classes are "pick
  // <suit>" until the first refresh); a code not in the pack is shown as typed.
  const faces = new Map(buttons.map((b) => [
    b.dataset.code, { label: b.textContent.trim(), suit: b.classList[1] },
  ]));
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
    keep();
    const mine = ++asked;
    const body = { scarto: laid, play };
    // The seat chosen; else, correcting a deal, the seat that dealt it (the API replays the
    // next deal's otherwise).
    if (dealer && dealer.value !== "") body.dealer = Number(dealer.value);
    else if (box.dataset.dealer) body.dealer = Number(box.dataset.dealer);
    fetch(box.dataset.replayUrl, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Accept-Language": document.documentElement.lang || "en",
      },
      body: JSON.stringify(body),
    }).then((r) => r.json()).then((state) => {
      if (mine === asked) say(state, laid);
    }).catch(() => { next.textContent = ""; });
  }

  // --- The live line ----------------------------------------------------------------------

  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));

  function cards(list) {
    const shown = [];
    list.forEach((code, i) => {
      const face = faces.get(code) || { label: code };
      const span = document.createElement("span");
      span.className = face.suit ? "card " + face.suit : "card";
      span.textContent = face.label;
      shown.push(...(i ? [" ", span] : [span]));
    });
    return shown;
  }

  // "Presa 2: Matto R♣": the words from the catalogue, the colon as all four languages write it.
  function withCards(label, list) {
    return [label + ": ", ...cards(list)];
  }

  // What the keeper reads: the scarto being laid, or the trick so far (the last one when a
  // new one has not begun), then who plays next; the problems found so far; or the refusal.
  function say(state, laid) {
    if (state.error) { next.textContent = state.error; return; }
    const parts = [];
    const done = state.tricks.length;
    if (state.complete) {
      parts.push("✓ " + fill(box.dataset.doneTemplate, { n: done }));
    } else {
      let so = null;
      if (scartoMode && laid.length) {
        so = withCards(box.dataset.scartoLabel, laid);
      } else if (state.current.length || done) {
        const playing = state.current.length ? state.current : state.tricks[done - 1].cards;
        const n = state.current.length ? done + 1 : done;
        so = withCards(fill(box.dataset.trickTemplate, { n }), playing);
      }
      if (so) parts.push(...so, " · ");
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = fill(box.dataset.nextTemplate, { name: state.next_player });
      parts.push(who);
    }
    const problems = (state.problems || []).map((p) => p.text || p.message).join("; ");
    if (problems) parts.push(" — " + problems);
    next.replaceChildren(...parts);
  }

  // --- Kept in the browser ------------------------------------------------------------------

  const place = "scorekeeper.play:" + location.pathname;
  const unsent = "scorekeeper.unsent:" + location.pathname; // save.js's, only read here
  const KEEP_MS = 12 * 3600 * 1000; // as save.js: a play older than an evening stays lost
  let keeping = false; // not before what was kept is back, lest the empty form overwrite it

  function read(name) {
    try { return JSON.parse(sessionStorage.getItem(name)); } catch (error) { return null; }
  }
  function forget() {
    try { sessionStorage.removeItem(place); } catch (error) { /* nothing was kept */ }
  }
  function keep() {
    if (!keeping) return;
    if (!scarto.value.trim() && !tricks.value.trim()) { forget(); return; }
    const play = {
      key: key.value, deal: box.dataset.deal, at: Date.now(), scarto: scarto.value, tricks: tricks.value,
    };
    try {
      sessionStorage.setItem(place, JSON.stringify(play));
    } catch (error) { /* storage full or refused: the cards stay on the page all the same */ }
  }
  // Only this form's play: its key goes with its place in the history (save.js), and its deal
  // is still the one it was for (no deal saved or corrected since).
  function ours(play) {
    return Boolean(play) && play.key === key.value && play.deal === box.dataset.deal &&
      Date.now() - play.at < KEEP_MS;
  }

  const navigation = performance.getEntriesByType("navigation")[0];
  const again = Boolean(navigation) && ["back_forward", "reload"].includes(navigation.type);
  // Saved part-way just now: the server keeps the play, and shows it when the form opens.
  const draftSaved = "saved" in box.dataset && !again;
  const kept = read(place); // read now: save.js's restore, before ours, would keep over it
  if (!ours(kept) || draftSaved) forget();
  // After save.js's own (its listener came first): the later of the two stays on the page.
  document.addEventListener("DOMContentLoaded", () => {
    const theirs = read(unsent);
    if (again && ours(kept) && !(theirs && theirs.at >= kept.at)) {
      scarto.value = kept.scarto;
      tricks.value = kept.tricks;
      scartoMode = codes(scarto.value).length < scartoSize && lines().length === 0;
    }
    keeping = !draftSaved;
    refresh();
    keeping = true; // from the next tap on
  });
  // Sent to be saved: once saved there is no play left to keep (save.js keeps the form if the
  // connection drops, and a refusal's page shows what was sent).
  form.addEventListener("submit", (event) => {
    if (event.submitter && event.submitter.name === "save") forget();
  });

  // --- Taps ---------------------------------------------------------------------------------

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
  box.hidden = false; // its cards are marked, and the line written, once the page is loaded
})();
