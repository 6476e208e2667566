// The scorer's card keypad: tap who went out, then each player's cards, in
// any order; the points add up as they are tapped, from the table of card
// values the server sends (GET /api/games/ID/keypad). Saving posts the hand
// in the card notation of the command line, which checks it the same way.
// The scorer's token comes from this page's own address (#token=...), read
// again whenever the address changes, and goes only into the Authorization
// header.
//
// Every write says what the page saw (the game's change counter): a game
// changed meanwhile from another device is answered 409, naming what was
// recorded, and the scorer may save anyway. A save the server cannot
// receive (it is restarting) is kept on the phone and sent again until it
// arrives. While a save is in flight or kept, Save does nothing. A save
// sent again after its answer was lost, refused because its own hand
// changed the game, finds that hand on the board and says it is saved.
//
// In a rotating game the scorer picks the table first (each phone can keep
// to its own table), then who went out among its four, then the cards of
// the opposing pair; the hand is posted with its table, and undo voids that
// table's last hand.
//
// In an UNO Flip game the keypad has a light/dark switch: the side in play
// when the hand ended, chosen once for the whole hand (it locks once a card
// is tapped), which changes the colours and faces on its keys.
//
// In a No Mercy game (the keypad carries the deck's mercy limit) each hand
// has a toggle "Knocked out (25+ cards)": a player knocked out needs no
// cards (their hand is greyed, saying why, and any cards tapped for them
// are set aside, not sent), the hand is posted with "knocked_out", and its
// winner may be the last player not knocked out.
"use strict";
(function () {
  var root = document.getElementById("scorer");
  if (!root) return;
  var game = root.dataset.game;
  var token = "";
  var kp = null;          // the keypad table from the server
  var points = {};        // face token -> points
  var faces = {};         // face token -> face
  var table = null;       // rotating: the table picked (its number)
  var out = null;         // who went out
  var seen = 0;           // the game's change counter when this hand was started
  var hands = {};         // player -> [{tok, face, n, pts, color}]
  var order = [];         // players whose cards are entered
  var active = null;      // the hand being tapped
  var color = "";         // the colour tapped last ("" any colour)
  var count = 1;          // copies of the next card tapped
  var side = "light";     // UNO Flip: the side the hand ended on
  var typed = "";         // the points box as typed, kept across the keypad's redrawing
  var ko = {};            // No Mercy: player -> knocked out of the hand (mercy rule)
  var by = {};            // No Mercy, the bonus to the knocker: player -> who knocked them out
  // The message under the keypad; it goes once the board has moved past
  // the change it speaks of (changes), and may carry one button (action).
  // In a rotating game a message about one table (table) stays until that
  // table's own state (sig) moves on: a hand at another table leaves it.
  var message = {text: "", good: false, changes: 0, action: null};
  var last = "";          // the keypad as last read, to skip a read that changed nothing
  var pending = null;     // a save waiting for the server to come back
  var busy = false;       // a save is in flight or kept for the server: Save does nothing
  var editing = 0;        // the number of the hand being corrected (0: a new hand)
  var picking = null;     // the hands offered for correcting (board rows), while one is picked
  var outs = null;        // correcting: who may have gone out in that hand -> whose cards then count
  var reout = false;      // a new hand: the players are offered again, to change who went out
  var retryTimer = 0;
  var ending = false;     // "End the game" asks, in the page, who won (or nobody)
  var endBusy = false;    // the end is on its way: its buttons do nothing
  var focusNext = null;   // the key to focus after the next drawing (the question opened or closed)
  var stash = "unoscore.pending." + game;
  // The hand being entered (or corrected) is kept in this browser's
  // localStorage as it is tapped, under this server (the page's origin) and
  // game, so that a reload, Back or a tab the browser discarded brings it
  // back; it goes when the hand is saved or dropped, and after 12 hours.
  var draftKey = "unoscore.draft." + game;
  var draftTTL = 12 * 3600 * 1000;
  var seenSig = "";       // where the hand's table stood when it was started (handSig)
  var restoredSig = null; // a hand restored: seenSig as kept, to compare with the keypad once read
  // Changes from another device (the command line, another phone) are
  // told in the words of scoring.Missed, as a save made stale by one is:
  // "Hand 2 was just recorded from another device: …". known is the
  // game's change counter up to which every change was told or made here
  // (null until the keypad is first read); mine, the counters this
  // phone's own writes answered; writing, its writes still on their way
  // (the live update may come before a write's own answer: nothing is
  // told until it is in). news holds what is told while a hand is being
  // entered: it shows above the hand, which stays as tapped.
  var known = null;
  var mine = [];
  var writing = 0;
  var news = [];

  var tokenBad = "";      // why the server refuses this page's token ("": it takes it, or not asked yet)
  function readToken() {
    token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
    tokenBad = "";
  }
  readToken();
  // checkToken asks the server, as the page opens and whenever its address
  // changes, whether the token is the scorer's, so that a wrong link says
  // so at once instead of after a whole hand is tapped.
  function checkToken() {
    if (!token) return;
    var asked = token;
    fetch("/api/scorer", {headers: {Authorization: "Bearer " + token}}).then(function (r) {
      if (asked !== token) return;
      if (r.status === 204 || r.status === 200) { if (tokenBad) { tokenBad = ""; render(); } return; }
      if (r.status !== 401) return;
      return r.json().catch(function () { return {}; }).then(function (d) {
        if (asked !== token) return;
        tokenBad = sentence(d.error || "this link's token is not the scorer's: open the scorer's address unoscore serve printed (scan its Score code, or type the address)");
        render();
      });
    }, function () { /* offline: the writes will say */ });
  }

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "on") e.addEventListener("click", attrs[k]);
      else e.setAttribute(k, attrs[k]);
    }
    (kids || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  function handPoints(name) {
    if (ko[name]) return 0;
    return (hands[name] || []).reduce(function (s, c) { return s + c.pts; }, 0);
  }
  function say(text, good, action) {
    message = {text: text, good: !!good, changes: kp ? kp.changes : 0, action: action || null};
    render();
  }
  // settle: the cards changed, so a refusal of the hand as it was ("Bob's
  // cards are missing.") no longer holds; it goes. A message kept (a
  // conflict, a hand kept for the server) or with a button stays.
  function settle() {
    if (message.text && !message.good && !message.keep && !message.action && !message.wait) hush();
  }
  // conflict: the message asks whether to save anyway (the game changed
  // meanwhile).
  function conflict() { return !!(message.action && message.action.id === "anyway"); }
  function hush() { message = {text: "", good: false, changes: 0, action: null}; }

  // api sends one request. It resolves with {status, data}; it rejects
  // only when the server could not be reached at all ({offline: true}).
  function api(method, path, body) {
    var opts = {method: method, headers: {}};
    if (method !== "GET") opts.headers.Authorization = "Bearer " + token;
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    var write = method !== "GET";
    if (write) writing++;
    return fetch("/api/games/" + encodeURIComponent(game) + path, opts).then(function (r) {
      return r.json().catch(function () { return {error: "the server answered " + r.status + " without saying why"}; })
        .then(function (data) {
          if (write) {
            writing--;
            if (r.status === 200 && data && typeof data.changes === "number") mine.push(data.changes);
          }
          return {status: r.status, data: data};
        });
    }, function () { if (write) writing--; return Promise.reject({offline: true}); });
  }
  // A write refused for the page's token (serve --new-token made a new
  // one, say) is said where the scorer looks, under the button tapped,
  // with what to do; the focus moves to it (raise), and a hand being
  // entered stays on the keypad for when the new address is open.
  var raise = false;
  function refused(res) {
    if (res.status === 401) {
      tokenBad = sentence(res.data.error || "this link's token is not the scorer's: open the scorer's address unoscore serve printed (scan its Score code, or type the address)");
      raise = true;
      return "";
    }
    return sentence(res.data.error || ("the server answered " + res.status));
  }
  // sentence makes a server's sentence one the phone shows: capitalised,
  // ending with a stop.
  function sentence(s) {
    s = cap(String(s).trim());
    return /[.?!]$/.test(s) ? s : s + ".";
  }
  var away = "The server is not answering; it may be restarting. Try again in a moment.";

  // keypadPath asks for the keypad, and for the changes made since the
  // page last accounted for them (at its table, in a rotating game).
  function keypadPath() {
    if (known === null) return "/keypad";
    return "/keypad?since=" + known + (table !== null ? "&table=" + table : "");
  }
  // tell is what the keypad k says was changed from another device since
  // known: its sentences, this phone's own writes left out. While a write
  // of this phone is on its way nothing is told, and known stays, so that
  // the read after its answer tells it.
  function tell(k) {
    // A game with fewer changes than known (its file put back from a
    // copy) is taken as it is from here on.
    if (known === null || k.changes < known) { known = k.changes; return []; }
    if (writing || k.changes === known) return [];
    var told = (k.missed || []).filter(function (c) { return c.change > known && mine.indexOf(c.change) < 0; })
      .map(function (c) { return c.text; });
    known = k.changes;
    return told;
  }
  function load() {
    return api("GET", keypadPath()).then(function (res) {
      if (res.status !== 200) { say(refused(res), false); return; }
      var k = res.data;
      var told = tell(k);
      // The same keypad again (the page's first board event, say): leave
      // the buttons as they are, under the scorer's finger.
      var now = JSON.stringify(k);
      if (now === last && !told.length) return;
      last = now;
      kp = k;
      if (restoredSig !== null && out) {
        // A hand restored: a hand saved meanwhile at its table makes it
        // one to check, as a save kept while the server was away.
        if (handSig(k, table) !== restoredSig) {
          message = {text: "The hand being entered was restored, but a hand was saved " + (table !== null ? "at table " + table + " " : "") + "since it was started: check it before saving.", good: false, changes: k.changes, keep: true, action: null};
        }
      }
      restoredSig = null;
      points = {}; faces = {};
      k.faces.forEach(function (f) { points[f.token] = f.points; faces[f.token] = f; });
      if (message.text && !message.keep && k.changes > message.changes && (!message.table || keypadSig(k, message.table) !== message.sig)) hush();
      renumber(k);
      if (told.length) {
        // No hand being entered: the message under the keys says it, in
        // the place of one the change made old ("Saved hand 1: …"); a
        // message kept (a question, a hand kept for the server) stays, and
        // it is said above.
        if (!out && !message.keep && !message.action && !message.wait) {
          message = {text: told.join(" "), good: false, news: true, changes: k.changes, action: null};
          if (table !== null) { message.table = table; message.sig = keypadSig(k, table); }
        } else news = news.concat(told);
      }
      var tb = here();
      if (tb && tb.refusal && !waits(tb) && !out) {
        table = null;
        if (!message.text) message = {text: sentence(tb.refusal), good: true, changes: k.changes, action: null};
      }
      render();
    }, function () { if (!kp) say(away, false); });
  }

  // boardSig and keypadSig say where a table stands (its round, the hands
  // played in it, its last hand), from the board a write answered and from
  // the keypad: the same while nothing happened at that table.
  function boardSig(b, n) {
    var t = (b.tables || []).filter(function (x) { return x.table === n; })[0];
    if (!t) return "";
    var rs = b.rows.filter(function (r) { return r.table === n; });
    var r = rs[rs.length - 1];
    return t.round + "/" + t.hands + "/" + (r ? r.out + ":" + r.points : "");
  }
  // handSig says where the hands of table n (0 or null: the game) stand,
  // from the keypad.
  function handSig(k, n) {
    if (n) return keypadSig(k, n);
    return k.hands + "/" + (k.last ? k.last.out + ":" + k.last.points : "");
  }
  function keypadSig(k, n) {
    var t = (k.tables || []).filter(function (x) { return x.table === n; })[0];
    if (!t) return "";
    return t.round + "/" + t.played + "/" + (t.last ? t.last.out + ":" + t.last.points : "");
  }
  // renumber keeps the number of the hand a message names true when it
  // stays past a new board: "Saved hand 3 at table 2" becomes "Saved hand
  // 2 at table 2" after table 1's undo, as the Undo button under it says.
  function renumber(k) {
    if (!message.text || !message.last || !message.table) return;
    var t = (k.tables || []).filter(function (x) { return x.table === message.table; })[0];
    if (!t || !t.last || t.last.hand === message.last) return;
    message.text = message.text.replace("and " + message.last + " at table " + message.table, "and " + t.last.hand + " at table " + message.table);
    message.last = t.last.hand;
  }
  // atTable marks the message as one about table n of the board b.
  function atTable(b, n) {
    if (n && b.tables) { message.table = n; message.sig = boardSig(b, n); }
  }

  // here is the table picked, as the keypad last read it.
  function here() {
    if (!kp || !kp.tables || table === null) return null;
    return kp.tables.filter(function (t) { return t.table === table; })[0] || null;
  }
  // waits: the table's next round seats players still playing the round
  // before at another table.
  function waits(t) { return !!(t && t.waiting_for && t.waiting_for.length); }
  function pick(t) {
    // A table that has played all its rounds: news, not an error.
    if (t.refusal && !waits(t)) { message = {text: sentence(t.refusal), good: false, news: true, changes: kp.changes, action: null}; render(); return; }
    table = t.table; hush();
    render();
  }
  // sitOuts says who sits out the rounds of these tables: "Eve sits out
  // round 3.", once a round.
  function sitOuts(tables) {
    var said = {};
    tables.forEach(function (t) {
      if (!t.sitting_out || said[t.round]) return;
      said[t.round] = true;
      root.appendChild(el("p", {class: "sitout", text: t.sitting_out + " sits out round " + t.round + "."}));
    });
  }
  function pairs(t) { return t.teams.map(function (p) { return p.join(" & "); }).join(" v "); }
  function handName(h) { return "hand " + h.hand + (h.table ? " at table " + h.table : ""); }
  // handWhat: the hand in a few words, as the server words it for every
  // screen (present.HandBrief; "said" on each hand of the keypad and each
  // row of the board): "Ann went out, 57 points"; in lowest and challenge,
  // where no one wins a hand's points, "Ann went out; caught with cards:
  // Bob 5, Cat 12", a knock-out said as its charge ("; Dan knocked out,
  // charged 250").
  function handWhat(h) {
    return h.said || h.out + " went out, " + plural(h.points, "point");
  }
  function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

  function choose(name) {
    out = name;
    seen = kp.changes; seenSig = handSig(kp, table);
    var tb = here();
    order = (tb ? tb.scorers[name] : kp.scorers[name]) || [];
    hands = {};
    order.forEach(function (p) { hands[p] = []; });
    active = order[0] || null;
    color = ""; count = 1; side = "light"; reout = false; ko = {}; by = {}; hush();
    render();
  }

  // deckSide is the UNO Flip side picked (null in any other game); its
  // colours and faces are the keys'.
  function deckSide() {
    if (!kp || !kp.sides) return null;
    return kp.sides.filter(function (d) { return d.side === side; })[0] || kp.sides[0];
  }
  function keyColors() { var d = deckSide(); return d ? d.colors : kp.colors; }
  function keyFaces() { var d = deckSide(); return d ? d.faces : kp.faces; }
  // sideLocked: a card is tapped, so the hand's side is chosen.
  function sideLocked() {
    return order.some(function (p) { return (hands[p] || []).some(function (c) { return c.face !== ""; }); });
  }

  function reset() { news = []; typed = ""; out = null; hands = {}; ko = {}; by = {}; order = []; active = null; editing = 0; picking = null; outs = null; reout = false; saved = null; render(); }

  // dropQuestion asks before the hand tapped is dropped, naming the players
  // whose cards are entered, as the command line does: "Drop this hand?
  // Bob's and Cat's cards are entered." It is "" when none are. A
  // correction names what it changed in the saved hand ("Drop this
  // correction? Who went out and Bob's cards are changed; hand 3 stays as
  // it was saved."), and is "" when it changed nothing.
  function dropQuestion() {
    if (editing) return correctionQuestion();
    var whose = order.filter(function (p) { return (hands[p] || []).length; }).map(function (p) { return p + "'s"; });
    if (!whose.length) return "";
    if (whose.length > 4) return "Drop this hand? The cards of " + whose.length + " players are entered.";
    return "Drop this hand? " + joinAnd(whose) + " cards are entered.";
  }
  function joinAnd(xs) { return xs.length === 1 ? xs[0] : xs.slice(0, -1).join(", ") + " and " + xs[xs.length - 1]; }
  // saved is the hand being corrected as it was saved: who went out, and
  // each player's cards as the keypad reads them (cardsOf); null when it is
  // not known (a correction kept on the phone while the server was away).
  var saved = null;
  function cardsOf(p) {
    return (hands[p] || []).map(function (c) { return (c.n > 1 ? c.n + "x" : "") + c.tok; }).sort().join(" ");
  }
  function correctionQuestion() {
    var kept = "hand " + editing + " stays as it was saved.";
    if (!saved) return "Drop this correction? " + cap(kept);
    var what = [];
    if (out !== saved.out) what.push("who went out");
    if ((saved.ko || "") !== koKey()) what.push("who was knocked out");
    var whose = Object.keys(saved.cards);
    order.forEach(function (p) { if (whose.indexOf(p) < 0) whose.push(p); });
    whose.forEach(function (p) { if ((saved.cards[p] || "") !== cardsOf(p)) what.push(p + "'s cards"); });
    if (!what.length) return "";
    if (what.length > 4) return "Drop this correction? It changes " + what.length + " things; " + kept;
    return "Drop this correction? " + cap(joinAnd(what)) + (what.length === 1 && /^who /.test(what[0]) ? " is" : " are") + " changed; " + kept;
  }
  function startOver() {
    var q = dropQuestion();
    if (q && !confirm(q)) return;
    // What another device changed meanwhile is still said, in the message.
    var told = news;
    clearTimeout(retryTimer); drop(); reset(); hush();
    if (told.length && kp) message = {text: told.join(" "), good: false, news: true, changes: kp.changes, action: null};
    render(); moveOn();
  }

  // Correcting a hand: the recent hands to pick from (at this table, in a
  // rotating game), then the keypad with that hand's cards, one chip a card
  // as the keypad makes them (tap one to take it away), and who went out,
  // which may be changed too.
  var board = null; // the board the hands to correct were read from
  function correct() {
    api("GET", "/board").then(function (res) {
      if (res.status !== 200) { say(refused(res), false); return; }
      var tb = here();
      board = res.data;
      picking = res.data.rows.filter(function (r) { return !tb || r.table === tb.table; }).slice(-12).reverse();
      hush(); render();
    }, function () { say(away, false); });
  }
  // outsOf says, for a hand of the board, who may have gone out and whose
  // cards then count: in a rotating game the two pairs at its table in its
  // round (the schedule's), else the keypad's.
  function outsOf(r) {
    var rd = r.table && board && board.schedule ? board.schedule[r.round - 1] : null;
    var at = rd ? rd.tables.filter(function (t) { return t.table === r.table; })[0] : null;
    if (!at) {
      var o = {};
      kp.players.forEach(function (p) { if (p in kp.scorers) o[p] = kp.scorers[p]; });
      return o;
    }
    var s = {};
    // Clockwise: the pairs sit across, so their players alternate.
    [at.teams[0][0], at.teams[1][0], at.teams[0][1], at.teams[1][1]].forEach(function (p) {
      s[p] = at.teams[at.teams[0].indexOf(p) >= 0 ? 1 : 0].slice();
    });
    return s;
  }
  // chipsOf reads a hand as the board writes it ("r7 2xs wd4 40pts") into
  // the keypad's chips, one a card; null when a token is none of the
  // keypad's, or the points do not come to what the board says (held).
  function chipsOf(text, held) {
    var cols = keyColors().map(function (c) { return c.letter; }).sort(function (a, b) { return b.length - a.length; });
    var fs = {};
    keyFaces().forEach(function (f) { fs[f.token] = f; });
    var chips = [];
    var ok = String(text || "").split(/\s+/).filter(Boolean).every(function (t) {
      var m = /^(\d+)pts$/.exec(t);
      if (m) { chips.push({tok: t, face: "", n: 1, pts: +m[1], color: "p"}); return true; }
      var n = 1;
      m = /^(\d+)x(.+)$/.exec(t);
      if (m) { n = +m[1]; t = m[2]; }
      var col = fs[t] ? "" : cols.filter(function (c) { return t.indexOf(c) === 0 && fs[t.slice(c.length)]; })[0];
      if (col === undefined) return false;
      var f = fs[t.slice(col.length)];
      if (f.wild && col) return false;
      chips.push({tok: col + f.token, face: f.token, n: n, pts: n * f.points, color: f.wild ? "w" : col});
      return true;
    });
    var sum = chips.reduce(function (s, c) { return s + c.pts; }, 0);
    return ok && sum === held ? chips : null;
  }
  function pickEdit(r) {
    picking = null;
    editing = r.hand; out = r.out; seen = kp.changes;
    if (r.table) table = r.table;
    seenSig = handSig(kp, table);
    side = r.side || "light";
    outs = outsOf(r);
    order = (outs[r.out] || []).filter(function (p) { return r.cards && p in r.cards; });
    Object.keys(r.cards || {}).forEach(function (p) { if (order.indexOf(p) < 0) order.push(p); });
    (outs[r.out] || []).forEach(function (p) { if (order.indexOf(p) < 0) order.push(p); });
    hands = {};
    order.forEach(function (p) {
      var held = (r.held || {})[p] || 0;
      // A hand the keypad cannot read card by card stays one chip.
      hands[p] = !r.cards || !(p in r.cards) ? [] : chipsOf(r.cards[p], held) || [{tok: r.cards[p], face: "", n: 1, pts: held, color: "p"}];
    });
    ko = {}; by = Object.assign({}, r.knocked_by || {});
    (r.knocked_out || []).forEach(function (p) { ko[p] = true; if (order.indexOf(p) < 0) { order.push(p); hands[p] = []; } });
    active = order.filter(function (p) { return !ko[p]; })[0] || null;
    saved = {out: out, cards: {}, ko: koKey()};
    order.forEach(function (p) { saved.cards[p] = cardsOf(p); });
    color = ""; count = 1; hush();
    render();
  }
  // changeOut corrects who went out: the cards of the players who still
  // count are kept, the others' go (the new winner's own, say), and the
  // new ones' hands are empty. In a new hand, cards entered that would go
  // are asked about first, as Start over asks: "Drop Zoe's cards? They are
  // entered, and do not count if Zoe went out."; a no changes nothing. (A
  // correction's cards stay as saved until it is saved.)
  function changeOut(p) {
    var o = outChoices();
    if (p === out || !o || !o[p]) { reout = false; render(); return; }
    var lost = order.filter(function (q) { return o[p].indexOf(q) < 0 && (hands[q] || []).length && !ko[q]; }).map(function (q) { return q + "'s"; });
    if (lost.length && !editing && !confirm("Drop " + joinAnd(lost) + " cards? " + (lost.length === 1 ? "They are" : "They are all") + " entered, and do not count if " + p + " went out.")) return;
    reout = false;
    var next = {};
    o[p].forEach(function (q) { next[q] = hands[q] || []; });
    out = p; order = o[p].slice(); hands = next;
    var still = {};
    order.forEach(function (q) { if (ko[q]) still[q] = true; });
    ko = still;
    active = order.filter(function (q) { return !ko[q] && !hands[q].length; })[0] || order.filter(function (q) { return !ko[q]; })[0] || null;
    color = ""; count = 1;
    hush(); render();
  }

  // outChoices is who may go out -> whose cards then count: the corrected
  // hand's, or the table's (the game's) for a new hand.
  function outChoices() {
    if (outs) return outs;
    var tb = here();
    return tb ? tb.scorers : kp.scorers;
  }

  // left counts the copies of a face already tapped, in one colour ("" for
  // every colour), over every hand.
  function tapped(tok, col) {
    var n = 0;
    order.forEach(function (p) {
      if (ko[p]) return;
      (hands[p] || []).forEach(function (c) { if (c.face === tok && (col === null || c.color === col)) n += c.n; });
    });
    return n;
  }
  // room is how many more of a face the deck holds, in the colour picked.
  function room(f) {
    var left = f.copies - tapped(f.token, null);
    if (!f.wild && color) {
      var per = Math.floor(f.copies / keyColors().length);
      left = Math.min(left, per - tapped(f.token, color));
    }
    return left;
  }

  // pickHand moves the tapping to p's cards: a colour or a count picked
  // for someone else's cards goes back to "any" and ×1, so that it is not
  // carried over to cards nobody tapped it for.
  function pickHand(p) {
    if (p !== active) { color = ""; count = 1; }
    active = p;
    render();
  }

  // knockedOut lists the players knocked out of the hand, in order.
  function knockedOut() { return order.filter(function (p) { return ko[p]; }); }
  // koKey is the knock-outs and their knockers in one string, to tell
  // whether a correction changed them.
  function koKey() { return knockedOut().map(function (p) { return p + (by[p] ? "=" + by[p] : ""); }).join(","); }
  // knockers are who may have knocked p out: everyone else at the table.
  function knockers(p) { var tb = here(); return (tb ? tb.players : kp.players).filter(function (q) { return q !== p; }); }
  // standing: every other player was knocked out, so who "went out" is
  // the last player not knocked out.
  function standing() { return kp && kp.mercy && order.length > 0 && knockedOut().length === order.length; }
  // knock toggles p's knock-out: their cards are set aside (kept, should
  // the toggle be undone) and the tapping moves to the next hand in.
  function knock(p) {
    ko[p] = !ko[p];
    if (!ko[p]) { delete ko[p]; delete by[p]; } else if (kp.knocker) by[p] = out; // the winner until another is tapped
    if (ko[p] && active === p) {
      var i = order.indexOf(p);
      active = order.slice(i + 1).concat(order.slice(0, i)).filter(function (q) { return !ko[q]; })[0] || null;
      color = ""; count = 1;
    } else if (!ko[p] && !active) active = p;
    settle(); render();
  }

  // whyGrey says in one line why the keys in full are greyed: "×3: the
  // deck has at most 2 of each red card", "×2: the deck has only 1 red 0",
  // "The deck has 2 red 7s, all tapped already". It reads what room reads.
  function whyGrey(full) {
    var col = color ? keyColors().filter(function (c) { return c.letter === color; })[0] : null;
    var pre = count > 1 ? "×" + count + ": the deck" : "The deck";
    // limit is what binds a face: its copies in the colour picked, or in
    // the whole deck.
    function limit(f) {
      var total = {n: f.copies, left: f.copies - tapped(f.token, null), col: null};
      if (f.wild || !col) return total;
      var per = Math.floor(f.copies / keyColors().length);
      var c = {n: per, left: per - tapped(f.token, color), col: col};
      return c.left <= total.left ? c : total;
    }
    function named(f, l, n) { return n + " " + (l.col ? l.col.name + " " : "") + (n === 1 ? f.name : f.plural || f.name + "s"); }
    var ls = full.map(limit);
    if (full.length === 1) {
      var f = full[0], l = ls[0];
      if (l.left <= 0) return pre + " has " + named(f, l, l.n) + (l.n === 1 ? ", tapped already." : ", all tapped already.");
      if (l.left === l.n) return pre + " has only " + named(f, l, l.n) + ".";
      return pre + " has " + named(f, l, l.n) + ", only " + l.left + " not tapped yet.";
    }
    if (col && ls.every(function (l) { return l.col && l.left === l.n; })) {
      return pre + " has at most " + Math.max.apply(null, ls.map(function (l) { return l.n; })) + " of each " + col.name + " card.";
    }
    return pre + " has " + (count > 1 ? "fewer than " + count : "none") + " of each greyed card left" + (col ? " in " + col.name : "") + ".";
  }

  function tapFace(f) {
    if (!active) return;
    var col = f.wild ? "" : color;
    hands[active].push({tok: col + f.token, face: f.token, n: count, pts: count * f.points, color: f.wild ? "w" : (col || "")});
    count = 1;
    reveal = true;
    settle();
    render();
  }

  function addPoints(input) {
    var v = parseInt(input.value, 10);
    if (!active || !(v > 0) || pending) return false;
    hands[active].push({tok: v + "pts", face: "", n: 1, pts: v, color: "p"});
    input.value = ""; typed = "";
    reveal = true;
    settle();
    render();
    return true;
  }

  function savedText(b, body, number) {
    if (number) {
      var e = b.rows[number - 1];
      return "Corrected hand " + e.hand + (e.table ? " at table " + e.table : "") + ": " + handWhat(e) + ". The old record stays in the history.";
    }
    var r = b.rows[b.rows.length - 1];
    var text = "Saved hand " + r.hand + (r.table ? " at table " + r.table : "") + ": " + handWhat(r) + ".";
    if (b.over) {
      // The heading above already says the game is over.
      text += " " + b.winners.join(" and ") + (b.winners.length === 1 ? " wins." : " win.");
    } else if (b.tables && body.table) {
      var t = b.tables.filter(function (x) { return x.table === body.table; })[0];
      if (t && t.done) text += " Table " + t.table + " has played all its rounds.";
    }
    return text;
  }

  // sameHand: the row r of a board is the hand this phone sent (a save
  // whose answer was lost, sent again): the same table, the same player
  // out, and the same cards and points for each player.
  function sameHand(r, body, points) {
    if (!r || r.out.toLowerCase() !== body.out.toLowerCase() || (body.table && r.table !== body.table)) return false;
    var mine = Object.keys(body.left).length, theirs = Object.keys(r.cards || {}).length;
    if (mine !== theirs) return false;
    return Object.keys(body.left).every(function (p) {
      var k = Object.keys(r.cards).filter(function (q) { return q.toLowerCase() === p.toLowerCase(); })[0];
      return k !== undefined && r.held[k] === points[p] && cardList(r.cards[k]) === cardList(body.left[p]);
    });
  }
  // cardList reads cards as written ("r7 2xs", "R7 s s") into one sorted
  // list, a card a word, to compare.
  function cardList(text) {
    var all = [];
    String(text || "").toLowerCase().split(/\s+/).filter(Boolean).forEach(function (t) {
      var m = /^(\d+)x(.+)$/.exec(t);
      for (var i = 0; i < (m ? +m[1] : 1); i++) all.push(m ? m[2] : t);
    });
    return all.sort().join(" ");
  }
  // ownSave is the hand of the board b that this phone's save p recorded
  // before its answer was lost (the last hand at its table, or the hand it
  // corrects), or null.
  function ownSave(b, p) {
    if (!p.again) return null;
    if (p.hand) {
      var e = b.rows[p.hand - 1];
      return sameHand(e, p.body, p.points) ? e : null;
    }
    var at = b.rows.filter(function (r) { return !p.body.table || r.table === p.body.table; });
    var r = at[at.length - 1];
    return sameHand(r, p.body, p.points) ? r : null;
  }

  function save() {
    if (busy) return;
    var input = root.querySelector(".ptsrow input");
    if (input && input.value.trim() !== "") {
      // Points typed but not added: they are part of the hand.
      if (!addPoints(input)) {
        say("The points box holds " + JSON.stringify(input.value) + ", which is not a number of points: clear it or type a number.", false);
        message.box = true; // it goes once the box changes
        return;
      }
    }
    var left = {}, pts = {};
    order.forEach(function (p) {
      if (hands[p].length && !ko[p]) {
        left[p] = hands[p].map(function (c) { return (c.n > 1 ? c.n + "x" : "") + c.tok; }).join(" ");
        pts[p] = handPoints(p);
      }
    });
    var body = {out: out, left: left, changes: seen};
    if (table !== null) body.table = table;
    if (kp.mercy) body.knocked_out = knockedOut();
    if (kp.knocker) {
      body.knocked_by = {};
      knockedOut().forEach(function (p) { body.knocked_by[p] = by[p] || out; });
    }
    send({body: body, points: pts, again: false, hand: editing});
  }

  // send posts a hand; one the server cannot receive is kept and sent again.
  // While it is in flight, or kept for the server, Save does nothing.
  function send(p) {
    clearTimeout(retryTimer);
    var body = p.body;
    busy = true;
    render();
    api("POST", p.hand ? "/hands/" + p.hand : "/hands", body).then(function (res) {
      drop();
      if (res.status === 409) {
        var b = res.data.board;
        // This phone's own save, its answer lost: it is saved.
        var own = ownSave(b, p);
        if (own) { done(b, body, p.hand, own); return; }
        // Save anyway saves the hand as it is then (a card changed
        // after the question included), over the change it was told of.
        message = {text: res.data.error, good: false, changes: b.changes, keep: true, action: {label: "Save anyway", id: "anyway", run: function () {
          if (busy) return;
          seen = b.changes;
          save();
        }}};
        render();
        return;
      }
      if (res.status !== 200) { say(refused(res), false); return; }
      done(res.data, body, p.hand);
    }, function () {
      pending = p; p.again = true;
      try { localStorage.setItem(stash, JSON.stringify({body: body, points: p.points, hand: p.hand})); } catch (e) { /* private mode */ }
      message = {text: "The server is not answering (it may be restarting). This hand is kept on this phone and will be saved as soon as the server is back.", good: false, changes: 0, keep: true, wait: true, action: null};
      render();
      retryTimer = setTimeout(function () { send(p); }, 2000);
    });
  }
  function drop() {
    pending = null; busy = false;
    try { localStorage.removeItem(stash); } catch (e) { /* private mode */ }
  }
  // own: the hand found on the board after a save whose answer was lost.
  function done(b, body, number, own) {
    // A save whose answer was lost: its change is this phone's own.
    if (own && known !== null) known = Math.max(known, b.changes);
    var text = own ? cap(handName(own)) + " is saved: " + handWhat(own) + "." : savedText(b, body, number);
    reset();
    kp.changes = b.changes;
    message = {text: text, good: true, changes: b.changes, action: null};
    atTable(b, body.table || (number && b.rows[number - 1] ? b.rows[number - 1].table : 0));
    // A new hand saved is its table's last: its number, said in the
    // message, follows the keypad's while the message stays (an undo at
    // another table renumbers it).
    if (!number && message.table) message.last = own ? own.hand : b.rows[b.rows.length - 1].hand;
    render();
    load();
    moveOn();
  }
  // A game started elsewhere while this phone held a hand: once the hand
  // is saved, the page moves to the new game, leaving the message a moment.
  function moveOn() {
    if (window.unoscoreCurrent && window.unoscoreCurrent !== game && !out && !pending) setTimeout(function () { location.reload(); }, 3000);
  }
  document.addEventListener("unoscore:current", function (ev) { if (out || pending) ev.preventDefault(); });

  // playOn raises the target of a game won at it, asking first: the game
  // goes on from where it stood.
  function playOn() {
    var n = kp.play_on;
    if (!n || !confirm("Play on to " + n + "? The game goes on from where it stands; undo takes it back.")) return;
    change("/target", {target: n, changes: kp.changes});
  }
  // endGame asks, in the page, how the game ends where it stands: naming
  // the winner the table agrees on (one button per player, or team, still
  // in the game), or no winner (whoever leads is named as leading), or not
  // at all. The question takes the keypad's place and the focus; Escape
  // or Keep playing puts the focus back on End the game.
  function endGame() {
    ending = true; focusNext = "endq"; hush(); render();
  }
  function keepPlaying() {
    if (endBusy) return;
    ending = false; focusNext = "end"; render();
  }
  // endWith posts the end as "unoscore end [--winner NAME]" does; the
  // answer's sentence (or the refusal) is focused.
  function endWith(winner) {
    if (endBusy) return;
    var body = {changes: kp.changes};
    if (winner) body.winner = winner;
    endBusy = true; render();
    change("/end", body, function () { ending = false; endBusy = false; focusNext = "msg"; });
  }
  root.addEventListener("keydown", function (ev) {
    if (ending && ev.key === "Escape") { ev.preventDefault(); keepPlaying(); }
  });
  // change posts a change to the game's end and says what it did; then
  // (when given) runs first, whatever the answer.
  function change(path, body, then) {
    then = then || function () {};
    api("POST", path, body).then(function (res) {
      then();
      if (res.status !== 200) { say(refused(res), false); load(); return; }
      var b = res.data;
      reset();
      // An end's message is under the heading "The game is over.": it
      // says only how it ended.
      message = {text: b.ended_early ? (b.winners.length ? "Ended here: " + b.winners.join(" and ") + " won." : "Ended here, with " + joinAnd(b.leaders.length ? b.leaders : ["nobody"]) + " leading.")
        : (b.over ? "The target is now " + b.target + "." : "The target is now " + b.target + ": the game goes on."), good: true, changes: b.changes, action: null};
      render();
      load();
    }, function () { then(); say(away, false); });
  }
  // undoChange voids the target or end set after the last hand.
  function undoChange() {
    if (!confirm("Void \u201c" + kp.undo_change + "\u201d? It stays in the game's history.")) return;
    var what = kp.undo_change;
    api("POST", "/undo", {changes: kp.changes}).then(function (res) {
      if (res.status !== 200) { say(refused(res), false); load(); return; }
      reset();
      message = {text: "Voided: " + what + ". It stays in the history.", good: true, changes: res.data.changes, action: null};
      render();
      load();
    }, function () { say(away, false); });
  }
  function redoChange() {
    if (!confirm("Bring back \u201c" + kp.redo_change + "\u201d?")) return;
    var what = kp.redo_change;
    api("POST", "/redo", {changes: kp.changes}).then(function (res) {
      if (res.status !== 200) { say(refused(res), false); load(); return; }
      reset();
      message = {text: "Brought back: " + what + ".", good: true, changes: res.data.changes, action: null};
      render();
      load();
    }, function () { say(away, false); });
  }

  function undo() {
    var tb = here();
    var target = tb ? tb.last : kp.last;
    if (!target) { say(tb ? "No hand has been played at table " + tb.table + " yet." : "There is no hand to undo.", false); return; }
    // A hand another table's later hand needed: said at once, not asked.
    if (target.refusal) { say(sentence(target.refusal), false); return; }
    if (!confirm("Void " + handName(target) + ": " + handWhat(target) + "? It stays in the game's history.")) return;
    var body = {changes: kp.changes};
    if (tb) body.table = tb.table;
    api("POST", "/undo", body).then(function (res) {
      if (res.status !== 200) { say(refused(res), false); load(); return; }
      var v = res.data.voided;
      reset();
      message = {text: "Voided " + handName(v) + ": " + v.out + " went out. It stays in the history; " + plural(res.data.hands, "hand") + (res.data.hands === 1 ? " counts" : " count") + " now.", good: true, changes: res.data.changes, action: null};
      atTable(res.data, v.table);
      render();
      load();
    }, function () { say(away, false); });
  }

  // redoLabel names the voided hand by who went out and its points: its
  // number changed when it was voided (a later hand took it) and changes
  // again when it is brought back.
  function redoLabel(h) {
    return "Bring back " + (h.table ? "table " + h.table + "'s" : "the") + " voided hand (" + handWhat(h) + ")";
  }
  // redoable is the voided hand this phone may bring back: in a rotating
  // game, only the phone at its table offers it.
  function redoable(tb) {
    if (kp.tables) return tb ? tb.redo || null : null;
    return kp.redo || null;
  }
  function redo() {
    var tb = here();
    var h = redoable(tb);
    if (!h) return;
    if (!confirm("Bring back the hand voided" + (h.table ? " at table " + h.table : "") + ": " + handWhat(h) + "? It counts again as hand " + h.hand + ".")) return;
    var body = {changes: kp.changes};
    if (tb) body.table = tb.table;
    api("POST", "/redo", body).then(function (res) {
      if (res.status !== 200) { say(refused(res), false); load(); return; }
      var r = res.data.rows[res.data.rows.length - 1];
      message = {text: "Brought back " + handName(r) + ": " + handWhat(r) + ".", good: true, changes: res.data.changes, action: null};
      atTable(res.data, r.table);
      render();
      load();
    }, function () { say(away, false); });
  }

  // key makes a keypad button that keeps the keyboard's focus across the
  // page's redrawing: its data-key names it.
  // While a hand is kept for the server, its keys are locked: what is
  // sent again is the hand as kept (only Start over drops it).
  function key(id, attrs, kids) {
    attrs["data-key"] = id;
    attrs.type = "button";
    if (pending && out && id !== "restart") attrs.disabled = "";
    return el("button", attrs, kids);
  }

  // keepDraft keeps the hand being entered in localStorage, or drops it
  // once there is none.
  function keepDraft() {
    try {
      if (!out) { localStorage.removeItem(draftKey); return; }
      localStorage.setItem(draftKey, JSON.stringify({at: Date.now(), out: out, table: table, seen: seen, sig: seenSig, hands: hands, order: order,
        active: active, side: side, editing: editing, saved: saved, outs: outs, ko: ko}));
    } catch (e) { /* private mode, or full */ }
  }
  // render draws the keypad again and keeps the keyboard's focus: on the
  // same key, redrawn (its data-key); or, where that key is gone or greyed
  // (who went out picked, a card key the deck has no more of, a chip
  // removed, Save, Bring back, Correct a hand), on the next thing to do
  // (nextKey). held is the key focused after the last drawing: a key
  // greyed or removed meanwhile drops the focus to the page's body, and
  // the focus is then taken as still there.
  var held = null;
  var reveal = false; // a card was added to the hand being tapped: render shows its chip
  function render() {
    keepDraft();
    var at = document.activeElement;
    var had = at && root.contains(at) ? at.getAttribute("data-key") : !at || at === document.body ? held : null;
    draw();
    fitKeys();
    if (reveal) {
      // A card added: its chip, which may have taken the hand onto a new
      // line, is brought out from under the keys kept at the foot (the
      // keys stay where they are).
      reveal = false;
      var on = root.querySelector(".hand.on");
      if (on && root.querySelector(".keys.stick")) on.scrollIntoView({block: "nearest"});
    }
    held = null;
    if (focusNext) {
      var to = root.querySelector('[data-key="' + focusNext + '"]');
      focusNext = null;
      if (to) { to.focus({preventScroll: true}); to.scrollIntoView({block: "nearest"}); had = null; }
    }
    if (had) {
      var again = root.querySelector('[data-key="' + had.replace(/["\\]/g, "\\$&") + '"]');
      if (again && again.disabled && again.getAttribute("aria-busy") === "true") held = had; // Save, while the save is on its way
      else if (again && !again.disabled) again.focus({preventScroll: true});
      else {
        var next = nextKey(had);
        if (next) {
          next.focus({preventScroll: true});
          var r = next.getBoundingClientRect();
          if (r.top < 0 || r.bottom > window.innerHeight) next.scrollIntoView({block: "nearest"});
        }
      }
    }
    if (!held && document.activeElement && root.contains(document.activeElement)) held = document.activeElement.getAttribute("data-key");
    var bad = raise && document.getElementById("tokenbad");
    raise = false;
    if (bad) {
      bad.focus({preventScroll: true});
      bad.scrollIntoView({block: "center"});
    }
  }
  // fitKeys: where the block of keys (cards, counts, points, the hand's
  // total, Save and the message under it) takes at most 70% of the
  // screen's height, as on an upright phone, it stays at the foot of the
  // screen while a hand is entered, the hands scrolling above it: picking
  // whose cards and tapping them need no scrolling between. A key focused
  // is scrolled clear of it (scroll-padding). On a phone on its side it
  // would fill the screen: there only the total and Save stay (.savebar).
  function fitKeys() {
    var keys = root.querySelector(".keys"), stick = false;
    if (keys) {
      keys.classList.add("stick");
      stick = keys.getBoundingClientRect().height <= 0.7 * window.innerHeight;
      keys.classList.toggle("stick", stick);
    }
    document.documentElement.style.scrollPaddingBottom = stick ? Math.ceil(keys.getBoundingClientRect().height) + "px" : "";
  }
  window.addEventListener("resize", fitKeys);

  // nextKey is where the focus goes when the key it was on is gone or
  // greyed: the chip beside a chip removed (else its hand); the card key
  // after one greyed (else before it); Correct a hand after Back; else
  // the start of what the page now asks: the keypad's first key (the side
  // of an UNO Flip hand, else the colour picked) once who went out is
  // known, else the hands to correct, the tables, or who went out.
  function nextKey(had) {
    function ok(e) { return e && !e.disabled ? e : null; }
    function by(k) { return ok(root.querySelector('[data-key="' + k.replace(/["\\]/g, "\\$&") + '"]')); }
    var m = /^x:(.*):(\d+)$/.exec(had);
    if (m && out) return (+m[2] > 0 && by("x:" + m[1] + ":" + (m[2] - 1))) || by("h:" + m[1]);
    if (/^f:/.test(had) && out) {
      var keys = Array.prototype.slice.call(root.querySelectorAll(".faces button"));
      var i = keys.map(function (b) { return b.getAttribute("data-key"); }).indexOf(had);
      if (i >= 0) {
        var after = keys.slice(i + 1).filter(ok)[0], before = keys.slice(0, i).reverse().filter(ok)[0];
        if (after || before) return after || before;
      }
    }
    if (had === "noedit" && by("correct")) return by("correct");
    if (had === "save" && conflict() && by("anyway")) return by("anyway");
    if (out) return by("side:" + side) || by("c:" + color);
    return Array.prototype.filter.call(root.querySelectorAll('[data-key^="e:"], [data-key^="t:"], [data-key^="o:"], [data-key="tables"]'), ok)[0] || null;
  }

  function draw() {
    root.textContent = "";
    root.classList.toggle("kept", !!(pending && out));
    if (!token) {
      root.appendChild(el("p", {class: "msg bad", text: "This page needs the scorer's address with its token, as unoscore serve printed it (…/score#token=…). Anyone can watch the board at the viewer's address."}));
      return;
    }
    if (tokenBad && !out) {
      root.appendChild(el("p", {class: "msg bad", role: "alert", id: "tokenbad", "data-key": "tokenbad", tabindex: "-1", text: tokenBad}));
      return;
    }
    if (!kp) { root.appendChild(el("p", {text: message.text || "Loading…", class: "msg" + (message.text ? " bad" : "")})); return; }
    var tb = here();
    var keys = null; // the block of keys, while a hand is entered
    if (news.length) root.appendChild(el("p", {class: "msg news told", id: "told", role: "status", text: news.join(" ")}));
    if (ending && (!kp.endable || out)) ending = false; // the game moved on meanwhile
    if (ending) {
      drawEnd();
    } else if (kp.over) {
      root.appendChild(el("h2", {text: "The game is over."}));
      // A table that wants more plays on to a higher target.
      if (kp.play_on && !out) root.appendChild(el("div", {class: "row"}, [key("playon", {id: "playon", class: "primary", text: "Play on to " + kp.play_on, on: playOn})]));
    } else if (kp.tables && table === null) {
      root.appendChild(el("h2", {text: "Hand " + (kp.hands + 1) + ": at which table?"}));
      root.appendChild(el("div", {class: "tablepick"}, kp.tables.map(function (t) {
        return key("t:" + t.table, {class: "tablebtn" + (t.refusal ? " done" : ""), "data-table": String(t.table), on: function () { pick(t); }}, [
          el("b", {text: "Table " + t.table}),
          el("span", {text: t.waiting_for && t.waiting_for.length ? "round " + t.round + " waits for " + t.waiting_for.join(" and ") : t.refusal ? "all " + t.rounds + " rounds played" : "round " + t.round + " of " + t.rounds + " · hand " + t.hand + " of " + t.hands}),
          el("span", {class: "pairs", text: pairs(t)})
        ]);
      })));
      sitOuts(kp.tables.filter(function (t) { return !t.refusal || (t.waiting_for && t.waiting_for.length); }));
    } else if (!out && picking) {
      root.appendChild(el("h2", {text: "Which hand needs correcting?"}));
      root.appendChild(el("div", {class: "picklist"}, picking.map(function (r) {
        return key("e:" + r.hand, {class: "pickhand", "data-edit": String(r.hand), text: cap(handName(r)) + ": " + handWhat(r), on: function () { pickEdit(r); }});
      }).concat([key("noedit", {id: "noedit", text: "Back", on: function () { picking = null; render(); }})])));
    } else if (!out && waits(tb)) {
      // The table waits: the sentence the television shows, and who it
      // waits for, instead of the keypad; the keypad comes back by itself
      // when the other table finishes (the board's next change reads it).
      root.appendChild(el("div", {class: "where"}, [
        el("span", {text: "Table " + tb.table + ", round " + tb.round + " of " + tb.rounds + ": " + pairs(tb) + "."}),
        key("tables", {id: "tables", text: "Other table", on: function () { table = null; hush(); render(); }})
      ]));
      // The sentence says whom it waits for, once.
      root.appendChild(el("div", {class: "waiting", id: "waiting", role: "status"}, [
        el("h2", {text: sentence(tb.refusal)}),
        el("p", {class: "then", text: "The keypad comes back by itself when they finish."})
      ]));
      sitOuts([tb]);
    } else if (!out) {
      if (tb) {
        root.appendChild(el("div", {class: "where"}, [
          el("span", {text: "Table " + tb.table + ", round " + tb.round + " of " + tb.rounds + ", hand " + tb.hand + " of " + tb.hands + ": " + pairs(tb) + "; " + tb.dealer + " deals."}),
          key("tables", {id: "tables", text: "Other table", on: function () { table = null; hush(); render(); }})
        ]));
        sitOuts([tb]);
        root.appendChild(el("h2", {text: "Who went out at table " + tb.table + "?"}));
      } else {
        root.appendChild(el("h2", {text: "Hand " + (kp.hands + 1) + ": who went out" + (kp.mercy ? " (or was the last player not knocked out)" : "") + "?"}));
      }
      var scorers = tb ? tb.scorers : kp.scorers;
      root.appendChild(el("div", {class: "row outs"}, (tb ? tb.players : kp.players).filter(function (p) { return p in scorers; }).map(function (p) {
        return key("o:" + p, {class: "player", "data-player": p, text: p, on: function () { choose(p); }});
      })));
    } else {
      if (editing) {
        root.appendChild(el("h2", {text: "Correcting hand " + editing + ": " + out + " went out" + (table !== null ? " at table " + table : "") + ". Tap a card to take it away, then tap the right ones:"}));
      } else {
        // A new hand: a tap on the name of who went out offers the players
        // again, to change it without starting over.
        root.appendChild(el("h2", {}, [key("changeout", {id: "changeout", class: "namebtn", "aria-expanded": String(reout), "aria-label": out + ": change who went out", title: "change who went out",
          text: out, on: function () { reout = !reout; render(); }}),
        document.createTextNode(standing() ? " is the last player not knocked out, and wins the hand." : " went out" + (table !== null ? " at table " + table : "") + ". Tap each hand, then its cards:")]));
      }
      if ((editing && outs) || reout) {
        // Who went out can be corrected too.
        var choices = outChoices();
        var who = editing ? Object.keys(outs) : (tb ? tb.players : kp.players).filter(function (p) { return p in choices; });
        root.appendChild(el("div", {class: "row outs", role: "group", "aria-label": editing ? "Who went out in hand " + editing : "Who went out"}, who.map(function (p) {
          var on = p === out;
          return key("eo:" + p, {class: "player" + (on ? " on" : ""), "data-out": p, "aria-pressed": String(on), text: (on ? "✓ " : "") + p + " went out",
            on: function () { changeOut(p); }});
        })));
      }
      root.appendChild(el("div", {class: "hands" + (deckSide() ? " on-" + side : "")}, order.map(function (p) {
        var on = p === active;
        var gone = !!ko[p];
        var pick = {class: "pick", "data-hand": p, "aria-current": on ? "true" : "false", on: function () { pickHand(p); }};
        if (gone) { pick.disabled = ""; pick["aria-describedby"] = "ko-why-" + p; }
        var box = el("div", {class: "hand" + (on ? " on" : "") + (gone ? " ko" : "")}, [
          key("h:" + p, pick, [
            el("span", {class: "who", text: p}),
            el("span", {class: "pts", text: gone ? "KO" : String(handPoints(p))})
          ]),
          gone ? el("span", {class: "why kowhy", id: "ko-why-" + p, text: p + " holds no cards that count; " + (kp.charged ? p + " is charged " + plural(kp.knock_out_bonus, "point") + " onto their tally for the knock-out." :
            (kp.knocker ? by[p] || out : out) + " scores " + plural(kp.knock_out_bonus, "point") + " for the knock-out.")}) :
          el("span", {class: "chips"}, hands[p].map(function (c, i) {
            // A tap takes away one card: "4×wd4" becomes "3×wd4".
            var label = (c.n > 1 ? c.n + "×" : "") + c.tok;
            return key("x:" + p + ":" + i, {class: "chip c-" + (c.color || "any"), "aria-label": label + ": remove " + (c.n > 1 ? "one" : "it") + " from " + p + "'s hand", title: c.n > 1 ? "remove one" : "remove", text: label,
              on: function () {
                if (c.n > 1) { c.pts -= c.pts / c.n; c.n--; } else hands[p].splice(i, 1);
                settle(); render();
              }});
          })),
          kp.mercy ? key("ko:" + p, {class: "kotoggle" + (gone ? " on" : ""), "data-ko": p, "aria-pressed": String(gone),
            "aria-label": p + " knocked out (" + kp.mercy + " cards or more)", text: (gone ? "✓ " : "") + "Knocked out (" + kp.mercy + "+ cards)", on: function () { knock(p); }}) : null,
          // The bonus to the knocker: who knocked p out, one tap.
          gone && kp.knocker ? el("div", {class: "row koby", role: "group", "aria-label": "Who knocked " + p + " out"}, knockers(p).map(function (q) {
            var picked = (by[p] || out) === q;
            return key("kb:" + p + ":" + q, {class: "player" + (picked ? " on" : ""), "data-knocker": q, "aria-pressed": String(picked),
              "aria-label": "by " + q + ": " + q + " knocked " + p + " out", text: (picked ? "✓ " : "") + "by " + q, on: function () { by[p] = q; render(); }});
          })) : null
        ]);
        return box;
      })));
      // The keys, the hand's total and Save, in one block: on a small
      // upright phone it stays at the foot of the screen (fitKeys) while
      // the hands scroll above it.
      keys = el("div", {class: "keys"});
      root.appendChild(keys);
      if (kp.sides) {
        var locked = sideLocked();
        keys.appendChild(el("div", {class: "row sides", role: "group", "aria-label": "The side in play when the hand ended"}, kp.sides.map(function (d) {
          var on = d.side === side;
          var attrs = {class: "side-" + d.side + (on ? " on" : ""), "data-side": d.side, "aria-pressed": String(on),
            text: cap(d.side) + " side", on: function () { if (sideLocked()) return; side = d.side; color = ""; render(); }};
          if (locked && !on) {
            attrs.disabled = "";
            attrs.title = "One side for the whole hand: remove its cards to change it";
          }
          return key("side:" + d.side, attrs);
        })));
      }
      // A deck without colours (All Wild) has no colour keys.
      if (keyColors().length) keys.appendChild(el("div", {class: "row colors"}, [["", "any", "any colour"]].concat(keyColors().map(function (c) {
        return [c.letter, c.letter, c.name];
      })).map(function (c) {
        var shown = c[0] ? c[0].toUpperCase() : "any";
        return key("c:" + c[0], {class: "c-" + c[1] + (color === c[0] ? " on" : ""), "data-color": c[1], "aria-label": c[0] ? shown + ", " + c[2] : c[2], "aria-pressed": String(color === c[0]),
          text: shown, on: function () { color = c[0]; render(); }});
      })));
      var greyed = [];
      keys.appendChild(el("div", {class: "faces" + (deckSide() ? " on-" + side : "")}, keyFaces().map(function (f) {
        var shown = f.token.toUpperCase();
        var full = room(f) < count;
        if (full) greyed.push(f);
        var attrs = {class: (f.wild ? "wild" : "") + (shown.length > 2 ? " long" : "") + (shown.length > 3 ? " l4" : ""), "data-face": f.token,
          on: function () { tapFace(f); }};
        if (full) attrs.disabled = "";
        // The spoken name starts with what the key shows ("WD4 50"), then
        // says it in words.
        return key("f:" + f.token, attrs, [document.createTextNode(shown + " "), el("small", {text: String(f.points)}),
          el("span", {class: "sr", text: ": " + f.name + ", " + plural(f.points, "point") + (full ? "; the deck holds no more" : "")})]);
      })));
      if (greyed.length) keys.appendChild(el("p", {class: "why", id: "why", text: whyGrey(greyed)}));
      var input = el("input", {type: "number", inputmode: "numeric", min: "1", max: "9999", id: "ptsbox", placeholder: "points", "aria-label": "Points counted by hand"});
      if (pending) input.disabled = true;
      // What was typed stays across the redrawing (a card tapped, Save
      // refused); a message about the box goes once the box changes.
      input.value = typed;
      input.addEventListener("input", function () {
        typed = input.value;
        if (!message.box) return;
        hush();
        var m = root.querySelector('[data-key="msg"]');
        if (m) { m.textContent = ""; m.className = "msg bad"; }
      });
      input.addEventListener("keydown", function (ev) {
        if (ev.key === "Enter") { ev.preventDefault(); addPoints(input); var again = root.querySelector("#ptsbox"); if (again) again.focus(); }
      });
      keys.appendChild(el("div", {class: "tools"}, [1, 2, 3, 4].map(function (n) {
        return key("n:" + n, {class: count === n ? "on" : "", "aria-pressed": String(count === n), "aria-label": "×" + n + ": the next card " + (n === 1 ? "once" : n + " times"), text: "×" + n, on: function () { count = n; render(); }});
      }).concat([key("back", {text: "⌫", "aria-label": "Remove the last card", on: function () { if (active && hands[active].length) { hands[active].pop(); settle(); render(); } }})])));
      keys.appendChild(el("div", {class: "ptsrow"}, [input,
        key("addpts", {text: "+ pts", "aria-label": "+ pts: add the points typed", on: function () { addPoints(input); }})]));
      var total = order.reduce(function (s, p) { return s + handPoints(p); }, 0);
      var bonus = kp.mercy ? knockedOut().length * kp.knock_out_bonus : 0;
      var kos = knockedOut();
      // In lowest and challenge no one wins the hand's points: the line
      // says what the cards count against each holder, as the board's
      // hand line does ("Caught with cards: Bob 5, Cat 12").
      var caught = order.filter(function (p) { return !ko[p] && hands[p].length; }).map(function (p) { return p + " " + handPoints(p); });
      var worth = kp.caught ? "Caught with cards: " + (caught.length ? caught.join(", ") : "none tapped yet") +
          (kos.length ? "; " + joinAnd(kos) + " knocked out, " + (kp.charged ? "charged " + kp.knock_out_bonus + (kos.length > 1 ? " each" : "") : "not charged") : "") :
        kp.knocker ? "This hand: " + plural(total, "point") + (bonus ? "; " + bonus + " to the knockers" : "") :
        "This hand: " + plural(total + bonus, "point") + (bonus ? " (" + bonus + " for knock-outs)" : "");
      keys.appendChild(el("div", {class: "savebar"}, [el("p", {class: "worth", text: worth}), el("div", {class: "row"}, [
        // While the game changed meanwhile is asked about, Save anyway
        // (under the question) is the one save: Save is set aside, greyed.
        key("save", busy ? {class: "primary", id: "save", disabled: "", "aria-busy": "true", text: editing ? "Save the correction" : "Save hand", on: save} :
          conflict() ? {class: "aside", id: "save", disabled: "", title: "The game changed meanwhile: see the question below", text: editing ? "Save the correction" : "Save hand", on: save} :
          {class: "primary", id: "save", text: editing ? "Save the correction" : "Save hand", on: save}),
        key("restart", {id: "restart", text: "Start over", on: startOver})
      ])]));
    }
    var msg = el("p", {class: "msg " + (message.wait ? "wait" : message.news ? "news" : message.good ? "good" : "bad"), role: "status", "data-key": "msg", tabindex: "-1", text: message.text});
    if (tokenBad) {
      // A hand being entered on a link whose token the server refuses:
      // the keypad stays, and the refusal takes the message's place,
      // under Save.
      msg = el("p", {class: "msg bad", role: "alert", id: "tokenbad", "data-key": "tokenbad", tabindex: "-1",
        text: tokenBad + " The " + (editing ? "correction" : "hand") + " stays on this phone: once that address is open, tap " + (editing ? "Save the correction" : "Save hand") + " again."});
    }
    (keys || root).appendChild(msg);
    if (message.action) {
      var a = message.action;
      (keys || root).appendChild(el("div", {class: "row"}, [key(a.id, {id: a.id, class: "primary", text: a.label, on: function () { hush(); a.run(); }})]));
    }
    if (!out && !ending && !(kp.tables && table === null && !kp.over)) {
      var target = tb ? tb.last : kp.last;
      var tools = [];
      if (kp.undo_change && !tb) tools.push(key("undo", {class: "danger", id: "undo", text: "Undo: " + kp.undo_change, on: undoChange}));
      else if (target) tools.push(key("undo", {class: "danger", id: "undo", text: "Undo " + handName(target), on: undo}));
      var back = redoable(tb);
      if (kp.redo_change && !tb) tools.push(key("redo", {id: "redo", text: "Bring back: " + kp.redo_change, on: redoChange}));
      else if (back) tools.push(key("redo", {id: "redo", text: redoLabel(back), on: redo}));
      if (target && !picking) tools.push(key("correct", {id: "correct", text: "Correct a hand", on: correct}));
      if (kp.endable && !picking) tools.push(key("end", {id: "end", text: "End the game", on: endGame}));
      if (tools.length) root.appendChild(el("div", {class: "row"}, tools));
    }
  }

  // drawEnd draws the question "End the game": who won, one button each
  // (their total, and who leads now), no winner, or keep playing.
  function drawEnd() {
    var choices = kp.end_choices || [];
    var lead = choices.filter(function (c) { return c.leads; }).map(function (c) { return c.label; });
    var busyAttrs = function (a) { if (endBusy) { a.disabled = ""; a["aria-busy"] = "true"; } return a; };
    root.appendChild(el("h2", {id: "endq", "data-key": "endq", tabindex: "-1", text: "End the game after " + plural(kp.hands, "hand") + ": who won?"}));
    root.appendChild(el("p", {class: "why", id: "endwhy", text: "Name the winner the table agrees on" +
      (lead.length ? ", or none: then " + joinAnd(lead) + (lead.length === 1 ? ", leading now, is" : ", leading now, are") + " named as leading, not as the winner." : ", or none.") +
      " Undo takes the end back."}));
    root.appendChild(el("div", {class: "row outs endwho", role: "group", "aria-labelledby": "endq", "aria-describedby": "endwhy"}, choices.map(function (c) {
      var note = plural(c.score, "point") + (c.leads ? ", leading" : "");
      return key("endw:" + c.winner, busyAttrs({class: "player", "data-winner": c.winner,
        on: function () { endWith(c.winner); }}), [document.createTextNode(c.label + " won "), el("small", {text: note})]);
    })));
    root.appendChild(el("div", {class: "row endrest"}, [
      key("endnone", busyAttrs({id: "endnone", class: "danger", text: "End, naming no winner", on: function () { endWith(""); }})),
      key("endkeep", busyAttrs({id: "endkeep", text: "Keep playing", on: keepPlaying}))
    ]));
  }

  // Another scorer, or the command line, changed the game: read the keypad
  // again (who may go out, whose cards count) unless a hand is being tapped.
  document.addEventListener("unoscore:board", function () { if (!out) load(); else if (kp) refreshQuietly(); });
  // While a hand is tapped, the keypad's counter still moves on, so that
  // undo and redo after it speak of the game as it is; the hand keeps the
  // counter it was started at.
  // What another device changed meanwhile is said above the hand (news).
  function refreshQuietly() {
    api("GET", keypadPath()).then(function (res) {
      if (res.status !== 200) return;
      var told = tell(res.data);
      if (out) { kp.changes = res.data.changes; kp.last = res.data.last; kp.redo = res.data.redo; kp.undo_change = res.data.undo_change; kp.redo_change = res.data.redo_change; kp.endable = res.data.endable; kp.end_choices = res.data.end_choices; }
      if (told.length) { news = news.concat(told); render(); }
    }, function () {});
  }
  // The same page opened at a new address (serve printed a new token):
  // only the fragment changes, and the page reads it without a reload.
  window.addEventListener("hashchange", function () { readToken(); checkToken(); render(); if (!kp) load(); });
  // A hand kept on the phone while the server was away.
  try {
    var kept = JSON.parse(localStorage.getItem(stash) || "null");
    if (kept && kept.body) {
      out = kept.body.out; table = kept.body.table || null; seen = kept.body.changes;
      hands = {}; order = Object.keys(kept.body.left);
      order.forEach(function (p) { hands[p] = [{tok: kept.body.left[p], face: "", n: 1, pts: kept.points[p] || 0, color: "p"}]; });
      (kept.body.knocked_out || []).forEach(function (p) { if (order.indexOf(p) < 0) { order.push(p); hands[p] = []; } ko[p] = true; });
      by = Object.assign({}, kept.body.knocked_by || {});
      active = order.filter(function (p) { return !ko[p]; })[0] || null;
      editing = kept.hand || 0;
      send({body: kept.body, points: kept.points, again: true, hand: editing});
    } else {
      var d = JSON.parse(localStorage.getItem(draftKey) || "null");
      if (d && d.out && Date.now() - d.at < draftTTL) {
        out = d.out; table = d.table; seen = d.seen; seenSig = d.sig; restoredSig = d.sig || "";
        hands = d.hands || {}; order = d.order || []; active = d.active; side = d.side || "light"; ko = d.ko || {};
        editing = d.editing || 0; saved = d.saved || null; outs = d.outs || null;
        message = {text: editing ? "The correction being entered was restored." : "The hand being entered was restored.", good: true, changes: 0, keep: true, action: null};
      }
    }
  } catch (e) { /* nothing kept */ }
  render();
  checkToken();
  load();
})();

// Starting a game from the phone: the form posts to /api/games with the
// scorer's token, and the server checks it as "unoscore new" checks its
// flags (the same sentences, its fields named in words). The new game
// becomes the current one; this page, and every page that follows the
// current game, moves to it. Starting one while the game shown is
// unfinished asks first; when the game ends, the form opens by itself and
// offers "play again" (a rematch, as "unoscore new --again").
(function () {
  var form = document.getElementById("newform");
  if (!form) return;
  var details = document.getElementById("newgame");
  var msg = document.getElementById("newmsg");
  var againRow = document.getElementById("againrow");
  function token() { return new URLSearchParams(location.hash.slice(1)).get("token") || ""; }
  function show(text, good) {
    text = String(text).trim();
    msg.textContent = text.charAt(0).toUpperCase() + text.slice(1) + (/[.?!]$/.test(text) ? "" : ".");
    msg.className = "msg wide " + (good ? "good" : "bad");
    // A refusal is said under the button and read first: the focus moves
    // to it, so it is not missed below the fold or at the page's top.
    if (!good) { msg.tabIndex = -1; msg.focus(); }
  }
  // Fields that belong to one mode or deck show only with it.
  function field(id, on) { var f = document.getElementById(id); if (f) f.hidden = !on; }
  function changed() {
    var mode = form.elements.mode.value, deck = form.elements.deck.value;
    field("handsfield", mode === "rotating");
    field("targetfield", mode !== "rotating");
    field("dealerfield", mode !== "rotating");
    field("teamsfield", mode === "partners");
    field("customfield", deck === "shuffle");
    field("rulesfield", deck === "shuffle");
    // A deck with a knock-out bonus (No Mercy) asks who receives it, in a
    // mode where a hand's points are won; the bonus is the deck's.
    var picked = form.elements.deck.selectedOptions[0], bonus = picked && picked.dataset.bonus;
    field("mercyfield", !!bonus && mode !== "lowest" && mode !== "challenge");
    if (bonus) document.getElementById("mercylabel").textContent = "Who receives the " + bonus + " for each player knocked out";
    // An empty target plays to the deck's own (No Mercy's 1000): the hint
    // says the one the game would get.
    if (picked && picked.dataset.target) form.elements.target.placeholder = picked.dataset.target + " if left empty";
    // A house rule the deck already plays by is not offered with it.
    Array.prototype.forEach.call(form.querySelectorAll(".house label[data-own]"), function (l) {
      var own = l.dataset.own.split(" ").indexOf(deck) >= 0;
      l.hidden = own;
      if (own) l.querySelector("input").checked = false;
    });
    Array.prototype.forEach.call(form.querySelectorAll(".modehelp p"), function (p) { p.hidden = p.dataset.mode !== mode; });
  }
  form.elements.mode.addEventListener("change", changed);
  form.elements.deck.addEventListener("change", changed);
  changed();
  // Without the scorer's token the form could only be refused after it
  // was filled in: it is not offered, and a page with no game (no keypad
  // to say it) says which address starts one.
  function tokenShown() {
    var none = !token(), say = document.getElementById("newnotoken");
    details.hidden = none;
    if (none && !say && !document.getElementById("scorer")) {
      say = document.createElement("p");
      say.id = "newnotoken";
      say.className = "scorer msg bad";
      say.textContent = "Starting a game needs the scorer's address with its token, as unoscore serve printed it (…/score#token=…).";
      details.parentNode.insertBefore(say, details);
    }
    if (say && !none) say.remove();
  }
  tokenShown();
  window.addEventListener("hashchange", tokenShown);
  // The game on the page: its name, and whether it is over.
  function shown() {
    var b = document.querySelector("#live .board");
    if (!b) return null;
    var h = b.querySelector("h1");
    return {title: h ? h.textContent : "the game", over: b.classList.contains("over")};
  }
  // The game ends while the page is open: the form opens, with play again.
  // Play goes on (played on to a higher target, or the end undone): play
  // again goes, and the form closes, unless the scorer is filling it in.
  document.addEventListener("unoscore:board", function () {
    var g = shown();
    if (g && g.over && againRow.hidden) { againRow.hidden = false; details.open = true; }
    else if (g && !g.over && !againRow.hidden) {
      againRow.hidden = true;
      if (!details.contains(document.activeElement) && !form.elements.players.value.trim()) details.open = false;
    }
  });
  // post sends the form to /api/games; it resolves with the answer, or
  // rejects with the sentence saying why not.
  function post(body) {
    return fetch("/api/games", {method: "POST", headers: {Authorization: "Bearer " + token(), "Content-Type": "application/json"}, body: JSON.stringify(body)})
      .then(function (r) {
        return r.json().catch(function () { return {error: "the server answered " + r.status}; }).then(function (data) {
          if (r.status === 401) throw new Error(String(data.error || "this link's token is not the scorer's").replace(/[.\s]+$/, "") + "; nothing was started");
          if (!r.ok) throw new Error(data.error || ("the server answered " + r.status));
          return data;
        });
      }, function () { throw new Error("The server is not answering (it may be restarting); nothing was started. Try again in a moment."); });
  }
  function start(body) {
    if (!token()) { show("Starting a game needs the scorer's address with its token, as unoscore serve printed it.", false); return; }
    var g = shown();
    // With a game unfinished, the server checks the form first ("check":
    // true writes nothing): the question is asked only for a game that
    // would start.
    var checked = g && !g.over ? post(Object.assign({check: true}, body)).then(function () {
      if (!confirm("\u201c" + g.title + "\u201d is not finished. Start a new game anyway? It stays in the list of games.")) throw null;
    }) : Promise.resolve();
    checked.then(function () { return post(body); })
      .then(function (b) {
        show("Started " + (b.name ? "\u201c" + b.name + "\u201d" : "game " + b.id) + ".", true);
        if (location.pathname + location.search === "/score") location.reload();
        else location.replace("/score" + location.hash);
      })
      .catch(function (e) { if (e) show(e.message, false); });
  }
  document.getElementById("again").addEventListener("click", function () { start({again: true}); });
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var f = form.elements;
    var lines = function (v) { return v.split("\n").map(function (l) { return l.trim(); }).filter(function (l) { return l; }); };
    var body = {players: f.players.value, mode: f.mode.value, deck: f.deck.value, name: f.name.value, dealer: f.dealer.value};
    ["target", "hands", "custom"].forEach(function (k) {
      var v = f[k].value.trim();
      if (v !== "") body[k] = Number(v);
    });
    if (body.mode !== "rotating") delete body.hands;
    else { delete body.target; delete body.dealer; }
    if (body.mode === "partners" && lines(f.teams.value).length) body.teams = lines(f.teams.value);
    var house = Array.prototype.filter.call(form.querySelectorAll("input[name=house]"), function (c) { return c.checked; })
      .map(function (c) { return c.value; });
    if (house.length) body.house = house;
    if (!document.getElementById("mercyfield").hidden) body.mercy_bonus = f.mercy_bonus.value;
    if (body.deck === "shuffle") {
      var rules = lines(f.custom_rules.value);
      if (rules.length) body.custom_rules = rules;
    } else delete body.custom;
    start(body);
  });
})();
