"""The rules engine: setup, the task stack, every step of build / worker / income, attacks, the end.

:class:`Engine` is the base of :class:`~.rules.BaldursGateGame`; it holds the
mechanics, and :mod:`.rules` adds the protocol around it (refusals, words,
notation, views, validation). See :mod:`.rules` for the rules in words.
"""

from __future__ import annotations

from dataclasses import replace as _dc_replace

from .effects import HANDLERS, infeasible
from .state import (
    OFFER, AfterBuild, Attack, Begin, BaldursGateState, Bottom, BottomCard, Build, BuildChoice, ChooseSpot, ChooseTrack,
    Deal, DealAgenda, DealCard, DealHQ, DealtAgenda, DealtHQ, Done, DrawToken, Effect, EndTurn, FinalAttack, Gain,
    HideToken, Hide, Income, IncomeLoop, Keep, KeepAgenda, Parcel, Pick, PickHQ, Piece, PlaceBuilding, Player, Score,
    Special, Spot, Src, TakeOffer, Take, Token, Track, Trade, TradeChoice, Turn, Use, Worker,
)

BAN_DRAWS = {2: 8, 3: 4, 4: 0}  # P23
OPEN_PARCELS = 8  # S7
SETUP_LIMIT = 3  # C5: a setup draw never makes a 4th token
ATTACK_AT = 4  # BLD8
BUILDING_KINDS = ("inn", "hall", "market", "temple")
FORT_KINDS = ("tower", "keep", "gate")

_DECIDE, _CHANCE, _AUTO = "decide", "chance", "auto"


class Engine:
    """Mechanics shared by the game class (needs ``self.city``, ``self.content``, ``self.players``, ``self.advanced``)."""

    # ------------------------------------------------------------ set-up
    def _setup(self) -> None:
        c, city = self.content, self.city
        self.parcel_district = {n: city.district_of_parcel(n) for n in city.parcels}
        self.district_index = {d: i for i, d in enumerate(city.districts)}
        self.hq_district = {h.id: h.district for h in c.hqs.values()}
        self.cubes = c.start["cubes"]
        self.faction_ids = c.faction_ids
        self.faction_index = {f: i for i, f in enumerate(self.faction_ids)}
        self.track_len = len(c.factions[0].rewards) if c.factions else 8

    def initial_state(self) -> BaldursGateState:
        c, n = self.content, self.players
        st = c.start
        players = tuple(Player(gold=st["gold"], supply=st["supply"], favor=st["favor"]) for _ in range(n))
        tasks: list = []
        deal_hand = st["advanced_deal"] if self.advanced else st["hand"]
        deal_agendas = st["advanced_deal"] if self.advanced else st["agendas"]
        if self.advanced:  # ADV1-ADV2: n+1 HQ cards, picked in reverse order
            tasks += [DealHQ(OFFER)] * (n + 1)
            for p in reversed(range(n)):
                tasks += [PickHQ(p), Special(p)]
        else:  # S3
            tasks += [DealHQ(p) for p in range(n)]
        tasks += [DealCard(p) for _ in range(deal_hand) for p in range(n)]  # S4
        tasks += [DealCard(OFFER)] * st["offer"]
        if self.advanced:  # ADV3
            tasks += [BottomCard(p, "building") for p in range(n) for _ in range(deal_hand - st["hand"])]
        tasks += [DealAgenda(p) for _ in range(deal_agendas) for p in range(n)]  # S5
        if self.advanced:  # ADV4
            tasks += [BottomCard(p, "agenda") for p in range(n) for _ in range(deal_agendas - st["agendas"])]
        tasks += [DrawToken("open")] * OPEN_PARCELS  # S7
        tasks += [HideToken()]  # S9
        tasks += [DrawToken("ban")] * BAN_DRAWS.get(n, 0)  # P23
        tasks += [Begin()]
        state = BaldursGateState(
            players=players, pieces=(None,) * len(self.city.nodes), bag=tuple(self.city.parcels),
            tracks=((),) * len(self.city.districts), deck=tuple(sorted(c.buildings)),
            agenda_deck=tuple(sorted(c.agendas)), gates=tuple(g.id for g in c.gates),
            hq_deck=tuple(sorted(c.hqs)), tasks=tuple(tasks))
        return self._run(state)

    # ------------------------------------------------------------ small helpers
    @staticmethod
    def push(s: BaldursGateState, *tasks) -> BaldursGateState:
        return s._replace(tasks=tuple(tasks) + s.tasks) if tasks else s

    @staticmethod
    def set_player(s: BaldursGateState, p: int, pl: Player) -> BaldursGateState:
        players = list(s.players)
        players[p] = pl
        return s._replace(players=tuple(players))

    def hq_side(self, s: BaldursGateState, p: int):
        return self.content.hq_side(s.players[p].hq, self.advanced)

    def free_cubes(self, s: BaldursGateState, p: int) -> int:
        """R10: 25 cubes; 3 sit on the faction tracks, one on each own undamaged building and fortification."""
        return self.cubes - len(self.faction_ids) - self._cubes_on_board(s.pieces)[p]

    def _cubes_on_board(self, pieces: tuple) -> list:
        """Cubes per player on the board (cached by board: most steps leave the board as it was)."""
        cache = self.__dict__.setdefault("_cube_cache", {})
        got = cache.get(id(pieces))
        if got is not None and got[0] is pieces:
            return got[1]
        used = [0] * self.players
        for pc in pieces:
            if pc is not None and not pc.damaged and pc.kind != "hq" and 0 <= pc.owner < self.players:
                used[pc.owner] += 1
        if len(cache) > 512:
            cache.clear()
        cache[id(pieces)] = (pieces, used)
        return used

    def fort_districts(self, s: BaldursGateState, p: int, where: str, src: Src) -> tuple:
        if where == "here":
            return (src.district,) if src.district else ()
        if where == "hq":
            d = self.hq_district.get(s.players[p].hq, "")
            return (d,) if d else ()
        return ()

    def spots(self, s: BaldursGateState, p: int, fort: str, districts: tuple) -> list[int]:
        """Free fortification spots a ``fort`` of ``p`` may go to (none without a cube or gate card)."""
        if self.free_cubes(s, p) <= 0 or (fort == "gate" and not s.gates):
            return []
        city = self.city
        forts = city.forts if not districts else [i for d in districts for i in city.forts_of.get(d, ())]
        return [i for i in forts if s.pieces[i] is None]

    def cost_of(self, card: str, discount: int = 0) -> int:
        return max(0, self.content.buildings[card].cost - discount)

    def buildable(self, s: BaldursGateState, p: int, discount: int = 0) -> list[str]:
        """Cards of ``p``'s hand that can be built now (gold, an available parcel, a free cube)."""
        if not s.avail or self.free_cubes(s, p) <= 0:
            return []
        pl = s.players[p]
        b = self.content.buildings
        return sorted({c for c in pl.hand if c in b and max(0, b[c].cost - discount) <= pl.gold})

    def return_worker(self, s: BaldursGateState, p: int) -> BaldursGateState:
        pl = s.players[p]
        return self.set_player(s, p, pl._replace(worker="")) if pl.worker else s

    def connected_count(self, s: BaldursGateState, node_id: str) -> int:
        i = self.city.index.get(node_id)
        if i is None:
            return 0
        return sum(1 for j in self.city.adj[i] if s.pieces[j] is not None and not s.pieces[j].damaged)

    def card_district(self, s: BaldursGateState, p: int, card: str) -> str:
        """The district of the board piece of a portfolio card (HQ: its district)."""
        if card in self.hq_district:
            return self.hq_district[card]
        for i, pc in enumerate(s.pieces):
            if pc is not None and pc.card == card:
                return self.city.district_of[i]
        return ""

    @staticmethod
    def can_pay(pl: Player, cost: tuple, extra_favor: int = 0) -> bool:
        have = {"gold": pl.gold, "supply": pl.supply, "favor": pl.favor}
        need = dict(cost)
        if extra_favor:
            need["favor"] = need.get("favor", 0) + extra_favor
        return all(have.get(r, 0) >= n for r, n in need.items())

    def pay(self, s: BaldursGateState, p: int, cost: tuple, extra_favor: int = 0) -> BaldursGateState:
        pl = s.players[p]
        need = dict(cost)
        if extra_favor:
            need["favor"] = need.get("favor", 0) + extra_favor
        return self.set_player(s, p, pl._replace(gold=pl.gold - need.get("gold", 0),
                                             supply=pl.supply - need.get("supply", 0),
                                             favor=pl.favor - need.get("favor", 0)))

    def gain(self, s: BaldursGateState, p: int, res: dict, src: Src) -> BaldursGateState:
        """Add resources; every prestige point is recorded with its reason (the trace)."""
        pl = s.players[p]
        pres = res.get("prestige", 0)
        gains = pl.gains + ((Gain(src.rule, pres, src.kind, src.ref, src.extra),) if pres else ())
        return self.set_player(s, p, pl._replace(gold=pl.gold + res.get("gold", 0),
                                             supply=pl.supply + res.get("supply", 0),
                                             favor=pl.favor + res.get("favor", 0),
                                             prestige=pl.prestige + pres, gains=gains))

    def influence(self, s: BaldursGateState, p: int, faction: str, amount: int, src: Src) -> BaldursGateState:
        """F1-F3, C10: move the cube; each space passed or reached gives its reward; past the end 1 prestige each."""
        f = self.faction_index[faction]
        pl = s.players[p]
        old = pl.influence[f]
        new = old + amount
        inf = list(pl.influence)
        inf[f] = new
        s = self.set_player(s, p, pl._replace(influence=tuple(inf)))
        rewards = self.content.factions[f].rewards
        effects = [Effect(p, rewards[lv - 1], Src("F2", "track", faction, "", str(lv)))
                   for lv in range(old + 1, min(new, self.track_len) + 1) if rewards[lv - 1]]
        over = new - max(old, self.track_len)
        if over > 0 and self.content.overflow_prestige:
            # after the rewards of the spaces reached first, so the prestige trace lists them in the order earned
            effects.append(Effect(p, (("gain", (("prestige", over * self.content.overflow_prestige),)),),
                                  Src("C10", "overflow", faction, "", str(over))))
        return self.push(s, *effects)

    # ------------------------------------------------------------ task modes
    def mode(self, s: BaldursGateState, task) -> str:
        cls = type(task)
        if cls in _DECISION_CLASSES:
            if cls is KeepAgenda:
                if len(task.drawn) < task.count and s.agenda_deck:
                    return _CHANCE
                if len(task.drawn) < task.count and s.agenda_bottom:
                    return _AUTO
                return _DECIDE if len(task.drawn) > task.keep else _AUTO
            if cls is TakeOffer:
                return _DECIDE if s.offer else _AUTO
            if cls is BottomCard:
                pl = s.players[task.player]
                return _DECIDE if (pl.hand if task.what == "building" else pl.agendas) else _AUTO
            if cls is PickHQ:
                return _DECIDE if s.hq_offer else _AUTO
            return _DECIDE
        if cls is DealCard:
            return _CHANCE if s.deck else _AUTO
        if cls is DealAgenda:
            return _CHANCE if s.agenda_deck else _AUTO
        if cls is DrawToken:
            return _CHANCE if self.token_candidates(s, task.purpose) else _AUTO
        if cls is HideToken:
            return _CHANCE if s.bag else _AUTO
        if cls is DealHQ:
            return _CHANCE if s.hq_deck else _AUTO
        return _AUTO

    def token_candidates(self, s: BaldursGateState, purpose: str) -> tuple:
        """C5: setup and ban draws only take tokens whose district has fewer than 3 on its track."""
        if purpose == "build":
            return s.bag
        di, pd = self.district_index, self.parcel_district
        return tuple(n for n in s.bag if len(s.tracks[di[pd[n]]]) < SETUP_LIMIT)

    def front(self, s: BaldursGateState):
        return s.tasks[0] if s.tasks else None

    def _run(self, s: BaldursGateState) -> BaldursGateState:
        """Run automatic steps until a decision, a chance draw or the end."""
        guard = 0
        while s.tasks and not s.over:
            task = s.tasks[0]
            if self.mode(s, task) != _AUTO:
                return s
            guard += 1
            if guard > 10_000:  # pragma: no cover - a content file with an endless chain
                raise RuntimeError("baldurs_gate: too many automatic steps")
            s = self._auto(s._replace(tasks=s.tasks[1:]), task)
        return s

    # ------------------------------------------------------------ automatic steps
    def _auto(self, s: BaldursGateState, task) -> BaldursGateState:
        cls = type(task)
        if cls is Effect:
            if not task.atoms:
                return s
            first, rest = task.atoms[0], task.atoms[1:]
            if rest:
                s = self.push(s, Effect(task.player, rest, task.src))
            return HANDLERS[first[0]](self, s, task.player, first, task.src)
        if cls is DealCard:  # the shuffled part is empty: the bottom, else the discards reshuffled (C13)
            if s.bottom:
                card, s = s.bottom[0], s._replace(bottom=s.bottom[1:])
                return self._card_to(s, task.to, card)
            if s.discard:
                return self.push(s._replace(deck=tuple(sorted(s.discard)), discard=()), task)
            return s
        if cls is DealAgenda:
            if s.agenda_bottom:
                card, s = s.agenda_bottom[0], s._replace(agenda_bottom=s.agenda_bottom[1:])
                pl = s.players[task.to]
                return self.set_player(s, task.to, pl._replace(agendas=pl.agendas + (card,)))
            return s
        if cls is KeepAgenda:
            if len(task.drawn) < task.count and s.agenda_bottom:
                card, s = s.agenda_bottom[0], s._replace(agenda_bottom=s.agenda_bottom[1:])
                return self.push(s, _dc_replace(task, drawn=task.drawn + (card,)))
            # all drawn (or the deck ran out): keep everything when there is no choice
            pl = s.players[task.player]
            return self.set_player(s, task.player, pl._replace(agendas=pl.agendas + task.drawn))
        if cls is AfterBuild:  # BLD7 (R18: nothing to draw once the bag is empty)
            return self.push(s, DrawToken("build")) if s.bag else s
        if cls is EndTurn:
            return self._end_turn(s, task.player)
        if cls is Begin:
            return self.push(s._replace(hq_offer=(), active=0), Turn(0), EndTurn(0))
        if cls is Special:
            return self._special(s, task.player)
        if cls is FinalAttack:
            s = s._replace(revealed=True)
            if s.hidden:
                s = self._attack(s, self.parcel_district[s.hidden], final=True)
            return s
        if cls is Score:
            from .scoring import final_gains

            for p in range(self.players):
                for g in final_gains(self, s, p):
                    pl = s.players[p]
                    s = self.set_player(s, p, pl._replace(prestige=pl.prestige + g.points, gains=pl.gains + (g,)))
            return s._replace(over=True)
        # decisions and chance steps with nothing to decide or draw are skipped
        return s

    def _special(self, s: BaldursGateState, p: int) -> BaldursGateState:
        side = self.hq_side(s, p)
        sp = side.special if side else None
        hq = s.players[p].hq
        src = Src("ADV2", "special", hq, self.hq_district.get(hq, ""))
        if sp in ("tower", "gate"):
            return self.push(s, Effect(p, (("fortify", sp, "hq"),), src))
        if sp == "card":
            return self.push(s, DealCard(p))
        if sp and sp.startswith("influence:"):
            return self.influence(s, p, sp.split(":", 1)[1], 1, src)
        return s

    def stuck(self, s: BaldursGateState) -> bool:
        """BG9: nobody can ever build again (no card can reach a hand; whoever holds cards has no free cube)."""
        if s.deck or s.bottom or s.discard or s.offer:
            return False
        return all(not pl.hand or self.free_cubes(s, p) <= 0 for p, pl in enumerate(s.players))

    def _end_turn(self, s: BaldursGateState, p: int) -> BaldursGateState:
        """T2 and C15: the next player; after the end trigger one more turn each, the trigger player last."""
        if s.end_by is None and s.bag and self.stuck(s):  # BG9: the city can grow no more
            s = s._replace(end_by=p)
        if s.end_by is not None:
            left = self.players if s.final_left is None else s.final_left - 1
            s = s._replace(final_left=left)
            if left <= 0:
                return self.push(s, FinalAttack(), Score())
        nxt = (p + 1) % self.players
        return self.push(s._replace(active=nxt), Turn(nxt), EndTurn(nxt))

    def _card_to(self, s: BaldursGateState, to: int, card: str) -> BaldursGateState:
        if to == OFFER:
            return s._replace(offer=s.offer + (card,))
        pl = s.players[to]
        return self.set_player(s, to, pl._replace(hand=pl.hand + (card,)))

    # ------------------------------------------------------------ player decisions
    def _apply(self, state: BaldursGateState, move) -> BaldursGateState:
        task = state.tasks[0]
        s = state._replace(tasks=state.tasks[1:])
        s = self._decide(s, task, move)
        return self._run(s)

    def _decide(self, s: BaldursGateState, task, move) -> BaldursGateState:
        cls = type(move)
        if cls is Token:
            return self._token(s, task.purpose, move.number)
        if cls is Hide:
            return s._replace(bag=tuple(n for n in s.bag if n != move.number), hidden=move.number)
        if cls is Deal:
            s = s._replace(deck=tuple(c for c in s.deck if c != move.card))
            return self._card_to(s, move.to, move.card)
        if cls is DealtAgenda:
            s = s._replace(agenda_deck=tuple(c for c in s.agenda_deck if c != move.card))
            if type(task) is KeepAgenda:
                return self.push(s, _dc_replace(task, drawn=task.drawn + (move.card,)))
            pl = s.players[move.to]
            return self.set_player(s, move.to, pl._replace(agendas=pl.agendas + (move.card,)))
        if cls is DealtHQ:
            s = s._replace(hq_deck=tuple(c for c in s.hq_deck if c != move.card))
            if move.to == OFFER:
                return s._replace(hq_offer=s.hq_offer + (move.card,))
            return self._take_hq(s, move.to, move.card)
        p = move.player
        if cls is Build:
            discount = task.discount if type(task) is BuildChoice else 0
            return self._start_build(s, p, move.card, discount)
        if cls is Parcel:
            return self._place_building(s, p, task.card, move.number)
        if cls is Worker:
            return self._place_worker(s, p, move.district)
        if cls is Income:
            side = self.hq_side(s, p)
            s = self.gain(s, p, dict(side.income), Src("I1", "income", s.players[p].hq))
            return self.push(s, IncomeLoop(p))
        if cls is Trade:
            if not move.trade:
                return s
            loc = self.content.locations[task.district]
            tr = next(x for x in loc.trades if x.id == move.trade)
            s = self.pay(s, p, tr.cost, 1 if task.district in s.damage else 0)
            return self.push(s, Effect(p, tr.effect, Src("W3", "trade", task.district, task.district, tr.id)))
        if cls is Track:
            return self.influence(s, p, move.faction, task.amount, task.src)
        if cls is Spot:
            return self._place_fort(s, p, task.fort, self.city.index[move.node], task.src)
        if cls is Use:
            ab = self.content.abilities(move.card, self.advanced)[move.alt]
            pl = s.players[p]
            s = self.set_player(s, p, pl._replace(used=pl.used + (move.card,)))
            s = self.pay(s, p, ab.cost)
            src = Src("I2", "ability", move.card, self.card_district(s, p, move.card), str(move.alt))
            return self.push(s, Effect(p, ab.effect, src), IncomeLoop(p))
        if cls is Done:
            return self.set_player(s, p, s.players[p]._replace(used=()))
        if cls is Take:
            offer = list(s.offer)
            offer.remove(move.card)
            pl = s.players[p]
            s = self.set_player(s._replace(offer=tuple(offer)), p, pl._replace(hand=pl.hand + (move.card,)))
            return self.push(s, DealCard(OFFER))
        if cls is Keep:
            pl = s.players[p]
            s = self.set_player(s, p, pl._replace(agendas=pl.agendas + (move.card,)))
            drawn = list(task.drawn)
            drawn.remove(move.card)
            if task.keep > 1 and drawn:
                return self.push(s, KeepAgenda(p, len(drawn), task.keep - 1, tuple(drawn)))
            return s._replace(agenda_bottom=s.agenda_bottom + tuple(drawn))
        if cls is Bottom:
            pl = s.players[p]
            if task.what == "building":
                hand = list(pl.hand)
                hand.remove(move.card)
                s = self.set_player(s, p, pl._replace(hand=tuple(hand)))
                return s._replace(bottom=s.bottom + (move.card,))
            ag = list(pl.agendas)
            ag.remove(move.card)
            s = self.set_player(s, p, pl._replace(agendas=tuple(ag)))
            return s._replace(agenda_bottom=s.agenda_bottom + (move.card,))
        if cls is Pick:
            s = s._replace(hq_offer=tuple(c for c in s.hq_offer if c != move.card))
            return self._take_hq(s, p, move.card)
        raise TypeError(move)  # pragma: no cover - legality is checked before

    def _take_hq(self, s: BaldursGateState, p: int, card: str) -> BaldursGateState:
        """S3: the HQ card goes to the portfolio, the HQ tile on its district's HQ spot."""
        s = self.set_player(s, p, s.players[p]._replace(hq=card))
        spot = self.city.hq_spot[self.hq_district[card]]
        pieces = list(s.pieces)
        pieces[spot] = Piece("hq", p)
        return s._replace(pieces=tuple(pieces))

    def _start_build(self, s: BaldursGateState, p: int, card: str, discount: int) -> BaldursGateState:
        """BLD1: pay, the card goes to the portfolio; then the parcel is chosen."""
        pl = s.players[p]
        hand = list(pl.hand)
        hand.remove(card)
        s = self.set_player(s, p, pl._replace(hand=tuple(hand), gold=pl.gold - self.cost_of(card, discount),
                                          portfolio=pl.portfolio + (card,)))
        return self.push(s, PlaceBuilding(p, card))

    def _place_building(self, s: BaldursGateState, p: int, card: str, number: int) -> BaldursGateState:
        """BLD2-BLD6 (then BLD7-BLD8 in AfterBuild)."""
        city = self.city
        i = city.parcel_index[number]
        district = city.district_of[i]
        kind = self.content.buildings[card].type
        pieces = list(s.pieces)
        pieces[i] = Piece(kind, p, False, card)
        s = s._replace(pieces=tuple(pieces), avail=tuple(n for n in s.avail if n != number))
        # BLD4: every worker on this district's location goes home
        if any(pl.worker == district for pl in s.players):
            s = s._replace(players=tuple(pl._replace(worker="") if pl.worker == district else pl
                                         for pl in s.players))
        node = city.nodes[i]
        tasks = self._connection_tasks(s, i, "BLD5")
        wb = self.content.buildings[card].when_built
        if wb:
            tasks.append(Effect(p, wb, Src("BLD6", "when_built", card, district, node)))
        tasks.append(AfterBuild(p))
        return self.push(s, *tasks)

    def connection_bonus(self, s: BaldursGateState, j: int) -> tuple:
        """C3, C4, FT2: the effect atoms the piece on node ``j`` pays its owner when a new piece is joined to it (its
        type's, its HQ side's, a fortification's bonus); none for an empty spot or a damaged piece."""
        pc = s.pieces[j]
        if pc is None or pc.damaged:
            return ()
        if pc.kind == "hq":
            side = self.hq_side(s, pc.owner)
            return side.connection if side else ()
        return self.content.type_connection[pc.kind] if pc.kind in BUILDING_KINDS else self.content.fort_connection

    def _connection_tasks(self, s: BaldursGateState, i: int, rule: str) -> list:
        """BLD5 / C3 / C4: each undamaged piece joined to the new one pays its owner, active player first."""
        city, n = self.city, self.players
        out = []
        new_node = city.nodes[i]
        order = [(s.active + k) % n for k in range(n)]
        for q in order:
            for j in city.adj[i]:
                pc = s.pieces[j]
                atoms = self.connection_bonus(s, j) if pc is not None and pc.owner == q else ()
                if atoms:
                    r = "FT2" if pc.kind in FORT_KINDS else rule
                    out.append(Effect(q, atoms, Src(r, "connection", city.nodes[j], city.district_of[j], new_node)))
        return out

    def _place_fort(self, s: BaldursGateState, p: int, fort: str, i: int, src: Src) -> BaldursGateState:
        """C4, C11: the piece with the cube; a gate takes the top gate card; connections pay (no worker, no token)."""
        card = ""
        if fort == "gate":
            card, s = s.gates[0], s._replace(gates=s.gates[1:])
            pl = s.players[p]
            s = self.set_player(s, p, pl._replace(portfolio=pl.portfolio + (card,)))
        pieces = list(s.pieces)
        pieces[i] = Piece(fort, p, False, card)
        s = s._replace(pieces=tuple(pieces))
        return self.push(s, *self._connection_tasks(s, i, "C4"))

    def _place_worker(self, s: BaldursGateState, p: int, district: str) -> BaldursGateState:
        """W2: a worker already there goes home first; then the trade choice (W3)."""
        players = tuple(pl._replace(worker="") if pl.worker == district else pl for pl in s.players)
        s = s._replace(players=players)
        s = self.set_player(s, p, s.players[p]._replace(worker=district))
        return self.push(s, TradeChoice(p, district))

    # ------------------------------------------------------------ tokens and attacks
    def _token(self, s: BaldursGateState, purpose: str, number: int) -> BaldursGateState:
        """S7 / P23 / BLD7: the token opens (or bans) its parcel and joins its district's attack track."""
        d = self.parcel_district[number]
        di = self.district_index[d]
        tracks = list(s.tracks)
        tracks[di] = tracks[di] + (number,)
        s = s._replace(bag=tuple(n for n in s.bag if n != number), tracks=tuple(tracks))
        if purpose == "ban":
            return s._replace(banned=tuple(sorted(s.banned + (number,))))
        s = s._replace(avail=tuple(sorted(s.avail + (number,))))
        if purpose == "build":
            if not s.bag and s.end_by is None:  # E1
                s = s._replace(end_by=s.active)
            if len(tracks[di]) == ATTACK_AT:  # BLD8
                s = self._attack(s, d, final=False)
        return s

    def contributions(self, s: BaldursGateState, district: str) -> list[int]:
        """C7: each player's defence points (towers and keeps) in ``district`` now."""
        out = [0] * self.players
        dv = self.content.defence
        for i in self.city.forts_of.get(district, ()):
            pc = s.pieces[i]
            if pc is not None:
                out[pc.owner] += dv.get(pc.kind, 0)
        return out

    def current_strength(self, s: BaldursGateState) -> int:
        track = self.content.strength_track
        return track[min(s.strength, len(track) - 1)]

    def _attack(self, s: BaldursGateState, district: str, final: bool) -> BaldursGateState:
        """A1-A9, C6-C8: resolve an attack on ``district``."""
        strength = self.current_strength(s)
        contrib = self.contributions(s, district)
        defence = sum(contrib)
        rewards = [0] * self.players
        damaged: list[int] = []
        if defence >= strength:  # A3-A5
            top = max(contrib)
            lone = contrib.count(top) == 1
            for p, c in enumerate(contrib):
                if c > 0:
                    s = self.gain(s, p, {"prestige": strength}, Src("A3", "defended", district, district, str(strength)))
                    rewards[p] += strength
                    if lone and c == top:
                        s = self.gain(s, p, {"prestige": strength}, Src("A4", "top", district, district, str(strength)))
                        rewards[p] += strength
        else:  # A6-A9
            pieces = list(s.pieces)
            for number in self.city.parcels_of[district]:
                i = self.city.parcel_index[number]
                pc = pieces[i]
                if pc is not None and not pc.damaged and contrib[pc.owner] == 0:
                    pieces[i] = pc._replace(damaged=True)
                    damaged.append(number)
            s = s._replace(pieces=tuple(pieces), damage=s.damage + ((district,) if district not in s.damage else ()))
        entry = Attack(district, strength, defence, defence >= strength, final, tuple(contrib), tuple(rewards),
                       tuple(damaged))
        s = s._replace(attacks=s.attacks + (entry,))
        if not final:
            s = s._replace(strength=min(s.strength + 1, len(self.content.strength_track) - 1))
        return s

    # ------------------------------------------------------------ legal decisions
    def task_options(self, s: BaldursGateState, task) -> list:
        """Every legal move of the decision ``task`` (its player's), or chance's outcomes."""
        cls = type(task)
        mode = self.mode(s, task)
        if mode == _CHANCE:
            return [m for m, _ in self.outcomes(s, task)]
        if mode != _DECIDE:
            return []
        p = getattr(task, "player", None)
        if cls is Turn:
            out = [Build(p, c) for c in self.buildable(s, p)]
            if not s.players[p].worker:
                out += [Worker(p, d) for d in self.city.districts]
            out.append(Income(p))
            return out
        if cls is PlaceBuilding:
            return [Parcel(p, n) for n in s.avail]
        if cls is ChooseTrack:
            return [Track(p, f) for f in self.faction_ids]
        if cls is ChooseSpot:
            return [Spot(p, self.city.nodes[i]) for i in self.spots(s, p, task.fort, task.districts)]
        if cls is TradeChoice:
            return [Trade(p, "")] + [Trade(p, tr.id) for tr in self.trades_open(s, p, task.district)]
        if cls is IncomeLoop:
            return [Use(p, c, a) for c, a in self.usable(s, p)] + [Done(p)]
        if cls is BuildChoice:
            return [Build(p, c) for c in self.buildable(s, p, task.discount)]
        if cls is TakeOffer:
            return [Take(p, c) for c in dict.fromkeys(s.offer)]
        if cls is KeepAgenda:
            return [Keep(p, c) for c in dict.fromkeys(task.drawn)]
        if cls is BottomCard:
            pl = s.players[p]
            return [Bottom(p, c) for c in dict.fromkeys(pl.hand if task.what == "building" else pl.agendas)]
        if cls is PickHQ:
            return [Pick(p, c) for c in s.hq_offer]
        return []  # pragma: no cover

    def outcomes(self, s: BaldursGateState, task) -> list:
        cls = type(task)
        if cls is DrawToken:
            cands = self.token_candidates(s, task.purpose)
            return [(Token(n), 1 / len(cands)) for n in cands]
        if cls is HideToken:
            return [(Hide(n), 1 / len(s.bag)) for n in s.bag]
        if cls is DealCard:
            return [(Deal(task.to, c), 1 / len(s.deck)) for c in s.deck]
        if cls is DealAgenda:
            return [(DealtAgenda(task.to, c), 1 / len(s.agenda_deck)) for c in s.agenda_deck]
        if cls is KeepAgenda:
            return [(DealtAgenda(task.player, c), 1 / len(s.agenda_deck)) for c in s.agenda_deck]
        if cls is DealHQ:
            return [(DealtHQ(task.to, c), 1 / len(s.hq_deck)) for c in s.hq_deck]
        return []

    def trade_surcharge(self, s: BaldursGateState, district: str) -> int:
        return 1 if district in s.damage else 0  # A6

    def trades_open(self, s: BaldursGateState, p: int, district: str) -> list:
        """W3: the trades of a location that ``p`` can pay for and whose effect can happen."""
        loc = self.content.locations[district]
        extra = self.trade_surcharge(s, district)
        pl = s.players[p]
        out = []
        for tr in loc.trades:
            if not self.can_pay(pl, tr.cost, extra):
                continue
            paid = self.pay(s, p, tr.cost, extra)
            if infeasible(self, paid, p, tr.effect, Src("W3", "trade", district, district, tr.id)) is None:
                out.append(tr)
        return out

    def usable(self, s: BaldursGateState, p: int) -> list[tuple[str, int]]:
        """I2: ``(card, alternative)`` of each unused portfolio card whose ability can be paid and can happen."""
        pl = s.players[p]
        out = []
        for card in dict.fromkeys((pl.hq,) + pl.portfolio):
            if not card or card in pl.used:
                continue
            for a, ab in enumerate(self.content.abilities(card, self.advanced)):
                if not self.can_pay(pl, ab.cost):
                    continue
                paid = self.pay(s, p, ab.cost)
                src = Src("I2", "ability", card, self.card_district(s, p, card) if _needs_here(ab.effect) else "")
                if infeasible(self, paid, p, ab.effect, src) is None:
                    out.append((card, a))
        return out


def _needs_here(atoms) -> bool:
    return any(a[0] == "fortify" and a[2] == "here" for a in atoms)


_DECISION_CLASSES = frozenset((Turn, PlaceBuilding, ChooseTrack, ChooseSpot, TradeChoice, IncomeLoop, BuildChoice,
                               TakeOffer, KeepAgenda, BottomCard, PickHQ))
