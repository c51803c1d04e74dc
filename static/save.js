// Saving a deal once, and never losing it to a dropped connection (scorekeeper/web/deals/once.py).
// Save goes by fetch: once saved, to the protocol at the deal; a refusal is shown as the page.
// When the connection drops, every field is kept in sessionStorage under this page's path and
// sent again with the same request key (so it is recorded once) when the connection is back,
// every few seconds, or on the next tap of Save; a reload shows the kept fields again. A form
// brought back (Back, the browser's page cache) whose key saved a deal already says so, with a
// link to correct it, and a new deal's form then names the next deal: filled in again, it
// records a new deal (once.py). While a save is out, Save says so; a save that did not go
// through says so next to Save. Without this script the form is a plain form, still recorded
// once.
"use strict";

(function () {
  const form = document.querySelector("form.entry");
  const key = form && form.elements.namedItem("request_key");
  const base = location.pathname.match(/^(.*\/sessions\/\d+)\/deals\//);
  if (!key || !base) return;
  const place = "scorekeeper.unsent:" + location.pathname;
  const RETRY_MS = 4000; // while a save waits, how often to try again
  const TIMEOUT_MS = 20000; // a save with no answer by then is taken as lost, and tried again
  const KEEP_MS = 12 * 3600 * 1000; // kept fields older than an evening are not restored
  // The server's sentences, in the page's language (request_state); these until it answers.
  const texts = {
    unsent: "Not saved: the connection dropped. Everything you typed is kept here; " +
      "it will be sent by itself when the connection is back, or tap Save again.",
    kept: "Not saved yet: what you typed was kept and is shown again. It will be sent by " +
      "itself when the connection is back, or tap Save again.",
    correct: "Correct it",
    saving: "Saving…",
  };
  if (form.dataset.saving) texts.saving = form.dataset.saving; // the page's language
  let sending = false;
  let timer = null;
  let notice = null;

  // The key goes with the form's place in the history: a page the browser loads anew for Back
  // or a reload, putting back what was typed, is the same form, and keeps its key.
  const navigation = performance.getEntriesByType("navigation")[0];
  const again = navigation && ["back_forward", "reload"].includes(navigation.type);
  if (again && history.state && history.state.requestKey) {
    key.value = history.state.requestKey;
  } else {
    remember();
  }

  function remember() {
    history.replaceState({ ...history.state, requestKey: key.value }, "");
  }

  function saveButton() {
    return form.querySelector("[type=submit][name=save]");
  }

  // Every named field as it stands: radios and checkboxes by value, with their state.
  function fields() {
    const skip = ["submit", "button", "reset", "file"];
    return Array.from(form.elements).filter((el) => el.name && !skip.includes(el.type))
      .map((el) => {
        if (el.type === "radio" || el.type === "checkbox") {
          return { name: el.name, value: el.value, checked: el.checked };
        }
        if (el.type === "select-multiple") {
          return { name: el.name, values: Array.from(el.selectedOptions, (o) => o.value) };
        }
        return { name: el.name, value: el.value };
      });
  }

  function kept() {
    try {
      const saved = JSON.parse(sessionStorage.getItem(place));
      return saved && Date.now() - saved.at < KEEP_MS ? saved : null;
    } catch (error) {
      return null;
    }
  }

  function keep(action) {
    try {
      sessionStorage.setItem(place, JSON.stringify({ at: Date.now(), action, fields: fields() }));
    } catch (error) { /* storage full or refused: the fields stay on the page all the same */ }
  }

  function forget() {
    try { sessionStorage.removeItem(place); } catch (error) { /* nothing was kept */ }
    clearInterval(timer);
    timer = null;
  }

  // Put kept values back as if typed, so that the other scripts (picker.js, play.js) follow.
  function restore(saved) {
    saved.fields.forEach((field) => {
      if (field.name === "csrf_token") return; // the page's own token is the fresher
      Array.from(form.elements).filter((el) => el.name === field.name).forEach((el) => {
        if (el.type === "radio" || el.type === "checkbox") {
          if (el.value !== field.value) return;
          el.checked = field.checked;
        } else if (field.values) {
          Array.from(el.options).forEach((o) => { o.selected = field.values.includes(o.value); });
        } else {
          el.value = field.value;
        }
        el.dispatchEvent(new Event("input", { bubbles: true }));
        el.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
  }

  // A deal saved is said at the top of the form, where the page opens; a save that did not go
  // through, next to Save, where the keeper's thumb is.
  function say(kind, ...parts) {
    if (!notice) notice = document.createElement("p");
    const actions = form.querySelector(".actions");
    if (kind === "ok" || !actions) form.before(notice);
    else actions.before(notice);
    notice.className = kind === "ok" ? "ok" : "error unsent";
    notice.setAttribute("role", kind === "ok" ? "status" : "alert");
    notice.replaceChildren(...parts);
  }

  function savedBanner(state) {
    const link = document.createElement("a");
    link.href = state.correct_url;
    link.textContent = texts.correct;
    say("ok", texts.saved + " ", link);
    // A new deal's form is the next deal's now: what it saves next is a new deal (once.py).
    const name = document.querySelector("h1 .deal-name");
    const isNew = !form.elements.namedItem("deal_id") || !form.elements.namedItem("deal_id").value;
    if (name && isNew && texts.next) name.textContent = texts.next;
  }

  // Save says it is out, and is not sent twice meanwhile (sending); back as it was after.
  function busy(on) {
    const button = saveButton();
    if (!button) return;
    if (on) {
      button.dataset.label = button.value;
      button.value = texts.saving;
    } else if (button.dataset.label) {
      button.value = button.dataset.label;
    }
    button.setAttribute("aria-busy", on ? "true" : "false");
    button.classList.toggle("busy", on);
  }

  // Whether this form's key saved a deal already; null when the server cannot be reached.
  async function ask() {
    const url = base[1] + "/deals/requests/" + encodeURIComponent(key.value);
    try {
      const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) return null;
      const state = await response.json();
      Object.assign(texts, state.texts || {});
      return state;
    } catch (error) {
      return null;
    }
  }

  async function send(action) {
    if (sending) return;
    sending = true;
    busy(true);
    const body = new FormData(form);
    const button = saveButton();
    body.append(button.name, button.value); // the server tells Save from Check by it
    const stop = new AbortController();
    const limit = setTimeout(() => stop.abort(), TIMEOUT_MS);
    let response = null;
    let page = "";
    try {
      // Not followed here: the protocol it leads to would be made twice, and lose its #deal-N.
      response = await fetch(action, {
        method: "POST", body, credentials: "same-origin", redirect: "manual", signal: stop.signal,
      });
      // A proxy's "cannot reach the app" is a dropped connection too.
      if ([502, 503, 504].includes(response.status)) throw new Error(String(response.status));
      if (response.type !== "opaqueredirect") page = await response.text();
    } catch (error) {
      sending = false;
      busy(false);
      keep(action);
      say("error", texts.unsent);
      if (!timer) timer = setInterval(retry, RETRY_MS);
      return;
    } finally {
      clearTimeout(limit);
    }
    forget();
    if (response.type === "opaqueredirect") { // saved: to the protocol, at the deal
      const state = await ask();
      location.assign(state && state.saved ? state.protocol_url : base[1]);
      return;
    }
    // A refusal (a field to mend, a deal saved already): its page, at this address, with
    // the key it gives (a new one to correct a deal saved already).
    history.replaceState({ ...history.state, requestKey: null }, "");
    document.open();
    document.write(page);
    document.close();
  }

  // A save whose answer was lost may have arrived: ask before sending it again.
  async function retry() {
    const saved = kept();
    if (sending || !saved || navigator.onLine === false) return;
    const state = await ask();
    if (state === null) return;
    if (state.saved) {
      forget();
      location.assign(state.protocol_url);
    } else {
      send(saved.action);
    }
  }

  form.addEventListener("submit", (event) => {
    const submitter = event.submitter;
    if (event.defaultPrevented || !submitter || submitter.name !== "save") return;
    event.preventDefault();
    send(submitter.formAction || form.action);
  });
  // While a save waits, what is typed meanwhile is kept too, and is what will be sent.
  ["input", "change"].forEach((type) => form.addEventListener(type, () => {
    const saved = timer && kept();
    if (saved) keep(saved.action);
  }));
  window.addEventListener("online", retry);
  window.addEventListener("pageshow", async (event) => {
    if (event.persisted) { // back from the browser's page cache: that save is over
      sending = false;
      busy(false);
    }
    const state = await ask();
    const saved = kept();
    if (state && state.saved) {
      forget();
      savedBanner(state);
    } else if (saved) {
      say("error", texts.kept);
      if (!timer) timer = setInterval(retry, RETRY_MS);
      if (state) send(saved.action); // the server answers: send it now
    }
  });
  // A refusal's page asks something at a field: the question in view and the cursor in it
  // (autofocus alone does not scroll a page this script wrote in, nor below a long form).
  const asked = form.querySelector(
    "[aria-invalid=true], .has-error input, .has-error select, .has-error textarea"
  );
  if (asked) {
    asked.focus({ preventScroll: true });
    asked.scrollIntoView({ block: "center" });
  }
  // Once picker.js and play.js (deferred after this script) are listening.
  document.addEventListener("DOMContentLoaded", () => {
    const saved = kept();
    if (!saved) return;
    restore(saved);
    remember(); // the kept key is this form's now
  });
})();
