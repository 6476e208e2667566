// The board changes by itself: the server sends the board, rendered, on
// every change of the game (Server-Sent Events), and this swaps it in.
// When the server goes away, the page keeps trying until it is back.
"use strict";
(function () {
  // A television cannot scroll: its score pad shows the newest hands that
  // fit whole, and hides the rest rather than cut a row in two.
  var tv = window.matchMedia("(min-aspect-ratio: 4/3) and (min-width: 900px)");
  function fitPad() {
    var wrap = document.querySelector("body.view .padwrap");
    if (!wrap) return;
    var rows = wrap.querySelectorAll("tbody tr"), i;
    for (i = 0; i < rows.length; i++) rows[i].hidden = false;
    var pad = wrap.querySelector(".pad");
    if (pad) pad.style.fontSize = "";
    if (!tv.matches) return;
    // Its columns take what their figures need (the stylesheet): a pad
    // still wider than the screen takes smaller letters rather than cut a
    // number, down to two thirds of its size.
    if (pad) {
      var size = parseFloat(getComputedStyle(pad).fontSize), least = size * 2 / 3;
      while (pad.offsetWidth > wrap.clientWidth + 0.5 && size > least) {
        size -= 0.5;
        pad.style.fontSize = size + "px";
      }
    }
    var end = wrap.getBoundingClientRect().bottom, cut = false;
    for (i = 0; i < rows.length; i++) {
      cut = cut || rows[i].getBoundingClientRect().bottom > end + 0.5;
      rows[i].hidden = cut;
    }
  }
  fitPad();
  window.addEventListener("resize", fitPad);
  document.addEventListener("unoscore:board", fitPad);

  // A score pad wider than the screen scrolls sideways: its wrap says
  // which way there is more to see (more-right, more-left), and the
  // stylesheet fades the cut edge and says to swipe from that. Measured
  // here, on every browser, rather than left to CSS scroll-state queries,
  // which only Chromium has: on scrolling, on a change of size (of the
  // screen or of the pad), and as soon as a new board is swapped in.
  function cuePad(wrap) {
    var room = wrap.scrollWidth - wrap.clientWidth, at = wrap.scrollLeft;
    wrap.classList.toggle("more-right", room > 1 && at < room - 1);
    wrap.classList.toggle("more-left", room > 1 && at > 1);
    // A pad that scrolls is a stop for the keyboard (its arrow keys scroll
    // it), named for a screen reader; one that fits is not.
    if (room > 1 && !wrap.hasAttribute("tabindex")) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", "Score pad, scrolls sideways");
    } else if (room <= 1 && wrap.hasAttribute("tabindex")) {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      wrap.removeAttribute("aria-label");
    }
  }
  function cuePads() {
    var wraps = document.querySelectorAll(".padwrap");
    for (var i = 0; i < wraps.length; i++) cuePad(wraps[i]);
  }
  var sized = window.ResizeObserver && new ResizeObserver(function () {
    // A frame later: the cue's line showing or going resizes the wrap.
    window.requestAnimationFrame(cuePads);
  });
  // watchPads measures the pads on the page and follows their sizes (a new
  // board brings new elements to follow).
  function watchPads() {
    cuePads();
    if (!sized) return;
    sized.disconnect();
    var els = document.querySelectorAll(".padwrap, .padwrap > .pad");
    for (var i = 0; i < els.length; i++) sized.observe(els[i]);
  }
  watchPads();
  window.addEventListener("resize", cuePads);
  document.addEventListener("unoscore:board", watchPads);
  // A scroll event does not bubble; the document sees it when capturing.
  document.addEventListener("scroll", function (e) {
    if (e.target.classList && e.target.classList.contains("padwrap")) cuePad(e.target);
  }, true);
  var live = document.getElementById("live");
  var status = document.getElementById("status");
  var game = live && live.dataset.game;
  // No game yet: the viewer's page asks every two seconds whether one has
  // started, and reloads to show it (without JavaScript, a refresh in
  // <noscript> does; a refresh for everyone was a barrier to a screen
  // reader, axe's meta-refresh).
  if (!game && live && live.dataset.follow === "1" && document.body.classList.contains("view") && window.fetch) {
    var ask = function () {
      fetch("/api/games", {cache: "no-store"}).then(function (r) { return r.ok ? r.json() : null; }).then(function (j) {
        if (j && j.games && j.games.length) location.reload();
        else setTimeout(ask, 2000);
      }, function () { setTimeout(ask, 2000); });
    };
    setTimeout(ask, 2000);
  }
  if (!game || !window.EventSource) return;
  var follow = live.dataset.follow === "1";
  var wait = 1000;

  // show says whether the board is live; a board that may be out of date
  // is dimmed, so that nobody reads old numbers as the score.
  function show(up) {
    stale(!up);
    if (!status) return;
    status.hidden = false;
    status.textContent = up ? "live" : "reconnecting… the board may be out of date";
    status.classList.toggle("down", !up);
  }

  // say tells a screen reader what changed, briefly, in the page's polite
  // live region (the viewer's page has one): the newest hand and the lead
  // ("Hand 5: Ann went out, 42 points. Ann leads with 310."), or that a
  // hand was voided; never the whole board, and nothing when the board
  // sent is the one shown (a reconnection).
  var said = document.getElementById("said");
  function say(was, now) {
    if (!said || !was || !now || was.dataset.changes === now.dataset.changes) return;
    var hands = +now.dataset.hands, before = +was.dataset.hands;
    if (hands < before) said.textContent = "A hand was voided. " + now.dataset.saidLead;
    else if (hands > before) said.textContent = now.dataset.saidHand + " " + now.dataset.saidLead;
    else said.textContent = now.dataset.saidLead; // a hand corrected: the lead as it stands
  }

  // stale dims the page, or brings it back. While dimmed, the page scrolls
  // within main, above the footer's "reconnecting…" (app.css): the place
  // scrolled to moves from the window to main and back, so that nothing
  // jumps.
  function stale(on) {
    var body = document.body, main = document.querySelector("body > main");
    if (body.classList.contains("stale") === on) return;
    var y = on || !main ? window.scrollY : main.scrollTop;
    body.classList.toggle("stale", on);
    if (!main) return;
    if (on) main.scrollTop = y;
    else window.scrollTo(0, y);
  }

  var es = null;
  function connect() {
    if (es) es.close();
    var src = es = new EventSource("/api/games/" + encodeURIComponent(game) + "/events?html=1");
    src.addEventListener("open", function () { wait = 1000; show(true); });
    src.addEventListener("html", function (e) {
      var was = live.querySelector(".board");
      live.innerHTML = e.data;
      say(was, live.querySelector(".board"));
      document.dispatchEvent(new CustomEvent("unoscore:board"));
    });
    src.addEventListener("current", function (e) {
      // A new game started at the table: a page that follows the current
      // game moves to it.
      // (The scorer's page holds on while a hand is being tapped or
      // waits to be saved: it cancels the event, and moves once done.)
      if (!follow || !e.data || e.data === game) return;
      window.unoscoreCurrent = e.data;
      if (document.dispatchEvent(new CustomEvent("unoscore:current", {cancelable: true, detail: e.data}))) location.reload();
    });
    src.addEventListener("gone", function (e) {
      // The game was deleted: said once, and no more reconnecting.
      es = null;
      src.close();
      stale(true);
      if (!status) return;
      status.hidden = false;
      status.textContent = e.data;
      status.classList.add("down");
    });
    src.addEventListener("error", function () {
      if (src !== es) return;
      show(false);
      if (src.readyState === EventSource.CLOSED) {
        // The browser gave up (the server answered with an error while it
        // restarted): start again, a little later each time.
        // Every connection learns the current game and the board afresh
        // (the server sends both first), so a restart with a new game
        // started meanwhile moves the page to it.
        setTimeout(connect, wait);
        wait = Math.min(wait * 2, 2000);
      }
    });
  }
  connect();
})();
