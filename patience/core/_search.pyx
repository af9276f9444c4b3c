# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled search core: a position in C arrays, its moves, push/pop, an incremental
128-bit key, best-first and depth-first searches taking turns over tables of those keys, and
nested rollouts, a search for wins alone (`rollouts`).

It plays exactly what `Game.legal_moves()` (swaps, removals and close-ups included) and
`Game.push` do for the rulesets
`tables.not_covered` accepts (tests/test_core_differential.py holds it to that); the tables
come from `tables.core_tables`. Its key equals the solver's `Packer` key but for piles whose buried
cards can never matter (`tables.buried_cards_dead`: Golf's waste, Black Hole's hole): there it
reads the top card alone.
"""

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport abs, free, malloc, realloc
from libc.string cimport memcpy, memset

cdef extern from *:
    """
    #define PATIENCE_PREFETCH(p) __builtin_prefetch(p)
    """
    void prefetch "PATIENCE_PREFETCH"(const void *p) noexcept nogil
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

cdef enum:
    NCARDS = 52
    SQUARE = 2704
    MOST_COPIES = 8
    DEAL = -1
    FILLED = 2  # a card move's undo bits (`refill.push_fill`): the emptied source was filled,
    FILL_TURNED = 4  # the fill pile's new top card turned up,
    FILL_WAS_DOWN = 8  # the card taken was face down there
    FILL_CHAIN = 4  # the next link's bits (the fill pile emptied and refilled in turn), shifted past these
    REDEAL = -2
    # The actions and removals (`engine.moves`): a swap's place is pile * PLACE + index here,
    # pile * SLOT + index at the Python boundary, so that a Move keeps 16-bit fields.
    SWAP = -3
    REMOVE = -4
    CLOSE_UP = -5
    RESHUFFLE = -6  # (0, RESHUFFLE, 0): gather the piles and deal them again (`_reshuffle`)
    PLACE = 256
    SLOT = 1024
    MOVE_ANY = 3
    LIMIT_SUPERMOVE = 1
    MOVE_ALONE = 4  # PA-4: a pile's one card moves only while it lies alone
    MOVE_TOP_OR_RUN = 6  # the top card alone, or the whole built run
    FEW_STARTERS = 13
    CHECK_EVERY = 128  # expansions between clock checks (and progress reports), as search.py
    # The first run's expansions (later runs double it) and the noise added to estimates after it.
    FIRST_RUN = 1024
    NOISE = 16
    TIES_BACK_FIRST = 0  # the first run's tie order: 0, the order listed (as before; 1 lost Dywan 2)
    RUN_WON = 1
    RUN_EXHAUSTED = 2
    RUN_SPENT = 3
    RUN_STOPPED = 4
    # Depth-first's tables (`_run`): a position's value in the run's table is the Tarjan index it
    # was expanded at, CLOSED once its component of positions is proved to lead to no win (or
    # when it is to be avoided); in the dead table, DEAD_KEEPING_HOME when proved
    # so in a run that takes no card out of a win pile (`restricted`), DEAD when in any run.
    CLOSED = 0x7FFFFFFF
    LISTED = -1  # a child listed by the position of index i, not yet expanded: LISTED - i
    DEAD_KEEPING_HOME = 1
    DEAD = 2
    # What a solution pays for a move out of a win pile: tried after every other child.
    OUT_OF_HOME = 1 << 20
    # The estimate's weights (solver/heuristic.py; depth-first's face-down weight, search.py).
    RO_CAP = 1024  # the most moves in a rollout's line
    RO_SLOTS = 8192  # a playout's table of positions (a power of two); it keeps at most 3/4 full
    RO_CHECK = 4095  # pushes between clock checks, less one (a power of two less one)
    W_OUT = 4
    W_DOWN = 20
    W_DISORDER = 2
    W_FREE = 2
    W_CELL = 2
    W_HELD = 2  # a carpet card no lane frees (KK-2)
    BF_DOWN = 3  # best-first's face-down weight (`heuristic.DOWN`)
    # Best-first's turns (`solve`): alone for its first BF_FIRST expansions, then BF_SHARE
    # expansions for each of depth-first's, as search.py's DEPTH_FIRST_AFTER and SHARES.
    BF_FIRST = 2048
    BF_SHARE = 2
    # Best-first where the layout has one-card cells (`cell_layout`: FreeCell, Baker's Game,
    # Seahaven Towers, Eight Off, ...; docs/solver.md): the estimate (`_bf_cell_terms`) charges
    # CELL_UNDER a card under the top run of its pile and CELL_ABOVE a card lying on a card that
    # a foundation takes next, beside W_OUT a card not home and BF_DOWN a face-down card; the
    # first queue's priority is CELL_WEIGHT x estimate - CELL_ROOM x empty piles - CELL_CELL x
    # empty cells + CELL_DEPTH x depth, and the greedy queue (as elsewhere) is popped one time
    # in GREEDY_EVERY.
    CELL_UNDER = 2
    CELL_ABOVE = 1
    CELL_WEIGHT = 3
    CELL_ROOM = 6
    CELL_CELL = 12
    CELL_DEPTH = 5
    GREEDY_EVERY = 8
    # A once-a-game swap (CR-4) waits: best-first lists a position's swaps as a batch queued
    # SWAP_COST behind the position itself (an entry for node i + SWAPS_LATER); depth-first lists
    # them only once its next child's estimate is SWAP_COST worse than its own, or none is left
    # (docs/solver.md, "The swap waits").
    SWAP_COST = 200
    SWAPS_LATER = 1 << 30
    # Depth-first's tie order (`Child.order`): a frame's swaps, listed apart, count from
    # SWAPS_ORDER, after any card move's index; ties_back counts down from ORDER_TOP.
    SWAPS_ORDER = 1 << 19
    ORDER_TOP = 1 << 20

# The dead table's two proofs, as `Core.solve`'s ``dead_out`` gives them (`_run`).
PROOF_KEEPING_HOME = DEAD_KEEPING_HOME
PROOF_ANY = DEAD


cdef long long RO_WIN = 1LL << 40  # `_ro_score` of a win
cdef long long RO_NONE = -(1LL << 41)  # below every score

ctypedef struct Move:
    int16_t src
    int16_t dst
    int16_t n

ctypedef struct Undo:
    int16_t src
    int16_t dst
    int16_t n
    int32_t extra  # card moves: 1 when a card turned up (-n: n cards left the bottom part, faces.py); deals: cards dealt (`_deal_out`: and where)

ctypedef struct Child:
    Move move
    int estimate
    int order

ctypedef struct Frame:
    int start  # its children: children[start:stop], next to try at `next`
    int stop
    int next
    int edge  # undo records pushed to reach this frame's position from its parent
    int index  # Tarjan's: the order in which the run reached this position,
    int low  # the least index it reaches through open positions (`_run`),
    int spos  # and where its key lies on the run's stack of open positions
    int swaps  # its swaps (CR-4) are still to be listed (`_run`),
    int swap_at  # once its next child's estimate is above this, or none is left


# ---- best-first (`Core._bf_turn`): its nodes, its queues' entries
ctypedef struct Node:
    int parent  # -1 for the root
    int snap  # the snapshot of this position once expanded with children (-1: none)
    int depth
    Move move  # the move from the parent (safe moves after it are played again)
    uint8_t expanded
    uint8_t waste_only  # a stock turn with nothing after it: only waste moves are new here

ctypedef struct Listed:  # a child listed by `_bf_turn`, probed in the table once all are listed
    uint64_t k0, k1
    int prio0, prio1
    Move move
    uint8_t waste_only
    uint8_t won

ctypedef struct Entry:  # ordered as search.py's heap tuples: priority, depth, then age
    int prio
    int depth
    unsigned int node

ctypedef struct Heap:
    Entry *a
    size_t n, cap


cdef inline bint entry_less(Entry x, Entry y) noexcept nogil:
    if x.prio != y.prio:
        return x.prio < y.prio
    if x.depth != y.depth:
        return x.depth < y.depth
    return x.node < y.node


cdef int heap_push(Heap *h, int prio, int depth, unsigned int node) except -1:
    cdef size_t i, up
    if h.n >= h.cap:
        h.cap = h.cap * 2 if h.cap else 4096
        h.a = <Entry *>grow(h.a, h.cap * sizeof(Entry))
    i = h.n
    h.n += 1
    h.a[i].prio = prio
    h.a[i].depth = depth
    h.a[i].node = node
    cdef Entry e = h.a[i]
    while i:
        up = (i - 1) >> 1
        if not entry_less(e, h.a[up]):
            break
        h.a[i] = h.a[up]
        i = up
    h.a[i] = e
    return 0


cdef Entry heap_pop(Heap *h) noexcept nogil:
    cdef Entry top = h.a[0], e
    cdef size_t i = 0, child
    h.n -= 1
    if not h.n:
        return top
    e = h.a[h.n]
    while True:
        child = 2 * i + 1
        if child >= h.n:
            break
        if child + 1 < h.n and entry_less(h.a[child + 1], h.a[child]):
            child += 1
        if not entry_less(h.a[child], e):
            break
        h.a[i] = h.a[child]
        i = child
    h.a[i] = e
    return top


# ---- a hash map from 128-bit keys to an int32 value: depth-first's tables (`Core._run`)
ctypedef struct Map:
    uint64_t *keys  # two words a slot, (0, 0) free
    int32_t *vals
    size_t cap, count


cdef int map_init(Map *m, size_t slots) except -1:
    free(m.keys)
    free(m.vals)
    m.keys = <uint64_t *>malloc(slots * 2 * sizeof(uint64_t))
    m.vals = <int32_t *>malloc(slots * sizeof(int32_t))
    if m.keys == NULL or m.vals == NULL:
        raise MemoryError()
    memset(m.keys, 0, slots * 2 * sizeof(uint64_t))
    m.cap = slots
    m.count = 0
    return 0


cdef void map_free(Map *m) noexcept nogil:
    free(m.keys)
    free(m.vals)
    m.keys = NULL
    m.vals = NULL
    m.cap = m.count = 0


cdef inline size_t map_slot(const Map *m, uint64_t a, uint64_t b) noexcept nogil:
    """The slot holding the key, or the free slot where it would go (the caller keeps room)."""
    cdef size_t mask = m.cap - 1
    cdef size_t i = (a ^ (b >> 17)) & mask
    if a == 0 and b == 0:
        b = 1  # (0, 0) marks a free slot
    while True:
        if (m.keys[2 * i] == a and m.keys[2 * i + 1] == b) or (m.keys[2 * i] == 0 and m.keys[2 * i + 1] == 0):
            return i
        i = (i + 1) & mask


cdef inline bint map_has(const Map *m, size_t i) noexcept nogil:
    return m.keys[2 * i] != 0 or m.keys[2 * i + 1] != 0


cdef inline void map_put(Map *m, uint64_t a, uint64_t b, int32_t value) noexcept nogil:
    """Set the key's value, adding the key if new (the caller keeps room)."""
    cdef size_t i = map_slot(m, a, b)
    if not map_has(m, i):
        m.keys[2 * i] = a
        m.keys[2 * i + 1] = b if (a or b) else 1
        m.count += 1
    m.vals[i] = value


cdef int map_grow(Map *m) except -1:
    """Double the map, every key moved to its new slot."""
    cdef Map old = m[0]
    cdef size_t i
    m.keys = NULL
    m.vals = NULL
    map_init(m, old.cap * 2 if old.cap else 1 << 16)
    for i in range(old.cap):
        if map_has(&old, i):
            map_put(m, old.keys[2 * i], old.keys[2 * i + 1], old.vals[i])
    map_free(&old)
    return 0


cdef inline uint64_t mix0(uint64_t x) nogil:
    x ^= x >> 30
    x *= <uint64_t>0xbf58476d1ce4e5b9ULL
    x ^= x >> 27
    x *= <uint64_t>0x94d049bb133111ebULL
    x ^= x >> 31
    return x


cdef inline uint64_t mix1(uint64_t x) nogil:
    x ^= x >> 33
    x *= <uint64_t>0xff51afd7ed558ccdULL
    x ^= x >> 33
    x *= <uint64_t>0xc4ceb9fe1a85ec53ULL
    x ^= x >> 33
    return x


cdef double now() nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef Child *children_room(Child *children, int *cap, int need) except NULL:
    """``children`` with room for ``need`` of them, ``cap`` doubled as often as that takes."""
    if need > cap[0]:
        while need > cap[0]:
            cap[0] *= 2
        children = <Child *>grow(children, cap[0] * sizeof(Child))
    return children


cdef void *grow(void *block, size_t size) except NULL:
    cdef void *bigger = realloc(block, size)
    if bigger == NULL:
        raise MemoryError()
    return bigger


cdef int by_estimate(const void *a, const void *b) noexcept nogil:
    cdef const Child *x = <const Child *>a
    cdef const Child *y = <const Child *>b
    if x.estimate != y.estimate:
        return -1 if x.estimate < y.estimate else 1
    return x.order - y.order


cdef extern from "stdlib.h":
    void qsort(void *base, size_t n, size_t size, int (*compar)(const void *, const void *) noexcept nogil) nogil


cdef class Core:
    """One position of one covered ruleset, with the search that starts from it."""

    cdef int P, G, cap, total, decks
    cdef uint8_t *cards
    cdef int *size
    cdef int *hidden
    cdef uint64_t *shown  # per pile, the face-up cards under its face-down ones (engine/faces.py)
    cdef int redeals_used
    cdef int *pile_group
    cdef int *gfirst
    cdef int *gstop
    cdef int *move_kind
    cdef int *run_limit
    cdef int *max_cards
    cdef int *pile_suit  # `takes_when: {suits}` per pile (-1: any suit)
    cdef int *rank_from  # `takes_when: {rank_in}` per pile: the pile read (-1: none)
    cdef bint card_rules  # either is given somewhere
    cdef int *turn_up
    cdef int *sortable
    cdef int *build_id
    cdef uint8_t *fits
    cdef uint8_t *fits_n
    cdef uint8_t *fits_list
    cdef uint8_t *run_ok
    cdef uint8_t *empty_ok
    cdef int *takes_empty
    cdef uint8_t *base_ok
    cdef int *has_base_ok
    cdef uint8_t *takes_from
    cdef int *base_empty
    cdef int *base_from
    cdef int *base_offset
    cdef uint8_t *rank
    cdef int *fill_from
    cdef int *starters_n
    cdef uint8_t *starters
    cdef int *movable
    cdef int n_movable
    cdef uint8_t *is_column
    cdef int *cell_piles
    cdef int n_cells
    cdef int *column_piles
    cdef int n_columns
    cdef int has_limits, stock, waste, draw, redeals
    cdef int *stock_targets
    cdef int n_targets
    cdef int *stock_rounds  # a deal onto several piles, card by card (`CompiledRules.deal_piles`)
    cdef int n_rounds
    cdef int *stock_last  # the stock's last cards, one onto each of these (`stock.last_to`)
    cdef int n_last
    cdef bint needs_filled
    cdef int room  # the waste's max_cards (0: none)
    cdef int *unit
    cdef int *empty_one  # per group: `empty_takes: one`, a space takes a single card (Martha)
    cdef int *build_one  # per group: `build_takes: one`, a started pile takes a single card (Forty-Nine)
    cdef int *way  # per group: `takes_when: {way}`: 0 none, 1 the group's way, 2 each pile's own
    cdef int *colour_by_rank  # per group: `empty_colour: by-rank` (Little Spider)
    cdef bint take_all  # every free place carries any card: the listing's counts serve every move
    cdef uint8_t *carries  # place group, source group, target group: `compiled.carries`
    cdef bint commutes  # stock turns commute with moves off the stock and waste (prune.stock_commutes)
    cdef int *win_piles
    cdef uint8_t *top_only  # per pile: the key reads its top card alone (`tables.buried_cards_dead`)
    # Parada's words: PA-3's `prefer` (per card the groups taking it first, as bits), PA-1's
    # `discard` at each stock deal, PA-6's full piles
    cdef uint64_t *prefer
    cdef bint has_prefer
    cdef uint8_t *discard_ok
    cdef int discard
    cdef int *full_piles
    cdef int n_full
    cdef uint8_t *is_win
    cdef int n_win
    # A left win (`tables.not_covered`): exactly left_count cards in each part; -1 for every card home.
    cdef int left_count, n_parts
    cdef int *left_part  # per pile: its part (-1: none)
    cdef int *part_size  # scratch: cards per part
    cdef int *stacks
    cdef int n_stacks
    cdef int *rooms
    cdef int n_rooms
    cdef int *hcells
    cdef int n_hcells
    cdef bint cell_layout  # the layout has one-card cells: best-first's cell estimate (`_bf_cell_terms`)
    cdef uint8_t cell_wanted[NCARDS]  # the cards a foundation takes next (`_wanted`),
    cdef uint64_t cell_found  # read while the foundations' key terms sum to this (0: never)
    cdef uint64_t *cell_ph  # per pile: the key term (ph0) and face-down count its terms below
    cdef int *cell_hid  # were counted at (`_bf_cell_terms`),
    cdef uint64_t *cell_fk  # the foundations' sum its cards above were counted at,
    cdef int *cell_under  # its cards under the top run
    cdef int *cell_above  # and its cards lying on a card that a foundation takes next
    # safe moves
    cdef int autoplay
    cdef int *needs_start
    cdef uint8_t *needs
    cdef int *foundations
    cdef int n_foundations
    cdef int *auto_sources
    cdef int n_auto_sources
    # ---- the actions and removals (CR-4, CZ-2, CZ-3): `_init_actions`
    cdef int n_actions
    cdef int *uses  # per action its uses left (-1: unlimited), keyed with salts of their own
    cdef uint64_t *usalt0
    cdef uint64_t *usalt1
    cdef int swap_action, n_swap, swap_cost
    cdef int *swap_piles
    cdef int close_action, n_lanes, refill
    cdef int *lane_start  # lane i: lane_piles[lane_start[i]:lane_start[i + 1]]
    cdef int *lane_piles
    cdef int n_remove, remove_to
    cdef int *remove_piles
    cdef uint8_t *remove_pair
    cdef uint8_t *remove_single
    cdef uint8_t *remove_near  # NULL: any two piles
    cdef int *near_start  # per remove pile a: near_list[near_start[a]:near_start[a + 1]], the
    cdef int *near_list  # remove piles after it that it touches, in pile order
    cdef uint8_t *remove_beats  # NULL: no `outranked`
    cdef int *offered  # scratch: the remove piles open now
    cdef uint8_t *side  # a close-up's undo data, a stack beside the undo records
    cdef size_t n_side, side_cap, side_base
    # keys
    cdef uint64_t *zob0
    cdef uint64_t *zob1
    cdef uint64_t *zhid0
    cdef uint64_t *zhid1
    cdef uint64_t *salt0
    cdef uint64_t *salt1
    cdef uint64_t *ph0
    cdef uint64_t *ph1
    cdef uint64_t k0, k1
    # undo stack
    cdef Undo *undo
    cdef int n_undo, undo_cap
    # move listing scratch
    cdef int *off_n
    cdef int16_t *off_src
    cdef int16_t *off_cnt
    cdef int *runs_src
    cdef int *runs_len
    cdef Move *scratch
    cdef int scratch_cap
    # the transposition table: two 64-bit words a slot, (0, 0) free
    cdef uint64_t *table
    cdef size_t table_cap, table_count
    # depth-first (`_run`): the run's table, the positions proved dead (kept across the runs of
    # one `solve`, dropped after it) and the keys of the run's open positions (Tarjan's stack)
    cdef Map seen
    cdef Map dead
    cdef uint64_t *open_keys
    cdef size_t n_open, open_cap
    cdef long long use[4]  # `table_use` and `dead_use` of the last search
    cdef list _owned  # every block malloc'd once, freed with the object
    # the search's budget and state, for `_run`
    cdef double started, deadline, next_report, progress_every
    cdef long long max_states, max_memory, states
    cdef object progress
    cdef str stop_reason
    cdef unsigned int noise
    cdef unsigned int noise_range  # estimates after the first run get noise below this
    cdef bint restricted  # this run plays no card out of a win pile
    cdef bint ties_back  # this run tries equal estimates last listed first (search.py's order)
    # best-first (`_bf_turn`): one table, its nodes and two queues kept across its turns
    cdef uint64_t *bf_table
    cdef size_t bf_cap, bf_count
    cdef Node *nodes
    cdef size_t n_nodes, nodes_cap
    cdef Heap queues[2]
    cdef uint8_t *snaps  # each expanded node's position (`_snap`), snap_size bytes apiece
    cdef size_t n_snaps, snaps_cap, snap_size
    cdef uint8_t *root_snap  # the position the search started from, before its safe moves
    cdef long long bf_turns
    cdef Listed *listed  # scratch_cap of them: one expansion's children before their probes
    cdef uint64_t *tally_ph  # per pile: the key term (ph0) its disorder below was counted at
    cdef int *tally_dis  # and that disorder (`_tally`)
    # `_safe_move`'s per-card tables and the foundations' key terms they were made at (found_key
    # 0: none); not kept when a foundation is keyed by its top alone (its term misses the rest)
    cdef bint found_memo, found_counted
    cdef uint64_t found_key
    cdef uint8_t found_wanted[NCARDS]
    cdef uint8_t found_home[NCARDS]
    # `_play_safe_after`: whether a pile's safe move reads only its own top and the foundations,
    # and per pile whether it is a foundation, a source of safe moves
    cdef bint safe_local
    cdef uint8_t *is_found
    cdef uint8_t *is_auto_source
    # ---- lanes and follows (KK-2, KK-4; `tables.CoreTables`) ----
    cdef int *lane_first  # per pile (P + 1): its lanes are lane_first[p]..lane_first[p + 1]
    cdef int *lane_stop  # per lane: the end of its cells (it starts where the lane before stops)
    cdef int *lane_cells
    cdef int *lane_busy  # per lane: its cells holding a card, kept by _put and _take
    cdef int *within_first  # per pile (P + 1): the lanes it lies in are within[within_first[p]:within_first[p + 1]]
    cdef int *within
    cdef int *follows  # per group: the group it follows (-1: none)
    cdef int *follows_per_suit
    cdef uint8_t *not_autoplayed  # per card: left to the search (`assist.follower_starters`)
    cdef int *laned  # the piles with lanes, for the estimate
    cdef int *uncover_first  # per pile (P + 1): the piles it lies on, uncover_list[first[p]:first[p + 1]]
    cdef int *uncover_list
    cdef int n_laned
    # ---- end lanes and follows ----
    # ---- the reshuffle (`actions.reshuffle`; `_init_shuffle`) ----
    cdef int shuffle_action, n_shuffle, shuffle_per_pile, shuffle_uses
    cdef bint shuffle_mixes
    cdef int *shuffle_piles
    cdef uint8_t *shuffle_order  # `tables.shuffle_orders`: (round * (total + 1) + n) * total + i
    # ---- end the reshuffle ----
    cdef int *only_when_empty  # `takes_when` per group: only while the pile is empty
    # ---- the condition word (engine/gates.py; `_gate_holds`): gates of terms, per group its
    # `takes_when` and `gives_when` gate, the stock's `stock.when` (-1: always open) ----
    cdef int *gate_first
    cdef int *term_kind
    cdef int *term_start
    cdef int *term_stop
    cdef int *takes_gate
    cdef int *gives_gate
    cdef int *takes_by_place  # per group: its takes_gate reads each pile's place (`cleared`)
    cdef int *partner_of  # group * P + source: the one pile it may feed (-1: any; `takes_when: {partners}`)
    cdef int *unless_gate  # per group: the gate that lifts `partners` (-1: none)
    cdef bint has_partners
    cdef int stock_gate
    cdef bint has_gives_gate
    cdef int *empty_from_first  # `empty_from` per group (G + 1): its groups, first to last
    cdef int *empty_from_list
    # ---- a reshuffle onto one pile, or keeping row runs; gaps, row wins, reach (`_init_rows`) ----
    cdef int shuffle_to  # -1: dealt back onto its piles
    cdef bint shuffle_waits_waste  # onto the stock: only once the waste, not gathered, is empty
    cdef int n_shuffle_rows  # keep: row-runs: row i is shuffle_row_cells[shuffle_row_start[i]:[i + 1]]
    cdef int *shuffle_row_start
    cdef int *shuffle_row_cells
    cdef int *left_of  # per pile: the cell before it in its row (-1: none)
    cdef int n_win_rows
    cdef int *win_row_start
    cdef int *win_row_cells
    cdef int *reach_start  # per group (G + 1): its reach is reach_list[reach_start[g]:reach_start[g + 1]]
    cdef int *reach_list
    cdef bint has_reach
    cdef int *reach_piles  # scratch: a reach group's started piles
    # ---- the home bound (`prune.home_bound`; `_home_bound`): scratch, allocated once ----
    cdef bint hb_on
    cdef int hb_lanes  # how many lanes the lane tables hold
    cdef uint8_t *hb_win_group  # per group: it holds win piles
    cdef uint8_t *hb_height  # group * NCARDS + card: the least height the card may top a pile of the group at (255: none)
    cdef uint8_t *hb_started  # group * 5 + suit (4: any): a pile so started, or one may be
    cdef uint8_t *hb_empty  # per group: an empty pile now
    cdef int *hb_depth  # per pile: its cards not yet given up
    cdef int *hb_busy  # per lane: its cells still holding a card
    cdef int *hb_card  # the cards at hand: the talon's and those given up, with
    cdef int *hb_src  # the pile each leaves from
    cdef uint8_t *hb_placed  # and whether it reached a win pile
    # ---- end the home bound ----
    # ---- nested rollouts (`rollouts`): buffers of one call ----
    cdef Move *ro_lists  # per level (0: the playouts) a listing's room, scratch_cap moves each
    cdef Move *ro_seqs  # per level a child's line, RO_CAP moves each
    cdef int *ro_pick  # the moves a playout step chooses among
    cdef uint64_t *ro_keys  # the playout's positions: a table of RO_SLOTS keys, stamped
    cdef uint32_t *ro_stamp
    cdef uint32_t ro_gen
    cdef int ro_count  # keys in the playout's table
    cdef uint64_t *ro_path  # the keys of the positions the nested levels stand on
    cdef int ro_path_n
    cdef uint64_t ro_rng
    cdef long long ro_pushes, ro_limit
    cdef bint ro_stop
    cdef uint8_t *ro_wanted  # per card: a foundation takes it now (`_wanted`)
    cdef int ro_room  # a level's listing room: scratch_cap, and the swaps' where a swap may play
    cdef bint ro_swaps  # whether the rollouts play the swap (CR-4)

    def __cinit__(self):
        self._owned = []
        self.undo = NULL
        self.table = NULL
        self.side = NULL
        self.open_keys = NULL

    def __init__(self, tables, piles, hidden, int redeals_used=0, uses=(), shown=None, bytes shuffle_orders=b""):
        cdef int p, g, c, i, below
        self.P = tables.pile_count
        self.G = len(tables.group_first)
        self.cap = tables.capacity
        self.total = tables.total_cards
        self.decks = tables.decks
        P, G = self.P, self.G
        self.cards = <uint8_t *>self._alloc(P * self.cap)
        self.size = self._ints(P)
        self.hidden = self._ints(P)
        self.shown = <uint64_t *>self._alloc(P * sizeof(uint64_t))
        self.pile_group = self._int_array(tables.pile_group)
        self.gfirst = self._int_array(tables.group_first)
        self.gstop = self._int_array(tables.group_stop)
        self.move_kind = self._int_array(tables.move_kind)
        self.run_limit = self._int_array(tables.run_limit)
        self.max_cards = self._int_array(tables.max_cards)
        self.pile_suit = self._int_array(tables.pile_suit)
        self.rank_from = self._int_array(tables.rank_from)
        self.card_rules = any(x >= 0 for x in tables.pile_suit + tables.rank_from) or any(tables.way)
        self.turn_up = self._int_array(tables.turn_up)
        self.sortable = self._int_array(tables.sortable)
        self.build_id = self._int_array(tables.build_id)
        self.fits = self._bytes(tables.fits)
        self.run_ok = self._bytes(tables.run_ok)
        self.empty_ok = self._bytes(tables.empty_ok)
        self.takes_empty = self._int_array(tables.takes_empty)
        self.base_ok = self._bytes(tables.base_ok)
        self.has_base_ok = self._int_array(tables.has_base_ok)
        self.takes_from = self._bytes(tables.takes_from)
        self.base_empty = self._int_array(tables.base_empty)
        self.base_from = self._int_array(tables.base_from)
        self.base_offset = self._int_array(tables.base_offset)
        self.rank = self._bytes(tables.rank)
        self.fill_from = self._int_array(tables.fill_from)
        self._init_actions(tables)
        self.fits_n = <uint8_t *>self._alloc(G * NCARDS)
        self.fits_list = <uint8_t *>self._alloc(G * SQUARE)
        for g in range(G):
            for below in range(NCARDS):
                i = 0
                for c in range(NCARDS):
                    if self.fits[g * SQUARE + below * NCARDS + c]:
                        self.fits_list[g * SQUARE + below * NCARDS + i] = c
                        i += 1
                self.fits_n[g * NCARDS + below] = i
        self.starters_n = self._ints(G)
        self.starters = <uint8_t *>self._alloc(G * NCARDS)
        for g in range(G):
            self.starters_n[g] = len(tables.starters[g])
            for i, c in enumerate(tables.starters[g]):
                self.starters[g * NCARDS + i] = c
        self.movable = self._int_array(tables.movable)
        self.n_movable = len(tables.movable)
        self.is_column = self._bytes(tables.is_column)
        self.cell_piles = self._int_array(tables.cell_piles)
        self.n_cells = len(tables.cell_piles)
        self.column_piles = self._int_array(tables.column_piles)
        self.n_columns = len(tables.column_piles)
        self.has_limits = tables.has_limits
        self.take_all = tables.places_take_all
        self.carries = self._bytes(tables.carries)
        self.stock = tables.stock
        self.waste = tables.waste
        self.stock_targets = self._int_array(tables.stock_targets)
        self.n_targets = len(tables.stock_targets)
        self.stock_rounds = self._int_array(tables.stock_rounds)
        self.n_rounds = len(tables.stock_rounds)
        self.stock_last = self._int_array(tables.stock_last)
        self.n_last = len(tables.stock_last)
        self.needs_filled = tables.stock_needs_filled
        self.room = tables.stock_room
        self.unit = self._int_array(tables.unit)
        self.empty_one = self._int_array(tables.empty_one)
        self.build_one = self._int_array(tables.build_one)
        self.way = self._int_array(tables.way)
        self.colour_by_rank = self._int_array(tables.colour_by_rank)
        self.draw = tables.draw
        self.redeals = tables.redeals
        self.commutes = tables.stock_commutes
        self.win_piles = self._int_array(tables.win_piles)
        self.n_win = len(tables.win_piles)
        self.is_win = <uint8_t *>self._alloc(P)
        for p in tables.win_piles:
            self.is_win[p] = 1
        self.top_only = self._bytes(bytes(tables.top_only))
        self.prefer = <uint64_t *>self._alloc(NCARDS * sizeof(uint64_t))
        for c in range(NCARDS):
            self.prefer[c] = tables.prefer_mask[c]
        self.has_prefer = any(tables.prefer_mask)
        self.discard_ok = self._bytes(tables.discard_ok)
        self.discard = tables.discard_pile
        self.full_piles = self._int_array(tables.full_piles)
        self.n_full = len(tables.full_piles)
        self.left_count = tables.left_count
        self.n_parts = tables.left_parts
        self.left_part = self._int_array(tables.left_part)
        self.part_size = self._ints(self.n_parts)
        self.stacks = self._int_array(tables.stacks)
        self.n_stacks = len(tables.stacks)
        self.rooms = self._int_array(tables.rooms)
        self.n_rooms = len(tables.rooms)
        self.hcells = self._int_array(tables.cells)
        self.n_hcells = len(tables.cells)
        self.cell_layout = self.n_hcells > 0 and self.left_count < 0
        self.autoplay = tables.autoplay
        self.needs_start = self._ints(NCARDS + 1)
        self.needs = <uint8_t *>self._alloc(NCARDS * NCARDS + 1)
        i = 0
        for c in range(NCARDS):
            self.needs_start[c] = i
            if self.autoplay:
                for other in tables.safe_needs[c]:
                    self.needs[i] = other
                    i += 1
        self.needs_start[NCARDS] = i
        self.foundations = self._int_array(tables.foundations)
        self.n_foundations = len(tables.foundations)
        self.auto_sources = self._int_array(tables.autoplay_sources)
        self.n_auto_sources = len(tables.autoplay_sources)
        self._init_lanes(tables)
        self._init_shuffle(tables, shuffle_orders)
        self.only_when_empty = self._int_array(tables.only_when_empty)
        self.gate_first = self._int_array(tables.gate_first)
        self.term_kind = self._int_array(tables.term_kind)
        self.term_start = self._int_array(tables.term_start)
        self.term_stop = self._int_array(tables.term_stop)
        self.takes_gate = self._int_array(tables.takes_gate)
        self.gives_gate = self._int_array(tables.gives_gate)
        self.takes_by_place = self._int_array(tables.takes_by_place)
        self.partner_of = self._int_array(tables.partner_of)
        self.unless_gate = self._int_array(tables.unless_gate)
        self.has_partners = any(x >= 0 for x in tables.partner_of)
        self.stock_gate = tables.stock_gate
        self.has_gives_gate = any(gate >= 0 for gate in tables.gives_gate)
        self.empty_from_first = self._int_array(tables.empty_from_first)
        self.empty_from_list = self._int_array(tables.empty_from_list)
        self._init_rows(tables)
        self._init_home_bound(tables)
        self._init_keys()
        self.undo_cap = 1024
        self.undo = <Undo *>grow(NULL, self.undo_cap * sizeof(Undo))
        self.off_n = self._ints(NCARDS)
        self.off_src = <int16_t *>self._alloc(NCARDS * MOST_COPIES * sizeof(int16_t))
        self.off_cnt = <int16_t *>self._alloc(NCARDS * MOST_COPIES * sizeof(int16_t))
        self.runs_src = self._ints(P)
        self.runs_len = self._ints(P)
        self.scratch_cap = P * (self.total + 1) + 8 + self._action_room()
        self.scratch = <Move *>self._alloc(self.scratch_cap * sizeof(Move))
        self.listed = <Listed *>self._alloc(self.scratch_cap * sizeof(Listed))
        self.tally_ph = <uint64_t *>self._alloc(self.P * sizeof(uint64_t))
        self.tally_dis = self._ints(self.P)
        self.found_memo = not any(tables.top_only[f] for f in tables.foundations)
        self.found_key = 0
        self.found_counted = 0
        self.cell_found = 0
        self.cell_ph = <uint64_t *>self._alloc(self.P * sizeof(uint64_t))
        self.cell_hid = self._ints(self.P)
        self.cell_fk = <uint64_t *>self._alloc(self.P * sizeof(uint64_t))
        self.cell_under = self._ints(self.P)
        self.cell_above = self._ints(self.P)
        for i in range(self.P):
            self.cell_hid[i] = -1  # nothing counted yet
            self.cell_fk[i] = 0
        self.is_found = self._bytes(bytes(int(p in tables.foundations) for p in range(P)))
        self.is_auto_source = self._bytes(bytes(int(p in tables.autoplay_sources) for p in range(P)))
        self.safe_local = self._safe_local()
        self.load(piles, hidden, redeals_used, uses, shown)

    # ------------------------------------------------------------ lanes and follows (KK-2, KK-4)
    cdef void _init_lanes(self, tables) except *:
        self.lane_first = self._int_array(tables.lane_first)
        self.lane_stop = self._int_array(tables.lane_stop)
        self.lane_cells = self._int_array(tables.lane_cells)
        self.lane_busy = self._ints(len(tables.lane_stop))
        lies_in = [[] for _p in range(self.P)]
        start = 0
        for lane, stop in enumerate(tables.lane_stop):
            for i in range(start, stop):
                lies_in[tables.lane_cells[i]].append(lane)
            start = stop
        self.within_first = self._int_array([sum(map(len, lies_in[:p])) for p in range(self.P + 1)])
        self.within = self._int_array([lane for lanes in lies_in for lane in lanes])
        self.follows = self._int_array(tables.follows)
        self.follows_per_suit = self._int_array(tables.follows_per_suit)
        self.not_autoplayed = self._bytes(tables.not_autoplayed)
        laned = [p for p in range(self.P) if tables.lane_first[p] != tables.lane_first[p + 1]]
        self.laned = self._int_array(laned)
        self.n_laned = len(laned)
        self.uncover_first = self._int_array(tables.uncover_first)
        self.uncover_list = self._int_array(tables.uncover_list) if tables.uncover_list else NULL

    cdef inline bint _is_free(self, int p) noexcept nogil:
        """`cover.is_free`: no lanes, or one of them all empty (an edge's lane has no cells)."""
        cdef int lane = self.lane_first[p], stop = self.lane_first[p + 1]
        if lane == stop:
            return True
        while lane < stop:
            if not self.lane_busy[lane]:
                return True
            lane += 1
        return False

    cdef int _uncover(self, int p) except -1:
        """`cover.turn_up_uncovered` after ``p`` was emptied: the face-down top card of each pile
        it lay on that is free now turns up; those piles, then their count, onto the side stack."""
        cdef int i, q, turned = 0
        if self.uncover_first[p] == self.uncover_first[p + 1]:
            return 0
        self._side_room(2 * (self.uncover_first[p + 1] - self.uncover_first[p]) + 2)
        for i in range(self.uncover_first[p], self.uncover_first[p + 1]):
            q = self.uncover_list[i]
            if self.size[q] and self.hidden[q] == self.size[q] and self._is_free(q):
                self._unkey(q)
                self._set_hidden(q, self.size[q] - 1)
                self._rekey(q)
                self._side_put(q)
                turned += 1
        self._side_put(turned)
        return 0

    cdef void _cover_again(self, int p) noexcept nogil:
        """Undo `_uncover` of the still empty ``p`` (`cover.hide_again`)."""
        cdef int k, q
        if self.uncover_first[p] == self.uncover_first[p + 1]:
            return
        for k in range(self._side_take()):
            q = self._side_take()
            self._unkey(q)
            self._set_hidden(q, self.hidden[q] + 1)
            self._rekey(q)

    cdef inline void _lanes_busy(self, int p, int by) noexcept nogil:
        """Pile p became non-empty (by 1) or empty (by -1): so did one cell of each lane it lies in."""
        cdef int i
        for i in range(self.within_first[p], self.within_first[p + 1]):
            self.lane_busy[self.within[i]] += by

    cdef inline int _started(self, int g, int suit) noexcept nogil:
        """`actions.started`: the non-empty piles of g (whose bottom card has ``suit``; -1: any)."""
        cdef int p, count = 0
        for p in range(self.gfirst[g], self.gstop[g]):
            if self.size[p] and (suit < 0 or self.cards[p * self.cap] % 4 == suit):
                count += 1
        return count

    cdef inline bint _may_start(self, int g, int card) noexcept nogil:
        """`actions.may_start` (KK-4): always, unless g follows a group with no more started piles."""
        cdef int leader = self.follows[g]
        cdef int suit = card % 4 if self.follows_per_suit[g] else -1
        if leader < 0:
            return True
        return self._started(g, suit) < self._started(leader, suit)

    # ------------------------------------------------------------ the home bound (docs/solver.md)
    cdef void _init_home_bound(self, tables) except *:
        cdef int g
        self.hb_on = tables.home_bound
        if not self.hb_on:
            return
        self.hb_lanes = len(tables.lane_stop)
        self.hb_win_group = <uint8_t *>self._alloc(self.G)
        for p in tables.win_piles:
            self.hb_win_group[self.pile_group[p]] = 1
        self.hb_height = <uint8_t *>self._alloc(self.G * NCARDS)
        self.hb_started = <uint8_t *>self._alloc(self.G * 5)
        self.hb_empty = <uint8_t *>self._alloc(self.G)
        self.hb_depth = self._ints(self.P)
        self.hb_busy = self._ints(self.hb_lanes + 1)
        self.hb_card = self._ints(self.total + 1)
        self.hb_src = self._ints(self.total + 1)
        self.hb_placed = <uint8_t *>self._alloc(self.total + 1)

    cdef inline int _hb_reach(self, int g, int card) noexcept nogil:
        """The least height ``card`` may top a pile of win group g at in the relaxation (255: none):
        1 on an empty pile whose `empty` takes it (with `follows`, once the leader may have a pile
        of its suit), else one above a card that may top a pile of g and that it `fits_on`,
        within `max_cards`."""
        cdef int best = 255, h, at, most = self.max_cards[g], leader = self.follows[g]
        if self.hb_empty[g] and self.takes_empty[g] and self.empty_ok[g * NCARDS + card] and (
                leader < 0 or self.hb_started[leader * 5 + (card % 4 if self.follows_per_suit[g] else 4)]):
            return 1
        for h in range(NCARDS):
            at = self.hb_height[g * NCARDS + h]
            if at + 1 < best and (not most or at < most) and self.fits[g * SQUARE + h * NCARDS + card]:
                best = at + 1
        return best

    cdef bint _home_bound(self) noexcept nogil:
        """True when no line from here can win, by a relaxation every winning line is a line of
        (`prune.home_bound` says where it holds): the stock's and waste's cards are all at hand
        at once; the other piles give up their top card, when a lane frees it (KK-2), to a win
        group that takes from them and where it may land; a win group takes a card onto any card
        that may top one of its piles (`_hb_reach`). Cards are faces: a copy placed does not use
        up a place. Every move only adds to what may land and what is free, so playing all that
        can be played, in any order, reaches the one greatest position; when a card is still in
        the layout there, or a card at hand can land nowhere, the real game cannot place it
        either. False when it does not apply (face-down cards outside the stock)."""
        cdef int p, g, c, i, lane, n = 0, height, size
        cdef bint changed = True, free
        if not self.hb_on:
            return False
        memset(self.hb_height, 255, self.G * NCARDS)
        memset(self.hb_started, 0, self.G * 5)
        memset(self.hb_empty, 0, self.G)
        for lane in range(self.hb_lanes):
            self.hb_busy[lane] = self.lane_busy[lane]
        for p in range(self.P):
            size = self.size[p]
            self.hb_depth[p] = 0
            if self.is_win[p]:
                g = self.pile_group[p]
                if not size:
                    self.hb_empty[g] = 1
                    continue
                c = self.cards[p * self.cap + size - 1]
                if size < self.hb_height[g * NCARDS + c]:
                    self.hb_height[g * NCARDS + c] = size
                self.hb_started[g * 5 + self.cards[p * self.cap] % 4] = 1
                self.hb_started[g * 5 + 4] = 1
            elif p == self.stock or p == self.waste:
                for i in range(size):
                    self.hb_card[n] = self.cards[p * self.cap + i]
                    self.hb_src[n] = self.waste if self.waste >= 0 else p
                    self.hb_placed[n] = 0
                    n += 1
            else:
                if self.hidden[p]:
                    return False
                self.hb_depth[p] = size
        while changed:
            changed = False
            for i in range(n):  # the cards at hand, onto every win group that takes from their pile
                c = self.hb_card[i]
                for g in range(self.G):
                    if not self.hb_win_group[g] or not self.takes_from[g * self.P + self.hb_src[i]]:
                        continue
                    height = self._hb_reach(g, c)
                    if height < self.hb_height[g * NCARDS + c]:
                        self.hb_height[g * NCARDS + c] = height
                        if height == 1:
                            self.hb_started[g * 5 + c % 4] = 1
                            self.hb_started[g * 5 + 4] = 1
                        changed = True
                    if height < 255:
                        self.hb_placed[i] = 1
            for p in range(self.P):  # the layout's free tops that may land
                if not self.hb_depth[p]:
                    continue
                free = self.lane_first[p] == self.lane_first[p + 1]
                for lane in range(self.lane_first[p], self.lane_first[p + 1]):
                    if not self.hb_busy[lane]:
                        free = True
                        break
                if not free:
                    continue
                c = self.cards[p * self.cap + self.hb_depth[p] - 1]
                for g in range(self.G):
                    if self.hb_win_group[g] and self.takes_from[g * self.P + p] and self._hb_reach(g, c) < 255:
                        break
                else:
                    continue
                self.hb_depth[p] -= 1
                if not self.hb_depth[p]:
                    for i in range(self.within_first[p], self.within_first[p + 1]):
                        self.hb_busy[self.within[i]] -= 1
                self.hb_card[n] = c
                self.hb_src[n] = p
                self.hb_placed[n] = 0
                n += 1
                changed = True
        for p in range(self.P):
            if self.hb_depth[p]:
                return True
        for i in range(n):
            if not self.hb_placed[i]:
                return True
        return False

    def home_bound(self):
        """Whether `_home_bound` proves this position lost (for the tests)."""
        return bool(self._home_bound())

    # ------------------------------------------------------------ memory
    cdef void *_alloc(self, size_t n) except NULL:
        cdef void *block = malloc(n if n else 1)
        if block == NULL:
            raise MemoryError()
        memset(block, 0, n if n else 1)
        self._owned.append(<size_t>block)
        return block

    cdef int *_ints(self, int n) except NULL:
        return <int *>self._alloc(n * sizeof(int))

    cdef int *_int_array(self, values) except NULL:
        cdef int *out = self._ints(len(values))
        cdef int i
        for i, v in enumerate(values):
            out[i] = v
        return out

    cdef uint8_t *_bytes(self, bytes values) except NULL:
        cdef uint8_t *out = <uint8_t *>self._alloc(len(values))
        cdef int i
        cdef const unsigned char[:] view = values
        for i in range(len(values)):
            out[i] = view[i]
        return out

    def __dealloc__(self):
        if self._owned is not None:
            for block in self._owned:
                free(<void *><size_t>block)
        free(self.undo)
        free(self.table)
        map_free(&self.seen)
        map_free(&self.dead)
        free(self.open_keys)
        self._bf_free()
        free(self.side)

    # ------------------------------------------------------------ keys
    cdef void _init_keys(self) except *:
        cdef int i, p
        cdef uint64_t seed = 0x9E3779B97F4A7C15ULL
        n = self.cap * NCARDS
        self.zob0 = <uint64_t *>self._alloc(n * sizeof(uint64_t))
        self.zob1 = <uint64_t *>self._alloc(n * sizeof(uint64_t))
        self.zhid0 = <uint64_t *>self._alloc((self.cap + 1) * sizeof(uint64_t))
        self.zhid1 = <uint64_t *>self._alloc((self.cap + 1) * sizeof(uint64_t))
        self.salt0 = <uint64_t *>self._alloc((self.P + 1) * sizeof(uint64_t))
        self.salt1 = <uint64_t *>self._alloc((self.P + 1) * sizeof(uint64_t))
        self.ph0 = <uint64_t *>self._alloc(self.P * sizeof(uint64_t))
        self.ph1 = <uint64_t *>self._alloc(self.P * sizeof(uint64_t))
        for i in range(n):
            seed += 0x9E3779B97F4A7C15ULL
            self.zob0[i] = mix0(seed)
            self.zob1[i] = mix1(seed ^ 0x5555555555555555ULL)
        for i in range(self.cap + 1):
            seed += 0x9E3779B97F4A7C15ULL
            self.zhid0[i] = mix0(seed)
            self.zhid1[i] = mix1(seed ^ 0x5555555555555555ULL)
        # The piles of a sortable group share one salt, so their sum does not see their order;
        # another pile gets a salt of its own. The last salt is the redeals counter's.
        for p in range(self.P + 1):
            seed += 0x9E3779B97F4A7C15ULL
            self.salt0[p] = mix0(seed)
            self.salt1[p] = mix1(seed ^ 0x5555555555555555ULL)
        for p in range(self.P):
            g = self.pile_group[p]
            if self.sortable[g]:
                self.salt0[p] = self.salt0[self.gfirst[g]]
                self.salt1[p] = self.salt1[self.gfirst[g]]

    cdef inline void _unkey(self, int p) noexcept nogil:
        self.k0 -= mix0(self.ph0[p] + self.salt0[p])
        self.k1 -= mix1(self.ph1[p] + self.salt1[p])

    cdef inline void _rekey(self, int p) noexcept nogil:
        self.k0 += mix0(self.ph0[p] + self.salt0[p])
        self.k1 += mix1(self.ph1[p] + self.salt1[p])

    cdef inline void _redeals_key(self, int sign) noexcept nogil:
        if self.stock >= 0 and self.redeals >= 0:
            if sign > 0:
                self.k0 += mix0(<uint64_t>self.redeals_used + self.salt0[self.P])
                self.k1 += mix1(<uint64_t>self.redeals_used + self.salt1[self.P])
            else:
                self.k0 -= mix0(<uint64_t>self.redeals_used + self.salt0[self.P])
                self.k1 -= mix1(<uint64_t>self.redeals_used + self.salt1[self.P])

    cdef inline void _put(self, int p, uint8_t card) noexcept nogil:
        """Put a card on pile p (its key contribution taken out by the caller)."""
        cdef int at = self.size[p]
        cdef uint8_t below
        self.cards[p * self.cap + at] = card
        if self.top_only[p]:  # the new top replaces the old in the key, each as if at place 0
            if at:
                below = self.cards[p * self.cap + at - 1]
                self.ph0[p] -= self.zob0[below]
                self.ph1[p] -= self.zob1[below]
            at = 0
        self.ph0[p] += self.zob0[at * NCARDS + card]
        self.ph1[p] += self.zob1[at * NCARDS + card]
        self.size[p] += 1
        if self.size[p] == 1 and self.within_first[p] != self.within_first[p + 1]:
            self._lanes_busy(p, 1)  # KK-2

    cdef inline uint8_t _take(self, int p) noexcept nogil:
        cdef int at = self.size[p] - 1
        cdef uint8_t card = self.cards[p * self.cap + at], below
        self.size[p] = at
        if not at and self.within_first[p] != self.within_first[p + 1]:
            self._lanes_busy(p, -1)  # KK-2
        if self.top_only[p]:  # the card below, still stored, is the top the key reads now
            self.ph0[p] -= self.zob0[card]
            self.ph1[p] -= self.zob1[card]
            if at:
                below = self.cards[p * self.cap + at - 1]
                self.ph0[p] += self.zob0[below]
                self.ph1[p] += self.zob1[below]
            return card
        self.ph0[p] -= self.zob0[at * NCARDS + card]
        self.ph1[p] -= self.zob1[at * NCARDS + card]
        return card

    cdef inline void _set_hidden(self, int p, int h) noexcept nogil:
        self.ph0[p] += self.zhid0[h] - self.zhid0[self.hidden[p]]
        self.ph1[p] += self.zhid1[h] - self.zhid1[self.hidden[p]]
        self.hidden[p] = h

    def load(self, piles, hidden, int redeals_used=0, uses=(), shown=None):
        """Stand at a position: per pile its cards (bottom first) and face-down count; per action
        its uses left (`State.uses_left`); per pile the face-up cards under its face-down ones
        (`State.shown`, engine/faces.py), none when not given. Like the engine's, a pile's mask
        changes in no move: only its bits below the pile's face-down count mean anything, and
        those cards lie as they were dealt."""
        cdef int p
        self.k0 = self.k1 = 0
        self.redeals_used = redeals_used
        self.n_undo = 0
        self.n_side = 0
        if len(uses) != self.n_actions:
            raise ValueError(f"{self.n_actions} action uses expected, {len(uses)} given")
        for p in range(self.n_actions):
            self.uses[p] = uses[p]
            self._uses_key(p, 1)
        for p in range(self.lane_first[self.P]):
            self.lane_busy[p] = 0
        for p in range(self.P):
            self.size[p] = 0
            self.hidden[p] = 0
            self.shown[p] = 0
            if shown is not None and shown[p]:
                if hidden[p] > 64:
                    raise ValueError("faces kept for at most 64 cards under a face-down one")
                self.shown[p] = <uint64_t>(shown[p] & ((1 << hidden[p]) - 1))
            self.ph0[p] = self.zhid0[0]
            self.ph1[p] = self.zhid1[0]
            if len(piles[p]) > self.cap:
                raise ValueError("a pile holds more cards than the pack")
            for card in piles[p]:
                self._put(p, card)
            self._set_hidden(p, hidden[p])
            self._rekey(p)
        self._redeals_key(1)

    def key(self):
        return (self.k0, self.k1)

    def piles(self):
        return [[self.cards[p * self.cap + i] for i in range(self.size[p])] for p in range(self.P)]

    def uses_left(self):
        """Per action its uses left, as `State.uses_left`."""
        return tuple(self.uses[p] for p in range(self.n_actions))

    def hidden_counts(self):
        return [self.hidden[p] for p in range(self.P)]

    @property
    def redeals(self):
        return self.redeals_used

    @property
    def table_use(self):
        """(positions stored, bytes of the table) of the last search's last depth-first run."""
        return self.use[0], self.use[1]

    @property
    def dead_use(self):
        """(positions, bytes) of the last search's dead table: the positions its depth-first runs
        proved to lead to no win, kept from run to run within that search and dropped after it
        (`_run`)."""
        return self.use[2], self.use[3]

    # ------------------------------------------------------------ moves
    cdef inline int _way_now(self, int g, int dst) noexcept nogil:
        """`Group.way_now`: the rank step (mod 13) cards take on pile ``dst`` now: 1 up, 12
        down, 0 while free; the group's first pile of two cards, or the pile's own first two."""
        cdef int p, first = self.gfirst[g], stop = self.gstop[g]
        if self.way[g] == 2:
            first, stop = dst, dst + 1
        for p in range(first, stop):
            if self.size[p] >= 2:
                return (self.rank[self.cards[p * self.cap + 1]] - self.rank[self.cards[p * self.cap]] + 13) % 13
        return 0

    cdef inline bint _colour_ok(self, int g, int card) noexcept nogil:
        """`refill.colour_table`: an empty pile of ``g`` takes ``card`` in the colour its rank has:
        the first started pile's bottom card keeps its rank to its colour, the other ranks the other."""
        cdef int p, bottom
        for p in range(self.gfirst[g], self.gstop[g]):
            if self.size[p]:
                bottom = self.cards[p * self.cap]
                return ((card % 4 == 1 or card % 4 == 2) == (bottom % 4 == 1 or bottom % 4 == 2)) == (
                    self.rank[card] == self.rank[bottom])
        return True

    cdef inline bint _card_ok(self, int dst, int card) noexcept nogil:
        """`Group.takes_card`: `takes_when`'s suit of the pile, on a started pile the way the
        group or pile goes, and a rank already on the pile `rank_in` reads."""
        cdef int f = self.rank_from[dst], i, rank = self.rank[card], g = self.pile_group[dst], way
        if self.pile_suit[dst] >= 0 and card % 4 != self.pile_suit[dst]:
            return False
        if self.way[g] and self.size[dst]:
            way = self._way_now(g, dst)
            if way and (rank - self.rank[self.cards[dst * self.cap + self.size[dst] - 1]] + 13) % 13 != way:
                return False
        if f < 0 or not self.size[dst]:
            return True
        for i in range(self.size[f]):
            if self.rank[self.cards[f * self.cap + i]] == rank:
                return True
        return False

    cdef inline bint _several_ok(self, int src, int n, int dst, int g, int target_size, bint to_column,
                                 int free_cells, int empty_columns) noexcept nogil:
        """`Board._several_ok`: room, the target's run rule, FC-5's limit."""
        cdef int sg = self.pile_group[src]
        cdef int i, base, columns, kind
        cdef int64_t limit
        if self.max_cards[g] and target_size + n > self.max_cards[g]:
            return False
        if not (sg == g or (self.build_id[sg] == self.build_id[g] and self.move_kind[sg] != MOVE_ANY)):
            base = src * self.cap
            for i in range(self.size[src] - n + 1, self.size[src]):
                if not self.run_ok[g * SQUARE + self.cards[base + i - 1] * NCARDS + self.cards[base + i]]:
                    return False
        kind = self.run_limit[sg]
        if not kind:
            return True
        if not self.take_all:
            free_cells = self._carrying(self.cell_piles, self.n_cells, src, n, dst)
            empty_columns = self._carrying(self.column_piles, self.n_columns, src, n, dst)
            to_column = False  # the target is not among them
        columns = empty_columns - 1 if to_column else empty_columns
        if kind == LIMIT_SUPERMOVE:
            if columns > 40:
                return True
            limit = (<int64_t>free_cells + 1) << columns
        else:
            limit = free_cells + columns + 1
        return n <= limit

    cdef int _carrying(self, int *places, int n_places, int src, int n, int dst) noexcept nogil:
        """`Board._carrying_places` for one kind of place: the empty ones, the target aside, that
        every card of the run but the lowest could enter from the source and leave for the target."""
        cdef int i, p, pg, t, count = 0
        cdef int G = self.G
        cdef int sg = self.pile_group[src], tg = self.pile_group[dst]
        cdef int top = self.size[src]
        cdef uint8_t *pile = self.cards + src * self.cap
        for i in range(n_places):
            p = places[i]
            if self.size[p] or p == dst:
                continue
            pg = self.pile_group[p]
            if not self.takes_empty[pg] or not self.carries[(pg * G + sg) * G + tg]:
                continue
            for t in range(top - n + 1, top):
                if not self.empty_ok[pg * NCARDS + pile[t]]:
                    break
            else:
                count += 1
        return count

    cdef inline int _base_rank(self, int g) noexcept nogil:
        """`refill.base_rank` for a group with `empty: base`: the rank of the bottom card of the
        first started pile of its `base_of` group (itself by default), moved by the offset and
        turning the corner; 0 while none is started (the group's `empty` table holds then)."""
        cdef int p, source = self.base_from[g]
        for p in range(self.gfirst[source], self.gstop[source]):
            if self.size[p]:
                return (self.rank[self.cards[p * self.cap]] - 1 + self.base_offset[g] + 13) % 13 + 1
        return 0

    cdef inline bint _feeds(self, int g, int src, int dst) noexcept nogil:
        """`Group.feeds`: a partner pile feeds only the pile of ``g`` at its place, unless the
        group's `unless` gate holds."""
        cdef int wanted = self.partner_of[g * self.P + src]
        return wanted < 0 or wanted == dst or (self.unless_gate[g] >= 0 and self._gate_holds(self.unless_gate[g], 0))

    cdef bint _gate_holds(self, int gate, int place) noexcept nogil:
        """`gates.holds`: every term of the gate holds (-1: no gate). A term is ALL_EMPTY (0:
        every pile of it empty, `stock: empty`), ANY_CARD (1: a card on one of them, `started`)
        or PLACE_EMPTY (2: its pile at ``place``, the place of the pile the rule is about in its
        group, is empty: `cleared`)."""
        cdef int t, p
        cdef bint card
        if gate < 0:
            return True
        for t in range(self.gate_first[gate], self.gate_first[gate + 1]):
            if self.term_kind[t] == 2:
                if self.size[self.term_start[t] + place % (self.term_stop[t] - self.term_start[t])]:
                    return False
                continue
            card = False
            for p in range(self.term_start[t], self.term_stop[t]):
                if self.size[p]:
                    card = True
                    break
            if card == (self.term_kind[t] == 0):
                return False
        return True

    cdef int _empty_source(self, int g) noexcept nogil:
        """`takes.empty_source`: the group an empty pile of group g takes cards from now, the first
        of its `empty_from` with a card (-2: none has one), or -1 when it has no `empty_from`."""
        cdef int i, source, p
        if self.empty_from_first[g] == self.empty_from_first[g + 1]:
            return -1
        for i in range(self.empty_from_first[g], self.empty_from_first[g + 1]):
            source = self.empty_from_list[i]
            for p in range(self.gfirst[source], self.gstop[source]):
                if self.size[p]:
                    return source
        return -2

    cdef int _list(self, Move *out, bint swaps) noexcept nogil:
        """`Game.legal_moves(actions=False)`, in its order; returns how many. Without ``swaps``
        the swaps are left out: the searches list them apart, later (`_list_swaps`, "The swap
        waits" in docs/solver.md)."""
        cdef int i, k, src, dst, g, top, low, lowest, run, n, card, count = 0, nruns = 0
        cdef int free_cells = 0, empty_columns = 0, first_empty_done, size, mc, start, base
        cdef int whole, efrom
        cdef int m, entries, j, gap
        cdef uint64_t empty_groups = 0
        cdef uint8_t *pile
        cdef uint8_t *ok
        cdef int16_t e_src[NCARDS * MOST_COPIES]
        cdef int16_t e_n[NCARDS * MOST_COPIES]
        for card in range(NCARDS):
            self.off_n[card] = 0
        for i in range(self.n_movable):
            src = self.movable[i]
            top = self.size[src] - 1
            if top < self.hidden[src]:
                continue
            if not self._is_free(src):
                continue  # KK-2: no clear lane from either short end
            if self.has_gives_gate and not self._gate_holds(self.gives_gate[self.pile_group[src]],
                                                            src - self.gfirst[self.pile_group[src]]):
                continue  # gives_when
            pile = self.cards + src * self.cap
            if self.move_kind[self.pile_group[src]] == 1:
                run = 1
            elif self.move_kind[self.pile_group[src]] == MOVE_ALONE:
                if top:
                    continue  # PA-4: cards lie on it, so it is not free
                run = 1
            elif self.move_kind[self.pile_group[src]] == MOVE_ANY:
                run = top - self.hidden[src] + 1  # `movable_run`: every face-up card with those above it
            else:
                ok = self.run_ok + self.pile_group[src] * SQUARE
                low = top
                lowest = self.hidden[src]
                while low > lowest and ok[pile[low - 1] * NCARDS + pile[low]]:
                    low -= 1
                run = top - low + 1
            self.runs_src[nruns] = src
            self.runs_len[nruns] = run
            nruns += 1
            for n in range(1, run + 1):
                if 1 < n < run and self.move_kind[self.pile_group[src]] == MOVE_TOP_OR_RUN:
                    continue  # top-or-run: the top card, or the whole run
                card = pile[top - n + 1]
                k = self.off_n[card]
                if k < MOST_COPIES:
                    self.off_src[card * MOST_COPIES + k] = src
                    self.off_cnt[card * MOST_COPIES + k] = n
                    self.off_n[card] = k + 1
        if self.has_limits:
            for i in range(self.n_cells):
                if not self.size[self.cell_piles[i]]:
                    free_cells += 1
            for i in range(self.n_columns):
                if not self.size[self.column_piles[i]]:
                    empty_columns += 1
        if self.has_prefer:  # PA-3: the groups with an empty pile
            for i in range(self.P):
                if not self.size[i]:
                    empty_groups |= (<uint64_t>1) << self.pile_group[i]
        for g in range(self.G):
            if not self.takes_by_place[g] and not self._gate_holds(self.takes_gate[g], 0):
                continue  # takes_when: {stock: empty, started}
            mc = self.max_cards[g]
            first_empty_done = 0
            base = self._base_rank(g) if self.base_empty[g] else 0
            for dst in range(self.gfirst[g], self.gstop[g]):
                if self.takes_by_place[g] and not self._gate_holds(self.takes_gate[g], dst - self.gfirst[g]):
                    continue  # takes_when: {cleared}, pile by pile
                size = self.size[dst]
                if size:
                    if (mc and size >= mc) or self.only_when_empty[g]:
                        continue  # full, or takes_when: {pile: empty}
                    pile = self.cards + dst * self.cap
                    if self.has_base_ok[g] and not self.base_ok[g * NCARDS + pile[0]]:
                        continue
                    top = pile[size - 1]
                    start = g * SQUARE + top * NCARDS
                    for j in range(self.fits_n[g * NCARDS + top]):
                        card = self.fits_list[start + j]
                        if self.card_rules and not self._card_ok(dst, card):
                            continue  # takes_when: {suits, rank_in}
                        for k in range(self.off_n[card]):
                            src = self.off_src[card * MOST_COPIES + k]
                            n = self.off_cnt[card * MOST_COPIES + k]
                            if src == dst or not self.takes_from[g * self.P + src]:
                                continue
                            if self.has_partners and not self._feeds(g, src, dst):
                                continue  # takes_when: {partners}
                            if self.unit[g] and n != self.unit[g]:
                                continue
                            if n > 1 and self.build_one[g]:
                                continue  # build_takes: one
                            if n > 1 and not self._several_ok(src, n, dst, g, size, False, free_cells, empty_columns):
                                continue
                            out[count].src = src
                            out[count].dst = dst
                            out[count].n = n
                            count += 1
                elif self.takes_empty[g] and not first_empty_done:
                    first_empty_done = self.sortable[g]
                    entries = 0
                    efrom = self._empty_source(g)  # empty_from: the first listed group with a card
                    gap = self.left_of[dst]
                    if gap >= 0:  # `empty_builds_on: left` (Gaps): one card that builds on the cell before
                        if not self.size[gap]:
                            continue
                        top = self.cards[gap * self.cap + self.size[gap] - 1]
                        start = g * SQUARE + top * NCARDS
                        for j in range(self.fits_n[g * NCARDS + top]):
                            card = self.fits_list[start + j]
                            for k in range(self.off_n[card]):
                                src = self.off_src[card * MOST_COPIES + k]
                                if self.off_cnt[card * MOST_COPIES + k] != 1 or src == dst or not self.takes_from[g * self.P + src]:
                                    continue
                                m = entries  # sorted by source, as the engine sorts them
                                while m > 0 and e_src[m - 1] > src:
                                    e_src[m] = e_src[m - 1]
                                    e_n[m] = e_n[m - 1]
                                    m -= 1
                                e_src[m] = src
                                e_n[m] = 1
                                entries += 1
                    elif self.starters_n[g] >= FEW_STARTERS:
                        for i in range(nruns):
                            src = self.runs_src[i]
                            if src == dst or not self.takes_from[g * self.P + src]:
                                continue
                            run = self.runs_len[i]
                            whole = run if self.move_kind[self.pile_group[src]] == MOVE_TOP_OR_RUN else 0
                            if mc and mc < run:
                                run = mc
                            for n in range(1, run + 1):
                                if whole and 1 < n < whole:
                                    continue  # top-or-run: the top card, or the whole run
                                e_src[entries] = src
                                e_n[entries] = n
                                entries += 1
                    else:
                        for j in range(self.starters_n[g]):
                            card = self.starters[g * NCARDS + j]
                            for k in range(self.off_n[card]):
                                src = self.off_src[card * MOST_COPIES + k]
                                n = self.off_cnt[card * MOST_COPIES + k]
                                if src == dst or not self.takes_from[g * self.P + src] or (mc and n > mc):
                                    continue
                                # sorted by (source, count), as the engine sorts them
                                m = entries
                                while m > 0 and (e_src[m - 1] > src or (e_src[m - 1] == src and e_n[m - 1] > n)):
                                    e_src[m] = e_src[m - 1]
                                    e_n[m] = e_n[m - 1]
                                    m -= 1
                                e_src[m] = src
                                e_n[m] = n
                                entries += 1
                    for i in range(entries):
                        src = e_src[i]
                        n = e_n[i]
                        if efrom != -1 and self.pile_group[src] != efrom:
                            continue  # empty_from: not the group that fills spaces now
                        card = self.cards[src * self.cap + self.size[src] - n]
                        if gap >= 0:
                            pass  # it builds on the cell before: listed from that card's fits
                        elif base:
                            if self.rank[card] != base:
                                continue  # `empty: base`: a started pile set the rank
                        elif not self.empty_ok[g * NCARDS + card]:
                            continue
                        if self.colour_by_rank[g] and not self._colour_ok(g, card):
                            continue  # empty_colour: by-rank
                        if self.has_partners and not self._feeds(g, src, dst):
                            continue  # takes_when: {partners}
                        if self.card_rules and not self._card_ok(dst, card):
                            continue  # takes_when: {suits}
                        if self.unit[g] and n != self.unit[g]:
                            continue
                        if n > 1 and self.empty_one[g]:
                            continue  # empty_takes: one
                        if self.prefer[card] & ~((<uint64_t>1) << g) & (
                                empty_groups | (((<uint64_t>1) << self.pile_group[src]) if n == self.size[src] else 0)):
                            continue  # PA-3: another group takes it first: it has an empty pile, or the card lies alone in it
                        if self.follows[g] >= 0 and not self._may_start(g, card):
                            continue  # KK-4: a 5 only after an A of its suit
                        if n > 1 and not self._several_ok(src, n, dst, g, 0, self.is_column[dst], free_cells,
                                                          empty_columns):
                            continue
                        out[count].src = src
                        out[count].dst = dst
                        out[count].n = n
                        count += 1
        if self.has_reach:
            count += self._list_reach(out + count)  # whole piles by position, after the card moves
        count += self._list_removals(out + count)  # CZ-2: before the stock, as the engine lists them
        if self.stock >= 0 and self._gate_holds(self.stock_gate, 0):  # stock.when
            if self.size[self.stock] and self._may_deal():
                out[count].src = self.stock
                out[count].dst = DEAL
                out[count].n = 0
                count += 1
            elif self.waste >= 0 and self.size[self.waste] and (self.redeals < 0 or self.redeals_used < self.redeals):
                out[count].src = self.stock
                out[count].dst = REDEAL
                out[count].n = 0
                count += 1
        count += self._list_actions(out + count, swaps)  # the close-up, then the swaps
        return count

    cdef inline bint _may_deal(self) noexcept nogil:
        """`why_stock_illegal` for a deal from a stock that is not empty: none of its targets
        empty, where the ruleset asks it (Spider)."""
        cdef int i
        if self.needs_filled:
            for i in range(self.n_targets):
                if not self.size[self.stock_targets[i]]:
                    return False
        if self.room:  # not onto a full waste
            return self.size[self.waste] < self.room
        return True

    cdef int _deal_room(self, int src) noexcept nogil:
        """`Board._deal_each` onto a waste with max_cards (Calculation's hand): the turn stops
        when the waste is full. Returns the cards dealt."""
        cdef int i, done = 0
        self._unkey(src)
        self._unkey(self.waste)
        for i in range(self.draw):
            if not self.size[src] or self.size[self.waste] >= self.room:
                break
            self._put(self.waste, self._take(src))
            done += 1
        self._set_hidden(src, self.size[src])
        self._rekey(src)
        self._rekey(self.waste)
        return done

    cdef int _deal_out(self, int src) noexcept nogil:
        """`Board._deal_each` with PA-1's `discard` (no target with room: `tables.not_covered`):
        each card the deal turns goes onto its target, or out when of a discarded rank. Returns
        the cards dealt, with bit 8 + i set when the i-th went out."""
        cdef int i, turns = self.draw if self.waste >= 0 else self.n_targets, done = 0, pile
        cdef int went_out = 0
        self._unkey(src)
        self._unkey(self.discard)
        for i in range(self.n_targets):
            self._unkey(self.stock_targets[i])
        for i in range(turns):
            if not self.size[src]:
                break
            if self.discard_ok[self.cards[src * self.cap + self.size[src] - 1]]:
                pile = self.discard
                went_out |= 1 << i
            else:
                pile = self.waste if self.waste >= 0 else self.stock_targets[i]
            self._put(pile, self._take(src))
            done += 1
        self._set_hidden(src, self.size[src])
        self._rekey(src)
        self._rekey(self.discard)
        for i in range(self.n_targets):
            self._rekey(self.stock_targets[i])
        return done | (went_out << 8)

    cdef int _deal_piles(self, int src) noexcept nogil:
        """`Board._deal_from_stock` onto several piles: `draw` rounds of one card a pile, or,
        while the stock holds as many cards as `last_to` has piles, one onto each of those
        (`CompiledRules.deal_piles`), while the stock lasts. Returns the cards dealt."""
        cdef int *seq = self.stock_rounds
        cdef int n = self.n_rounds, i, dealt
        if self.n_last and self.size[src] == self.n_last:
            seq = self.stock_last
            n = self.n_last
        dealt = n if n < self.size[src] else self.size[src]
        self._unkey(src)
        for i in range(dealt):
            self._unkey(seq[i])
            self._put(seq[i], self._take(src))
            self._rekey(seq[i])
        self._set_hidden(src, self.size[src])
        self._rekey(src)
        return dealt

    cdef void _undeal_piles(self, int src, int dealt) noexcept nogil:
        """`_deal_piles` taken back, the last card first: the last deal when it emptied the
        stock of just `last_to`'s count (it is dealt exactly then)."""
        cdef int *seq = self.stock_rounds
        cdef int i
        if self.n_last and not self.size[src] and dealt == self.n_last:
            seq = self.stock_last
        self._unkey(src)
        for i in range(dealt - 1, -1, -1):
            self._unkey(seq[i])
            self._put(src, self._take(seq[i]))
            self._rekey(seq[i])
        self._set_hidden(src, self.size[src])
        self._rekey(src)

    cdef void _undeal_out(self, int src, int extra) noexcept nogil:
        """`_deal_out` taken back: each card from where it went, the last first."""
        cdef int i, pile
        self._unkey(src)
        self._unkey(self.discard)
        for i in range(self.n_targets):
            self._unkey(self.stock_targets[i])
        for i in range((extra & 0xFF) - 1, -1, -1):
            if extra & (1 << (8 + i)):
                pile = self.discard
            else:
                pile = self.waste if self.waste >= 0 else self.stock_targets[i]
            self._put(src, self._take(pile))
        self._set_hidden(src, self.size[src])
        self._rekey(src)
        self._rekey(self.discard)
        for i in range(self.n_targets):
            self._rekey(self.stock_targets[i])

    cdef int _undo_room(self) except -1:
        if self.n_undo >= self.undo_cap:
            self.undo = <Undo *>grow(self.undo, 2 * self.undo_cap * sizeof(Undo))
            self.undo_cap *= 2
        return 0

    cdef int _push(self, Move m) except -1:
        """`Game.push` for a covered ruleset. O(cards moved)."""
        cdef int src = m.src, dst = m.dst, n = m.n, i, dealt, extra = 0, s
        cdef uint8_t buf[256]
        self._undo_room()
        if dst <= SWAP:
            return self._push_action(m)
        if dst >= 0:
            self._unkey(src)
            self._unkey(dst)
            s = self.size[src]
            for i in range(n):
                buf[i] = self._take(src)
            for i in range(n - 1, -1, -1):
                self._put(dst, buf[i])
            s = self.size[src]
            if s and self.hidden[src] == s and self.turn_up[self.pile_group[src]]:
                i = s - 1
                while i and (self.shown[src] >> (i - 1)) & 1:
                    i -= 1  # face-up cards under it move again with it (engine/faces.py)
                self._set_hidden(src, i)
                extra = 1 if i == s - 1 else i - s  # -n: n cards left the bottom part
            self._rekey(src)
            self._rekey(dst)
            if not s:
                self._uncover(src)  # a shape's face-down cards it lay on (TriPeaks)
            if not s and self.fill_from[src] >= 0:
                extra = self._fill(src)
        elif dst == DEAL and self.discard >= 0:
            extra = self._deal_out(src)
        elif dst == DEAL and self.room:
            extra = self._deal_room(src)
        elif dst == DEAL and self.waste < 0:  # one card onto each target in turn, while the stock lasts
            extra = self._deal_piles(src)
        elif dst == DEAL:
            self._unkey(src)
            self._unkey(self.waste)
            dealt = self.draw if self.draw < self.size[src] else self.size[src]
            for i in range(dealt):
                self._put(self.waste, self._take(src))
            self._set_hidden(src, self.size[src])
            extra = dealt
            self._rekey(src)
            self._rekey(self.waste)
        else:  # REDEAL: the waste turned over onto the stock
            self._unkey(src)
            self._unkey(self.waste)
            self._redeals_key(-1)
            while self.size[self.waste]:
                self._put(src, self._take(self.waste))
            self._set_hidden(src, self.size[src])
            self.redeals_used += 1
            self._redeals_key(1)
            self._rekey(src)
            self._rekey(self.waste)
        self.undo[self.n_undo].src = src
        self.undo[self.n_undo].dst = dst
        self.undo[self.n_undo].n = n
        self.undo[self.n_undo].extra = extra
        self.n_undo += 1
        return 0

    cdef int _fill(self, int src) noexcept nogil:
        """`refill.push_fill`: the emptied ``src`` takes its fill pile's top card, face up; a fill
        pile this empties is refilled from its own in turn (Windmill: a reserve from the waste,
        the waste from the stock), each link's bits FILL_CHAIN higher. The bits of what was done.
        The stock's next card stays face down, as the engine keeps it."""
        cdef int f = self.fill_from[src], done = FILLED
        if not self.size[f]:
            return 0
        self._unkey(src)
        self._unkey(f)
        if self.hidden[f] == self.size[f]:
            self._set_hidden(f, self.hidden[f] - 1)
            done |= FILL_WAS_DOWN
        self._put(src, self._take(f))
        if self.size[f] and self.hidden[f] == self.size[f] and self.turn_up[self.pile_group[f]] and f != self.stock:
            self._set_hidden(f, self.hidden[f] - 1)
            done |= FILL_TURNED
        self._rekey(src)
        self._rekey(f)
        if not self.size[f] and self.fill_from[f] >= 0:
            done |= self._fill(f) << FILL_CHAIN
        return done

    cdef void _unfill(self, int src, int done) noexcept nogil:
        """`refill.pop_fill`, the end of the chain first."""
        cdef int f = self.fill_from[src]
        if done >> FILL_CHAIN:
            self._unfill(f, done >> FILL_CHAIN)
        self._unkey(src)
        self._unkey(f)
        if done & FILL_TURNED:
            self._set_hidden(f, self.hidden[f] + 1)
        self._put(f, self._take(src))
        if done & FILL_WAS_DOWN:
            self._set_hidden(f, self.hidden[f] + 1)
        self._rekey(src)
        self._rekey(f)

    cdef void _pop(self) noexcept nogil:
        """`Game.pop`: the last pushed move taken back exactly."""
        cdef int i
        cdef uint8_t buf[256]
        self.n_undo -= 1
        cdef Undo u = self.undo[self.n_undo]
        if u.dst <= SWAP:
            self._pop_action(u)
            return
        if u.dst >= 0:
            if u.extra > 0 and u.extra & FILLED:
                self._unfill(u.src, u.extra)
            if not self.size[u.src]:
                self._cover_again(u.src)
            self._unkey(u.src)
            self._unkey(u.dst)
            if u.extra == 1:
                self._set_hidden(u.src, self.hidden[u.src] + 1)
            elif u.extra < 0:
                self._set_hidden(u.src, self.hidden[u.src] - u.extra)
            for i in range(u.n):
                buf[i] = self._take(u.dst)
            for i in range(u.n - 1, -1, -1):
                self._put(u.src, buf[i])
            self._rekey(u.src)
            self._rekey(u.dst)
        elif u.dst == DEAL and self.discard >= 0:
            self._undeal_out(u.src, u.extra)
        elif u.dst == DEAL and self.room:
            self._unkey(u.src)
            self._unkey(self.waste)
            for i in range(u.extra):
                self._put(u.src, self._take(self.waste))
            self._rekey(self.waste)
            self._set_hidden(u.src, self.size[u.src])
            self._rekey(u.src)
        elif u.dst == DEAL and self.waste < 0:
            self._undeal_piles(u.src, u.extra)
        elif u.dst == DEAL:
            self._unkey(u.src)
            self._unkey(self.waste)
            for i in range(u.extra):
                self._put(u.src, self._take(self.waste))
            self._set_hidden(u.src, self.size[u.src])
            self._rekey(u.src)
            self._rekey(self.waste)
        else:
            self._unkey(u.src)
            self._unkey(self.waste)
            self._redeals_key(-1)
            while self.size[u.src]:
                self._put(self.waste, self._take(u.src))
            self._set_hidden(u.src, 0)
            self.redeals_used -= 1
            self._redeals_key(1)
            self._rekey(u.src)
            self._rekey(self.waste)

    cdef inline bint _won(self) noexcept nogil:
        """`actions.holds` for the one win class: every card home, or exactly left_count cards
        in each part of a left win."""
        cdef int i, home = 0
        if self.left_count >= 0:
            self._count_parts()
            for i in range(self.n_parts):
                if self.part_size[i] != self.left_count:
                    return False
            return True
        for i in range(self.n_win):
            home += self.size[self.win_piles[i]]
        if home != self.total:
            return False
        for i in range(self.n_full):  # PA-6: every started pile complete
            if self.size[self.full_piles[i]] and self.size[self.full_piles[i]] != self.max_cards[self.pile_group[self.full_piles[i]]]:
                return False
        return not self.n_win_rows or not self._off_rows()

    cdef inline void _count_parts(self) noexcept nogil:
        """The cards in each part of a left win, into part_size."""
        cdef int i, p
        for i in range(self.n_parts):
            self.part_size[i] = 0
        for p in range(self.P):
            if self.left_part[p] >= 0:
                self.part_size[self.left_part[p]] += self.size[p]

    cdef inline int _to_go(self) noexcept nogil:
        """Cards still to place: those not home, or a left win's cards beyond (or short of) its count."""
        cdef int i, home = 0, off = 0
        if self.left_count >= 0:
            self._count_parts()
            for i in range(self.n_parts):
                off += abs(self.part_size[i] - self.left_count)
            return off
        for i in range(self.n_win):
            home += self.size[self.win_piles[i]]
        if self.n_win_rows:  # `win.row_runs`: the cards not yet in their row's run are to go too
            return self.total - home + self._off_rows()
        return self.total - home

    # ------------------------------------------------------------ safe moves and the estimate
    cdef inline bint _lands(self, int src, int f, int card) noexcept nogil:
        """Whether the one card on top of ``src`` may go to pile ``f`` now. What it reads beyond
        ``src``'s top and ``f`` must be named in `_safe_local`."""
        cdef int g = self.pile_group[f]
        cdef int size = self.size[f]
        if self.card_rules and not self._card_ok(f, card):
            return False  # takes_when: {suits, rank_in}
        if f == src or not self.takes_from[g * self.P + src]:
            return False
        if self.has_partners and not self._feeds(g, src, f):
            return False  # takes_when: {partners}
        if not self._gate_holds(self.takes_gate[g], f - self.gfirst[g]):
            return False  # takes_when (`checks.why_illegal`)
        if self.has_gives_gate and not self._gate_holds(self.gives_gate[self.pile_group[src]],
                                                        src - self.gfirst[self.pile_group[src]]):
            return False  # gives_when
        if size == 0:
            if not self.takes_empty[g]:
                return False
            if self._empty_source(g) != -1 and self._empty_source(g) != self.pile_group[src]:
                return False  # empty_from
            if self.follows[g] >= 0 and not self._may_start(g, card):
                return False  # KK-4
            if self.colour_by_rank[g] and not self._colour_ok(g, card):
                return False  # empty_colour: by-rank
            if self.base_empty[g] and self._base_rank(g):
                return self.rank[card] == self._base_rank(g)
            return self.empty_ok[g * NCARDS + card]
        if (self.max_cards[g] and size >= self.max_cards[g]) or self.only_when_empty[g]:
            return False
        if self.has_base_ok[g] and not self.base_ok[g * NCARDS + self.cards[f * self.cap]]:
            return False
        return self.fits[g * SQUARE + self.cards[f * self.cap + size - 1] * NCARDS + card]

    cdef int _safe_move(self, Move *found) noexcept nogil:
        """`prune.Autoplay._find`: a safe foundation move whose card has one possible home."""
        cdef int i, j, src, card, f, t, ntargets
        cdef uint8_t *home = self.found_home
        cdef int counted = 0
        cdef int targets[64]
        cdef uint8_t *wanted = self.found_wanted
        cdef uint64_t fkey = 1
        # Both per-card tables read the foundations alone: remembered under the foundations'
        # key terms, they are read again while no card went home or came back (most children).
        if self.found_memo:
            for j in range(self.n_foundations):
                f = self.foundations[j]
                fkey += mix0(self.ph0[f] + self.salt0[f])
            counted = fkey == self.found_key and self.found_counted
        if not (self.found_memo and fkey == self.found_key):
            self._wanted(wanted)
            self.found_key = fkey if self.found_memo else 0
            self.found_counted = 0
        for i in range(self.n_auto_sources):
            src = self.auto_sources[i]
            if self.size[src] <= self.hidden[src]:
                continue
            if self.move_kind[self.pile_group[src]] == MOVE_ALONE and self.size[src] > 1:
                continue  # PA-4: cards lie on it, face down ones too (`Board.movable_run`)
            card = self.cards[src * self.cap + self.size[src] - 1]
            if not wanted[card]:
                continue
            if self.not_autoplayed[card] or not self._is_free(src):
                continue  # autoplay_rule (5): left to the search; KK-2: not free
            ntargets = 0
            for j in range(self.n_foundations):
                f = self.foundations[j]
                if self._lands(src, f, card) and ntargets < 64:
                    targets[ntargets] = f
                    ntargets += 1
            if not ntargets:
                continue
            if not counted:
                counted = 1
                self.found_counted = self.found_memo
                memset(home, 0, NCARDS)
                for j in range(self.n_foundations):
                    f = self.foundations[j]
                    for t in range(self.size[f]):
                        home[self.cards[f * self.cap + t]] += 1
            for j in range(self.needs_start[card], self.needs_start[card + 1]):
                if home[self.needs[j]] < self.decks:
                    break
            else:
                if self._one_home(card, targets, ntargets, home):
                    found.src = src
                    found.dst = targets[0]
                    found.n = 1
                    return 1
        return 0

    cdef void _wanted(self, uint8_t *wanted) noexcept nogil:
        """Per card: 1 when some foundation might take it now, a filter before `_lands` (which
        decides): one pass over the foundations instead of one per candidate card (KK's 32)."""
        cdef int j, f, g, size, c, top
        memset(wanted, 0, NCARDS)
        for j in range(self.n_foundations):
            f = self.foundations[j]
            g = self.pile_group[f]
            size = self.size[f]
            if not size:
                if self.base_empty[g]:
                    memset(wanted, 1, NCARDS)  # the base read from other piles: let `_lands` say
                    return
                for c in range(self.starters_n[g]):
                    wanted[self.starters[g * NCARDS + c]] = 1
            elif not (self.max_cards[g] and size >= self.max_cards[g]):
                top = self.cards[f * self.cap + size - 1]
                for c in range(self.fits_n[g * NCARDS + top]):
                    wanted[self.fits_list[g * SQUARE + top * NCARDS + c]] = 1

    cdef bint _one_home(self, int card, int *targets, int ntargets, uint8_t *home) noexcept nogil:
        cdef int first = targets[0], j, f, t, top
        cdef int g = self.pile_group[first]
        if self.decks > 1:
            if ntargets + home[card] < self.decks:
                return False
            for j in range(1, ntargets):
                f = targets[j]
                if self.pile_group[f] != g or self.size[f] != self.size[first]:
                    return False
                for t in range(self.size[f]):
                    if self.cards[f * self.cap + t] != self.cards[first * self.cap + t]:
                        return False
            return True
        top = self.cards[first * self.cap + self.size[first] - 1] if self.size[first] else -1
        for j in range(1, ntargets):
            f = targets[j]
            if self.pile_group[f] != g:
                return False
            if (self.cards[f * self.cap + self.size[f] - 1] if self.size[f] else -1) != top:
                return False
        return True

    cdef bint _safe_local(self):
        """Whether a pile's safe move (`_safe_move`) reads nothing but its own top card and the
        foundations, and a card move between two other piles changes no pile but those two: no
        lanes (KK-2), gates, partners, card rules, empty foundations that read other piles (a base,
        KK-4's follows, a colour by rank, `empty_from`), fills, uncovering or left win. A word that
        makes `_lands`, `_is_free`, `_wanted` or `_one_home` read another pile, or a card move
        change a third pile, must make this False."""
        cdef int g, p
        if (self.card_rules or self.has_gives_gate or self.has_partners or self.left_count >= 0
                or self.lane_first[self.P]):
            return False
        for g in range(self.G):
            if (self.takes_gate[g] >= 0 or self.base_empty[g] or self.follows[g] >= 0 or self.colour_by_rank[g]
                    or self.empty_from_first[g] != self.empty_from_first[g + 1]):
                return False
        for p in range(self.P):
            if self.fill_from[p] >= 0 or self.uncover_first[p] != self.uncover_first[p + 1]:
                return False
        return True

    cdef inline bint _may_offer(self, int p, const uint8_t *wanted) noexcept nogil:
        """`_safe_move`'s first tests on pile ``p`` alone: a face-up top card some foundation wants."""
        cdef int card
        if not self.is_auto_source[p] or self.size[p] <= self.hidden[p]:
            return False
        card = self.cards[p * self.cap + self.size[p] - 1]
        return wanted[card] and not self.not_autoplayed[card]

    cdef int _play_safe_after(self, Move m) except -1:
        """`_play_safe` just after ``m`` was pushed at a position with no safe move (one reached
        through `_play_safe`). Where `safe_local` holds and ``m`` moved cards between two piles that
        are not foundations, every other pile offers what it offered before, nothing, and the
        foundations are as they were: only ``m``'s two piles need reading, and when neither may
        offer a safe move there is none (the scan of every pile would find none either)."""
        cdef uint64_t fkey = 1
        cdef int j, f
        if (self.autoplay and self.safe_local and self.found_memo and m.dst >= 0
                and not self.is_found[m.src] and not self.is_found[m.dst]):
            for j in range(self.n_foundations):
                f = self.foundations[j]
                fkey += mix0(self.ph0[f] + self.salt0[f])
            if fkey == self.found_key and not self._may_offer(m.src, self.found_wanted) \
                    and not self._may_offer(m.dst, self.found_wanted):
                return 0
        return self._play_safe()

    cdef int _play_safe(self) except -1:
        """Push every safe move in turn; returns how many."""
        cdef Move m
        cdef int played = 0
        if not self.autoplay:
            return 0
        while self._safe_move(&m):
            self._push(m)
            played += 1
        return played

    cdef void _tally(self, int *down_out, int *disorder_out, int *free_out, int *cells_out) noexcept nogil:
        """The terms both estimates weigh (`heuristic.Heuristic`): face-down cards, cards above the
        first break of a pile's run (disorder), empty rooms and empty cells."""
        cdef int i, p, size, start, below, above, j, here, down = 0, disorder = 0, free = 0, cells = 0
        cdef uint8_t *pile
        cdef uint8_t *ok
        for i in range(self.n_stacks):
            p = self.stacks[i]
            size = self.size[p]
            if size < 2:
                continue
            down += self.hidden[p]
            # A pile's disorder is remembered under its key term: between one child and the next
            # most piles are as they were, and the loop below was most of the estimate's cost.
            if self.tally_ph[p] == self.ph0[p] and not self.top_only[p]:
                disorder += self.tally_dis[p]
                continue
            pile = self.cards + p * self.cap
            ok = self.run_ok + self.pile_group[p] * SQUARE
            start = self.hidden[p] if self.hidden[p] else 1
            below = pile[start - 1]
            here = 0
            for j in range(start, size):
                above = pile[j]
                if not ok[below * NCARDS + above]:
                    here = size - j
                    break
                below = above
            disorder += here
            self.tally_ph[p] = self.ph0[p]
            self.tally_dis[p] = here
        for i in range(self.n_rooms):
            if not self.size[self.rooms[i]]:
                free += 1
        for i in range(self.n_hcells):
            if not self.size[self.hcells[i]]:
                cells += 1
        down_out[0] = down
        disorder_out[0] = disorder
        free_out[0] = free
        cells_out[0] = cells

    cdef int _estimate(self) noexcept nogil:
        """`heuristic.Heuristic` with depth-first's weights: lower is nearer a win. For a left win
        the cards to go are those still in its piles (`_to_go`), and the disorder is theirs. The
        core's own term: a card that no lane frees (KK-2) costs W_HELD (docs/solver.md)."""
        cdef int i, down, disorder, free, cells, held = 0
        self._tally(&down, &disorder, &free, &cells)
        for i in range(self.n_laned):  # KK-2: cards held by their lanes
            if self.size[self.laned[i]] and not self._is_free(self.laned[i]):
                held += 1
        return (W_OUT * self._to_go() + W_DOWN * down + W_DISORDER * disorder
                - W_FREE * free - W_CELL * cells + W_HELD * held)

    # ------------------------------------------------------------ actions and removals
    # CR-4's swap, CZ-2's removals and CZ-3's close-up, as `engine.actions` and `Board.push` play
    # them; the uses left of each counted action are part of the key.
    cdef void _init_actions(self, tables) except *:
        cdef int i, start = 0
        cdef uint64_t seed = 0xD1B54A32D192ED03ULL
        self.n_actions = tables.actions
        self.uses = self._ints(self.n_actions)
        self.usalt0 = <uint64_t *>self._alloc((self.n_actions + 1) * sizeof(uint64_t))
        self.usalt1 = <uint64_t *>self._alloc((self.n_actions + 1) * sizeof(uint64_t))
        for i in range(self.n_actions):
            seed += 0x9E3779B97F4A7C15ULL
            self.usalt0[i] = mix0(seed)
            self.usalt1[i] = mix1(seed ^ 0x5555555555555555ULL)
        self.swap_action = tables.swap_action
        self.swap_piles = self._int_array(tables.swap_piles)
        self.n_swap = len(tables.swap_piles)
        self.close_action = tables.close_action
        self.refill = tables.refill
        self.n_lanes = len(tables.close_lanes)
        self.lane_start = self._ints(self.n_lanes + 1)
        self.lane_piles = self._int_array([p for lane in tables.close_lanes for p in lane])
        for i, lane in enumerate(tables.close_lanes):
            self.lane_start[i] = start
            start += len(lane)
        self.lane_start[self.n_lanes] = start
        self.n_remove = len(tables.remove_piles)
        self.remove_piles = self._int_array(tables.remove_piles)
        self.offered = self._ints(self.n_remove)
        self.remove_to = tables.remove_to
        self.remove_pair = self._bytes(tables.remove_pair)
        self.remove_single = self._bytes(tables.remove_single)
        self.remove_near = self._bytes(tables.remove_near) if tables.remove_near else NULL
        if self.remove_near != NULL:
            later = [[b for b in tables.remove_piles if b > a and tables.remove_near[a * self.P + b]]
                     for a in range(self.P)]
            self.near_start = self._int_array([sum(map(len, later[:a])) for a in range(self.P + 1)])
            self.near_list = self._int_array([b for near in later for b in near])
        self.remove_beats = self._bytes(tables.remove_beats) if tables.remove_beats else NULL
        self.side_cap = 1024
        self.side = <uint8_t *>grow(NULL, self.side_cap)

    cdef int _action_room(self):
        """Room in a move listing for the removals, the close-up and every swap."""
        cdef int slots = self.total if self.n_swap else 0
        return self.n_remove * (self.n_remove + 1) // 2 + 2 + slots * (slots - 1) // 2

    cdef inline void _uses_key(self, int a, int sign) noexcept nogil:
        if sign > 0:
            self.k0 += mix0(<uint64_t>self.uses[a] + self.usalt0[a])
            self.k1 += mix1(<uint64_t>self.uses[a] + self.usalt1[a])
        else:
            self.k0 -= mix0(<uint64_t>self.uses[a] + self.usalt0[a])
            self.k1 -= mix1(<uint64_t>self.uses[a] + self.usalt1[a])

    cdef inline int _spend(self, int a) noexcept nogil:
        """`State.spend_use`: 1 when a use was counted, 0 for an unlimited action."""
        if self.uses[a] <= 0:
            return 0
        self._uses_key(a, -1)
        self.uses[a] -= 1
        self._uses_key(a, 1)
        return 1

    cdef inline void _give_back(self, int a) noexcept nogil:
        self._uses_key(a, -1)
        self.uses[a] += 1
        self._uses_key(a, 1)

    cdef int _list_removals(self, Move *out) noexcept nogil:
        """`actions.removal_moves` for one rule: (a, REMOVE, b), a <= b, in pile order."""
        cdef int i, j, a, b, n_open = 0, count = 0, top
        cdef uint8_t *pair
        if not self.n_remove:
            return 0
        for i in range(self.n_remove):
            a = self.remove_piles[i]
            if self.size[a] > self.hidden[a] and self._is_free(a):  # `_offered`: face up, not covered
                self.offered[n_open] = a
                n_open += 1
        for i in range(n_open):
            a = self.offered[i]
            top = self.cards[a * self.cap + self.size[a] - 1]
            if self.remove_single[top] or self._outranked(a, top, n_open):
                out[count].src = a
                out[count].dst = REMOVE
                out[count].n = a
                count += 1
            pair = self.remove_pair + top * NCARDS
            if self.remove_near != NULL:  # the later piles it touches, open ones, in pile order
                for j in range(self.near_start[a], self.near_start[a + 1]):
                    b = self.near_list[j]
                    if self.size[b] > self.hidden[b] and pair[self.cards[b * self.cap + self.size[b] - 1]]:
                        out[count].src = a
                        out[count].dst = REMOVE
                        out[count].n = b
                        count += 1
                continue
            for j in range(i + 1, n_open):
                b = self.offered[j]
                if pair[self.cards[b * self.cap + self.size[b] - 1]]:
                    out[count].src = a
                    out[count].dst = REMOVE
                    out[count].n = b
                    count += 1
        return count

    cdef inline bint _outranked(self, int a, int top, int n_open) noexcept nogil:
        """`actions._outranked`: a higher card of the top card's suit on top of another open pile."""
        cdef int j, p
        if self.remove_beats == NULL:
            return False
        for j in range(n_open):
            p = self.offered[j]
            if p != a and self.remove_beats[top * NCARDS + self.cards[p * self.cap + self.size[p] - 1]]:
                return True
        return False

    cdef bint _close_up_changes(self) noexcept nogil:
        """`actions.close_up_changes`: a card would slide inward or come in from the refill pile."""
        cdef int i, j, p
        cdef bint gap, can_fill = self.refill >= 0 and self.size[self.refill] > 0
        for i in range(self.n_lanes):
            gap = False
            for j in range(self.lane_start[i], self.lane_start[i + 1]):
                p = self.lane_piles[j]
                if not self.size[p]:
                    if can_fill:
                        return True
                    gap = True
                elif gap:
                    return True
        return False

    cdef bint _relabels(self, int pa, int pb, int k) noexcept nogil:
        """`Board._relabel_swaps` for one pair of places at index k of two piles: the swap only
        turns two piles of a group into each other (their cards differ at k alone)."""
        cdef int t
        if (self.size[pa] != self.size[pb] or self.pile_group[pa] != self.pile_group[pb]
                or self.hidden[pa] != self.hidden[pb]):
            return False
        for t in range(self.size[pa]):
            if t != k and self.cards[pa * self.cap + t] != self.cards[pb * self.cap + t]:
                return False
        return True

    cdef inline bint _swaps_left(self) noexcept nogil:
        """Whether the position may still swap (CR-4): the searches' batch and late listing."""
        return self.swap_action >= 0 and self.uses[self.swap_action] != 0  # -1: unlimited

    cdef int _list_actions(self, Move *out, bint swaps) noexcept nogil:
        """The close-up (`actions.close_up_move`), then `Board.swap_moves` while a swap is left
        (only with ``swaps``: the searches list them apart, `_list_swaps`)."""
        cdef int count = 0
        if self.close_action >= 0 and self.uses[self.close_action] and self._close_up_changes():
            out[0].src = 0
            out[0].dst = CLOSE_UP
            out[0].n = 0
            count = 1
        if self.shuffle_action >= 0 and self._may_reshuffle():
            out[count].src = 0
            out[count].dst = RESHUFFLE
            out[count].n = 0
            count += 1
        if not swaps or not self._swaps_left():
            return count
        return count + self._list_swaps(out + count)

    cdef int _list_swaps(self, Move *out) noexcept nogil:
        """`Board.swap_moves`: every exchange of two places of the swap's piles (CR-4), in the
        engine's order, but none of two equal cards or one that only turns two piles into each
        other. The caller knows a swap is left (`_swaps_left`)."""
        cdef int count = 0, i, j, pa, pb, ia, ib, ca
        for i in range(self.n_swap):
            pa = self.swap_piles[i]
            for ia in range(self.hidden[pa], self.size[pa]):
                ca = self.cards[pa * self.cap + ia]
                for j in range(i, self.n_swap):  # every later place, in the engine's slot order
                    pb = self.swap_piles[j]
                    for ib in range(ia + 1 if pb == pa else self.hidden[pb], self.size[pb]):
                        if self.cards[pb * self.cap + ib] == ca:
                            continue
                        if pb != pa and ib == ia and self._relabels(pa, pb, ia):
                            continue
                        out[count].src = pa * PLACE + ia
                        out[count].dst = SWAP
                        out[count].n = pb * PLACE + ib
                        count += 1
        return count

    cdef int _side_room(self, size_t more) except -1:
        while self.n_side + more > self.side_cap:
            self.side = <uint8_t *>grow(self.side, 2 * self.side_cap)
            self.side_cap *= 2
        return 0

    cdef inline void _side_put(self, int value) noexcept nogil:
        self.side[self.n_side] = value & 0xFF
        self.side[self.n_side + 1] = value >> 8
        self.n_side += 2

    cdef inline int _side_take(self) noexcept nogil:
        self.n_side -= 2
        return self.side[self.n_side] | (self.side[self.n_side + 1] << 8)

    cdef void _exchange(self, int a, int b) noexcept nogil:
        """CR-4: the cards at places ``a`` and ``b`` (pile * PLACE + index) change places, keys
        mended; its own inverse, so push and pop both call it."""
        cdef int pa = a // PLACE, ia = a % PLACE, pb = b // PLACE, ib = b % PLACE, ca, cb
        self._unkey(pa)
        if pb != pa:
            self._unkey(pb)
        ca = self.cards[pa * self.cap + ia]
        cb = self.cards[pb * self.cap + ib]
        self._place(pa, ia, cb)
        self._place(pb, ib, ca)
        self._rekey(pa)
        if pb != pa:
            self._rekey(pb)

    cdef int _push_action(self, Move m) except -1:
        """`Board.push` for a swap, a removal or a close-up; the undo record's extra is 1 when
        a use was counted."""
        cdef int extra = 0
        if m.dst == SWAP:
            self._exchange(m.src, m.n)
            extra = self._spend(self.swap_action)
        elif m.dst == REMOVE:
            self._unkey(m.src)
            self._unkey(self.remove_to)
            self._put(self.remove_to, self._take(m.src))
            if m.n != m.src:
                self._unkey(m.n)
                self._put(self.remove_to, self._take(m.n))
                self._rekey(m.n)
            self._rekey(m.src)
            self._rekey(self.remove_to)
            if not self.size[m.src]:  # `Board.push`: a shape's cards under src, then under n
                self._uncover(m.src)
            if m.n != m.src and not self.size[m.n]:
                self._uncover(m.n)
        elif m.dst == RESHUFFLE:
            extra = self._reshuffle()
        else:
            extra = self._close_up()
        self.undo[self.n_undo].src = m.src
        self.undo[self.n_undo].dst = m.dst
        self.undo[self.n_undo].n = m.n
        self.undo[self.n_undo].extra = extra
        self.n_undo += 1
        return 0

    cdef inline void _place(self, int p, int at, int card) noexcept nogil:
        """Put ``card`` at place ``at`` of a pile keyed in full (no swap pile is top-only)."""
        cdef int old = self.cards[p * self.cap + at]
        self.ph0[p] += self.zob0[at * NCARDS + card] - self.zob0[at * NCARDS + old]
        self.ph1[p] += self.zob1[at * NCARDS + card] - self.zob1[at * NCARDS + old]
        self.cards[p * self.cap + at] = card

    cdef int _close_up(self) except -1:
        """`actions.push_close_up`: each lane slides toward its first place, keeping its order;
        then the gaps, lane by lane, inner place first, take the refill pile's top cards while it
        lasts. Only the lanes this can change are touched (a card after a gap, or a gap while the
        refill pile has cards). What they were goes on the side stack: per lane, when touched,
        each pile's cards and size, then whether it was touched; then the cards taken, their
        count, and the refill pile's face-down count before."""
        cdef int i, j, k, t, p, at, first, stop, taken = 0, hidden_before = 0
        cdef int n = self.lane_start[self.n_lanes]
        cdef bint can_fill = self.refill >= 0 and self.size[self.refill] > 0, gap, touched
        cdef uint8_t buf[256]
        cdef uint8_t got[256]
        cdef int sizes[256]
        self._side_room(n * 2 + 2 * <size_t>self.total + self.n_lanes + 16)
        if can_fill:
            self._unkey(self.refill)
            hidden_before = self.hidden[self.refill]
        for i in range(self.n_lanes):
            first, stop = self.lane_start[i], self.lane_start[i + 1]
            gap = touched = False
            for j in range(first, stop):
                if not self.size[self.lane_piles[j]]:
                    gap = True
                    touched = touched or can_fill
                elif gap:
                    touched = True
            if touched:
                at = 0
                for j in range(first, stop):  # saved and gathered in order, the piles emptied
                    p = self.lane_piles[j]
                    self._unkey(p)
                    sizes[j - first] = self.size[p]
                    for k in range(self.size[p]):
                        self.side[self.n_side + k] = self.cards[p * self.cap + k]
                        buf[at + k] = self.cards[p * self.cap + k]
                    self.n_side += self.size[p]
                    at += self.size[p]
                    self._side_put(self.size[p])
                    while self.size[p]:
                        self._take(p)
                at = 0
                k = first
                for j in range(stop - first):  # the slide: non-empty piles' cards, in order, inward
                    if sizes[j]:
                        p = self.lane_piles[k]
                        for t in range(sizes[j]):
                            self._put(p, buf[at])
                            at += 1
                        k += 1
                if can_fill:
                    for j in range(first, stop):
                        if not self.size[self.refill]:
                            break
                        p = self.lane_piles[j]
                        if not self.size[p]:
                            got[taken] = self._take(self.refill)
                            self._put(p, got[taken])
                            taken += 1
                for j in range(first, stop):
                    self._rekey(self.lane_piles[j])
            self.side[self.n_side] = touched
            self.n_side += 1
        for k in range(taken):
            self.side[self.n_side + k] = got[k]
        self.n_side += taken
        if can_fill:
            if self.size[self.refill] < hidden_before:
                self._set_hidden(self.refill, self.size[self.refill])
            self._rekey(self.refill)
        self._side_put(taken)
        self._side_put(hidden_before)
        return self._spend(self.close_action)

    cdef void _pop_action(self, Undo u) noexcept nogil:
        cdef int i, j, k, p, size, taken, hidden_before
        if u.dst == SWAP:
            self._exchange(u.src, u.n)
            if u.extra:
                self._give_back(self.swap_action)
        elif u.dst == REMOVE:
            if u.n != u.src and not self.size[u.n]:
                self._cover_again(u.n)
            if not self.size[u.src]:
                self._cover_again(u.src)
            self._unkey(u.src)
            self._unkey(self.remove_to)
            if u.n != u.src:
                self._unkey(u.n)
                self._put(u.n, self._take(self.remove_to))
                self._rekey(u.n)
            self._put(u.src, self._take(self.remove_to))
            self._rekey(u.src)
            self._rekey(self.remove_to)
        elif u.dst == RESHUFFLE:
            self._unreshuffle(u.extra)
        else:
            if u.extra:
                self._give_back(self.close_action)
            hidden_before = self._side_take()
            taken = self._side_take()
            self.n_side -= taken
            if taken:
                self._unkey(self.refill)
                for k in range(taken - 1, -1, -1):  # `extend(reversed(taken))`
                    self._put(self.refill, self.side[self.n_side + k])
                self._set_hidden(self.refill, hidden_before)
                self._rekey(self.refill)
            for i in range(self.n_lanes - 1, -1, -1):
                self.n_side -= 1
                if not self.side[self.n_side]:
                    continue  # an untouched lane
                for j in range(self.lane_start[i + 1] - 1, self.lane_start[i] - 1, -1):
                    p = self.lane_piles[j]
                    self._unkey(p)
                    while self.size[p]:
                        self._take(p)
                    size = self._side_take()
                    self.n_side -= size
                    for k in range(size):
                        self._put(p, self.side[self.n_side + k])
                    self._rekey(p)

    # ------------------------------------------------------------ the reshuffle
    cdef void _init_shuffle(self, tables, bytes orders) except *:
        self.shuffle_action = tables.shuffle_action
        self.shuffle_piles = self._int_array(tables.shuffle_piles)
        self.n_shuffle = len(tables.shuffle_piles)
        self.shuffle_per_pile = tables.shuffle_per_pile
        self.shuffle_mixes = tables.shuffle_mixes
        self.shuffle_uses = tables.shuffle_uses
        if self.shuffle_action >= 0 and self.shuffle_mixes:
            rounds = self.shuffle_uses if self.shuffle_uses > 0 else 1
            if len(orders) != rounds * (self.total + 1) * self.total:
                raise ValueError("a shuffling reshuffle needs its orders (`tables.shuffle_orders`)")
        self.shuffle_order = self._bytes(orders)

    cdef bint _may_reshuffle(self) noexcept nogil:
        """`refill.why_reshuffle_illegal`: uses left, two cards to gather, and for an unlimited
        ordered redeal not one that deals every card back where it lies (`deals_back`: the piles'
        sizes are the chunks the deal would cut from the same cards)."""
        cdef int i, n = 0, chunk, per = self.shuffle_per_pile, last = self.n_shuffle - 1
        if not self.uses[self.shuffle_action]:
            return False
        if self.n_shuffle_rows:
            return self._row_gather(NULL, NULL) >= 2
        for i in range(self.n_shuffle):
            n += self.size[self.shuffle_piles[i]]
        if self.shuffle_to >= 0:  # `_why_not_onto`: onto an empty pile, the waste played first
            return not self.size[self.shuffle_to] and not (self.shuffle_waits_waste and self.size[self.waste]) and n > 0
        if n < 2:
            return False
        if self.shuffle_mixes or self.shuffle_uses >= 0:
            return True
        for i in range(self.n_shuffle):
            chunk = n - i * per if i == last else min(per, n - i * per)
            if self.size[self.shuffle_piles[i]] != max(chunk, 0):
                return True
        return False

    cdef int _reshuffle(self) except -1:
        """`refill.push_reshuffle`: the piles gathered in order, each from its bottom card, sorted
        and put in this round's order when the reshuffle shuffles, then dealt face up, per_pile
        onto each pile, the last taking the rest. Each pile's cards, size and face-down count go
        onto the side stack. O(cards gathered). Returns 1 when a use was counted."""
        cdef int i, k, p, n = 0, at, stop, card, round_
        cdef int per = self.shuffle_per_pile, last = self.n_shuffle - 1
        cdef uint8_t buf[256]
        cdef uint8_t dealt[256]
        cdef int count[NCARDS]
        cdef const uint8_t *order
        cdef int kept[256]
        self._side_room(self.total + 4 * <size_t>self.n_shuffle + 8)
        if self.n_shuffle_rows:  # keep: row-runs: every pile saved, the cells after each run gathered
            for i in range(self.n_shuffle):
                p = self.shuffle_piles[i]
                for k in range(self.size[p]):
                    self.side[self.n_side + k] = self.cards[p * self.cap + k]
                self.n_side += self.size[p]
                self._side_put(self.size[p])
                self._side_put(self.hidden[p])
            n = self._row_gather(buf, kept)
        for i in range(self.n_shuffle if not self.n_shuffle_rows else 0):
            p = self.shuffle_piles[i]
            self._unkey(p)
            for k in range(self.size[p]):
                self.side[self.n_side + k] = self.cards[p * self.cap + k]
                buf[n + k] = self.cards[p * self.cap + k]
            self.n_side += self.size[p]
            n += self.size[p]
            self._side_put(self.size[p])
            self._side_put(self.hidden[p])
            while self.size[p]:
                self._take(p)
            self._set_hidden(p, 0)
        if self.shuffle_mixes:  # `reshuffled(sorted(cards))`: the sorted cards in the round's order
            memset(count, 0, sizeof(count))
            for k in range(n):
                count[buf[k]] += 1
            at = 0
            for card in range(NCARDS):
                for k in range(count[card]):
                    dealt[at] = card
                    at += 1
            round_ = self.shuffle_uses - self.uses[self.shuffle_action] if self.shuffle_uses > 0 else 0
            order = self.shuffle_order + (<size_t>round_ * (self.total + 1) + n) * self.total
            for k in range(n):
                buf[k] = dealt[order[k]]
        if self.n_shuffle_rows:
            self._row_deal(buf, n, kept)
            return self._spend(self.shuffle_action)
        if self.shuffle_to >= 0:  # face down onto the one pile, the first card on top
            self._unkey(self.shuffle_to)
            for k in range(n - 1, -1, -1):
                self._put(self.shuffle_to, buf[k])
            self._set_hidden(self.shuffle_to, n)
            self._rekey(self.shuffle_to)
            for i in range(self.n_shuffle):
                self._rekey(self.shuffle_piles[i])
            return self._spend(self.shuffle_action)
        at = 0
        for i in range(self.n_shuffle):
            p = self.shuffle_piles[i]
            stop = n if i == last else min(n, at + per)
            while at < stop:
                self._put(p, buf[at])
                at += 1
            self._rekey(p)
        return self._spend(self.shuffle_action)

    cdef void _unreshuffle(self, int counted) noexcept nogil:
        """`refill.pop_reshuffle`: each pile back from the side stack, the last first."""
        cdef int i, k, p, size, hidden
        if counted:
            self._give_back(self.shuffle_action)
        if self.shuffle_to >= 0:
            self._unkey(self.shuffle_to)
            while self.size[self.shuffle_to]:
                self._take(self.shuffle_to)
            self._set_hidden(self.shuffle_to, 0)
            self._rekey(self.shuffle_to)
        for i in range(self.n_shuffle - 1, -1, -1):
            p = self.shuffle_piles[i]
            self._unkey(p)
            while self.size[p]:
                self._take(p)
            hidden = self._side_take()
            size = self._side_take()
            self.n_side -= size
            for k in range(size):
                self._put(p, self.side[self.n_side + k])
            self._set_hidden(p, hidden)
            self._rekey(p)

    # ------------------------------------------------------------ rows, gaps and reach
    cdef void _init_rows(self, tables) except *:
        self.shuffle_to = tables.shuffle_to
        self.shuffle_waits_waste = (tables.shuffle_to >= 0 and tables.shuffle_to == tables.stock
                                    and tables.waste >= 0 and tables.waste not in tables.shuffle_piles)
        self.n_shuffle_rows = len(tables.shuffle_rows)
        self.shuffle_row_start = self._int_array([sum(map(len, tables.shuffle_rows[:i]))
                                                  for i in range(self.n_shuffle_rows + 1)])
        self.shuffle_row_cells = self._int_array([p for row in tables.shuffle_rows for p in row])
        self.left_of = self._int_array(tables.left_of)
        self.n_win_rows = len(tables.win_rows)
        self.win_row_start = self._int_array([sum(map(len, tables.win_rows[:i])) for i in range(self.n_win_rows + 1)])
        self.win_row_cells = self._int_array([p for row in tables.win_rows for p in row])
        self.reach_start = self._int_array([sum(map(len, tables.reach[:g])) for g in range(self.G + 1)])
        self.reach_list = self._int_array([back for reach in tables.reach for back in reach])
        self.has_reach = any(tables.reach)
        self.reach_piles = self._ints(self.P)

    cdef int _row_run(self, const int *row, int n) noexcept nogil:
        """`compiled.row_run`: how many cells from the row's start hold one run, a card its empty
        first cell takes, then each card built on the one before."""
        cdef int g = self.pile_group[row[0]], k = 1
        if self.size[row[0]] != 1 or not self.takes_empty[g] or not self.empty_ok[g * NCARDS + self.cards[row[0] * self.cap]]:
            return 0
        while (k < n and self.size[row[k]] == 1
               and self.fits[g * SQUARE + self.cards[row[k - 1] * self.cap] * NCARDS + self.cards[row[k] * self.cap]]):
            k += 1
        return k

    cdef int _off_rows(self) noexcept nogil:
        """`win.row_runs`: the cards of the win's rows not in their row's run (0: every row holds
        one run from its start)."""
        cdef int i, j, off = 0
        for i in range(self.n_win_rows):
            for j in range(self.win_row_start[i], self.win_row_start[i + 1]):
                if self.size[self.win_row_cells[j]]:
                    off += 1
            off -= self._row_run(self.win_row_cells + self.win_row_start[i], self.win_row_start[i + 1] - self.win_row_start[i])
        return off

    cdef int _row_gather(self, uint8_t *buf, int *kept) noexcept nogil:
        """`refill._gathered` with `_kept_runs`: the cards of each row after its run, row by row
        (into ``buf`` and the cells emptied, each row's run into ``kept``, when given); how many."""
        cdef int i, j, k, p, n = 0, run
        for i in range(self.n_shuffle_rows):
            run = self._row_run(self.shuffle_row_cells + self.shuffle_row_start[i],
                                self.shuffle_row_start[i + 1] - self.shuffle_row_start[i])
            if kept != NULL:
                kept[i] = run
            for j in range(self.shuffle_row_start[i] + run, self.shuffle_row_start[i + 1]):
                p = self.shuffle_row_cells[j]
                if buf == NULL:
                    n += self.size[p]
                    continue
                self._unkey(p)
                for k in range(self.size[p]):
                    buf[n + k] = self.cards[p * self.cap + k]
                n += self.size[p]
                while self.size[p]:
                    self._take(p)
                self._set_hidden(p, 0)
        return n

    cdef void _row_deal(self, const uint8_t *buf, int n, const int *kept) noexcept nogil:
        """`refill._deal_after_runs`: one card a cell into the cells after each row's gap (the
        cell just after its run), row by row, then into the gaps; the gathered cells rekeyed."""
        cdef int i, j, at = 0, first, stop
        for i in range(self.n_shuffle_rows):
            first, stop = self.shuffle_row_start[i] + kept[i] + 1, self.shuffle_row_start[i + 1]
            for j in range(first, stop):
                if at < n:
                    self._put(self.shuffle_row_cells[j], buf[at])
                    at += 1
        for i in range(self.n_shuffle_rows):
            j = self.shuffle_row_start[i] + kept[i]
            if j < self.shuffle_row_start[i + 1] and at < n:
                self._put(self.shuffle_row_cells[j], buf[at])
                at += 1
        for i in range(self.n_shuffle_rows):
            for j in range(self.shuffle_row_start[i] + kept[i], self.shuffle_row_start[i + 1]):
                self._rekey(self.shuffle_row_cells[j])

    cdef int _list_reach(self, Move *out) noexcept nogil:
        """`reach.reach_moves`: a whole pile onto the pile so many started piles before it in its
        group whose top card its top card fits, by source and then by distance."""
        cdef int g, p, i, b, n, src, dst, count = 0
        for g in range(self.G):
            if self.reach_start[g] == self.reach_start[g + 1]:
                continue
            n = 0
            for p in range(self.gfirst[g], self.gstop[g]):
                if self.size[p]:
                    self.reach_piles[n] = p
                    n += 1
            for i in range(n):
                src = self.reach_piles[i]
                for b in range(self.reach_start[g], self.reach_start[g + 1]):
                    if self.reach_list[b] > i:
                        continue
                    dst = self.reach_piles[i - self.reach_list[b]]
                    if self.fits[g * SQUARE + self.cards[dst * self.cap + self.size[dst] - 1] * NCARDS
                                 + self.cards[src * self.cap + self.size[src] - 1]]:
                        out[count].src = src
                        out[count].dst = dst
                        out[count].n = self.size[src]
                        count += 1
        return count

    cdef object _move_out(self, Move m):
        """A move as the engine writes it: a swap's places as pile * SLOT + index."""
        if m.dst == SWAP:
            return ((m.src // PLACE) * SLOT + m.src % PLACE, SWAP, (m.n // PLACE) * SLOT + m.n % PLACE)
        return (m.src, m.dst, m.n)

    cdef object _undo_out(self, int i):
        cdef Move m
        m.src, m.dst, m.n = self.undo[i].src, self.undo[i].dst, self.undo[i].n
        return self._move_out(m)

    cdef Move _move_in(self, move) except *:
        cdef Move m
        src, dst, n = move
        if dst == SWAP:
            src = (src // SLOT) * PLACE + src % SLOT
            n = (n // SLOT) * PLACE + n % SLOT
        m.src, m.dst, m.n = src, dst, n
        return m

    # ------------------------------------------------------------ the transposition table
    cdef int _table_init(self, size_t slots) except -1:
        free(self.table)
        self.table = <uint64_t *>malloc(slots * 2 * sizeof(uint64_t))
        if self.table == NULL:
            raise MemoryError()
        memset(self.table, 0, slots * 2 * sizeof(uint64_t))
        self.table_cap = slots
        self.table_count = 0
        return 0

    cdef inline bint _seen_or_add(self, uint64_t a, uint64_t b) noexcept nogil:
        """True when the key is in the table; else adds it (the caller keeps room)."""
        cdef size_t mask = self.table_cap - 1
        cdef size_t i = (a ^ (b >> 17)) & mask
        if a == 0 and b == 0:
            b = 1  # (0, 0) marks a free slot
        while True:
            if self.table[2 * i] == a and self.table[2 * i + 1] == b:
                return True
            if self.table[2 * i] == 0 and self.table[2 * i + 1] == 0:
                self.table[2 * i] = a
                self.table[2 * i + 1] = b
                self.table_count += 1
                return False
            i = (i + 1) & mask

    cdef int _table_grow(self) except -1:
        """Double the table, every key moved to its new slot."""
        cdef uint64_t *old = self.table
        cdef size_t old_cap = self.table_cap, i
        self.table = NULL
        self._table_init(old_cap * 2)
        for i in range(old_cap):
            if old[2 * i] or old[2 * i + 1]:
                self._seen_or_add(old[2 * i], old[2 * i + 1])
        free(old)
        return 0

    # ------------------------------------------------------------ Python-visible, for tests
    def legal_moves(self):
        cdef int n = self._list(self.scratch, True), i
        return [self._move_out(self.scratch[i]) for i in range(n)]

    def home_swaps(self):
        """The swaps the rollouts list here (`_ro_swaps`), as engine moves: for the test that
        holds them to `hints.promising_swaps`, which picks the same kind for a hint."""
        cdef Move *out = <Move *>malloc((self.n_swap * self.total + 1) * sizeof(Move))
        cdef uint8_t *was_wanted = self.ro_wanted
        cdef bint was_on = self.ro_swaps
        cdef int n, i
        self.ro_wanted = <uint8_t *>malloc(NCARDS)
        self.ro_swaps = self.n_swap > 0
        try:
            n = self._ro_swaps(out)
            return [self._move_out(out[i]) for i in range(n)]
        finally:
            free(self.ro_wanted)
            free(out)
            self.ro_wanted = was_wanted
            self.ro_swaps = was_on

    def push(self, move):
        self._push(self._move_in(move))

    def pop(self):
        if self.n_undo <= 0:
            raise IndexError("nothing to pop")
        self._pop()

    def is_won(self):
        return bool(self._won())

    def safe_moves(self):
        """Push the safe moves here and return them (tests compare them with `prune.Autoplay`)."""
        start = self.n_undo
        self._play_safe()
        return [(self.undo[i].src, self.undo[i].dst, self.undo[i].n) for i in range(start, self.n_undo)]

    # ------------------------------------------------------------ the search
    def solve(self, timeout=None, max_states=None, max_memory=None, avoid_keys=(), progress=None,
              long long first_run=FIRST_RUN, int noise=NOISE, double progress_every=0.5,
              int best_first=BF_SHARE, list dead_out=None, bint bound=True, int swap_cost=SWAP_COST,
              bint depth_first_after_memory=True):
        """Best-first (`_bf_turn`) and depth-first in runs (`_run`) taking turns. Depth-first's
        run r may expand FIRST_RUN * 2^(r-1) positions, over a table of its own, children tried
        best estimate first (after the first run, plus a little noise to break ties another
        way); before each run best-first expands ``best_first`` times as many (BF_FIRST at
        least, the first time) over the table, nodes and queues it keeps from turn to turn.
        ``best_first``: 0 for depth-first alone, -1 for best-first alone. A turn that wins or
        expands every reachable position gives the answer. Returns (status, moves, states,
        reason); the position is left as it was. ``dead_out``: a list that receives the dead
        table's entries at the end, ((k0, k1), DEAD_KEEPING_HOME or DEAD), for the tests.
        ``bound``: False to search without the home bound (`_home_bound`), for the tests.
        ``depth_first_after_memory``: when best-first fills ``max_memory``, free it and go on
        with depth-first's runs alone until the clock (False: stop there, `unknown`)."""
        cdef double start = now()
        cdef int base = self.n_undo, outcome, run = 0
        cdef long long budget = first_run, memory
        cdef size_t slot
        self.noise_range = noise
        self.swap_cost = swap_cost
        cdef bint keep_home = self._win_piles_give_back()
        self.started = start
        self.deadline = -1.0 if timeout is None else start + timeout
        self.next_report = start + progress_every
        self.progress_every = progress_every
        self.max_states = -1 if max_states is None else max_states
        memory = -1 if max_memory is None else max_memory
        self.max_memory = memory
        self.states = 0
        self.progress = progress
        self.stop_reason = ""
        map_init(&self.dead, 1 << 12)  # this search's alone: another may avoid other positions
        try:
            if bound and self._home_bound():
                return "unsolvable", [], self.states, "some card cannot reach home"
            if best_first and self.total < 256:  # a snapshot holds pile sizes in bytes
                self._bf_start(avoid_keys)
            else:
                best_first = 0
            while True:
                run += 1
                # ---- best-first's turn (its memory then counts against depth-first's)
                if best_first:
                    outcome = self._bf_turn(max(BF_FIRST, best_first * budget) if best_first > 0 else -1, base)
                    if outcome == RUN_WON:
                        moves = [self._undo_out(i) for i in range(base, self.n_undo)]
                        return "solved", moves, self.states, "win found"
                    if outcome == RUN_EXHAUSTED:
                        return "unsolvable", [], self.states, "search exhausted"
                    if outcome == RUN_STOPPED:
                        if self.stop_reason != "max memory" or not depth_first_after_memory:
                            return "unknown", [], self.states, self.stop_reason
                        # Best-first's table, nodes and snapshots filled the memory: free them and
                        # give the rest of the clock to depth-first's runs alone, whose tables are
                        # a run's own (they may still win, or exhaust every position: a proof).
                        self._bf_free()
                        best_first = 0
                        self.stop_reason = ""
                    if memory >= 0:
                        self.max_memory = max(0, memory - self._bf_memory(self.bf_cap))
                # ---- depth-first's turn
                self.noise = ((0x9E3779B1 * run) & 0xFFFFFFFF or 1) if run > 1 else 0
                # Lines that take no card back from a win pile first: while some run without such
                # moves may still win, the first three runs and every other one after are such runs.
                self.restricted = keep_home and (run <= 3 or run % 2 == 0)
                # Equal estimates in the order listed but in runs 2, 6, 10, ..., which try the last
                # listed first, as search.py does: ties decide much early in a line. (Every other
                # run the other way lost Cromwell 3, won in 41,737 positions this way.)
                self.ties_back = TIES_BACK_FIRST ^ (run % 4 == 2)
                outcome = self._run(budget, avoid_keys)
                if outcome == RUN_WON:
                    moves = [self._undo_out(i) for i in range(base, self.n_undo)]
                    return "solved", moves, self.states, "win found"
                if outcome == RUN_EXHAUSTED:
                    if not self.restricted:
                        return "unsolvable", [], self.states, "search exhausted"
                    keep_home = False  # no such line wins: search every line
                    continue
                if outcome == RUN_STOPPED:
                    return "unknown", [], self.states, self.stop_reason
                budget *= 2
        finally:
            free(self.table)
            self.table = NULL
            if dead_out is not None:
                for slot in range(self.dead.cap):
                    if map_has(&self.dead, slot):
                        dead_out.append(((self.dead.keys[2 * slot], self.dead.keys[2 * slot + 1]), self.dead.vals[slot]))
            self.use[0] = self.seen.count
            self.use[1] = self.seen.cap * (2 * sizeof(uint64_t) + sizeof(int32_t))
            self.use[2] = self.dead.count
            self.use[3] = self.dead.cap * (2 * sizeof(uint64_t) + sizeof(int32_t))
            map_free(&self.seen)
            map_free(&self.dead)
            free(self.open_keys)
            self.open_keys = NULL
            self.n_open = self.open_cap = 0
            self._bf_free()
            self.progress = None
            while self.n_undo > base:
                self._pop()

    cdef bint _win_piles_give_back(self):
        """Whether a card may ever leave a win pile (some pile takes from one)."""
        cdef int i, g
        for i in range(self.n_win):
            if self.move_kind[self.pile_group[self.win_piles[i]]]:
                return True
        return False

    cdef inline bint _takes_back(self, Move m) noexcept nogil:
        """A card taken back from the foundations: a card move from a win pile to a pile that is
        not one (a move between win piles, as Parada's, keeps the card home)."""
        return m.dst >= 0 and self.is_win[m.src] and not self.is_win[m.dst]

    cdef inline int _noise(self) noexcept nogil:
        """A number below NOISE from the run's xorshift state; 0 in the first run."""
        cdef unsigned int x = self.noise
        if not x:
            return 0
        x ^= x << 13
        x ^= x >> 17
        x ^= x << 5
        self.noise = x
        if not self.noise_range:
            return 0
        return x % self.noise_range

    cdef int _run(self, long long budget, avoid_keys) except -1:
        """One depth-first run over a fresh table, at most ``budget`` expansions. On RUN_WON the
        undo stack holds the winning line; else the position is back where the run began.

        It skips the positions of the dead table and adds to it, so that a later run of the
        same `solve` does not search them again. A position is dead once every position it
        reaches was expanded, none won, and none still open leads back above it: Tarjan's
        strongly connected components, a component closed when its first position is left
        with no edge to an earlier one still open. A child already in the table counts as an
        edge to its index, looked up when listed and again when its turn comes. A child is
        marked in the table when listed (LISTED - the lister's index), so a position that lists
        it again does not list it too (and expand it far below) but counts an edge to its lister:
        the lister is open until it has tried all its children, so the child is expanded before
        any component holding the second lister closes, and the proof stays sound (it may
        close later). A position reached by
        a stock turn that lists only waste moves (`prune.stock_commutes`) counts as an edge back
        to its parent, whose other children hold the moves it leaves out, so it closes no
        earlier than its parent. A run that takes no card out of a win pile proves a position
        dead for such runs alone (DEAD_KEEPING_HOME)."""
        cdef int base = self.n_undo, i, n, nframes = 0, frames_cap = 256, n_children = 0, children_cap = 4096
        cdef int before, edge, count, here, low, index = 0
        cdef int32_t proof = DEAD_KEEPING_HOME if self.restricted else DEAD
        cdef long long expanded = 0
        cdef size_t slot, k
        cdef bint won = False, waste_only = False
        cdef Frame *frames = NULL
        cdef Child *children = NULL
        cdef Child *c
        cdef Frame *f
        cdef Move m
        map_init(&self.seen, 1 << 16)
        self.n_open = 0
        try:
            frames = <Frame *>grow(NULL, frames_cap * sizeof(Frame))
            children = <Child *>grow(NULL, children_cap * sizeof(Child))
            for key in avoid_keys:  # never passed through: as good as dead in this search
                if self._map_room(frames_cap, children_cap, 1) == RUN_STOPPED:
                    return RUN_STOPPED
                map_put(&self.seen, key[0], key[1], CLOSED)
            self._play_safe()
            if self._is_dead():
                return RUN_EXHAUSTED
            if self._won():
                won = True
                return RUN_WON
            map_put(&self.seen, self.k0, self.k1, 0)
            self._open_push()
            here = low = index = 0
            edge = self.n_undo - base
            while True:
                # List the unseen children of the position here as a new frame. Its swaps come
                # last in the listing (`_list_actions`) and wait until they would be next in the
                # frame's order (`Frame.swap_at`; docs/solver.md, "The swap waits").
                n = self._list(self.scratch, False)  # listing the swaps costs as much as the rest (5,300 in Cromwell)
                children = children_room(children, &children_cap, n_children + n)
                if nframes >= frames_cap:
                    frames_cap *= 2
                    frames = <Frame *>grow(frames, frames_cap * sizeof(Frame))
                if self._map_room(frames_cap, children_cap, n) == RUN_STOPPED:
                    return RUN_STOPPED  # room for every child's mark
                count = self._df_children(n, &children[n_children], here, &low, waste_only, 0)
                if count < 0:
                    won = True
                    return RUN_WON
                qsort(&children[n_children], count, sizeof(Child), by_estimate)
                f = &frames[nframes]
                f.start = n_children
                f.stop = n_children + count
                f.next = n_children
                f.edge = edge
                f.index = here
                f.low = low
                f.spos = <int>self.n_open - 1
                f.swaps = self._swaps_left()
                if f.swaps:  # a swap changes the estimate little: its children's as this one's
                    f.swap_at = self._estimate() + self.swap_cost
                n_children += count
                nframes += 1
                while True:
                    # Go down to the next child not tried, going up past frames whose children are
                    # all tried: each such position is done, its component closed if it is first.
                    while nframes:
                        f = &frames[nframes - 1]
                        if f.swaps and (f.next >= f.stop or children[f.next].estimate > f.swap_at):
                            # Its swaps now, among the children left, SWAP_COST behind its own
                            # estimate (its position is here again, and n_children == f.stop).
                            f.swaps = False
                            n = self._list_swaps(self.scratch)
                            children = children_room(children, &children_cap, n_children + n)
                            if self._map_room(frames_cap, children_cap, n) == RUN_STOPPED:
                                return RUN_STOPPED
                            count = self._df_children(n, &children[n_children], f.index, &f.low, False, SWAPS_ORDER)
                            if count < 0:
                                won = True
                                return RUN_WON
                            f.stop += count
                            n_children += count
                            qsort(&children[f.next], f.stop - f.next, sizeof(Child), by_estimate)
                        if f.next < f.stop:
                            break
                        if f.low >= f.index:
                            for k in range(<size_t>f.spos, self.n_open):
                                self._prove_dead(self.open_keys[2 * k], self.open_keys[2 * k + 1], proof)
                            self.n_open = f.spos
                        elif frames[nframes - 2].low > f.low:  # not the root: its low is 0
                            frames[nframes - 2].low = f.low
                        n_children = f.start
                        for i in range(f.edge):
                            self._pop()
                        nframes -= 1
                    if not nframes:
                        return RUN_EXHAUSTED  # every position reachable was expanded
                    m = children[f.next].move
                    f.next += 1
                    before = self.n_undo
                    self._push(m)
                    self._play_safe_after(m)  # from a position with no safe move
                    edge = self.n_undo - before
                    slot = map_slot(&self.seen, self.k0, self.k1)
                    if not map_has(&self.seen, slot) or self.seen.vals[slot] < 0:
                        break  # not expanded yet (its mark is this frame's)
                    # Expanded since it was listed, reached another way: an edge to it.
                    if self.seen.vals[slot] < f.low:
                        f.low = self.seen.vals[slot]
                    while self.n_undo > before:
                        self._pop()
                if self._map_room(frames_cap, children_cap, 1) == RUN_STOPPED:
                    return RUN_STOPPED
                # A stock turn with no safe move after it: only waste moves are new here.
                waste_only = self.commutes and edge == 1 and m.dst < 0
                index += 1
                here = index
                low = f.index if waste_only else here  # its parent's other children cover it
                map_put(&self.seen, self.k0, self.k1, here)
                self._open_push()
                self.states += 1
                expanded += 1
                if self.max_states >= 0 and self.states >= self.max_states:
                    self.stop_reason = "max states"
                    return RUN_STOPPED
                if expanded >= budget:
                    return RUN_SPENT
                if self.states % CHECK_EVERY == 0 and self._out_of_time():
                    return RUN_STOPPED
        finally:
            free(frames)
            free(children)
            if not won:
                while self.n_undo > base:
                    self._pop()

    cdef int _df_children(self, int n, Child *out, int here, int *low, bint waste_only, int order_from) except -2:
        """`_run`'s listing: the moves ``self.scratch[:n]`` of the position here (Tarjan's index
        ``here``) that lead to a position not yet in the run's table, each into ``out`` with its
        estimate and tie order (from ``order_from``) and marked there as listed here; a child
        already there lowers ``low`` to its index. The count, or -1 on a win (the winning child
        left pushed)."""
        cdef int i, mark, before, count = 0
        cdef size_t slot
        cdef Move m
        cdef Child *c
        for i in range(n):
            m = self.scratch[i]
            if self.restricted and self._takes_back(m):
                continue
            if waste_only and m.dst >= 0 and m.src != self.waste:
                continue  # tried before the stock turned (`prune.stock_commutes`)
            before = self.n_undo
            self._push(m)
            self._play_safe_after(m)  # from a position with no safe move
            if not self._is_dead():
                slot = map_slot(&self.seen, self.k0, self.k1)
                if map_has(&self.seen, slot):
                    mark = self.seen.vals[slot]
                    if mark < 0:
                        mark = LISTED - mark  # listed by an open position: an edge to it
                    if mark < low[0]:
                        low[0] = mark
                else:
                    if self._won():
                        return -1
                    self.seen.vals[slot] = LISTED - here  # listed here, not yet expanded
                    self.seen.keys[2 * slot] = self.k0
                    self.seen.keys[2 * slot + 1] = self.k1 if (self.k0 or self.k1) else 1
                    self.seen.count += 1
                    c = &out[count]
                    c.move = m
                    c.estimate = self._estimate() + self._noise()
                    if self._takes_back(m):
                        c.estimate += OUT_OF_HOME  # a line that takes no card back comes first
                    if m.dst == SWAP:
                        c.estimate += self.swap_cost
                    c.order = ORDER_TOP - (order_from + i) if self.ties_back else order_from + i
                    count += 1
            while self.n_undo > before:
                self._pop()
        return count

    cdef inline bint _is_dead(self) noexcept nogil:
        """Whether this position is in the dead table for runs like this one."""
        return self._dead_for(DEAD_KEEPING_HOME if self.restricted else DEAD)

    cdef inline bint _dead_for(self, int32_t proof) noexcept nogil:
        """Whether this position is in the dead table with ``proof`` or a stronger one."""
        cdef size_t slot
        if not self.dead.cap:
            return False
        slot = map_slot(&self.dead, self.k0, self.k1)
        return map_has(&self.dead, slot) and self.dead.vals[slot] >= proof

    cdef inline void _prove_dead(self, uint64_t a, uint64_t b, int32_t proof) noexcept nogil:
        """A position of a closed component: closed in the run's table, dead in the dead table."""
        cdef size_t slot = map_slot(&self.dead, a, b)
        map_put(&self.seen, a, b, CLOSED)
        if not map_has(&self.dead, slot) or self.dead.vals[slot] < proof:
            map_put(&self.dead, a, b, proof)

    cdef int _open_push(self) except -1:
        """The position here onto the run's stack of open positions."""
        if self.n_open >= self.open_cap:
            self.open_cap = self.open_cap * 2 if self.open_cap else 1024
            self.open_keys = <uint64_t *>grow(self.open_keys, self.open_cap * 2 * sizeof(uint64_t))
        self.open_keys[2 * self.n_open] = self.k0
        self.open_keys[2 * self.n_open + 1] = self.k1
        self.n_open += 1
        return 0

    cdef int _map_room(self, int frames_cap, int children_cap, int more) except -1:
        """Room for ``more`` keys more in the run's table and for every open position in the dead
        table (a component closing adds them all); RUN_STOPPED past ``max_memory``."""
        cdef long long slot = 3 * (2 * sizeof(uint64_t) + sizeof(int32_t))  # a grown map's old and new
        cdef bint seen_full = (self.seen.count + more) * 4 >= self.seen.cap * 3
        cdef bint dead_full = (self.dead.count + self.n_open) * 4 >= self.dead.cap * 3
        if not seen_full and not dead_full:
            return 0
        if self.max_memory >= 0 and ((<long long>self.seen.cap + <long long>self.dead.cap) * slot
                                     + <long long>self.open_cap * 2 * sizeof(uint64_t)
                                     + <long long>frames_cap * sizeof(Frame)
                                     + <long long>children_cap * sizeof(Child)) > self.max_memory:
            self.stop_reason = "max memory"
            return RUN_STOPPED
        while (self.seen.count + more) * 4 >= self.seen.cap * 3:
            map_grow(&self.seen)
        while (self.dead.count + self.n_open) * 4 >= self.dead.cap * 3:
            map_grow(&self.dead)
        return 0

    cdef bint _out_of_time(self) except -1:
        """Past the deadline (stop_reason set); reports progress and lets Ctrl-C through."""
        if PyErr_CheckSignals() < 0:
            raise KeyboardInterrupt
        cdef double t = now()
        if self.deadline >= 0 and t > self.deadline:
            self.stop_reason = "timeout"
            return True
        if self.progress is not None and t >= self.next_report:
            self.next_report = t + self.progress_every
            self.progress(self.states, t - self.started)
        return False

    # ------------------------------------------------------------ nested rollouts (`rollouts`)
    # A search for wins alone, beside the exhaustive ones: nested Monte Carlo search (Cazenave,
    # 2009). A playout plays to the end, each move drawn at random among those that settle more
    # cards (`_ro_score`), or among all when none does; level L tries every move of the position
    # followed by a level L - 1 search, plays the first move of the best line found so far, and
    # goes on from there. Where wins are narrow lines through branching that an exhaustive search
    # cannot cover in time (Parada's deals, docs/solver.md "Nested rollouts"), the best lines of
    # many short searches find them. It never proves a deal lost.
    cdef inline uint64_t _ro_random(self) noexcept nogil:
        cdef uint64_t x = self.ro_rng
        x ^= x << 13
        x ^= x >> 7
        x ^= x << 17
        self.ro_rng = x
        return x

    cdef long long _ro_score(self) noexcept nogil:
        """Higher is nearer a win: minus the cards still to place (`_to_go`), a win pile's cards
        counted still to place while its bottom card is one its build may not start from
        (Parada's 7 in row 1, PA-2); a win scores RO_WIN."""
        cdef int i, p, g, unsettled = 0
        if self._won():
            return RO_WIN
        for i in range(self.n_win):
            p = self.win_piles[i]
            g = self.pile_group[p]
            if self.size[p] and self.has_base_ok[g] and not self.base_ok[g * NCARDS + self.cards[p * self.cap]]:
                unsettled += self.size[p]
        return -<long long>(self._to_go() + unsettled)

    cdef bint _ro_pushed(self) except -1:
        """Count a push; True once the budget of pushes or the clock is spent (ro_stop)."""
        self.ro_pushes += 1
        if self.ro_limit >= 0 and self.ro_pushes >= self.ro_limit:
            self.stop_reason = "max states"
            self.ro_stop = True
        elif not (self.ro_pushes & RO_CHECK):
            self.states = self.ro_pushes  # what a progress report shows
            self.ro_stop = self._out_of_time()
        return self.ro_stop

    cdef inline bint _ro_mark_key(self, uint64_t a, uint64_t b, bint mark=True) noexcept nogil:
        """Whether the key (a, b) is in the playout's table; with ``mark``, put it there."""
        cdef size_t i = (a ^ (b >> 17)) & (RO_SLOTS - 1)
        while self.ro_stamp[i] == self.ro_gen:
            if self.ro_keys[2 * i] == a and self.ro_keys[2 * i + 1] == b:
                return True
            i = (i + 1) & (RO_SLOTS - 1)
        if mark and self.ro_count < RO_SLOTS * 3 // 4:  # a full table would never end a probe
            self.ro_count += 1
            self.ro_stamp[i] = self.ro_gen
            self.ro_keys[2 * i] = a
            self.ro_keys[2 * i + 1] = b
        return False

    cdef inline bint _ro_marked(self, bint mark) noexcept nogil:
        """Whether this position is in the playout's table; with ``mark``, put it there."""
        return self._ro_mark_key(self.k0, self.k1, mark)

    cdef inline void _ro_path_push(self) noexcept nogil:
        """This position onto the path the nested levels stand on (`_ro_on_path`)."""
        self.ro_path[2 * self.ro_path_n] = self.k0
        self.ro_path[2 * self.ro_path_n + 1] = self.k1
        self.ro_path_n += 1

    cdef inline bint _ro_on_path(self) noexcept nogil:
        cdef int i
        for i in range(self.ro_path_n):
            if self.ro_path[2 * i] == self.k0 and self.ro_path[2 * i + 1] == self.k1:
                return True
        return False

    cdef int _ro_swaps(self, Move *out) noexcept nogil:
        """The swaps (CR-4) a rollout may play, while one is left: each brings a card some
        foundation takes now (`_wanted`) from under the top of a pile to the top of one whose top
        no foundation takes (`hints.promising_swaps`); of thousands, these open the way home."""
        cdef int count = 0, i, j, pt, pb, t, ib, cb, a, b
        cdef uint8_t *wanted = self.ro_wanted
        if not self.ro_swaps or not self._swaps_left():
            return 0
        self._wanted(wanted)
        for i in range(self.n_swap):
            pt = self.swap_piles[i]
            t = self.size[pt] - 1
            if t < self.hidden[pt] or wanted[self.cards[pt * self.cap + t]]:
                continue
            for j in range(self.n_swap):
                pb = self.swap_piles[j]
                for ib in range(self.hidden[pb], self.size[pb] - 1):  # a top goes home unswapped
                    cb = self.cards[pb * self.cap + ib]
                    if not wanted[cb] or cb == self.cards[pt * self.cap + t]:
                        continue
                    a = pt * PLACE + t
                    b = pb * PLACE + ib
                    if j < i or (j == i and ib < t):  # the engine's order: the earlier place first
                        a, b = b, a
                    out[count].src = a
                    out[count].dst = SWAP
                    out[count].n = b
                    count += 1
        return count

    cdef long long _playout(self, Move *out, int *out_len) except? -1:
        """Play to the end from here (at most RO_CAP moves, never to a position met on the way):
        each move drawn among those that raise `_ro_score`, else among all; where no move is
        left, a swap that opens the way home (`_ro_swaps`). The line goes into ``out``; returns
        its end's score. The position is left as it was."""
        cdef Move *moves = self.ro_lists
        cdef int n, i, good, rest, steps = 0
        cdef long long here, score
        self.ro_gen += 1
        if not self.ro_gen:  # the stamps wrapped: clear them
            memset(self.ro_stamp, 0, RO_SLOTS * sizeof(uint32_t))
            self.ro_gen = 1
        self.ro_count = 0
        for i in range(self.ro_path_n):  # the levels' path, and the positions to avoid
            self._ro_mark_key(self.ro_path[2 * i], self.ro_path[2 * i + 1])
        self._ro_marked(True)
        here = self._ro_score()
        while steps < RO_CAP and here != RO_WIN and not self.ro_stop:
            n = self._list(moves, False)
            good = 0
            rest = n  # the others fill ro_pick from the end
            for i in range(n):
                self._push(moves[i])
                if self._ro_pushed():
                    self._pop()
                    break
                if self._ro_marked(False):
                    self._pop()
                    continue
                score = self._ro_score()
                self._pop()
                if score > here:
                    self.ro_pick[good] = i
                    good += 1
                else:
                    rest -= 1
                    self.ro_pick[rest] = i
            if self.ro_stop:
                break
            if good:
                i = self.ro_pick[self._ro_random() % good]
            elif rest < n:
                i = self.ro_pick[rest + self._ro_random() % (n - rest)]
            else:  # stuck: a swap that opens the way home (CR-4), while one is left
                good = self._ro_swaps(moves + n)
                if not good:
                    break
                i = n + <int>(self._ro_random() % good)
            self._push(moves[i])
            self._ro_marked(True)
            out[steps] = moves[i]
            steps += 1
            here = self._ro_score()
        for i in range(steps):
            self._pop()
        out_len[0] = steps
        return here

    cdef long long _nested(self, int level, Move *out, int *out_len) except? -1:
        """A level-``level`` search from here: returns the best score met and puts its line
        into ``out``. The position is left as it was."""
        cdef Move *moves = self.ro_lists + level * self.ro_room
        cdef Move *child = self.ro_seqs + (level - 1) * RO_CAP
        cdef int n, i, played = 0, best_len = 0, child_len
        cdef long long best = RO_NONE, score
        while played < RO_CAP - 1 and not self.ro_stop:
            n = self._list(moves, False)
            n += self._ro_swaps(moves + n)
            for i in range(n):
                self._push(moves[i])
                if self._ro_pushed() or self._ro_on_path():
                    self._pop()
                    if self.ro_stop:
                        break
                    continue
                child_len = 0
                score = self._ro_score()
                if score != RO_WIN:
                    self._ro_path_push()
                    if level == 1:
                        score = self._playout(child, &child_len)
                    else:
                        score = self._nested(level - 1, child, &child_len)
                    self.ro_path_n -= 1
                self._pop()
                if score > best and played + 1 + child_len <= RO_CAP:
                    best = score
                    out[played] = moves[i]
                    memcpy(out + played + 1, child, child_len * sizeof(Move))
                    best_len = played + 1 + child_len
                if best == RO_WIN or self.ro_stop:
                    break
            if best == RO_WIN or self.ro_stop or best_len <= played:
                break
            self._push(out[played])  # the first move of the best line from here
            self._ro_path_push()
            played += 1
        for i in range(played):
            self._pop()
        self.ro_path_n -= played
        out_len[0] = best_len
        return best

    def rollouts(self, timeout=None, max_states=None, int level=1, unsigned long long seed=1, avoid_keys=(),
                 progress=None, double progress_every=0.5, bint swaps=True):
        """A nested rollout search (`_nested`) of ``level`` from here, within ``timeout`` seconds
        and ``max_states`` pushes (either None: no limit). Returns (status, moves, pushes,
        reason, best): "solved" with the winning line, or "unknown" (never "unsolvable") with
        the best score met (`_ro_score`: minus the cards still to place). No line passes through
        a position of ``avoid_keys`` (`key()`s). The same seed and budget of pushes give the same
        answer on every machine. ``progress(pushes, seconds)`` is called every ``progress_every``
        seconds, as by `solve`. While a swap is left (CR-4) the levels list the swaps that open
        the way home (`_ro_swaps`) beside the moves, and a playout plays one where it is stuck;
        ``swaps`` False: none."""
        cdef int line_len = 0, i, levels = level + 1, n_avoid = len(avoid_keys), base = self.n_undo
        cdef long long best
        if level < 1:
            raise ValueError("level must be 1 or more")
        self.started = now()
        self.deadline = -1.0 if timeout is None else self.started + timeout
        self.progress = progress
        self.progress_every = progress_every
        self.next_report = self.started + progress_every
        self.ro_limit = -1 if max_states is None else max_states
        self.ro_pushes = 0
        self.ro_stop = False
        self.stop_reason = ""
        self.ro_rng = seed * 0x9E3779B97F4A7C15ULL or 1
        self.ro_gen = 0
        self.ro_path_n = 0
        cdef Move *line = <Move *>malloc(RO_CAP * sizeof(Move))
        self.ro_swaps = swaps and self.n_swap > 0
        self.ro_room = self.scratch_cap + (self.n_swap * self.total if self.ro_swaps else 0)
        self.ro_wanted = <uint8_t *>malloc(NCARDS)
        self.ro_lists = <Move *>malloc(levels * self.ro_room * sizeof(Move))
        self.ro_seqs = <Move *>malloc(levels * RO_CAP * sizeof(Move))
        self.ro_pick = <int *>malloc(self.scratch_cap * sizeof(int))
        self.ro_keys = <uint64_t *>malloc(2 * RO_SLOTS * sizeof(uint64_t))
        self.ro_stamp = <uint32_t *>malloc(RO_SLOTS * sizeof(uint32_t))
        self.ro_path = <uint64_t *>malloc(2 * (levels * RO_CAP + 1 + n_avoid) * sizeof(uint64_t))
        try:
            if (line == NULL or self.ro_wanted == NULL or self.ro_lists == NULL or self.ro_seqs == NULL or self.ro_pick == NULL
                    or self.ro_keys == NULL or self.ro_stamp == NULL or self.ro_path == NULL):
                raise MemoryError()
            memset(self.ro_stamp, 0, RO_SLOTS * sizeof(uint32_t))
            for i, (a, b) in enumerate(avoid_keys):  # the path starts with them: no line enters one
                self.ro_path[2 * i] = a
                self.ro_path[2 * i + 1] = b
            self.ro_path_n = n_avoid
            self._ro_path_push()
            best = self._ro_score()
            if best != RO_WIN:
                best = self._nested(level, line, &line_len)
            if best == RO_WIN:
                return "solved", [self._move_out(line[i]) for i in range(line_len)], self.ro_pushes, "win found", 0
            reason = self.stop_reason or "searched"
            return "unknown", [], self.ro_pushes, reason, best
        finally:
            self.progress = None
            while self.n_undo > base:  # an interrupt (Ctrl-C) leaves moves pushed
                self._pop()
            free(line)
            free(self.ro_lists)
            free(self.ro_seqs)
            free(self.ro_pick)
            free(self.ro_keys)
            free(self.ro_stamp)
            free(self.ro_path)
            self.ro_lists = self.ro_seqs = NULL
            self.ro_pick = NULL
            self.ro_keys = self.ro_path = NULL
            self.ro_stamp = NULL
            free(self.ro_wanted)
            self.ro_wanted = NULL

    # ------------------------------------------------------------ best-first (`_bf_turn`)
    # Best-first over a priority queue on the estimate, in turns with depth-first (`solve`): its
    # table, nodes and queues live from one turn to the next, so no turn repeats another's work.
    # A queued child is its parent's node and one move; a node expanded with children keeps a
    # snapshot of its position, from which each child is reached by its move and safe moves.
    cdef void _snap(self, uint8_t *out) noexcept nogil:
        """The whole position into snap_size bytes: per pile its size and face-down count, the
        redeals used, every pile's cards, then each action's uses left (two bytes each). (A word
        that adds state to the position adds it here.)"""
        cdef int p, i, at = 2 * self.P + 2
        for p in range(self.P):
            out[p] = <uint8_t>self.size[p]
            out[self.P + p] = <uint8_t>self.hidden[p]
            for i in range(self.size[p]):
                out[at + i] = self.cards[p * self.cap + i]
            at += self.size[p]
        out[2 * self.P] = <uint8_t>(self.redeals_used & 0xFF)
        out[2 * self.P + 1] = <uint8_t>(self.redeals_used >> 8)
        at = 2 * self.P + 2 + self.total
        for i in range(self.n_actions):  # -1 (unlimited) and 0..MAX_USES, as 16 bits
            out[at + 2 * i] = <uint8_t>(self.uses[i] & 0xFF)
            out[at + 2 * i + 1] = <uint8_t>((self.uses[i] >> 8) & 0xFF)

    cdef void _unsnap(self, const uint8_t *snap) noexcept nogil:
        """Stand at a snapshot, its key computed afresh (as `load`); the undo stack is the caller's."""
        cdef int p, i, at = 2 * self.P + 2
        self.k0 = self.k1 = 0
        self.redeals_used = snap[2 * self.P] | (snap[2 * self.P + 1] << 8)
        for p in range(self.lane_first[self.P]):
            self.lane_busy[p] = 0  # KK-2: _put counts them again
        for p in range(self.P):
            self.size[p] = 0
            self.hidden[p] = 0
            self.ph0[p] = self.zhid0[0]
            self.ph1[p] = self.zhid1[0]
            for i in range(snap[p]):
                self._put(p, snap[at + i])
            at += snap[p]
            self._set_hidden(p, snap[self.P + p])
            self._rekey(p)
        self._redeals_key(1)
        at = 2 * self.P + 2 + self.total
        for i in range(self.n_actions):
            self.uses[i] = <int16_t>(snap[at + 2 * i] | (snap[at + 2 * i + 1] << 8))
            self._uses_key(i, 1)

    cdef void _unsnap_diff(self, const uint8_t *snap) noexcept nogil:
        """`_unsnap` by difference: only the piles (and counters) that differ from the snapshot
        are rebuilt, each from the first card where the two differ, the key updated as by moves.
        Best-first's successive nodes are mostly near each other, so this is far cheaper than
        rebuilding every pile."""
        cdef int p, i, n, keep, lim, at = 2 * self.P + 2, r
        cdef const uint8_t *here
        cdef int16_t u
        r = snap[2 * self.P] | (snap[2 * self.P + 1] << 8)
        if r != self.redeals_used:
            self._redeals_key(-1)
            self.redeals_used = r
            self._redeals_key(1)
        for p in range(self.P):
            n = snap[p]
            here = self.cards + p * self.cap
            lim = n if n < self.size[p] else self.size[p]
            keep = 0
            while keep < lim and here[keep] == snap[at + keep]:
                keep += 1
            if keep == n and n == self.size[p] and self.hidden[p] == snap[self.P + p]:
                at += n
                continue
            self._unkey(p)
            while self.size[p] > keep:
                self._take(p)
            for i in range(keep, n):
                self._put(p, snap[at + i])
            self._set_hidden(p, snap[self.P + p])
            self._rekey(p)
            at += n
        at = 2 * self.P + 2 + self.total
        for i in range(self.n_actions):
            u = <int16_t>(snap[at + 2 * i] | (snap[at + 2 * i + 1] << 8))
            if u != self.uses[i]:
                self._uses_key(i, -1)
                self.uses[i] = u
                self._uses_key(i, 1)

    cdef int _bf_start(self, avoid_keys) except -1:
        """The best-first search's root: the start position, its safe moves played, queued."""
        cdef int base = self.n_undo, q
        self.snap_size = 2 * self.P + 2 + self.total + 2 * self.n_actions
        self.side_base = self.n_side  # the close-ups' side stack where the undo stack is at base
        self.root_snap = <uint8_t *>grow(self.root_snap, self.snap_size)
        self._snap(self.root_snap)
        self._bf_table_swap()
        self._table_init(1 << 16)
        for k in avoid_keys:
            self._seen_or_add(k[0], k[1])
        self._play_safe()
        self._seen_or_add(self.k0, self.k1)
        self._bf_table_swap()
        self.nodes_cap = 1024
        self.nodes = <Node *>grow(self.nodes, self.nodes_cap * sizeof(Node))
        self.n_nodes = 1
        self.n_snaps = 0
        self.nodes[0].parent = -1
        self.nodes[0].snap = -1
        self.nodes[0].depth = 0
        self.nodes[0].expanded = 0
        self.nodes[0].waste_only = 0
        for q in range(2):
            self.queues[q].n = 0
            heap_push(&self.queues[q], 0, 0, 0)
        self.bf_turns = 0
        while self.n_undo > base:
            self._pop()
        return 0

    cdef void _bf_table_swap(self) noexcept nogil:
        """Trade the depth-first run's table for best-first's (each search keeps its own)."""
        cdef uint64_t *t = self.table
        cdef size_t cap = self.table_cap, count = self.table_count
        self.table, self.table_cap, self.table_count = self.bf_table, self.bf_cap, self.bf_count
        self.bf_table, self.bf_cap, self.bf_count = t, cap, count

    cdef void _bf_free(self) noexcept nogil:
        cdef int q
        free(self.bf_table)
        self.bf_table = NULL
        self.bf_cap = self.bf_count = 0
        free(self.nodes)
        self.nodes = NULL
        self.n_nodes = self.nodes_cap = 0
        for q in range(2):
            free(self.queues[q].a)
            self.queues[q].a = NULL
            self.queues[q].n = self.queues[q].cap = 0
        free(self.snaps)
        self.snaps = NULL
        self.n_snaps = self.snaps_cap = 0
        free(self.root_snap)
        self.root_snap = NULL

    cdef bint _bf_over(self, long long more) noexcept:
        """True (and the stop's reason said) when best-first, allocating ``more`` bytes beside
        what it holds, would pass ``max_memory``."""
        if self.max_memory >= 0 and self._bf_memory(self.table_cap) + more > self.max_memory:
            self.stop_reason = "max memory"
            return True
        return False

    cdef long long _bf_memory(self, size_t table_cap) noexcept nogil:
        """Bytes best-first holds with a table of ``table_cap`` slots (two words each), its nodes,
        queues and snapshots. A doubling checks this plus what it allocates beside it."""
        return (<long long>table_cap * 2 * sizeof(uint64_t) + <long long>self.nodes_cap * sizeof(Node)
                + <long long>(self.queues[0].cap + self.queues[1].cap) * sizeof(Entry)
                + <long long>self.snaps_cap * self.snap_size)

    cdef int _bf_goto(self, int node, int base) except -1:
        """Stand at ``node``: its parent's snapshot, its move and the safe moves after it."""
        cdef Node *n = &self.nodes[node]
        self.n_undo = base
        self.n_side = self.side_base
        if n.parent < 0:
            self._unsnap_diff(self.root_snap)
            self._play_safe()
            return 0
        self._unsnap_diff(self.snaps + <size_t>self.nodes[n.parent].snap * self.snap_size)
        self._push(n.move)
        self._play_safe()
        return 0

    cdef int _bf_line(self, int node, Move last, int base) except -1:
        """Leave the undo stack holding the line from the start to ``node`` and then ``last``:
        the start, its safe moves, then each node's move and the safe moves after it."""
        cdef list path = []
        cdef int at = node
        while at > 0:
            path.append(at)
            at = self.nodes[at].parent
        self.n_undo = base
        self.n_side = self.side_base
        self._unsnap(self.root_snap)
        self._play_safe()
        for at in reversed(path):
            self._push(self.nodes[at].move)
            self._play_safe()
        self._push(last)
        self._play_safe()
        return 0

    cdef int _bf_terms(self, int *rooms_free, int *cells_free, int *cell_score) noexcept nogil:
        """`heuristic.Heuristic`'s terms with best-first's weights (face-down cards cost BF_DOWN):
        returns the cards' term, and the free rooms and cells through the pointers, read once
        for both queues (`search.QUEUES` weigh them apart); where the layout has one-card cells,
        also the first queue's estimate (`_bf_cell_terms`) through ``cell_score``."""
        cdef int down, disorder, to_go
        self._tally(&down, &disorder, rooms_free, cells_free)
        to_go = self._to_go()
        if self.cell_layout:
            cell_score[0] = self._bf_cell_terms(to_go, down)
        return W_OUT * to_go + BF_DOWN * down + W_DISORDER * disorder

    cdef int _bf_cell_terms(self, int to_go, int down) noexcept nogil:
        """The estimate where the layout has one-card cells (`cell_layout`): W_OUT for each of
        the ``to_go`` cards not home and BF_DOWN for each of the ``down`` face-down cards, as in
        `_bf_terms`; in place of the disorder, CELL_UNDER for each card under the top run of its
        pile (what must move before that pile builds) and CELL_ABOVE for each card lying on a
        card that a foundation takes next (what must move before it goes home). A pile's counts
        are kept under its key term, and its cards above under the foundations' too: between one
        child and the next most piles are as they were."""
        cdef int i, j, p, size, top, hid, under = 0, above = 0, n
        cdef uint8_t *pile
        cdef uint8_t *ok
        cdef uint8_t *wanted = self.cell_wanted
        cdef uint64_t fkey = 0
        if self.found_memo:
            fkey = 1
            for j in range(self.n_foundations):
                p = self.foundations[j]
                fkey += mix0(self.ph0[p] + self.salt0[p])
        if not fkey or fkey != self.cell_found:
            self._wanted(wanted)
            self.cell_found = fkey
        for i in range(self.n_stacks):
            p = self.stacks[i]
            size = self.size[p]
            if not size:
                continue
            hid = self.hidden[p]
            if self.cell_ph[p] != self.ph0[p] or self.cell_hid[p] != hid:
                pile = self.cards + p * self.cap
                ok = self.run_ok + self.pile_group[p] * SQUARE
                top = size - 1
                while top > hid and ok[pile[top - 1] * NCARDS + pile[top]]:
                    top -= 1
                self.cell_under[p] = top
                self.cell_ph[p] = self.ph0[p]
                self.cell_hid[p] = hid
                self.cell_fk[p] = 0
            under += self.cell_under[p]
            if not fkey or self.cell_fk[p] != fkey:
                pile = self.cards + p * self.cap
                n = 0
                for j in range(size - 1):
                    if wanted[pile[j]]:
                        n += size - 1 - j
                self.cell_above[p] = n
                self.cell_fk[p] = fkey
            above += self.cell_above[p]
        return W_OUT * to_go + BF_DOWN * down + CELL_UNDER * under + CELL_ABOVE * above

    cdef int _bf_turn(self, long long budget, int base) except -1:
        """Best-first for at most ``budget`` expansions, its two queues (`search.QUEUES`) popped
        in turn; a position is expanded once, from whichever queue reaches it first. RUN_WON
        leaves the winning line on the undo stack; else the start position is restored."""
        cdef long long expanded = 0
        cdef int i, n, count, node, q, before, edge, score, cell_score = 0, rooms, cells, listed, depth
        cdef Listed *c
        cdef Entry e
        cdef Node *child
        cdef Move m
        cdef bint waste_only, won = False, swaps_now, swaps_later
        cdef int prio
        free(self.table)  # the last depth-first run's: the next run starts a table of its own
        self.table = NULL
        self.table_cap = self.table_count = 0
        self._bf_table_swap()
        try:
            while True:
                if not self.queues[0].n and not self.queues[1].n:
                    return RUN_EXHAUSTED  # every position reachable was expanded
                if budget >= 0 and expanded >= budget:
                    return RUN_SPENT
                if self.max_states >= 0 and self.states >= self.max_states:
                    self.stop_reason = "max states"
                    return RUN_STOPPED
                if expanded % CHECK_EVERY == 0 and self._out_of_time():
                    return RUN_STOPPED
                self.bf_turns += 1
                swaps_later = False
                if self.cell_layout:  # the greedy queue one time in GREEDY_EVERY
                    q = self.bf_turns % GREEDY_EVERY == 0
                else:
                    q = self.bf_turns & 1
                if not self.queues[q].n:
                    q = 1 - q
                e = heap_pop(&self.queues[q])
                swaps_now = e.node >= SWAPS_LATER
                node = e.node - SWAPS_LATER if swaps_now else e.node
                if self.nodes[node].expanded >= 1 + swaps_now:
                    continue
                self.nodes[node].expanded = 1 + swaps_now
                self.states += 1
                expanded += 1
                self._bf_goto(node, base)
                if not node and self._won():  # won by the start's safe moves alone
                    won = True
                    return RUN_WON
                waste_only = self.nodes[node].waste_only
                # The swaps come last in a listing (`_list_actions`). Listed later, as a batch of
                # their own that waits SWAP_COST behind the position (docs/solver.md).
                if swaps_now:
                    n = self._list_swaps(self.scratch)
                else:
                    n = self._list(self.scratch, False)
                if not swaps_now and self._swaps_left():
                    score = self._bf_terms(&rooms, &cells, &cell_score)
                    if self.cell_layout:
                        prio = CELL_WEIGHT * cell_score - CELL_ROOM * rooms - CELL_CELL * cells + CELL_DEPTH * (e.depth - 1)
                    else:
                        prio = score - 2 * rooms - 2 * cells + e.depth - 1
                    heap_push(&self.queues[0], prio + self.swap_cost, e.depth, node + SWAPS_LATER)
                    heap_push(&self.queues[1], 5 * score - 4 * rooms - cells + e.depth - 1 + self.swap_cost,
                              e.depth, node + SWAPS_LATER)
                    swaps_later = True
                # Room for every child first, so that the slots prefetched below stay where they are.
                while (self.table_count + n) * 4 >= self.table_cap * 3:
                    # While it moves, the old table and the new, twice its size, both live.
                    if self._bf_over(<long long>self.table_cap * 4 * sizeof(uint64_t)):
                        return RUN_STOPPED
                    self._table_grow()
                # List every child with its key and priorities, its table slot prefetched; probe
                # them after: a probe is a cache miss in a large table, and these overlap.
                listed = 0
                depth = self.nodes[node].depth + 1
                for i in range(n):
                    m = self.scratch[i]
                    if waste_only and m.dst >= 0 and m.src != self.waste:
                        continue  # tried before the stock turned (`prune.stock_commutes`)
                    before = self.n_undo
                    self._push(m)
                    self._play_safe_after(m)  # from a position with no safe move
                    edge = self.n_undo - before
                    if self._dead_for(DEAD):  # proved by depth-first (`_run`): nothing to win there
                        while self.n_undo > before:
                            self._pop()
                        continue
                    c = &self.listed[listed]
                    c.won = self._won()
                    c.k0 = self.k0
                    c.k1 = self.k1
                    prefetch(&self.table[2 * ((self.k0 ^ (self.k1 >> 17)) & (self.table_cap - 1))])
                    score = self._bf_terms(&rooms, &cells, &cell_score)  # once for both queues
                    if self.cell_layout:
                        c.prio0 = CELL_WEIGHT * cell_score - CELL_ROOM * rooms - CELL_CELL * cells + CELL_DEPTH * (depth - 1)
                    else:
                        c.prio0 = score - 2 * rooms - 2 * cells + depth - 1
                    c.prio1 = 5 * score - 4 * rooms - cells + depth - 1
                    c.move = m
                    c.waste_only = self.commutes and edge == 1 and m.dst < 0
                    listed += 1
                    while self.n_undo > before:
                        self._pop()
                count = 0
                for i in range(listed):
                    c = &self.listed[i]
                    if self._seen_or_add(c.k0, c.k1):
                        continue
                    if c.won:
                        self._bf_line(node, c.move, base)
                        won = True
                        return RUN_WON
                    if self.n_nodes >= self.nodes_cap:
                        # The nodes' new array beside the old, and the queues' next doubling (a
                        # queue holds at most a node's worth of entries).
                        if self._bf_over(<long long>self.nodes_cap * 2 * (sizeof(Node) + 2 * sizeof(Entry))):
                            return RUN_STOPPED
                        self.nodes_cap *= 2
                        self.nodes = <Node *>grow(self.nodes, self.nodes_cap * sizeof(Node))
                    child = &self.nodes[self.n_nodes]
                    child.parent = node
                    child.snap = -1
                    child.depth = depth
                    child.move = c.move
                    child.expanded = 0
                    child.waste_only = c.waste_only
                    heap_push(&self.queues[0], c.prio0, depth, self.n_nodes)
                    heap_push(&self.queues[1], c.prio1, depth, self.n_nodes)
                    self.n_nodes += 1
                    count += 1
                if (count or swaps_later) and self.nodes[node].snap < 0:  # its children start from here: keep the position
                    if self.n_snaps >= self.snaps_cap:
                        if self._bf_over(<long long>self.snaps_cap * 2 * self.snap_size):
                            return RUN_STOPPED
                        self.snaps_cap = self.snaps_cap * 2 if self.snaps_cap else 1024
                        self.snaps = <uint8_t *>grow(self.snaps, self.snaps_cap * self.snap_size)
                    self._snap(self.snaps + self.n_snaps * self.snap_size)
                    self.nodes[node].snap = <int>self.n_snaps
                    self.n_snaps += 1
        finally:
            self._bf_table_swap()
            if not won:
                self.n_undo = base
                self.n_side = self.side_base
                self._unsnap_diff(self.root_snap)
