// The club evening's board (templates/events/board.html) looks again by itself every minute,
// while it is on screen and its box is ticked: the seats of a new round and the standings come
// to the players' phones without a tap. Unticked, it stays as it is (WCAG 2.2.1: a reader may
// stop a page that changes by itself); the choice holds for the tab.
(function () {
  "use strict";
  const box = document.querySelector("[data-refresh]");
  if (!box) return;
  const tick = box.querySelector("input");
  const KEY = "board-refresh";
  tick.checked = sessionStorage.getItem(KEY) !== "off";
  tick.addEventListener("change", function () {
    sessionStorage.setItem(KEY, tick.checked ? "on" : "off");
  });
  box.hidden = false;
  const seconds = Number(box.dataset.refresh) || 60;
  setInterval(function () {
    if (tick.checked && document.visibilityState === "visible") window.location.reload();
  }, seconds * 1000);
})();
