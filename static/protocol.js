// The protocol page at the table (templates/sessions/detail.html).
// 1. After a save (?saved=<deal id>): the deal's row is brought to the middle of the screen, and
//    the banner that says so floats at the foot of it for ten seconds, never fading while the
//    keeper's finger or focus is on it; then only its button for the next deal stays there, so
//    that the next deal is one tap away without a swipe back to the top. The address loses
//    ?saved=, so that a reload does not say it again.
// 2. A phone that slept shows what it showed when it went to sleep: when the page is seen again,
//    it asks the session's version (GET /sessions/<id>/version, one query) and reloads if the
//    protocol changed meanwhile, recorded from another phone or corrected on the laptop.
(function () {
  "use strict";
  const SHOWN_MS = 10000;
  const table = document.querySelector("table.protocol[data-version-url]");
  const banner = document.querySelector(".saved-banner");

  function forgetSaved() {
    const url = new URL(window.location.href);
    if (!url.searchParams.has("saved")) return;
    url.searchParams.delete("saved");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }

  function float(node) {
    let timer = null;
    function held() {
      return node.contains(document.activeElement) || node.matches(":hover");
    }
    function fade() {
      if (held()) return arm();
      node.classList.add("fading");
      window.setTimeout(function () {
        if (held()) {
          node.classList.remove("fading");
          return arm();
        }
        node.classList.remove("fading");
        if (node.querySelector(".next-deal")) {
          node.classList.add("compact"); // the next deal's button stays at the foot
          node.removeAttribute("role");
        } else {
          node.hidden = true;
          document.body.classList.remove("with-banner");
        }
      }, 600);
    }
    function arm() {
      window.clearTimeout(timer);
      timer = window.setTimeout(fade, SHOWN_MS);
    }
    // Said again once the page is up: a live region read at load is not announced.
    const said = node.querySelector("p");
    if (said) {
      const words = said.textContent;
      said.textContent = "";
      window.setTimeout(function () { said.textContent = words; }, 50);
    }
    node.classList.add("floating");
    document.body.classList.add("with-banner");
    node.addEventListener("focusin", function () { window.clearTimeout(timer); });
    node.addEventListener("focusout", arm);
    node.addEventListener("pointerenter", function () { window.clearTimeout(timer); });
    node.addEventListener("pointerleave", arm);
    arm();
  }

  function showSaved() {
    const row = document.querySelector("table.protocol tr.saved");
    if (row) {
      const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      row.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
    }
    if (banner) float(banner);
    forgetSaved();
  }

  let asking = false;
  function checkVersion() {
    if (!table || asking || document.visibilityState !== "visible") return;
    asking = true;
    fetch(table.dataset.versionUrl, {
      cache: "no-store",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) {
        if (body && body.version && body.version !== table.dataset.version) {
          forgetSaved();
          window.location.reload();
        }
      })
      .catch(function () { /* offline, or a login page: the page stays as it is */ })
      .finally(function () { asking = false; });
  }

  document.addEventListener("visibilitychange", checkVersion);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) checkVersion();
  });
  showSaved();
})();
