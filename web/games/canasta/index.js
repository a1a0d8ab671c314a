// The canasta family's table renderer (engine family canasta: two-hand Canasta, Classic Canasta
// for 2 to 6 players, Kanaster), in rooms: table.js (create: the composition), context.js (state
// and readers), seatmap.js, sides.js, melds.js, piles.js, hand.js, controls.js, score.js
// (drawing), moves.js (what the legal moves allow with the selection), actions.js (the person's
// input and what web/tablekit.js reads: shortcuts, Undo's bar, drop targets), layout.js (the page
// of the table), log.js (log sentences); and here the new-game dialog's groups of rule options.
// This file is the module web/games/registry.js lists.

/** The engine families this renderer draws. */
export const families = ["canasta"];
export { create } from "./table.js";
export { SHORTCUTS, TOOLBAR, DROPS } from "./actions.js";

/**
 * The rule options of the canasta family in the new-game dialog, by group (web/app.js draws
 * them; options of the engine that no group names come last). `open`: unfolded at first.
 */
export const OPTION_GROUPS = [
  { id: "match", open: true, options: ["match_end", "target_score", "deals"] },
  { id: "players", options: ["partnerships", "decks", "jokers_per_deck", "hand_size", "draw_count", "three_player_mode", "cut_wilds", "red_three_exposure", "upcard_cover"] },
  { id: "melds", options: ["max_wilds_per_meld", "min_naturals_per_meld", "naturals_must_outnumber_wilds", "wild_canasta", "same_rank_melds", "black_three_meld"] },
  { id: "pile", options: ["pile_before_initial_meld", "pile_freezing", "wild_top_take", "take_pile_onto_own_meld", "take_pile_with_natural_and_wild", "meld_after_pile_take", "blocking_ranks", "bury_blocking_cards", "blocking_card_adds"] },
  { id: "initial", options: ["initial_meld_table", "initial_meld_negative_score", "initial_meld_counts", "initial_take_minimum", "wild_meld_initial", "concealed_going_out_exemption"] },
  { id: "going_out", options: ["canastas_to_go_out", "going_out_discard", "going_out_permission", "going_out_bonus", "concealed_going_out_bonus", "concealed_going_out_canasta", "early_out_bonus", "stock_exhausted", "last_red_three"] },
  { id: "scoring", options: ["natural_canasta_bonus", "mixed_canasta_bonus", "wild_canasta_bonus", "hand_canasta_bonus", "loser_canasta_bonus", "red_three_bonus", "red_three_all_four_bonus", "red_three_positive_if"] },
];
