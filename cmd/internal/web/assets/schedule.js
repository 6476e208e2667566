// The schedule follows the game by itself, as the board does: on every
// change of the game (its event stream) the page fetches the schedule's
// body again and swaps it in, with no reload. A schedule that follows the
// current game moves to a new one when it is started. When the server
// goes away the schedule is dimmed, and the page keeps trying.
"use strict";
(function () {
  // On a television the schedule fills the screen: of every number of
  // columns, the one where the largest letters fit each round's card.
  var tv = window.matchMedia("screen and (min-aspect-ratio: 4/3) and (min-width: 900px)");
  function fit() {
    var list = document.querySelector(".schedule .rounds");
    if (!list) return;
    list.style.removeProperty("--cols");
    list.style.fontSize = "";
    if (!tv.matches) return;
    var cards = list.querySelectorAll(".round");
    var fits = function () {
      for (var i = 0; i < cards.length; i++) {
        var c = cards[i];
        if (c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1) return false;
      }
      return true;
    };
    var best = 0, bestCols = 1;
    for (var cols = 1; cols <= cards.length; cols++) {
      list.style.setProperty("--cols", cols);
      var lo = 8, hi = 200; // px: the largest size that fits, to a pixel
      while (hi - lo > 1) {
        var mid = (lo + hi) >> 1;
        list.style.fontSize = mid + "px";
        if (fits()) lo = mid; else hi = mid;
      }
      if (lo > best) { best = lo; bestCols = cols; }
    }
    list.style.setProperty("--cols", bestCols);
    list.style.fontSize = best + "px";
  }
  fit();
  window.addEventListener("resize", fit);
  document.addEventListener("unoscore:schedule", fit);
  var sched = document.getElementById("sched");
  var game = sched && sched.dataset.game;
  if (!game || !window.EventSource || !window.fetch) return;
  var follow = sched.dataset.follow === "1";
  var wait = 1000;
  var asked = 0; // the newest change asked for: an older answer is dropped

  function stale(yes) { document.body.classList.toggle("stale", yes); }

  function update(changes) {
    var mine = asked = Math.max(asked, changes);
    fetch("/schedule?part=1&game=" + encodeURIComponent(game), {cache: "no-store"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        if (mine < asked) return;
        sched.innerHTML = html;
        document.dispatchEvent(new CustomEvent("unoscore:schedule"));
      })
      .catch(function () { stale(true); });
  }

  var es = null;
  function connect() {
    if (es) es.close();
    var src = es = new EventSource("/api/games/" + encodeURIComponent(game) + "/events?html=1");
    src.addEventListener("open", function () { wait = 1000; stale(false); });
    src.addEventListener("message", function (e) {
      update(parseInt(e.lastEventId, 10) || 0);
    });
    src.addEventListener("current", function (e) {
      if (follow && e.data && e.data !== game) location.reload();
    });
    src.addEventListener("gone", function () {
      // The game was deleted: no more reconnecting.
      es = null;
      src.close();
      stale(true);
    });
    src.addEventListener("error", function () {
      if (src !== es) return;
      stale(true);
      if (src.readyState === EventSource.CLOSED) {
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 2000);
      }
    });
  }
  connect();
})();
