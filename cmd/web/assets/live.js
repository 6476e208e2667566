// The board changes by itself: the server sends the board, rendered, on
// every change of the game (Server-Sent Events), and this swaps it in.
// When the server goes away, the page keeps trying until it is back.
"use strict";
(function () {
  var live = document.getElementById("live");
  var status = document.getElementById("status");
  var game = live && live.dataset.game;
  if (!game || !window.EventSource) return;
  var follow = live.dataset.follow === "1";
  var wait = 1000;

  function show(up) {
    if (!status) return;
    status.hidden = false;
    status.textContent = up ? "live" : "reconnecting…";
    status.classList.toggle("down", !up);
  }

  function connect() {
    var es = new EventSource("/api/games/" + encodeURIComponent(game) + "/events?html=1");
    es.addEventListener("open", function () { wait = 1000; show(true); });
    es.addEventListener("html", function (e) {
      live.innerHTML = e.data;
      document.dispatchEvent(new CustomEvent("unoscore:board"));
    });
    es.addEventListener("current", function (e) {
      // A new game started at the table: a page that follows the current
      // game moves to it.
      if (follow && e.data && e.data !== game) location.reload();
    });
    es.addEventListener("error", function () {
      show(false);
      if (es.readyState === EventSource.CLOSED) {
        // The browser gave up (the server answered with an error while it
        // restarted): start again, a little later each time.
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 10000);
      }
    });
  }
  connect();
})();
