// The scorer's card keypad: tap who went out, then each player's cards, in
// any order; the points add up as they are tapped, from the table of card
// values the server sends (GET /api/games/ID/keypad). Saving posts the hand
// in the card notation of the command line, which checks it the same way.
// The scorer's token comes from this page's own address (#token=...) and
// goes only into the Authorization header.
//
// In a rotating game the scorer picks the table first (each phone can keep
// to its own table), then who went out among its four, then the cards of
// the opposing pair; the hand is posted with its table.
"use strict";
(function () {
  var root = document.getElementById("scorer");
  if (!root) return;
  var game = root.dataset.game;
  var token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  var kp = null;          // the keypad table from the server
  var points = {};        // face token -> points
  var table = null;       // rotating: the table picked (its number)
  var out = null;         // who went out
  var hands = {};         // player -> [{tok, n, pts, color}]
  var order = [];         // players whose cards are entered
  var active = null;      // the hand being tapped
  var color = "";         // the colour tapped last ("" any colour)
  var count = 1;          // copies of the next card tapped
  var message = {text: "", good: false};
  var last = "";          // the keypad as last read, to skip a read that changed nothing

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
    return (hands[name] || []).reduce(function (s, c) { return s + c.pts; }, 0);
  }
  function say(text, good) { message = {text: text, good: !!good}; render(); }

  function api(method, path, body) {
    var opts = {method: method, headers: {}};
    if (method !== "GET") opts.headers.Authorization = "Bearer " + token;
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    return fetch("/api/games/" + encodeURIComponent(game) + path, opts).then(function (r) {
      return r.json().catch(function () { return {error: "the server answered " + r.status}; })
        .then(function (data) {
          if (!r.ok) throw new Error(data.error || ("the server answered " + r.status));
          return data;
        });
    });
  }

  function load() {
    return api("GET", "/keypad").then(function (k) {
      // The same keypad again (the page's first board event, say): leave
      // the buttons as they are, under the scorer's finger.
      var seen = JSON.stringify(k);
      if (seen === last) return;
      last = seen;
      kp = k;
      points = {};
      k.faces.forEach(function (f) { points[f.token] = f.points; });
      var tb = here();
      if (tb && tb.refusal && !out) { table = null; message = {text: tb.refusal, good: false}; }
      render();
    }).catch(function (e) { say(e.message, false); });
  }

  // here is the table picked, as the keypad last read it.
  function here() {
    if (!kp || !kp.tables || table === null) return null;
    return kp.tables.filter(function (t) { return t.table === table; })[0] || null;
  }
  function pick(t) {
    if (t.refusal) { say(t.refusal, false); return; }
    table = t.table; message = {text: "", good: false};
    render();
  }
  function pairs(t) { return t.teams.map(function (p) { return p.join(" & "); }).join(" v "); }

  function choose(name) {
    out = name;
    var tb = here();
    order = (tb ? tb.scorers[name] : kp.scorers[name]) || [];
    hands = {};
    order.forEach(function (p) { hands[p] = []; });
    active = order[0] || null;
    color = ""; count = 1; message = {text: "", good: false};
    render();
  }

  function reset() { out = null; hands = {}; order = []; active = null; render(); }

  function tapFace(f) {
    if (!active) return;
    var col = f.wild ? "" : color;
    hands[active].push({tok: col + f.token, n: count, pts: count * f.points, color: f.wild ? "w" : (col || "")});
    count = 1;
    render();
  }

  function addPoints(input) {
    var v = parseInt(input.value, 10);
    if (!active || !(v > 0)) return;
    hands[active].push({tok: v + "pts", n: 1, pts: v, color: "p"});
    input.value = "";
    render();
  }

  function save() {
    var left = {};
    order.forEach(function (p) {
      if (hands[p].length) {
        left[p] = hands[p].map(function (c) { return (c.n > 1 ? c.n + "x" : "") + c.tok; }).join(" ");
      }
    });
    var body = {out: out, left: left};
    if (table !== null) body.table = table;
    api("POST", "/hands", body).then(function (b) {
      var r = b.rows[b.rows.length - 1];
      reset();
      say("Saved hand " + r.hand + (r.table ? " at table " + r.table : "") + ": " + r.out + " went out, " + plural(r.points, "point") + ".", true);
      load();
    }).catch(function (e) { say(e.message, false); });
  }

  function undo() {
    if (!confirm("Void the last hand? It stays in the game's history.")) return;
    api("POST", "/undo", {}).then(function (b) {
      reset();
      say("The last hand was voided; " + plural(b.hands, "hand") + " count now.", true);
      load();
    }).catch(function (e) { say(e.message, false); });
  }

  function render() {
    root.textContent = "";
    if (!token) {
      root.appendChild(el("p", {class: "msg bad", text: "This page needs the scorer's address with its token, as unoscore serve printed it (…/score#token=…). Anyone can watch the board at the viewer's address."}));
      return;
    }
    if (!kp) { root.appendChild(el("p", {text: message.text || "Loading…", class: "msg" + (message.text ? " bad" : "")})); return; }
    if (kp.over) {
      root.appendChild(el("h2", {text: "The game is over."}));
    } else if (kp.tables && table === null) {
      root.appendChild(el("h2", {text: "Hand " + (kp.hands + 1) + ": at which table?"}));
      root.appendChild(el("div", {class: "tablepick"}, kp.tables.map(function (t) {
        return el("button", {class: "tablebtn" + (t.refusal ? " done" : ""), "data-table": String(t.table), on: function () { pick(t); }}, [
          el("b", {text: "Table " + t.table}),
          el("span", {text: t.waiting_for && t.waiting_for.length ? "round " + t.round + " waits for " + t.waiting_for.join(" and ") : t.refusal ? "all " + t.rounds + " rounds played" : "round " + t.round + " of " + t.rounds + " · hand " + t.hand + " of " + t.hands}),
          el("span", {class: "pairs", text: pairs(t)})
        ]);
      })));
    } else if (!out) {
      var tb = here();
      if (tb) {
        root.appendChild(el("div", {class: "where"}, [
          el("span", {text: "Table " + tb.table + ", round " + tb.round + " of " + tb.rounds + ", hand " + tb.hand + " of " + tb.hands + ": " + pairs(tb) + "; " + tb.dealer + " deals."}),
          el("button", {id: "tables", text: "Other table", on: function () { table = null; message = {text: "", good: false}; render(); }})
        ]));
        root.appendChild(el("h2", {text: "Who went out at table " + tb.table + "?"}));
      } else {
        root.appendChild(el("h2", {text: "Hand " + (kp.hands + 1) + ": who went out?"}));
      }
      var scorers = tb ? tb.scorers : kp.scorers;
      root.appendChild(el("div", {class: "row outs"}, (tb ? tb.players : kp.players).filter(function (p) { return p in scorers; }).map(function (p) {
        return el("button", {class: "player", "data-player": p, text: p, on: function () { choose(p); }});
      })));
    } else {
      root.appendChild(el("h2", {text: out + " went out" + (table !== null ? " at table " + table : "") + ". Tap each hand, then its cards:"}));
      root.appendChild(el("div", {class: "hands"}, order.map(function (p) {
        return el("button", {class: "hand" + (p === active ? " on" : ""), "data-hand": p, on: function () { active = p; render(); }}, [
          el("span", {class: "who", text: p}),
          el("span", {class: "pts", text: String(handPoints(p))}),
          el("span", {class: "chips"}, hands[p].map(function (c, i) {
            return el("span", {class: "chip c-" + (c.color || "any"), title: "tap to remove",
              text: (c.n > 1 ? c.n + "×" : "") + c.tok,
              on: function (ev) { ev.stopPropagation(); hands[p].splice(i, 1); render(); }});
          }))
        ]);
      })));
      root.appendChild(el("div", {class: "row colors"}, [["", "any", "any colour"]].concat(kp.colors.map(function (c) {
        return [c.letter, c.letter, c.name];
      })).map(function (c) {
        return el("button", {class: "c-" + c[1] + (color === c[0] ? " on" : ""), "aria-label": c[2], "aria-pressed": String(color === c[0]),
          text: c[0] ? c[0].toUpperCase() : "any", on: function () { color = c[0]; render(); }});
      })));
      root.appendChild(el("div", {class: "faces"}, kp.faces.map(function (f) {
        return el("button", {class: f.wild ? "wild" : "", "data-face": f.token, "aria-label": f.name + ", " + plural(f.points, "point"), on: function () { tapFace(f); }},
          [document.createTextNode(f.token.toUpperCase()), el("small", {text: String(f.points)})]);
      })));
      var input = el("input", {type: "number", inputmode: "numeric", min: "1", max: "9999", placeholder: "points", "aria-label": "points counted by hand"});
      root.appendChild(el("div", {class: "tools"}, [1, 2, 3, 4].map(function (n) {
        return el("button", {class: count === n ? "on" : "", "aria-pressed": String(count === n), text: "×" + n, on: function () { count = n; render(); }});
      }).concat([el("button", {text: "⌫", "aria-label": "remove the last card", on: function () { if (active && hands[active].length) { hands[active].pop(); render(); } }})])));
      root.appendChild(el("div", {class: "ptsrow"}, [input,
        el("button", {text: "+ pts", on: function () { addPoints(input); }})]));
      var total = order.reduce(function (s, p) { return s + handPoints(p); }, 0);
      root.appendChild(el("p", {class: "worth", text: "This hand: " + plural(total, "point")}));
      root.appendChild(el("div", {class: "row"}, [
        el("button", {class: "primary", id: "save", text: "Save hand", on: save}),
        el("button", {id: "restart", text: "Start over", on: function () { reset(); message = {text: "", good: false}; render(); }})
      ]));
    }
    root.appendChild(el("p", {class: "msg " + (message.good ? "good" : "bad"), role: "status", text: message.text}));
    if (kp.hands > 0 && !out) {
      root.appendChild(el("div", {class: "row"}, [el("button", {class: "danger", id: "undo", text: "Undo the last hand", on: undo})]));
    }
  }

  // Another scorer, or the command line, changed the game: read the keypad
  // again (who may go out, whose cards count) unless a hand is being tapped.
  document.addEventListener("unoscore:board", function () { if (!out) load(); });
  render();
  load();
})();

// Starting a game from the phone: the form posts to /api/games with the
// scorer's token, and the server checks it as "unoscore new" checks its
// flags (the same sentences). The new game becomes the current one; this
// page, and every page that follows the current game, moves to it.
(function () {
  var form = document.getElementById("newform");
  if (!form) return;
  var msg = document.getElementById("newmsg");
  var token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  function show(text, good) { msg.textContent = text; msg.className = "msg wide " + (good ? "good" : "bad"); }
  // Hands a round are for rotating partners only.
  var handsField = document.getElementById("handsfield");
  function modeChanged() { if (handsField) handsField.hidden = form.elements.mode.value !== "rotating"; }
  form.elements.mode.addEventListener("change", modeChanged);
  modeChanged();
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (!token) { show("Starting a game needs the scorer's address with its token, as unoscore serve printed it.", false); return; }
    var f = form.elements;
    var body = {players: f.players.value, mode: f.mode.value, deck: f.deck.value, name: f.name.value};
    ["target", "hands"].forEach(function (k) {
      var v = f[k].value.trim();
      if (v !== "") body[k] = Number(v);
    });
    if (body.mode !== "rotating") delete body.hands;
    fetch("/api/games", {method: "POST", headers: {Authorization: "Bearer " + token, "Content-Type": "application/json"}, body: JSON.stringify(body)})
      .then(function (r) {
        return r.json().catch(function () { return {error: "the server answered " + r.status}; }).then(function (data) {
          if (!r.ok) throw new Error(data.error || ("the server answered " + r.status));
          return data;
        });
      })
      .then(function (b) {
        show("Started game " + b.id + ".", true);
        if (location.pathname + location.search === "/score") location.reload();
        else location.replace("/score" + location.hash);
      })
      .catch(function (e) { show(e.message, false); });
  });
})();
