// DEV ONLY: a stand-in for web/engine-client.js that answers the protocol with canned,
// hand-made tables (no rules), so the page can be looked at without Pyodide. Never shipped:
// copy web/ to a scratch folder and put this file over engine-client.js (see make_fake_site.py).

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

class EngineError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

const OPTIONS = [
  { name: "match_end", kind: "choice", default: "target", choices: ["target", "deals"], doc: "How the match ends." },
  { name: "target_score", kind: "int", default: 5000, minimum: 100, doc: "Score that ends the match." },
  { name: "deals", kind: "int", default: 4, minimum: 1, doc: "Number of deals." },
  { name: "canastas_to_go_out", kind: "int", default: 2, minimum: 1, doc: "Canastas needed to go out." },
  { name: "take_with_wild", kind: "bool", default: true, doc: "Take an unfrozen pile with a natural and a wild." },
];

function makeGame() {
  return {
    hand: ["4C", "4D", "5H", "7S", "8D", "9C", "TH", "JS", "QH", "QS", "KD", "AC", "2H", "JK", "3S"],
    opp: 13, stock: 71, discard: { top: "QD", size: 9, frozen: true, frozen_by: "2C", blocked: false },
    stage: "draw", toAct: 0, handNumber: 1, over: false, drawn: 0,
    melds0: [
      { rank: "A", cards: ["AS", "AH", "AD"], naturals: 3, wilds: 0, canasta: null, points: 60 },
      { rank: "K", cards: ["KC", "KC", "KH", "KS", "KD", "KH", "KS"], naturals: 7, wilds: 0, canasta: "natural", points: 570 },
    ],
    melds1: [
      { rank: "7", cards: ["7C", "7D", "7H", "7S", "7D", "2S", "JK"], naturals: 5, wilds: 2, canasta: "mixed", points: 395 },
      { rank: "9", cards: ["9H", "9S", "2D"], naturals: 2, wilds: 1, canasta: null, points: 40 },
      { rank: "J", cards: ["JC", "JD", "JH", "JS"], naturals: 4, wilds: 0, canasta: null, points: 40 },
    ],
    scores: [1230, 880], results: [],
  };
}

const EXTRA = ["6H", "8S", "TC", "5D", "AH", "9D", "3D", "QC"];

function table(g) {
  const mine = g.toAct === 0 && !g.over;
  const legal = [];
  if (mine && g.stage === "draw") legal.push({ text: "draw", kind: "draw", cards: [], rank: null, label: "Draw" },
    { text: "take QH QS", kind: "take", cards: ["QH", "QS"], rank: null, label: "Take" });
  if (mine && g.stage === "play") for (const c of new Set(g.hand)) legal.push({ text: "discard " + c, kind: "discard", cards: [c], rank: null, label: "Discard " + c });
  return {
    seat: 0, human_seats: [0], to_act: g.over ? null : g.toAct, to_act_is_human: mine, legal,
    hand_over: g.over, match_over: false,
    view: {
      variant: "canasta-two-hand", seat: 0, players: 2, hand_number: g.handNumber, dealer: 1,
      phase: g.over ? "hand_over" : g.stage, current_player: g.toAct, hand: [...g.hand],
      hand_counts: [g.hand.length, g.opp], stock: g.stock, discard: { ...g.discard },
      sides: [
        { side: 0, seats: [0], melds: g.melds0, red_threes: ["3H"], melded: true, canastas: 1, minimum: 50, score: g.scores[0] },
        { side: 1, seats: [1], melds: g.melds1, red_threes: ["3D", "3H"], melded: false, canastas: 1, minimum: 90, score: g.scores[1] },
      ],
      side_of_seat: [0, 1],
      turn: g.over ? null : { seat: g.toAct, stage: g.stage, took_pile: false, initial_meld_points: 0, needs_initial_meld: false, minimum: 50 },
      scores: g.scores, results: g.results, last_moves: [],
      match: { end: "target", target: 5000, deals: null, over: false, winners: [] },
    },
  };
}

export async function startEngine(onProgress = () => {}) {
  onProgress({ stage: "pyodide", message: "Loading the Python runtime" });
  await wait(300);
  onProgress({ stage: "engine", message: "Starting the rules engine" });
  await wait(200);
  let g = null;
  let botStep = 0;
  async function request(op, fields = {}) {
    await wait(20);
    if (op === "hello") return { version: "fake", variants: [{ id: "canasta-two-hand", name: "Canasta (two players)", players: [2], options: OPTIONS }] };
    if (op === "new") { g = makeGame(); return table(g); }
    if (op === "table") return table(g);
    if (op === "act") {
      const a = fields.action;
      if (g.toAct !== 0) throw new EngineError("not_your_turn", "It is not your turn.");
      if (a.type === "draw") { g.hand.push(EXTRA[g.drawn++ % EXTRA.length], EXTRA[g.drawn++ % EXTRA.length]); g.stock -= 2; g.stage = "play"; return table(g); }
      if (a.type === "meld") {
        if (new Set(a.cards.filter((c) => c !== "JK" && c[0] !== "2").map((c) => c[0])).size !== 1 || a.cards.length < 3)
          throw new EngineError("illegal_move", "A meld needs at least three cards of one rank (with at most three wild cards).");
        for (const c of a.cards) g.hand.splice(g.hand.indexOf(c), 1);
        g.melds0.push({ rank: a.cards.find((c) => c !== "JK")[0], cards: a.cards, naturals: 2, wilds: 1, canasta: null, points: 40 });
        return table(g);
      }
      if (a.type === "discard") {
        g.hand.splice(g.hand.indexOf(a.card), 1);
        g.discard = { top: a.card, size: g.discard.size + 1, frozen: g.discard.frozen, frozen_by: "2C", blocked: a.card === "3S" || a.card === "3C" };
        g.stage = "draw"; g.toAct = 1; botStep = 0;
        return table(g);
      }
      throw new EngineError("illegal_move", "The fake engine does not do that.");
    }
    if (op === "bot") {
      let move;
      if (botStep === 0) { move = { seat: 1, text: "draw", label: "drew 2 cards" }; g.opp += 2; g.stock -= 2; botStep = 1; }
      else if (botStep === 1) { move = { seat: 1, text: "add J JS", label: "added to the jacks: JS" }; g.opp -= 1; g.melds1[2].cards.push("JS"); botStep = 2; }
      else {
        move = { seat: 1, text: "discard 6C", label: "discarded 6C" }; g.opp -= 1;
        g.discard = { ...g.discard, top: "6C", size: g.discard.size + 1 }; g.toAct = 0; g.stage = "draw";
        if (g.stock < 62) {
          g.over = true;
          g.results.push({ hand: 1, went_out: 1, sides: [
            { side: 0, items: { melded_cards: 340, hand_cards: -85, going_out: 0, concealed: 0, natural_canastas: 500, mixed_canastas: 0, red_threes: 100 }, total: 855, cumulative: 2085 },
            { side: 1, items: { melded_cards: 410, hand_cards: 0, going_out: 100, concealed: 0, natural_canastas: 0, mixed_canastas: 600, red_threes: 200 }, total: 1310, cumulative: 2190 }] });
          g.scores = [2085, 2190];
        }
      }
      return { move, table: table(g) };
    }
    if (op === "next_hand") { const s = g.scores, r = g.results; g = makeGame(); g.scores = s; g.results = r; g.handNumber = 2; return table(g); }
    throw new EngineError("bad_request", "unknown op " + op);
  }
  return { request, version: "fake", python: "none", terminate() {} };
}
