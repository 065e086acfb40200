// The page of the pyramid13 web example: it draws the view the server sends and asks the
// server to play moves. It holds no rule of either game: what may be picked up, where it
// may go and which move that makes all come from the view's "moves_by_card" (the
// library's `moves_by_card()`), keyed by table places (see server.py).
"use strict";

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };
const RATIO = 1.4; // card height / width
const MAX_WIDTH = 128; // the largest card, px
const MIN_WIDTH = 24; // the smallest card, px
const SAVED = "pyramid13.games"; // localStorage: the games of this browser, latest first
const KEEP = 40; // games listed at most
const STEP_MS = 120; // the time between two steps of a move's animation
const SLIDE_MS = 260; // the time a card takes to slide

const table = document.getElementById("table");
const message = document.getElementById("message");
let current = null; // the view shown (the server's JSON)
let moves = {}; // its moves by card: place key -> [{move, target, card}]
let selected = null; // the key of the card picked up
let drag = null;
let metrics = null; // the sizes the table was drawn with
let busy = false; // a move is on its way to the server
let focusAfter = null; // the key focused when a key press played the last move

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
  if (busy) return;
  busy = true;
  try {
    const view = await api(method, path, body);
    say("");
    show(view);
  } catch (error) {
    if (current) select(null);
    say(error.message);
  } finally {
    busy = false;
  }
}

function say(text) {
  message.textContent = text;
}

function play(text) {
  return act("POST", `/api/games/${current.id}/move`, { move: text });
}

async function newGame(params) {
  const game = params.game || document.getElementById("game").value;
  const body = { game, preset: params.preset || document.getElementById("preset").value };
  if (game === "spider") body.suits = Number(params.suits || document.getElementById("suits").value);
  if (params.seed !== undefined && params.seed !== null) body.seed = Number(params.seed);
  const before = current;
  await act("POST", "/api/new", body);
  if (before && current !== before && before.played > 0 && before.status === "playing")
    say("The game you were playing is kept: find it under Saved games.");
}

// Show the game `id`; one the server no longer has is dropped from the list.
async function open(id) {
  try {
    show(await api("GET", `/api/games/${id}`));
    say("");
    return true;
  } catch (error) {
    if (error.message === "no such game") forget(id);
    else say(error.message);
    return false;
  }
}

// -- the games of this browser ------------------------------------------------------------

// The games of this browser, latest first: [{id, game, played, status}]. A game dealt and
// never played is dropped when another is dealt; beyond KEEP, the oldest finished or
// unplayed game goes first, so a game in progress is never dropped while another can be.
function savedGames() {
  try {
    const found = JSON.parse(localStorage.getItem(SAVED) || "[]");
    return Array.isArray(found) ? found.filter((entry) => entry && /^[0-9a-f]{32}$/.test(entry.id)) : [];
  } catch (error) {
    return [];
  }
}

function keep(entries) {
  while (entries.length > KEEP) {
    let drop = entries.length - 1;
    for (let i = entries.length - 1; i > 0; i -= 1) {
      if (entries[i].played === 0 || entries[i].status !== "playing") {
        drop = i;
        break;
      }
    }
    entries.splice(drop, 1);
  }
  localStorage.setItem(SAVED, JSON.stringify(entries));
}

function remember(view, previous) {
  let entries = savedGames().filter((entry) => entry.id !== view.id);
  if (previous && previous.id !== view.id && previous.played === 0)
    entries = entries.filter((entry) => entry.id !== previous.id); // an untouched deal
  entries.unshift({ id: view.id, game: view.game, played: view.played, status: view.status });
  keep(entries);
}

function forget(id) {
  keep(savedGames().filter((entry) => entry.id !== id));
}

// Older pages kept one token per game under these keys.
function migrate() {
  const entries = savedGames();
  for (const game of ["pyramid", "spider"]) {
    const id = localStorage.getItem(`pyramid13.${game}`);
    if (id && !entries.some((entry) => entry.id === id))
      entries.push({ id, game, played: 1, status: "playing" });
    localStorage.removeItem(`pyramid13.${game}`);
  }
  keep(entries);
}

function ago(iso) {
  if (!iso) return "";
  const seconds = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (seconds < 90) return "just now";
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 129600) return `${Math.round(seconds / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

function describe(summary) {
  const game = summary.game === "spider" ? `Spider, ${summary.suits} suit${summary.suits === 1 ? "" : "s"}` : "Pyramid";
  const parts = [`${game} (${summary.preset || "own rules"})`];
  if (summary.score) parts.push(`score ${summary.score}`);
  parts.push(`${summary.played} move${summary.played === 1 ? "" : "s"}`);
  parts.push({ playing: "in progress", won: "won", lost: "lost" }[summary.status] || summary.status);
  const when = ago(summary.saved);
  if (when) parts.push(when);
  return parts.join(" - ");
}

async function listSaved() {
  const list = document.getElementById("saved-list");
  const entries = savedGames();
  const found = [];
  for (let i = 0; i < entries.length; i += 20) {
    const ids = entries.slice(i, i + 20).map((entry) => entry.id);
    try {
      found.push(...(await api("POST", "/api/summaries", { ids })).games);
    } catch (error) {
      say(error.message);
      return;
    }
  }
  const items = [];
  found.forEach((summary, i) => {
    if (!summary) return forget(entries[i].id); // gone from the server
    const item = document.createElement("li");
    item.dataset.id = summary.id;
    const text = document.createElement("span");
    text.textContent = describe(summary);
    item.append(text);
    if (current && summary.id === current.id) {
      item.classList.add("current");
      const note = document.createElement("em");
      note.textContent = "shown now";
      item.append(" ", note);
    } else {
      const resume = document.createElement("button");
      resume.type = "button";
      resume.className = "resume";
      resume.textContent = "Resume";
      resume.setAttribute("aria-label", `Resume: ${describe(summary)}`);
      resume.addEventListener("click", async () => {
        if (await open(summary.id)) await listSaved();
      });
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "forget";
      drop.textContent = "Forget";
      drop.setAttribute("aria-label", `Forget: ${describe(summary)}`);
      drop.addEventListener("click", () => {
        forget(summary.id);
        listSaved();
      });
      item.append(" ", resume, " ", drop);
    }
    items.push(item);
  });
  list.replaceChildren(...items);
  document.getElementById("saved-empty").hidden = items.length > 1;
}

// -- places -----------------------------------------------------------------------------

// A table place's key, as `CardLocation.key` writes it: "pyramid-21", "waste-0-0",
// "stock-0", "pile-3-0"; "stock", "removed", "pile-3" for places that hold no one card.
function key(place) {
  return [place.place, place.index, place.depth].filter((v) => v !== null && v !== undefined).join("-");
}

function element(k) {
  return table.querySelector(`[data-key="${k}"]`);
}

// Whether a move's target names the place `k`: a card's own key, or a place of cards
// ("pile-3" takes a click on any card of pile 3 or on its empty place; "removed"...).
function names(target, k) {
  return target === k || k.startsWith(`${target}-`);
}

// The elements a target lights: its card or place, else the top of each place it names.
function targetElements(target) {
  const exact = element(target);
  if (exact) return [exact];
  return [...table.querySelectorAll("[data-key]")].filter(
    (div) => names(target, div.dataset.key) && (div.dataset.depth === undefined || div.dataset.depth === "0")
  );
}

function cardName(card) {
  return `${RANK_NAMES[card[0]] || card[0]} of ${SUIT_NAMES[card[1]]}`;
}

function rank(card) {
  return card[0] === "T" ? "10" : card[0];
}

// -- drawing -----------------------------------------------------------------------------

// A card face: the rank over the suit in the top left corner, the suit in the top right
// corner (so that a strip of the card shows both, however it is overlapped), and a large
// suit in the middle.
function face(div, card) {
  div.classList.add("face", "DH".includes(card[1]) ? "red" : "black");
  if (card[0] === "T") div.classList.add("ten");
  const corner = document.createElement("span");
  corner.className = "corner";
  const r = document.createElement("b");
  r.textContent = rank(card);
  const s = document.createElement("i");
  s.textContent = SUITS[card[1]];
  corner.append(r, s);
  const right = document.createElement("span");
  right.className = "suit";
  right.textContent = SUITS[card[1]];
  const middle = document.createElement("span");
  middle.className = "pip";
  middle.textContent = SUITS[card[1]];
  div.append(corner, right, middle);
  div.dataset.card = card;
}

// A card at a table place: `card` its text, or null face down.
function addCard(place, card, x, y, label) {
  const div = document.createElement("div");
  div.className = "card";
  if (card) face(div, card);
  else div.classList.add("back");
  div.dataset.place = place.place;
  if (place.index !== null && place.index !== undefined) div.dataset.index = place.index;
  if (place.depth !== null && place.depth !== undefined) div.dataset.depth = place.depth;
  div.dataset.key = key(place);
  div.dataset.label = card ? `${cardName(card)}, ${label}` : `face-down card, ${label}`;
  div.style.left = `${x}px`;
  div.style.top = `${y}px`;
  table.appendChild(div);
  return div;
}

// A place that is no one card: the stock, the removed cards, an empty pile or waste.
function addPlace(k, x, y, className, label) {
  const div = document.createElement("div");
  div.className = `place ${className}`;
  div.dataset.key = k;
  const [place, index] = k.split("-");
  div.dataset.place = place;
  if (index !== undefined) div.dataset.index = index;
  div.dataset.label = label;
  div.style.left = `${x}px`;
  div.style.top = `${y}px`;
  table.appendChild(div);
  return div;
}

// A card drawn for the eye alone (the removed cards, the stock's thickness).
function addPicture(card, x, y, extra) {
  const div = document.createElement("div");
  div.className = `card picture ${extra || ""}`.trim();
  if (card) face(div, card);
  else div.classList.add("back");
  div.setAttribute("aria-hidden", "true");
  div.style.left = `${x}px`;
  div.style.top = `${y}px`;
  table.appendChild(div);
  return div;
}

function badge(div, text) {
  const span = document.createElement("span");
  span.className = "count";
  span.textContent = text;
  div.appendChild(span);
}

// The sizes of the table for the space the window gives it: the widest card that lets
// everything fit across, and down within the window's height where it can.
function measure(view) {
  const style = getComputedStyle(table);
  const across = table.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const top = table.getBoundingClientRect().top + window.scrollY;
  const down = Math.max(200, window.innerHeight - top - 12);
  let width;
  let gap;
  let side = false;
  if (view.game === "pyramid") {
    gap = 0.12;
    const wastes = view.table.waste.length;
    const row = 2 + wastes * (1 + 2 * FAN) + (wastes + 1) * gap; // stock, its top, the waste
    const units = Math.max(7 + 6 * gap, row);
    const tall = 4 + 0.3 + 1; // the pyramid, a gap, the stock row: in card heights
    width = Math.min(across / units, Math.max(56, down / tall / RATIO));
  } else {
    // The stock and the runs completed go above the piles, or beside them where that
    // leaves the cards clearly larger (a wide window and a long pile); either way the
    // longest pile must fit in the window at the tightest fan the cards allow.
    gap = 0.09;
    const fits = (w, beside) => {
      const h = w * RATIO;
      let worst = 0;
      for (const pile of view.table.piles) {
        const up = Math.max(0, pile.up.length - 1);
        worst = Math.max(worst, pile.down * DOWN_MIN * h + up * Math.max(UP_MIN * h, UP_PX));
      }
      return (beside ? 0 : h * (1 + TOP_GAP)) + h + worst <= down;
    };
    const widest = (beside) => {
      let w = Math.min(MAX_WIDTH, across / (beside ? 12 + 11 * gap + 2 * SIDE_GAP : 10 + 9 * gap));
      while (w > 40 && !fits(w, beside)) w -= 1;
      return w;
    };
    const above = widest(false);
    const beside = widest(true);
    side = beside > above * 1.1;
    width = side ? beside : above;
  }
  width = Math.floor(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, width)));
  const height = Math.round(width * RATIO);
  return { width, height, gap: Math.max(3, Math.round(width * gap)), across, down, side };
}

const FAN = 0.44; // the waste's fan, in card widths: the rank and suit of each card show
const DOWN = 0.13; // a Spider pile's fan, face down and face up, in card heights
const UP = 0.3;
const DOWN_MIN = 0.06;
const UP_MIN = 0.24; // the least that shows a card's corner
const UP_PX = 16; // ... and never less than this, in pixels
const TOP_GAP = 0.22; // between the stock's row and the piles, in card heights
const SIDE_GAP = 0.25; // between the piles and the columns beside them, in card widths

function drawPyramid(view, m) {
  const t = view.table;
  const { width: W, height: H, gap } = m;
  const left = Math.max(0, (m.across - (7 * W + 6 * gap)) / 2);
  const step = H * 0.5;
  for (let row = 0, slot = 0; row < 7; row += 1) {
    for (let col = 0; col <= row; col += 1, slot += 1) {
      if (!t.pyramid[slot]) continue; // removed: nothing left there
      const x = left + (col + (6 - row) / 2) * (W + gap);
      addCard({ place: "pyramid", index: slot, depth: null }, t.pyramid[slot], x, row * step, `pyramid row ${row + 1}`);
    }
  }
  // The removed cards, in the pyramid's top right corner: the last removal on top.
  const removed = addPlace("removed", left + 6 * (W + gap), 0, "heap removed", removedLabel(view));
  t.last_removed.forEach((card, i) => {
    const shift = (t.last_removed.length - 1 - i) * W * 0.34;
    addPicture(card, left + 6 * (W + gap) - shift, 0, "removed-card");
  });
  if (t.removed) badge(removed, String(t.removed));
  else removed.textContent = "removed";
  removed.classList.toggle("empty", !t.removed);
  // The stock, its top card where the rules show it, then the waste piles fanned.
  const y = 6 * step + H + 0.3 * H;
  const stock = addPlace("stock", left, y, "heap stock", stockLabel(view));
  stock.id = "stock";
  if (t.stock.size > (t.stock.top ? 1 : 0)) {
    stock.classList.add("back");
    badge(stock, String(t.stock.size));
  } else {
    stock.classList.add("empty");
    stock.textContent = (moves.stock || []).length ? "\u21bb" : "";
  }
  let x = left + W + gap;
  if (t.stock.top) addCard({ place: "stock", index: null, depth: 0 }, t.stock.top, x, y, "top of the stock");
  x += W + gap;
  const fan = W * FAN;
  t.waste.forEach((pile, number) => {
    addPlace(`waste-${number}`, x, y, "slot", `waste pile ${number + 1}, empty`);
    pile.forEach((card, i) => {
      const depth = pile.length - 1 - i;
      const fanned = Math.max(0, Math.min(pile.length, 3) - 1 - depth); // the top three fan out
      const name = t.waste.length > 1 ? `waste pile ${number + 1}` : "waste";
      addCard({ place: "waste", index: number, depth }, card, x + fanned * fan, y, name);
    });
    x += W + 2 * fan + gap;
  });
  return y + H;
}

function drawSpider(view, m) {
  const t = view.table;
  const { width: W, height: H, gap } = m;
  const beside = m.side ? W + gap + SIDE_GAP * W : 0; // the columns beside the piles
  const width = 10 * W + 9 * gap + 2 * beside;
  const left = Math.max(0, (m.across - width) / 2);
  // The runs completed, top left: each one's King, fanned (down the side, or across).
  const removed = addPlace("removed", left, 0, "heap removed", removedLabel(view));
  const [dx, dy] = m.side ? [0, H * 0.22] : [W * 0.3, 0];
  t.removed.forEach((suit, i) => addPicture(`K${suit}`, left + i * dx, i * dy, "removed-card"));
  if (t.removed.length > 1) {
    removed.style.width = `${W + (t.removed.length - 1) * dx}px`;
    removed.style.height = `${H + (t.removed.length - 1) * dy}px`;
  }
  removed.classList.toggle("empty", t.removed.length === 0);
  if (!t.removed.length) removed.textContent = "runs";
  // The stock, top right: one card back for each deal left.
  const stockX = left + width - W;
  const deals = Math.min(t.stock.deals, 5);
  const [sx, sy] = m.side ? [0, H * 0.08] : [-W * 0.16, 0];
  for (let i = 0; i < deals - 1; i += 1) addPicture(null, stockX + (deals - 1 - i) * sx, i * sy, "stock-card");
  const stock = addPlace("stock", stockX, Math.max(0, deals - 1) * sy, "heap stock", stockLabel(view));
  stock.id = "stock";
  stock.classList.add(t.stock.size ? "back" : "empty");
  if (t.stock.deals) badge(stock, String(t.stock.deals));
  const top = m.side ? 0 : H * (1 + TOP_GAP);
  const room = m.down - top; // the height a pile may take
  const upMin = Math.max(UP_MIN, UP_PX / H); // the corner shows, however small the card
  let bottom = top + H;
  t.piles.forEach((pile, index) => {
    const x = left + beside + index * (W + gap);
    const count = pile.down + pile.up.length;
    const up = Math.max(0, pile.up.length - 1);
    let down = DOWN;
    let upStep = UP;
    const spare = room / H - 1; // in card heights, beyond the pile's top card
    if (pile.down * down + up * upStep > spare) {
      // Fan the face-down cards closer first, then the face-up ones, to the least that
      // still shows their corners (the cards were made small enough for that).
      down = Math.max(DOWN_MIN, Math.min(DOWN, (spare - up * UP) / Math.max(1, pile.down)));
      if (pile.down * down + up * upStep > spare)
        upStep = Math.max(upMin, (spare - pile.down * down) / Math.max(1, up));
    }
    if (count === 0 && view.status !== "won")
      addPlace(`pile-${index}`, x, top, "slot", `pile ${index + 1}, empty`);
    let y = top;
    for (let i = 0; i < pile.down; i += 1, y += down * H) {
      addCard({ place: "pile", index, depth: count - 1 - i }, null, x, y, `pile ${index + 1}`);
    }
    pile.up.forEach((card, i) => {
      const depth = pile.up.length - 1 - i;
      addCard({ place: "pile", index, depth }, card, x, y, `pile ${index + 1}`);
      if (depth > 0) y += upStep * H;
    });
    bottom = Math.max(bottom, y + H);
  });
  return bottom;
}

function stockLabel(view) {
  const t = view.table;
  const entry = (moves.stock || [])[0];
  const cards = `${t.stock.size} card${t.stock.size === 1 ? "" : "s"}`;
  if (view.game === "spider") {
    const left = `${t.stock.deals} deal${t.stock.deals === 1 ? "" : "s"} left`;
    return `Stock, ${cards}, ${left}: ${entry ? "deal a row" : "no deal now"}`;
  }
  if (!entry) return t.stock.size ? `Stock, ${cards}: no draw now` : "Stock, empty";
  if (entry.target === "stock") return "Stock, empty: recycle the waste";
  return `Stock, ${cards}: ${entry.move}`;
}

function removedLabel(view) {
  const t = view.table;
  if (view.game === "spider") {
    const runs = t.removed.map((suit) => SUIT_NAMES[suit]).join(", ");
    return `Runs completed: ${t.removed.length}${runs ? ` (${runs})` : ""}`;
  }
  if (!t.removed) return "Removed cards: none yet";
  return `Removed cards: ${t.removed}, last ${t.last_removed.map(cardName).join(" and ")}`;
}

function statusLine(view) {
  const t = view.table;
  const parts = view.scoring === "none" ? [] : [`Score ${view.score}`];
  if (view.game === "pyramid") {
    parts.push(t.passes === null ? `pass ${t.pass} (no limit)` : `pass ${t.pass} of ${t.passes}`);
    parts.push(`${t.stock.size} card${t.stock.size === 1 ? "" : "s"} in the stock`);
  } else {
    parts.push(`${t.stock.deals} deal${t.stock.deals === 1 ? "" : "s"} left`);
    parts.push(`${t.removed.length} run${t.removed.length === 1 ? "" : "s"} completed`);
  }
  parts.push(`${view.played} move${view.played === 1 ? "" : "s"}`);
  if (view.status === "won") parts.push("won");
  if (view.status === "lost") parts.push("no way to win is left");
  return parts.join(" - ");
}

// Where each card and place was, by key, before the table is drawn again.
function positions() {
  const found = new Map();
  for (const div of table.querySelectorAll("[data-key]"))
    found.set(div.dataset.key, { x: div.offsetLeft, y: div.offsetTop });
  return found;
}

// Mark the cards the last move (or undo) changed, and play it: its steps one after another
// (the view's "steps", from the library's `change_steps()`: a Spider unit lands before the
// run it completes lifts off, a deal goes card by card), each card sliding from where it
// was, a card turned face up flipping, a card taken off the table flying to its place.
function animate(view, before) {
  for (const change of view.changes || []) {
    const div = element(key(change.target));
    if (div && div.classList.contains("card")) div.classList.add("lastmove");
  }
  if (!before || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const steps = view.steps && view.steps.length ? view.steps : [view.changes || []];
  const later = new Map(); // card -> the last step that moves it
  steps.forEach((step, number) => step.forEach((change) => change.card && later.set(change.card, number)));
  const taken = new Set(); // the elements already animated
  let landing = -1; // when the last card flying off the table lands on the removed cards
  const at = (k) => {
    const div = element(k);
    return div && { x: div.offsetLeft, y: div.offsetTop };
  };
  steps.forEach((step, number) => {
    const delay = number * STEP_MS;
    for (const change of step) {
      const to = key(change.target);
      if (change.turned_down) continue; // the card lies face down under others: nothing shows
      const from = before.get(key(change.source)) || at(key(change.source)) || before.get(change.source.place);
      let div = element(to);
      if (change.turned_up && div && key(change.source) === to) {
        div.animate([{ transform: "scaleX(0)" }, { transform: "none" }], { duration: 200, delay, fill: "backwards" });
        taken.add(div);
        continue;
      }
      if (!from) continue;
      // The card's element where it ends: at the target, or elsewhere in the same pile once
      // later steps of the move have moved what lies on it; none when a later step takes
      // it on (it flies as a picture) or off the table.
      if (!div || div.dataset.card !== change.card || taken.has(div)) {
        div = null;
        if (change.card && later.get(change.card) === number) {
          const { place, index } = change.target;
          div = [...table.querySelectorAll(`.card[data-key][data-card="${change.card}"]`)].find(
            (d) => !taken.has(d) && d.dataset.place === place && (index === null || d.dataset.index === String(index))
          );
        }
      }
      if (div) {
        taken.add(div);
        const dx = from.x - div.offsetLeft;
        const dy = from.y - div.offsetTop;
        const start = `translate(${dx}px, ${dy}px)${change.turned_up ? " scaleX(0)" : ""}`;
        // Out of sight until its step comes (a card still to be dealt is no card yet).
        const waiting = delay ? [{ transform: start, opacity: 0 }, { transform: start, opacity: 1, offset: 0.01 }] : [{ transform: start }];
        if (dx || dy || change.turned_up)
          div.animate([...waiting, { transform: "none", opacity: 1 }], {
            duration: SLIDE_MS, delay, easing: "ease-out", fill: "backwards",
          });
        continue;
      }
      const end = at(to) || before.get(to) || at(change.target.place);
      if (!end) continue;
      const gone = !element(to) || !element(to).classList.contains("card");
      if (to === "removed") landing = Math.max(landing, delay + SLIDE_MS);
      const ghost = addPicture(change.card, from.x, from.y, "ghost");
      const dx = end.x - from.x;
      const dy = end.y - from.y;
      ghost.animate(
        [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px)`, opacity: gone ? 0.3 : 1 }],
        { duration: SLIDE_MS, delay, easing: "ease-in-out", fill: "both" }
      ).finished.then(() => ghost.remove(), () => ghost.remove());
    }
  });
  if (landing >= 0) {
    // The removed cards' place shows the cards taken off once they have flown there.
    const shown = [...table.querySelectorAll(".removed-card")];
    for (const div of view.game === "pyramid" ? shown : shown.slice(-1))
      div.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 80, delay: landing - 80, fill: "backwards" });
  }
}

function draw(view, before) {
  table.replaceChildren();
  metrics = measure(view);
  table.style.setProperty("--w", `${metrics.width}px`);
  table.style.setProperty("--h", `${metrics.height}px`);
  const height = view.game === "pyramid" ? drawPyramid(view, metrics) : drawSpider(view, metrics);
  table.style.height = `${Math.ceil(height) + 8}px`;
  const arrows = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  arrows.id = "arrows";
  arrows.setAttribute("aria-hidden", "true");
  arrows.innerHTML =
    '<defs><marker id="head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" ' +
    'markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>';
  table.appendChild(arrows);
  banner(view);
  mark();
  animate(view, before);
}

// A won or lost game says so on the table, with what to do next.
function banner(view) {
  if (view.status === "playing") return;
  const box = document.createElement("div");
  box.id = "banner";
  box.setAttribute("role", "alert");
  const text = document.createElement("p");
  const score = view.scoring === "none" ? "" : ` with ${view.score} points`;
  text.textContent =
    view.status === "won"
      ? `You won${score} in ${view.played} moves.`
      : "No way to win is left.";
  box.append(text);
  const buttons = [["New deal", () => newGame({})]];
  if (view.status === "lost" && view.played) buttons.unshift(["Undo", undo]);
  for (const [name, action] of buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name;
    button.addEventListener("click", action);
    box.append(button, " ");
  }
  table.appendChild(box);
}

function show(view) {
  const same = current && current.id === view.id;
  const before = same ? positions() : null;
  const previous = current;
  current = view;
  moves = view.moves_by_card || {};
  selected = null;
  remember(view, previous);
  document.getElementById("game").value = view.game;
  if (view.preset) setPreset(view.game, view.preset);
  if (view.suits) document.getElementById("suits").value = String(view.suits);
  document.getElementById("suits-label").hidden = view.game !== "spider";
  document.getElementById("picture").href = `/api/shared/${view.share}/picture.svg`;
  table.dataset.game = view.game;
  table.dataset.played = view.played;
  table.dataset.id = view.id;
  draw(view, before);
  showCode();
  document.getElementById("status-line").textContent = statusLine(view);
  document.getElementById("undo").disabled = view.played === 0;
  document.getElementById("redo").disabled = !view.redo;
  document.getElementById("hint").disabled = view.status !== "playing";
  if (document.getElementById("saved").open) listSaved();
  if (focusAfter !== null) {
    // Played from the keyboard: the focus stays on the table.
    (element(focusAfter) || table.querySelector('[data-key][tabindex="0"]'))?.focus();
    focusAfter = null;
  }
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
    say(error.message);
  }
}

// Light the cards a move picks up, the selection and its targets; give the keyboard the
// places that do something, and every place a label that says what it is.
function mark() {
  const lit = new Set();
  if (selected) for (const entry of moves[selected] || []) targetElements(entry.target).forEach((div) => lit.add(div));
  const playing = current.status === "playing";
  for (const div of table.querySelectorAll("[data-key]")) {
    const k = div.dataset.key;
    const playable = playing && k !== "stock" && (moves[k] || []).length > 0;
    div.classList.toggle("playable", playable);
    div.classList.toggle("selected", k === selected);
    div.classList.toggle("target", lit.has(div));
    const active = playable || lit.has(div) || (k === "stock" && playing);
    div.tabIndex = active ? 0 : -1;
    div.setAttribute("role", active ? "button" : "img");
    let label = div.dataset.label;
    if (k === selected) label += ", picked up: choose where it goes";
    else if (lit.has(div)) label += selected ? `, ${targetVerb(k)}` : "";
    else if (playable) label += ", playable";
    div.setAttribute("aria-label", label);
  }
  const stock = document.getElementById("stock");
  if (stock) stock.classList.toggle("playable", playing && (moves.stock || []).length > 0);
}

function targetVerb(k) {
  const entry = (moves[selected] || []).find((e) => names(e.target, k));
  return entry ? `play ${entry.move}` : "";
}

function select(k) {
  selected = k;
  clearHint();
  if (current) mark();
}

// -- the hint arrow -------------------------------------------------------------------

function centreOf(elements) {
  if (!elements.length) return null;
  const left = Math.min(...elements.map((d) => d.offsetLeft));
  const right = Math.max(...elements.map((d) => d.offsetLeft + d.offsetWidth));
  const top = Math.min(...elements.map((d) => d.offsetTop));
  return { x: (left + right) / 2, y: top + Math.min(metrics.height * 0.3, elements[0].offsetHeight / 2) };
}

function clearHint() {
  table.querySelectorAll("#arrows line").forEach((line) => line.remove());
  table.querySelectorAll(".hinted").forEach((div) => div.classList.remove("hinted"));
}

// The hint's move is found in the view's moves by card: the arrow goes from the card it
// picks up (or the stock) to its target.
function drawArrow(move) {
  clearHint();
  const svg = document.getElementById("arrows");
  let found = null;
  for (const [k, entries] of Object.entries(moves)) {
    const entry = entries.find((e) => e.move === move.text);
    if (entry) {
      found = [k, entry];
      break;
    }
  }
  say(found ? `Hint: ${hintWords(...found)} (${move.text})` : `Hint: ${move.text}`);
  if (!found) return;
  const source = element(found[0]);
  if (source) source.classList.add("hinted");
  const from = source && centreOf([source]);
  const to = centreOf(targetElements(found[1].target));
  if (!from || !to) return;
  const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
  line.setAttribute("class", "arrow");
  line.setAttribute("data-move", move.text);
  for (const [name, value] of [["x1", from.x], ["y1", from.y], ["x2", to.x], ["y2", to.y]])
    line.setAttribute(name, value);
  line.setAttribute("marker-end", "url(#head)");
  svg.appendChild(line);
}

// A move in words, from its entry in the moves by card: what it picks up, where it goes.
function hintWords(k, entry) {
  if (k === "stock") return { draw: "draw from the stock", recycle: "turn the waste over", deal: "deal a row" }[entry.move] || entry.move;
  const card = cardName(entry.card);
  if (entry.target === "removed") return `remove the ${card}${k.startsWith("pile") ? " and its run" : ""}`;
  const to = parts(entry.target);
  if (to.place === "pile" && to.depth === null) {
    const above = parts(k).depth;
    const more = above ? ` and the ${above === 1 ? "card" : `${above} cards`} on it` : "";
    return `move the ${card}${more} onto pile ${to.index + 1}`;
  }
  const other = element(entry.target)?.dataset.card;
  return other ? `pair the ${card} with the ${cardName(other)}` : entry.move;
}

async function hint() {
  if (!current || current.status !== "playing") return;
  const honest = document.getElementById("honest").checked;
  const asked = current;
  say(honest ? "Looking for a hint..." : "Searching with the hidden cards...");
  try {
    const { move } = await api("GET", `/api/games/${current.id}/hint${honest ? "" : "?thoughtful=1"}`);
    if (current !== asked) return; // the game moved on while the hint was worked out
    if (move) drawArrow(move);
    else say("No move to suggest: the game is over.");
  } catch (error) {
    say(error.message);
  }
}

// -- clicks, drags and keys ---------------------------------------------------------------

function parts(k) {
  const [place, index, depth] = k.split("-");
  return { place, index: index === undefined ? null : Number(index), depth: depth === undefined ? null : Number(depth) };
}

// The move, as text, from the card picked up onto `k` that the view does not offer: the
// server refuses it with a sentence saying why, which the page shows. (Only the move's
// notation is needed: a pair of cards, or pile:cards>pile.)
function attempt(k) {
  if (!selected || k === selected) return null;
  const from = parts(selected);
  const to = parts(k);
  if (current.game === "pyramid") {
    const first = (moves[selected] || [])[0]?.card;
    const second = element(k)?.dataset.card;
    return first && second ? `${first}+${second}` : null;
  }
  if (to.place !== "pile" || from.place !== "pile" || to.index === from.index) return null;
  return `${from.index + 1}:${from.depth + 1}>${to.index + 1}`;
}

// A click on the place `k`: play the move it finishes, pick its card up, or play at once
// the one move a card has that goes to no card (a King removed, a draw, a deal).
function clickOn(k) {
  if (!current || current.status !== "playing" || busy) return;
  if (k === "stock") {
    const entry = (moves.stock || [])[0];
    if (entry) return play(entry.move);
    return say(current.game === "spider" ? "The stock cannot be dealt now." : "The stock cannot be drawn now.");
  }
  if (selected) {
    const entry = (moves[selected] || []).find((e) => names(e.target, k));
    if (entry) return play(entry.move);
    if (k === selected) return select(null);
    if (!(moves[k] || []).length) {
      const text = attempt(k);
      select(null);
      if (text) play(text);
      return;
    }
  }
  const here = moves[k] || [];
  if (here.length === 1 && !here[0].target.includes("-")) return play(here[0].move); // no card
  if (here.length) return select(k);
  select(null);
  const card = element(k)?.dataset.card;
  if (card) say(`${cardName(card)} cannot be played now.`);
}

// A card dragged onto the place `k`: the move that goes there, or the server's reason why
// none does.
function dropOn(k) {
  const entry = (moves[selected] || []).find((e) => names(e.target, k));
  const text = entry ? entry.move : attempt(k);
  select(null);
  if (text) play(text);
}

function undo() {
  if (current && current.played) act("POST", `/api/games/${current.id}/undo`);
}

function redo() {
  if (current && current.redo) act("POST", `/api/games/${current.id}/redo`);
}

// The cards that move with a dragged one: those above it in its pile.
function dragged(k) {
  const { place, index, depth } = parts(k);
  if (place !== "pile") return [element(k)];
  return [...table.querySelectorAll(`[data-place="pile"][data-index="${index}"]`)].filter(
    (div) => Number(div.dataset.depth) <= depth && div.dataset.card
  );
}

table.addEventListener("pointerdown", (event) => {
  const div = event.target.closest("[data-key]");
  if (!div || event.button !== 0) return;
  event.preventDefault(); // no text selection, no native drag and drop
  const k = div.dataset.key;
  drag = { k, x: event.clientX, y: event.clientY, moving: false, cards: [] };
  if ((moves[k] || []).length && div.dataset.card) table.setPointerCapture(event.pointerId);
});

table.addEventListener("dragstart", (event) => event.preventDefault());

table.addEventListener("pointermove", (event) => {
  if (!drag || !(moves[drag.k] || []).length || !element(drag.k)?.dataset.card) return;
  const dx = event.clientX - drag.x;
  const dy = event.clientY - drag.y;
  if (!drag.moving && Math.hypot(dx, dy) < 6) return;
  if (!drag.moving) {
    drag.moving = true;
    select(drag.k);
    drag.cards = dragged(drag.k);
    drag.cards.forEach((div) => div.classList.add("dragging"));
  }
  drag.cards.forEach((div) => (div.style.transform = `translate(${dx}px, ${dy}px)`));
});

table.addEventListener("pointerup", (event) => {
  const state = drag;
  drag = null;
  if (!state) return;
  if (!state.moving) return clickOn(state.k);
  state.cards.forEach((div) => (div.style.visibility = "hidden"));
  const under = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-key]");
  state.cards.forEach((div) => {
    div.style.visibility = "";
    div.style.transform = "";
    div.classList.remove("dragging");
  });
  if (under && under.dataset.key !== state.k) dropOn(under.dataset.key);
  else select(null);
});

table.addEventListener("pointercancel", () => {
  if (drag) drag.cards.forEach((div) => {
    div.style.transform = "";
    div.classList.remove("dragging");
  });
  drag = null;
});

table.addEventListener("keydown", (event) => {
  const div = event.target.closest("[data-key]");
  if (!div) return;
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    focusAfter = div.dataset.key;
    clickOn(div.dataset.key);
    refocus(div.dataset.key);
  } else if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
    event.preventDefault();
    const all = [...table.querySelectorAll('[data-key][tabindex="0"]')];
    const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
    const next = all[(all.indexOf(div) + (forward ? 1 : all.length - 1)) % all.length];
    next?.focus();
  }
});

// After a click from the keyboard, keep the focus on the table: on the same place, or on
// the first target of the card picked up.
function refocus(k) {
  requestAnimationFrame(() => {
    const target = selected && table.querySelector(".target");
    (target || element(k) || table.querySelector('[data-key][tabindex="0"]'))?.focus();
  });
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("select, input, textarea")) return;
  const action = { z: undo, y: redo, h: hint, d: () => clickOn("stock"), Escape: () => select(null) }[event.key];
  if (table.contains(event.target)) focusAfter = event.target.dataset.key ?? null;
  if (action) {
    event.preventDefault();
    action();
  }
});

// -- the controls -------------------------------------------------------------------------

let presets = null;

function setPreset(game, wanted) {
  const names = presets[game];
  const box = document.getElementById("preset");
  if (box.dataset.game !== game) {
    box.replaceChildren(...names.map((name) => new Option(name, name)));
    box.dataset.game = game;
  }
  box.value = names.includes(wanted) ? wanted : names.includes("microsoft") ? "microsoft" : names[0];
}

// Another game: the latest of that game saved in this browser, else a new deal.
async function switchGame(game) {
  setPreset(game);
  document.getElementById("suits-label").hidden = game !== "spider";
  for (const entry of savedGames()) if (entry.game === game && (await open(entry.id))) return;
  await newGame({ game });
}

document.getElementById("new").addEventListener("click", () => newGame({}));
document.getElementById("undo").addEventListener("click", undo);
document.getElementById("redo").addEventListener("click", redo);
document.getElementById("hint").addEventListener("click", hint);
document.getElementById("code-box").addEventListener("toggle", showCode);
document.getElementById("saved").addEventListener("toggle", (event) => {
  if (event.target.open) listSaved();
});
document.getElementById("game").addEventListener("change", (event) => switchGame(event.target.value));
document.getElementById("preset").addEventListener("change", () => newGame({}));
document.getElementById("suits").addEventListener("change", () => newGame({}));

let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => current && draw(current, null), 80);
});

// A URL such as /?game=spider&preset=microsoft&suits=2&seed=7 deals that game; a plain /
// resumes the last game played in this browser (the server saved it).
(async function start() {
  presets = await api("GET", "/api/presets");
  migrate();
  const params = Object.fromEntries(new URLSearchParams(location.search));
  if (params.game) {
    document.getElementById("game").value = params.game;
    setPreset(params.game, params.preset);
    if (params.suits) document.getElementById("suits").value = params.suits;
    await newGame(params);
    history.replaceState(null, "", location.pathname);
    return;
  }
  for (const entry of savedGames()) if (await open(entry.id)) return;
  const game = document.getElementById("game").value;
  setPreset(game);
  await newGame({ game });
})();
