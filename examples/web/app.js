// The page of the pyramid13 web example: it draws the view the server sends and asks the
// server to play moves. It knows no rule: what can be played is the view's list of legal
// moves, each with the table places it uses (see server.py).
"use strict";

const W = 60; // card width, px (style.css has the same)
const H = 84; // card height, px
const GAP = 8;
const SPIDER_MAX_HEIGHT = 470; // a Spider pile fans closer beyond this height
const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

const table = document.getElementById("table");
const message = document.getElementById("message");
let current = null; // the view shown (the server's JSON)
let selected = null; // the selected card: {place, index, depth}
let drag = null;

// -- talking to the server ------------------------------------------------------------

// Every POST carries a JSON object (the server takes no other body); a GET carries none.
async function api(method, path, body) {
  const options = { method };
  if (method === "POST") {
    options.headers = { "Content-Type": "application/json" };
    options.body = JSON.stringify(body ?? {});
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

async function act(method, path, body) {
  try {
    const view = await api(method, path, body);
    message.textContent = "";
    show(view);
  } catch (error) {
    if (current) select(null);
    message.textContent = error.message;
  }
}

function play(move) {
  return act("POST", `/api/games/${current.id}/move`, { move: move.text });
}

async function newGame(params) {
  const game = params.game || document.getElementById("game").value;
  const body = { game, preset: params.preset || document.getElementById("preset").value };
  if (game === "spider") body.suits = Number(params.suits || document.getElementById("suits").value);
  if (params.seed !== undefined && params.seed !== null) body.seed = Number(params.seed);
  await act("POST", "/api/new", body);
}

async function resume(game) {
  const id = localStorage.getItem(`pyramid13.${game}`);
  if (id) {
    try {
      show(await api("GET", `/api/games/${id}`));
      return;
    } catch (error) {
      localStorage.removeItem(`pyramid13.${game}`);
    }
  }
  await newGame({ game });
}

// -- places ---------------------------------------------------------------------------

function key(place) {
  return `${place.place}:${place.index ?? ""}:${place.depth ?? ""}`;
}

function same(a, b) {
  return a !== null && b !== null && key(a) === key(b);
}

function placeOf(element) {
  const value = (name) => (name in element.dataset ? Number(element.dataset[name]) : null);
  return { place: element.dataset.place, index: value("index"), depth: value("depth") };
}

function element(place) {
  return table.querySelector(`[data-key="${key(place)}"]`);
}

function label(card) {
  return (card[0] === "T" ? "10" : card[0]) + SUITS[card[1]];
}

function addCard(place, card, x, y, extra) {
  const div = document.createElement("div");
  div.className = card ? `card face ${"DH".includes(card[1]) ? "red" : "black"}` : "card back";
  if (extra) div.classList.add(...extra.split(" "));
  div.dataset.place = place.place;
  if (place.index !== null && place.index !== undefined) div.dataset.index = place.index;
  if (place.depth !== null && place.depth !== undefined) div.dataset.depth = place.depth;
  div.dataset.key = key(place);
  div.id = `card-${key(place).replaceAll(":", "-")}`;
  if (card) {
    div.dataset.card = card;
    div.textContent = label(card);
  }
  div.setAttribute("role", "button");
  div.setAttribute("aria-label", card ? label(card) : `face-down card, ${place.place}`);
  div.style.left = `${x}px`;
  div.style.top = `${y}px`;
  table.appendChild(div);
  return div;
}

function addSlot(place, x, y, text, extra) {
  const div = addCard(place, null, x, y, `slot ${extra || ""}`.trim());
  div.classList.remove("back");
  div.id = `slot-${key(place).replaceAll(":", "-")}`;
  div.dataset.empty = "true";
  div.textContent = text || "";
  return div;
}

// -- which moves a place takes part in --------------------------------------------------

// The moves a click on `place` can start (Pyramid: the moves using its card; Spider: the
// moves lifting the cards from it up).
function movesFrom(place) {
  if (!current) return [];
  return current.moves.filter((move) => {
    if (current.game === "pyramid") return (move.cards || []).some((c) => same(c, place));
    if (place.place !== "pile") return false;
    if (move.kind === "unit") return move.source === place.index && move.count === place.depth + 1;
    return move.kind === "remove" && move.pile === place.index && place.depth === 12;
  });
}

// The move from the selection onto `place`, if the view has one.
function moveOnto(place) {
  if (!selected) return null;
  for (const move of movesFrom(selected)) {
    if (current.game === "pyramid") {
      if (move.cards.length === 2 && move.cards.some((c) => same(c, place)) && !same(selected, place))
        return move;
    } else if (move.kind === "unit" && place.place === "pile" && place.index === move.target) {
      return move;
    } else if (move.kind === "remove" && place.place === "removed") {
      return move;
    }
  }
  return null;
}

function targetsOf(place) {
  const targets = [];
  for (const move of movesFrom(place)) {
    if (current.game === "pyramid") {
      for (const c of move.cards) if (!same(c, place)) targets.push(c);
    } else if (move.kind === "unit") {
      const pile = current.table.piles[move.target];
      const depth = pile.up.length || pile.down ? 0 : null;
      targets.push({ place: "pile", index: move.target, depth });
    } else {
      targets.push({ place: "removed", index: null, depth: null });
    }
  }
  return targets;
}

// -- drawing ----------------------------------------------------------------------------

function drawPyramid(view) {
  const t = view.table;
  for (let row = 0, slot = 0; row < 7; row += 1) {
    for (let col = 0; col <= row; col += 1, slot += 1) {
      const x = (col + (6 - row) / 2) * (W + GAP);
      const y = row * (H * 0.45);
      const place = { place: "pyramid", index: slot, depth: null };
      if (t.pyramid[slot]) addCard(place, t.pyramid[slot], x, y);
      else addSlot(place, x, y, "", "gone");
    }
  }
  const y = 6 * H * 0.45 + H + 30;
  const stock = addSlot({ place: "stock", index: null, depth: null }, 0, y, "", "pile-of-stock");
  stock.classList.toggle("back", t.stock.size > 0);
  const recycle = view.moves.some((move) => move.kind === "recycle");
  stock.textContent = t.stock.size ? String(t.stock.size) : recycle ? "\u21bb" : "\u2715";
  stock.title = t.stock.size ? "draw" : recycle ? "recycle" : "no pass left";
  stock.id = "stock";
  let x = W + GAP;
  if (t.stock.top) {
    addCard({ place: "stock", index: null, depth: 0 }, t.stock.top, x, y, "stock-top");
    x += W + GAP;
  }
  x += GAP;
  t.waste.forEach((pile, number) => {
    addSlot({ place: "waste", index: number, depth: null }, x, y, "", "waste-slot");
    pile.forEach((card, i) => {
      const depth = pile.length - 1 - i;
      const fanned = Math.max(0, Math.min(pile.length, 3) - 1 - depth); // the top three fan out
      addCard({ place: "waste", index: number, depth }, card, x + fanned * 18, y);
    });
    x += W + 2 * 18 + 2 * GAP;
  });
  addSlot({ place: "removed", index: null, depth: null }, 6 * (W + GAP), y, "removed", "removed");
  const passes = t.passes === null ? "\u221e" : t.passes;
  document.getElementById("stock-info").textContent = `pass ${t.pass}/${passes}`;
  return y + H;
}

function drawSpider(view) {
  const t = view.table;
  const stock = addSlot({ place: "stock", index: null, depth: null }, 0, 0, "", "pile-of-stock");
  stock.classList.toggle("back", t.stock.size > 0);
  stock.textContent = t.stock.deals ? `${t.stock.deals}` : "";
  stock.title = "deal";
  stock.id = "stock";
  const removed = addSlot({ place: "removed", index: null, depth: null }, 2 * (W + GAP), 0, "", "removed");
  removed.textContent = t.removed.map((suit) => SUITS[suit]).join(" ") || "removed";
  removed.style.width = `${8 * (W + GAP) - GAP}px`;
  if (t.removed.length) removed.style.fontSize = "22px";
  const top = H + 24;
  let bottom = top + H;
  t.piles.forEach((pile, index) => {
    const x = index * (W + GAP + 2);
    const count = pile.down + pile.up.length;
    let down = 10;
    let up = 24;
    const height = (count - pile.up.length) * down + Math.max(0, pile.up.length - 1) * up + H;
    if (height > SPIDER_MAX_HEIGHT) {
      const shrink = (SPIDER_MAX_HEIGHT - H) / (height - H);
      down *= shrink;
      up *= shrink;
    }
    if (count === 0) addSlot({ place: "pile", index, depth: null }, x, top, "", "empty-pile");
    let y = top;
    for (let i = 0; i < pile.down; i += 1, y += down) {
      addCard({ place: "pile", index, depth: count - 1 - i }, null, x, y);
    }
    pile.up.forEach((card, i) => {
      const depth = pile.up.length - 1 - i;
      addCard({ place: "pile", index, depth }, card, x, y);
      if (depth > 0) y += up;
    });
    bottom = Math.max(bottom, y + H);
  });
  document.getElementById("stock-info").textContent =
    `stock: ${t.stock.deals} deal${t.stock.deals === 1 ? "" : "s"} left, ${t.removed.length}/8 runs removed`;
  return bottom;
}

// Where each card and place was, by key, before the table is drawn again.
function positions() {
  const found = new Map();
  for (const div of table.querySelectorAll("[data-key]"))
    found.set(div.dataset.key, { x: div.offsetLeft, y: div.offsetTop });
  return found;
}

// Mark what the last move (or undo) did, from the server's changes, and slide each moved
// card from where it was; a card turned face up flips (unless the system asks for less motion).
function animate(changes, before) {
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  for (const change of changes) {
    const div = element(change.target);
    if (!div || div.dataset.empty) continue; // taken off the table
    div.classList.add("lastmove");
    if (still) continue;
    if (change.turned_up) {
      div.animate([{ transform: "scaleX(0)" }, { transform: "none" }], { duration: 200 });
      continue;
    }
    const from = before.get(key(change.source)) || before.get(key({ ...change.source, depth: null }));
    if (!from) continue;
    const dx = from.x - div.offsetLeft;
    const dy = from.y - div.offsetTop;
    if (dx || dy)
      div.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], {
        duration: 220,
        easing: "ease-out",
      });
  }
}

function show(view) {
  const before = positions();
  current = view;
  selected = null;
  localStorage.setItem(`pyramid13.${view.game}`, view.id);
  localStorage.setItem("pyramid13.last", view.game);
  document.getElementById("game").value = view.game;
  if (view.preset) document.getElementById("preset").value = view.preset;
  if (view.suits) document.getElementById("suits").value = String(view.suits);
  document.getElementById("suits-label").hidden = view.game !== "spider";
  document.getElementById("picture").href = `/api/shared/${view.share}/picture.svg`;
  table.replaceChildren();
  table.dataset.game = view.game;
  table.dataset.played = view.played;
  table.dataset.id = view.id;
  const height = view.game === "pyramid" ? drawPyramid(view) : drawSpider(view);
  table.style.height = `${height + 10}px`;
  const arrows = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  arrows.id = "arrows";
  arrows.innerHTML =
    '<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" ' +
    'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>';
  table.appendChild(arrows);
  markPlayable();
  animate(view.changes || [], before);
  showCode();
  document.getElementById("score").textContent = `score ${view.score}`;
  document.getElementById("status").textContent = view.status;
  document.getElementById("played").textContent = `${view.played} move${view.played === 1 ? "" : "s"}`;
  document.getElementById("last").textContent = view.last_move ? `last: ${view.last_move}` : "";
  document.getElementById("undo").disabled = view.played === 0;
  if (view.status === "won") message.textContent = `You won with ${view.score} points.`;
  else if (view.status === "lost") message.textContent = "No way to win is left: undo, or deal again.";
}

// The view's code, asked for only while "View code" is open (it grows with the game).
async function showCode() {
  const box = document.getElementById("code");
  if (!current || !box.parentElement.open) return;
  const shown = current;
  try {
    const { code } = await api("GET", `/api/games/${current.id}/code`);
    if (current === shown) box.textContent = code;
  } catch (error) {
    message.textContent = error.message;
  }
}

function markPlayable() {
  for (const div of table.querySelectorAll("[data-place]")) {
    const place = placeOf(div);
    div.classList.toggle("playable", movesFrom(place).length > 0);
    div.classList.toggle("selected", same(place, selected));
    div.classList.remove("target");
  }
  if (selected) for (const place of targetsOf(selected)) element(place)?.classList.add("target");
  const stock = document.getElementById("stock");
  if (stock) stock.classList.toggle("playable", current.moves.some((m) => ["draw", "recycle", "deal"].includes(m.kind)));
  focusable();
}

// Playable cards, lit targets and the stock take the keyboard focus: Enter or Space clicks.
function focusable() {
  for (const div of table.querySelectorAll("[data-place]")) {
    const reachable = ["playable", "target", "selected"].some((c) => div.classList.contains(c));
    div.tabIndex = reachable || div.id === "stock" ? 0 : -1;
  }
}

table.addEventListener("keydown", (event) => {
  const div = event.target.closest("[data-place]");
  if (!div || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  clickOn(div);
});

function select(place) {
  selected = place;
  markPlayable();
}

// -- the hint arrow -------------------------------------------------------------------

function centre(place) {
  const div = place === "stock" ? document.getElementById("stock") : element(place);
  if (!div) return null;
  return { x: div.offsetLeft + div.offsetWidth / 2, y: div.offsetTop + Math.min(div.offsetHeight / 2, 24) };
}

function arrowEnds(move) {
  const removed = { place: "removed", index: null, depth: null };
  if (current.game === "pyramid") {
    if (move.kind === "draw") return ["stock", { place: "waste", index: 0, depth: null }];
    if (move.kind === "recycle") return [{ place: "waste", index: 0, depth: null }, "stock"];
    return [move.cards[0], move.cards[1] || removed];
  }
  if (move.kind === "deal") return ["stock", { place: "pile", index: 4, depth: 0 }];
  if (move.kind === "remove") return [{ place: "pile", index: move.pile, depth: 12 }, removed];
  const target = current.table.piles[move.target];
  const onto = target.up.length || target.down ? 0 : null;
  return [{ place: "pile", index: move.source, depth: move.count - 1 }, { place: "pile", index: move.target, depth: onto }];
}

function drawArrow(move) {
  const svg = document.getElementById("arrows");
  svg.querySelectorAll("line").forEach((line) => line.remove());
  const [from, to] = arrowEnds(move).map(centre);
  if (!from || !to) return;
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  line.setAttribute("class", "arrow");
  line.setAttribute("data-move", move.text);
  for (const [name, value] of [["x1", from.x], ["y1", from.y], ["x2", to.x], ["y2", to.y]])
    line.setAttribute(name, value);
  line.setAttribute("marker-end", "url(#head)");
  svg.appendChild(line);
  message.textContent = `hint: ${move.text}`;
}

// -- clicks and drags -------------------------------------------------------------------

// The move from the selection onto `place` that the view does not offer, as text: the
// server refuses it with a sentence saying why, which the page shows.
function attempt(place, div) {
  if (!selected || same(selected, place)) return null;
  if (current.game === "pyramid") {
    const first = element(selected)?.dataset.card;
    return first && div.dataset.card ? { text: `${first}+${div.dataset.card}` } : null;
  }
  if (place.place !== "pile" || place.index === selected.index) return null;
  return { text: `${selected.index + 1}:${selected.depth + 1}>${place.index + 1}` };
}

function clickOn(div) {
  if (!current || current.status !== "playing") return;
  if (div.id === "stock") {
    const move = current.moves.find((m) => ["draw", "recycle", "deal"].includes(m.kind));
    if (move) play(move);
    else message.textContent = current.game === "spider" ? "The stock cannot be dealt now." : "The stock cannot be drawn now.";
    return;
  }
  const place = placeOf(div);
  const onto = moveOnto(place);
  if (onto) return play(onto);
  const moves = movesFrom(place);
  const alone = moves.find((m) => current.game === "pyramid" && m.cards.length === 1);
  if (alone) return play(alone);
  if (moves.length && !same(place, selected)) return select(place);
  const refused = attempt(place, div);
  if (refused) return play(refused);
  select(null);
  if (!moves.length && div.dataset.card) message.textContent = `${div.dataset.card} cannot be played now.`;
}

// The cards that move with a dragged one: in Spider, those above it in its pile.
function dragged(place) {
  if (current.game !== "spider") return [element(place)];
  return [...table.querySelectorAll(`[data-place="pile"][data-index="${place.index}"]`)].filter(
    (div) => Number(div.dataset.depth) <= place.depth && div.dataset.card
  );
}

table.addEventListener("pointerdown", (event) => {
  const div = event.target.closest("[data-place]");
  if (!div || event.button !== 0) return;
  event.preventDefault(); // no text selection, no native drag and drop
  const place = placeOf(div);
  drag = { div, place, x: event.clientX, y: event.clientY, moving: false, cards: [] };
  if (div.dataset.card && movesFrom(place).length) table.setPointerCapture(event.pointerId);
});

table.addEventListener("dragstart", (event) => event.preventDefault());

table.addEventListener("pointermove", (event) => {
  if (!drag || !drag.div.dataset.card || !movesFrom(drag.place).length) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moving && Math.hypot(dx, dy) < 6) return;
  if (!drag.moving) {
    drag.moving = true;
    select(drag.place);
    drag.cards = dragged(drag.place);
    drag.cards.forEach((div) => div.classList.add("dragging"));
  }
  drag.cards.forEach((div) => (div.style.transform = `translate(${dx}px, ${dy}px)`));
});

table.addEventListener("pointerup", (event) => {
  const state = drag;
  drag = null;
  if (!state) return;
  if (!state.moving) return clickOn(state.div);
  state.cards.forEach((div) => (div.style.visibility = "hidden"));
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-place]");
  state.cards.forEach((div) => {
    div.style.visibility = "";
    div.style.transform = "";
    div.classList.remove("dragging");
  });
  const move = under ? moveOnto(placeOf(under)) || attempt(placeOf(under), under) : null;
  if (move) play(move);
  else select(null);
});

// -- the controls -------------------------------------------------------------------------

async function loadPresets(game, wanted) {
  const presets = (await api("GET", "/api/presets"))[game];
  const select = document.getElementById("preset");
  select.replaceChildren(...presets.map((name) => new Option(name, name)));
  select.value = presets.includes(wanted) ? wanted : presets.includes("microsoft") ? "microsoft" : presets[0];
}

document.getElementById("new").addEventListener("click", () => newGame({}));
document.getElementById("code").parentElement.addEventListener("toggle", showCode);
document.getElementById("undo").addEventListener("click", () => act("POST", `/api/games/${current.id}/undo`));
document.getElementById("hint").addEventListener("click", async () => {
  try {
    const honest = document.getElementById("honest").checked;
    const asked = current;
    const { move } = await api("GET", `/api/games/${current.id}/hint${honest ? "" : "?thoughtful=1"}`);
    if (current !== asked) return; // the game moved on while the hint was worked out
    if (move) drawArrow(move);
    else message.textContent = "No move to suggest: the game is over.";
  } catch (error) {
    message.textContent = error.message;
  }
});
document.getElementById("game").addEventListener("change", async (event) => {
  await loadPresets(event.target.value);
  await resume(event.target.value);
});
document.getElementById("preset").addEventListener("change", () => newGame({}));
document.getElementById("suits").addEventListener("change", () => newGame({}));

// A URL such as /?game=spider&preset=microsoft&suits=2&seed=7 deals that game; a plain /
// resumes the last game played in this browser (the server saved it).
(async function start() {
  const params = Object.fromEntries(new URLSearchParams(location.search));
  const game = params.game || localStorage.getItem("pyramid13.last") || "pyramid";
  document.getElementById("game").value = game;
  if (params.suits) document.getElementById("suits").value = params.suits;
  await loadPresets(game, params.preset);
  if (params.game) {
    await newGame(params);
    history.replaceState(null, "", location.pathname);
  } else {
    await resume(game);
  }
})();
