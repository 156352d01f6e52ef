"""Every word of the Builders of Baldur's Gate tutorial, in English and Czech side by side (C19).

The tutorial (:mod:`.tutorial`) looks its texts up here by key. Each entry is
``key: (English, Czech)``; a text is a :meth:`str.format` template whose
fields are the same in both languages (``tests/baldurs_gate/test_tutorial.py``
checks it with the engine's :func:`~.i18n.check_catalog`). The Czech uses the
glossary of ``docs/baldurs-gate.md`` (rod, parcela, čtvrť, plná čára, žeton
parcely, stupnice útoku, karta plánu...).

>>> sorted(CATALOG) == ["cs", "en"] and set(CATALOG["en"]) == set(CATALOG["cs"])
True
"""

from __future__ import annotations

_EN: dict[str, str] = {}
_CS: dict[str, str] = {}
CATALOG: dict[str, dict[str, str]] = {"en": _EN, "cs": _CS}


def _load(pairs: dict) -> None:
    for key, (en, cs) in pairs.items():
        if key in _EN:
            raise KeyError(f"tutorial text {key!r} twice")
        _EN[key] = en
        _CS[key] = cs


#: the kit's words for a lesson (``ui.tutorial.TUTORIAL_WORDS`` and ``kit.lesson.LESSON_WORDS``), as ``kit.<key>``
KIT_KEYS = ("step_of", "step_label", "done_label", "steps", "prev", "next", "check", "check_label", "show",
            "show_label", "solved", "right", "not_yet", "hint", "answer", "your_answer", "step_by_step",
            "answer_first", "pick_first", "choose_one", "choose_some", "number_first", "not_a_number", "type_first",
            "do_first", "rule", "rules", "trace_rule", "trace_points", "trace_why", "trace_total", "trace_so_far",
            "trace_all", "trace_step", "trace_play", "trace_pause", "trace_all_label")

_load({
    "kit.step_of": ("Step {i} of {n}", "Krok {i} z {n}"),
    "kit.step_label": ("step {i}: {title}", "krok {i}: {title}"),
    "kit.done_label": ("done", "hotovo"),
    "kit.steps": ("steps of the lesson", "kroky návodu"),
    "kit.prev": ("previous step", "předchozí krok"),
    "kit.next": ("next step", "další krok"),
    "kit.check": ("Check", "Zkontrolovat"),
    "kit.check_label": ("check my answer", "zkontrolovat mou odpověď"),
    "kit.show": ("Show me", "Ukaž mi to"),
    "kit.show_label": ("show me the answer", "ukaž mi odpověď"),
    "kit.solved": ("✓ done", "✓ hotovo"),
    "kit.right": ("Right!", "Správně!"),
    "kit.not_yet": ("Not yet.", "Ještě ne."),
    "kit.hint": ("Hint: {hint}", "Nápověda: {hint}"),
    "kit.answer": ("The answer: {answer}", "Odpověď: {answer}"),
    "kit.your_answer": ("Your answer", "Tvá odpověď"),
    "kit.step_by_step": ("Step by step", "Krok za krokem"),
    "kit.trace_rule": ("rule", "pravidlo"),
    "kit.trace_points": ("points", "body"),
    "kit.trace_why": ("why", "proč"),
    "kit.trace_total": ("total", "celkem"),
    "kit.trace_so_far": ("so far (step {i} of {n})", "zatím (krok {i} z {n})"),
    "kit.trace_all": ("All", "Vše"),
    "kit.trace_step": ("step {i} of {n}", "krok {i} z {n}"),
    "kit.trace_play": ("play the steps one by one", "přehraj kroky jeden po druhém"),
    "kit.trace_pause": ("pause", "pozastavit"),
    "kit.trace_all_label": ("show every step", "ukaž všechny kroky"),
    "kit.answer_first": ("Answer first, then press Check.", "Nejdřív odpověz, pak stiskni Zkontrolovat."),
    "kit.pick_first": ("Click on the board first, then press Check.",
                       "Nejdřív klikni na plán, pak stiskni Zkontrolovat."),
    "kit.choose_one": ("Choose an option, then press Check.", "Vyber jednu možnost, pak stiskni Zkontrolovat."),
    "kit.choose_some": ("Choose at least one option, then press Check.",
                        "Vyber aspoň jednu možnost, pak stiskni Zkontrolovat."),
    "kit.number_first": ("Write a number, then press Check.", "Napiš číslo, pak stiskni Zkontrolovat."),
    "kit.not_a_number": ("{raw!r} is not a whole number: write it with digits, like 12.",
                         "{raw!r} není celé číslo: napiš ho číslicemi, třeba 12."),
    "kit.type_first": ("Type your answer, then press Check.", "Napiš odpověď, pak stiskni Zkontrolovat."),
    "kit.do_first": ("Do the task first, then press Check.", "Nejdřív splň úkol, pak stiskni Zkontrolovat."),
    "kit.rule": ("(rule {rules})", "(pravidlo {rules})"),
    "kit.rules": ("(rules {rules})", "(pravidla {rules})"),
    "rule": ("(rule {rule})", "(pravidlo {rule})"),
    "rules": ("(rules {rule})", "(pravidla {rule})"),
    "house.0": ("you", "ty"),
    "house.1": ("Orange", "Oranžový"),
    "house.2": ("Green", "Zelený"),
    "house.3": ("Purple", "Fialový"),
    "house.gen.0": ("your", "tvého rodu"),
    "house.gen.1": ("Orange's", "Oranžového"),
    "house.gen.2": ("Green's", "Zeleného"),
    "house.gen.3": ("Purple's", "Fialového"),
    "house.dat.0": ("to you", "tobě"),
    "house.dat.1": ("to Orange", "Oranžovému"),
    "house.dat.2": ("to Green", "Zelenému"),
    "house.dat.3": ("to Purple", "Fialovému"),
    "own.mine.m": ("your {kind}", "tvůj {kind}"),
    "own.mine.f": ("your {kind}", "tvá {kind}"),
    "own.mine.n": ("your {kind}", "tvé {kind}"),
    "own.theirs": ("{owner} {kind}", "{kind} {owner}"),
    "live.done": ("Done: your turn is over. Press Check.", "Hotovo: tvůj tah skončil. Stiskni Zkontrolovat."),
    "live.over": ("This exercise is over: press Check, or take your clicks back.",
                  "Toto cvičení je u konce: stiskni Zkontrolovat, nebo vezmi své kliknutí zpět."),
    "live.nothing_there": ("Nothing to do there now.", "Tam teď není co dělat."),
    "live.one_trade": ("one visit, at most one trade", "jedna návštěva, nejvýš jeden obchod"),
    "live.income": ("Take income", "Vybrat příjem"),
    "live.back": ("↶ take back the last click", "↶ vzít zpět poslední kliknutí"),
    "live.your_hand": ("Your hand", "Tvá ruka"),
    "live.note.turn": ("Your turn: click a card of your hand to build it, a location to send your worker there, "
                       "or Take income.",
                       "Jsi na tahu: klikni na kartu v ruce, chceš-li ji postavit, na lokaci, kam pošleš "
                       "pracovníka, nebo na Vybrat příjem."),
    "live.note.parcel": ("Click the parcel to build on.", "Klikni na parcelu, na kterou budeš stavět."),
    "live.note.spot": ("Click the fortification spot.", "Klikni na místo pro opevnění."),
    "live.note.trade": ("Choose a trade at this location, or none.", "Vyber obchod na této lokaci, nebo žádný."),
    "live.note.income": ("Income: click a card of your portfolio to use its ability, or finish the income.",
                         "Příjem: klikni na kartu v portfoliu a použij její schopnost, nebo příjem ukonči."),
    "live.note.build": ("Click the card of your hand to build.", "Klikni na kartu v ruce, kterou postavíš."),
    "live.note.track": ("Click the faction track for the influence.", "Klikni na frakční stupnici pro vliv."),
    "err.no_step": ("no such step in the Builders of Baldur's Gate tutorial; the steps are {steps}",
                    "takový krok v návodu Builders of Baldur's Gate není; kroky jsou {steps}"),
})

# ---------------------------------------------------------------------------- the steps' titles
_load({
    "lesson.title": ("Builders of Baldur's Gate", "Builders of Baldur's Gate"),
    "city.title": ("The city, its districts and its lines", "Město, čtvrti a plné čáry"),
    "turn.title": ("One action a turn", "V tahu jediná akce"),
    "build.title": ("Putting up a building", "Stavba budovy"),
    "connections.title": ("Who gains from a new building", "Kdo vydělá na nové stavbě"),
    "parcel-token.title": ("The parcel token and the fourth token", "Žeton parcely a čtvrtý žeton"),
    "worker.title": ("The worker and the locations", "Pracovník a lokace"),
    "income.title": ("Taking income", "Výběr příjmu"),
    "chain.title": ("An income chain, and an attack in the middle", "Řetěz příjmů a útok uprostřed"),
    "factions.title": ("Influence and the faction tracks", "Vliv a frakční stupnice"),
    "fortify.title": ("Towers, keeps and gates", "Věže, pevnosti a brány"),
    "defended.title": ("A defended district", "Ubráněná čtvrť"),
    "failed.title": ("A failed defence and its damage", "Neubráněná čtvrť a poškození"),
    "setup.title": ("Setting up the city", "Příprava hry"),
    "final-round.title": ("The last token, the final round and the final attack",
                          "Poslední žeton, poslední kolo a závěrečný útok"),
    "scoring.title": ("The final scoring in four steps", "Závěrečné bodování ve čtyřech krocích"),
    "tie-break.title": ("Ties and the syndicate", "Remízy a syndikát"),
    "advanced.title": ("The advanced setup", "Pokročilá příprava"),
    "play.title": ("A short game against a bot", "Krátká hra proti botovi"),
})

# ---------------------------------------------------------------------------- 1. city
_load({
    "city.text": (
        "Baldur's Gate has nine districts. Each holds four **parcels** for buildings (numbered across the whole "
        "city: the first district has 1–4, the next 5–8, and so on), an **HQ spot**, three **fortification spots** "
        "on its edges and a **special location** in the middle, where workers trade. **Solid lines** join the "
        "spots: two spots are *connected* when one line joins them directly. You win by **prestige**, and much of "
        "it comes from these lines. Your pieces are blue and marked 1; Orange is player 2, Green player 3.",
        "Baldurova brána má devět čtvrtí. V každé jsou čtyři **parcely** pro budovy (číslované napříč celým "
        "městem: první čtvrť má 1–4, další 5–8 a tak dál), **místo HQ** pro sídlo rodu, tři **místa pro "
        "opevnění** na okrajích a uprostřed **zvláštní lokace**, kde obchodují pracovníci. Místa spojují **plné "
        "čáry**: *propojená* jsou dvě místa, mezi kterými vede přímo jedna čára. Vítězí se **prestiží** a velkou "
        "část jí přinesou právě tyto čáry. Tvé prvky jsou modré s číslem 1; Oranžový je hráč 2, Zelený hráč 3."),
    "city.a.prompt": ("**(a)** Parcel token {n} has just been drawn from the bag. Click the parcel it opens, then "
                      "the attack track it goes on (the four slots at the top of each district).",
                      "**(a)** Ze sáčku byl právě vytažen žeton parcely {n}. Klikni na parcelu, kterou "
                      "zpřístupní, a pak na stupnici útoku, na kterou patří (čtyři políčka nahoře v každé čtvrti)."),
    "city.a.caption": ("Parcel token {n} was drawn.", "Byl vytažen žeton parcely {n}."),
    "city.a.label": ("the city: click a parcel, then an attack track", "město: klikni na parcelu a pak na stupnici útoku"),
    "city.a.right": ("Token {n} opens parcel {n} and joins the attack track of {district}, its own district.",
                     "Žeton {n} zpřístupní parcelu {n} a přidá se na stupnici útoku čtvrti {district}, své vlastní "
                     "čtvrti."),
    "city.a.no": ("Click parcel {n} first, then the attack track of the district it lies in.",
                  "Klikni nejdřív na parcelu {n} a pak na stupnici útoku čtvrti, ve které leží."),
    "city.a.hint": ("Find the number {n} on the board: which district is it in? The token goes to that district's "
                    "track.",
                    "Najdi na plánu číslo {n}: ve které čtvrti leží? Žeton patří na stupnici té čtvrti."),
    "city.a.answer": ("parcel {n}, then the attack track of {district}", "parcela {n} a pak stupnice útoku čtvrti {district}"),
    "city.a.explain": ("Parcel {n} is one of the parcels {parcels} of {district}: the token opens it (it gets an "
                       "availability marker, so it can be built on) and goes on {district}'s attack track.",
                       "Parcela {n} je jednou z parcel {parcels} čtvrti {district}: žeton ji zpřístupní (dostane "
                       "marker dostupnosti, takže se na ní dá stavět) a přidá se na stupnici útoku čtvrti "
                       "{district}."),
    "city.b.prompt": ("**(b)** Click every spot that is connected to parcel {n}.",
                      "**(b)** Klikni na všechna místa propojená s parcelou {n}."),
    "city.b.label": ("the city: click the spots connected to the parcel", "město: klikni na místa propojená s parcelou"),
    "city.b.right": ("Exactly these spots lie at the ends of the lines leaving parcel {n}.",
                     "Přesně tato místa leží na koncích čar, které vedou z parcely {n}."),
    "city.b.no": ("Not quite: follow each line that leaves parcel {n}, one line only.",
                  "Ještě ne: sleduj každou čáru, která vede z parcely {n}, vždy jen jednu."),
    "city.b.hint": ("Put your finger on parcel {n} and follow each line leaving it, one line only. Where does each "
                    "one end?",
                    "Polož prst na parcelu {n} a sleduj každou čáru, která z ní vede – vždy jen jednu. Kde která "
                    "končí?"),
    "city.b.explain": ("Lines leave parcel {n} to {ends}. The parcel across the block has no line to it, the "
                       "spots beyond the fortification spots are two lines away, and the location in the middle "
                       "of {district} has no lines at all.",
                       "Z parcely {n} vedou čáry k těmto místům: {ends}. K parcele naproti přes blok žádná čára "
                       "nevede, místa za místy pro opevnění jsou dvě čáry daleko a lokace uprostřed čtvrti "
                       "{district} nemá čáry vůbec."),
    "spot.parcel": ("parcel {n} ({district})", "parcela {n} ({district})"),
    "spot.hq": ("the HQ spot of {district}", "místo HQ ve čtvrti {district}"),
    "spot.fort": ("the fortification spot by parcels {a} and {b} ({district})",
                  "místo pro opevnění u parcel {a} a {b} ({district})"),
    "spot.location": ("the location {name} ({district})", "lokace {name} ({district})"),
})
_load({
    "mis.city-other-track": ("A parcel token goes on the attack track of its own district.",
                             "Žeton parcely patří na stupnici útoku své vlastní čtvrti."),
    "mis.city-two-lines": ("Connected means one line, directly: that spot is two lines away.",
                           "Propojená jsou jen místa spojená přímo jednou čarou; tohle místo je dvě čáry daleko."),
    "mis.city-across-block": ("No line runs across the middle of the block: follow the lines, not the distance.",
                              "Přes střed bloku žádná čára nevede: řiď se čarami, ne vzdáleností."),
    "mis.city-location": ("The special location has no lines at all: it belongs to nobody and joins nothing.",
                          "Zvláštní lokace nemá žádné čáry: nepatří nikomu a nic nespojuje."),
    "mis.city-parcels-only": ("Fortification spots lie on the lines too.", "Na čarách leží i místa pro opevnění."),
})

# ---------------------------------------------------------------------------- 2. turn
_load({
    "turn.text": (
        "On your turn you do exactly **one** thing: **build** a building, send your **worker** to a location, or "
        "take **income**. Then the house on your left plays. Each action has its condition; find them.",
        "Ve svém tahu uděláš právě **jednu** věc: **postavíš** budovu, vyšleš **pracovníka** na lokaci, nebo "
        "vybereš **příjem**. Pak hraje rod po tvé levici. Každá akce má svou podmínku; najdi je."),
    "turn.action.build": ("Build", "Stavba"),
    "turn.action.worker": ("Send the worker", "Vyslat pracovníka"),
    "turn.action.income": ("Take income", "Výběr příjmu"),
    "turn.action.pass": ("Pass", "Pas"),
    "turn.a.prompt": ("**(a)** It is your turn. Tick every action you may take now, then press Check. Your board "
                      "(gold, hand, worker) and the building offer are under the options.",
                      "**(a)** Jsi na tahu. Zaškrtni všechny akce, které teď smíš provést, a stiskni Zkontrolovat. "
                      "Tvá deska (zlato, ruka, pracovník) a nabídka budov jsou pod možnostmi."),
    "turn.a.label": ("the actions, your board and the city", "akce, tvá deska a město"),
    "turn.a.right": ("Only income: no card of your hand is affordable and your worker is away; income is always "
                     "allowed.",
                     "Jen příjem: žádnou kartu z ruky nezaplatíš a tvůj pracovník je pryč; příjem je dovolený vždy."),
    "turn.a.no": ("Not yet: check each action's condition.", "Ještě ne: projdi podmínku každé akce."),
    "turn.a.hint": ("Check each action's condition: a card in your hand you can pay for; a worker at home; and "
                    "income, which needs nothing.",
                    "Projdi podmínku každé akce: karta v ruce, kterou zaplatíš; pracovník doma; a příjem, který "
                    "nepotřebuje nic."),
    "turn.a.explain": ("Build: your cards are {cards}, and you have {gold}; {offer} in the offer is not in your "
                       "hand, so it is not yours to build. Worker: yours stands on {location} ({district}), so "
                       "it is not at home. Pass: there is no passing. Income: always allowed (and your HQ card "
                       "can even bring the worker home, step 7).",
                       "Stavba: tvé karty jsou {cards} a ty máš {gold}; karta {offer} v nabídce ti v ruce neleží, "
                       "takže ji stavět nemůžeš. Pracovník: stojí na lokaci {location} ({district}), doma tedy "
                       "není. Pas: pasovat se nedá. Příjem: je dovolený vždy (a karta sídla ti dokonce vrátí "
                       "pracovníka domů, krok 7)."),
    "turn.b.prompt": ("**(b)** You take income. Who plays after you?", "**(b)** Vybereš příjem. Kdo hraje po tobě?"),
    "turn.b.label": ("the houses", "rody"),
    "turn.b.right": ("{player}: play goes clockwise, to the house on your left.",
                     "{player}: hraje se po směru hodinových ručiček, na řadě je rod po tvé levici."),
    "turn.b.no": ("Not that house.", "Tento rod to není."),
    "turn.b.hint": ("The seats go round the table in number order: after player 1 comes player 2.",
                    "Místa u stolu jdou popořadě podle čísel: po hráči 1 přichází hráč 2."),
    "turn.b.explain": ("Your turn ends with your one action. Play goes clockwise, so {player}, on your left "
                       "(player 2), plays next.",
                       "Tvůj tah skončí tvou jedinou akcí. Hraje se po směru hodinových ručiček, takže další je "
                       "{player}, po tvé levici (hráč 2)."),
})
_load({
    "mis.turn-build-unaffordable": ("To build you pay a card from your hand in full, in gold; the cards on offer are "
                                    "not yours to build.",
                                    "Stavíš jen kartu z ruky a platíš celou její cenu ve zlatě; karty v nabídce ti "
                                    "nepatří."),
    "mis.turn-worker-away": ("Your worker is still standing on a location; you can send it only from home.",
                             "Tvůj pracovník pořád stojí na lokaci; vyslat ho můžeš, jen když je doma."),
    "mis.turn-pass": ("There is no passing in this game: when nothing else is possible, income always is.",
                      "V této hře se nepasuje: když nejde nic jiného, příjem jde vybrat vždycky."),
    "mis.turn-no-income": ("Taking income has no condition: it is always allowed.",
                           "Výběr příjmu nemá žádnou podmínku: je dovolený vždy."),
    "mis.turn-anticlockwise": ("Play goes clockwise: the house on your left is next.",
                               "Hraje se po směru hodinových ručiček: další je rod po tvé levici."),
    "mis.turn-again": ("One action a turn: after it, your turn is over.", "V tahu jediná akce: po ní tvůj tah končí."),
})

# ---------------------------------------------------------------------------- gains (steps 4 and 10)
_load({
    "gain.line": ("{who} gains {what}", "{who} získá {what}"),
    "gain.line.me": ("You gain {what}", "Získáš {what}"),
    "gain.nobody": ("nobody gains anything", "nikdo nezíská nic"),
    "gains.right": ("Each connected piece paid its owner by its own type.",
                    "Každý propojený prvek vyplatil svého majitele podle svého vlastního typu."),
    "gains.no": ("Not quite: go along each line from the new piece once more.",
                 "Ještě ne: projdi ještě jednou každou čáru od nového prvku."),
    "conn.empty": ("{spot} is empty: nothing", "{spot} je prázdné: nic"),
    "conn.pays": ("{spot} holds {piece}: {gain} {owner}", "{spot}: {piece} dá {owner} {gain}"),
})

# ---------------------------------------------------------------------------- 3. build
_load({
    "build.text": (
        "To build, choose a card of your **hand**, pay its cost in **gold** and lay it in your **portfolio**; then "
        "put a tile of its type with one of your cubes on an **available** parcel (one with a green frame), "
        "anywhere in the city. Some cards do something the moment they are built: read their *When built* line.",
        "Při stavbě vybereš kartu z **ruky**, zaplatíš její cenu ve **zlatě** a položíš ji do **portfolia**; pak "
        "dáš destičku jejího typu se svou kostkou na **dostupnou** parcelu (se zeleným rámečkem), kdekoli ve "
        "městě. Některé karty něco udělají hned ve chvíli, kdy je postavíš: přečti si jejich řádek *Po "
        "postavení*."),
    "build.prompt": ("Next turn you want to visit a location, and trades cost favor, which you do not have. "
                     "**Build this turn so that you will have a favor.** Click a card, then a parcel.",
                     "Příští tah chceš navštívit lokaci a obchody stojí přízeň, kterou nemáš. **Postav teď něco "
                     "tak, abys přízeň měl.** Klikni na kartu a pak na parcelu."),
    "build.label": ("a build: your board, the offer and the city", "stavba: tvá deska, nabídka a město"),
    "build.right": ("{card} was paid, laid in your portfolio and built, and its When built gave you the favor.",
                    "Karta {card} je zaplacená, leží v portfoliu, budova stojí a její efekt po postavení ti dal "
                    "přízeň."),
    "build.no": ("Not yet: build one card of your hand on an available parcel.",
                 "Ještě ne: postav jednu kartu z ruky na dostupnou parcelu."),
    "build.hint": ("Look at each card in your hand: which one gives you something the moment it is built, and can "
                   "you pay for it?",
                   "Prohlédni si karty v ruce: která ti něco dá hned při stavbě, a máš na ni?"),
    "build.answer": ("{card} on any available parcel", "{card} na libovolnou dostupnou parcelu"),
    "build.explain": ("Pay {cost} for {card} ({gold} → {left} gold) and lay the card in your portfolio; an inn tile "
                      "with your cube goes on an available parcel; its When built effect, *{effect}*, gives you "
                      "the favor. Then, as after every build, a parcel token is drawn (step 5).",
                      "Zaplatíš {cost} za kartu {card} ({gold} → {left} zlaté) a položíš ji do portfolia; "
                      "destička hostince s tvou kostkou přijde na dostupnou parcelu; efekt po postavení, *{effect}*, "
                      "ti dá přízeň. Potom se jako po každé stavbě táhne žeton parcely (krok 5)."),
})
_load({
    "mis.build-offer-card": ("You build only from your hand; cards come into it through trades, track rewards and "
                             "card abilities.",
                             "Stavět můžeš jen z ruky; karty do ní přicházejí z obchodů, odměn na stupnicích a "
                             "schopností karet."),
    "mis.build-too-expensive": ("A building is paid in full, in gold, before it goes up.",
                                "Budova se před stavbou platí celá, ve zlatě."),
    "mis.build-closed-parcel": ("Only a parcel with an availability marker (a green frame) can take a building.",
                                "Stavět se dá jen na parcele s markerem dostupnosti (se zeleným rámečkem)."),
    "mis.build-banned-parcel": ("A banned parcel is out of play for the whole game.",
                                "Zakázaná parcela je mimo hru po celou partii."),
    "mis.build-no-when-built": ("That card does nothing when built; read what each card does the moment it goes up.",
                                "Tahle karta při stavbě nic nedělá; přečti si, co která karta udělá ve chvíli, kdy "
                                "ji postavíš."),
})

# ---------------------------------------------------------------------------- 4. connections
_load({
    "connections.text": (
        "When a building goes up, every piece joined to it by **one** solid line pays **its owner**, by the piece's "
        "own type: an inn 1 favor, a trading hall 1 supply, a market 2 gold, a temple 1 influence, an HQ 2 gold, "
        "any fortification 1 prestige. Your own pieces pay you too; the active player is paid first, then the "
        "others clockwise.",
        "Když vyroste budova, každý prvek spojený s ní **jednou** plnou čarou vyplatí **svému majiteli** odměnu "
        "podle svého vlastního typu: hostinec 1 přízeň, obchodní hala 1 zásobu, tržnice 2 zlaté, chrám 1 vliv, "
        "sídlo 2 zlaté, jakékoli opevnění 1 prestiž. Tvé vlastní prvky platí i tobě; nejdřív dostane aktivní "
        "hráč, pak ostatní po směru hodinových ručiček."),
    "connections.a.prompt": ("**(a)** Build **{card}** on **parcel {n}**: click the card, then the parcel. (Your "
                             "resources stay out of sight until (b).)",
                             "**(a)** Postav **{card}** na **parcelu {n}**: klikni na kartu a pak na parcelu. "
                             "(Tvé suroviny zůstanou skryté až do (b).)"),
    "connections.a.label": ("a build in Eastway", "stavba v Eastway"),
    "connections.a.right": ("Built. Now, who gains what?", "Postaveno. Kdo teď co získá?"),
    "connections.a.no": ("Build {card} on parcel {n}, as the task says.", "Postav {card} na parcelu {n}, jak říká úkol."),
    "connections.a.hint": ("Click {card} in your hand, then the parcel.", "Klikni v ruce na {card} a pak na parcelu."),
    "connections.a.answer": ("{card} on parcel {n}", "{card} na parcele {n}"),
    "connections.b.prompt": ("**(b)** Tick everything the houses gain from this build (every line a house gains).",
                             "**(b)** Zaškrtni všechno, co rody z této stavby získají (každý řádek, který nějaký "
                             "rod dostane)."),
    "connections.b.hint": ("Follow the lines leaving parcel {n}. At the end of each: whose is the piece, and what "
                           "does that kind of piece pay?",
                           "Sleduj čáry z parcely {n}. Na konci každé: čí je ten prvek a co takový prvek vyplácí?"),
    "connections.gains.explain": ("The lines from parcel {n}: {lines}. You are paid first, then the others "
                                  "clockwise. The new market itself pays nobody, and pieces two lines away pay "
                                  "nothing: where you build matters to everybody.",
                                  "Čáry z parcely {n}: {lines}. Nejdřív dostaneš ty, pak ostatní po směru "
                                  "hodinových ručiček. Nová tržnice sama nevyplácí nikoho a prvky dvě čáry daleko "
                                  "nedají nic: kde stavíš, je důležité pro všechny."),
})
_load({
    "mis.conn-new-piece-pays": ("The building you just put up pays nobody: only the pieces already standing next "
                                "to it pay their owners.",
                                "Budova, kterou jsi právě postavil, nevyplácí nikomu: platí jen prvky, které už "
                                "stojí vedle ní."),
    "mis.conn-own-skipped": ("Your own pieces pay you too.", "Tvé vlastní prvky platí i tobě."),
    "mis.conn-by-new-type": ("Each connected piece pays by its own type, not by the type of the new building.",
                             "Každý propojený prvek platí podle svého typu, ne podle typu nové budovy."),
    "mis.conn-two-lines": ("Only pieces joined to the new building by one direct line pay; that one is two lines "
                           "away.",
                           "Platí jen prvky spojené s novou budovou přímo jednou čarou; tenhle je dvě čáry daleko."),
    "mis.conn-forts-dont-pay": ("Fortifications pay too: their owner gains prestige when something new is connected "
                                "to them.",
                                "Platí i opevnění: jeho majitel získá prestiž, když se k němu připojí něco nového."),
})

# ---------------------------------------------------------------------------- 5. parcel-token
_load({
    "parcel-token.text": (
        "A build ends with a **parcel token** drawn from the bag: it opens its parcel and goes on its district's "
        "**attack track**. A district is attacked the moment its track gets its **fourth** token.",
        "Stavba končí tažením **žetonu parcely** ze sáčku: ten zpřístupní svou parcelu a přidá se na **stupnici "
        "útoku** své čtvrti. Čtvrť je napadena ve chvíli, kdy její stupnice dostane **čtvrtý** žeton."),
    "token.a.prompt": ("**(a)** Your market is built; the token drawn is **{n}**. Click the parcel it opens, then "
                       "the attack track it joins.",
                       "**(a)** Tvá tržnice stojí; vytažený žeton je **{n}**. Klikni na parcelu, kterou "
                       "zpřístupní, a pak na stupnici útoku, na kterou se přidá."),
    "token.a.right": ("Token {n} opens parcel {n} and joins the track of {district}.",
                      "Žeton {n} zpřístupní parcelu {n} a přidá se na stupnici čtvrti {district}."),
    "token.b.prompt": ("**(b)** What happens next?", "**(b)** Co bude dál?"),
    "token.b.next": ("{player} plays", "Hraje {player}"),
    "token.b.now": ("{district} is attacked now", "{district} je napadena hned"),
    "token.b.end": ("{district} will be attacked at the end of the game", "{district} bude napadena na konci hry"),
    "token.b.right": ("It is the {k}th token on {district}'s track: the attack comes at once.",
                      "Na stupnici čtvrti {district} je to {k}. žeton: útok přijde okamžitě."),
    "token.b.no": ("Not that: count the tokens on the track.", "To ne: spočítej žetony na stupnici."),
    "token.b.hint": ("Count the tokens on {district}'s track once the new one is on it.",
                     "Spočítej žetony na stupnici čtvrti {district}, až na ni přibude ten nový."),
    "token.b.explain": ("Token {n} opens parcel {n} and joins {district}'s track: {tokens}, four tokens. "
                        "{district} is attacked right now, before {player} plays (steps 11 and 12 show how). "
                        "{built}, where you built, holds {k} tokens and waits.",
                        "Žeton {n} zpřístupní parcelu {n} a přidá se na stupnici čtvrti {district}: {tokens}, "
                        "to jsou čtyři žetony. {district} je napadena hned teď, ještě než zahraje {player} (jak, "
                        "ukážou kroky 11 a 12). {built}, kde jsi stavěl, má {k} žetony a čeká."),
})
_load({
    "mis.token-build-district": ("The token belongs to its own district, not to the district you built in.",
                                 "Žeton patří do své vlastní čtvrti, ne do čtvrti, kde jsi stavěl."),
    "mis.token-next-turn-first": ("A district's fourth token sets off its attack at once, before anyone else plays.",
                                  "Čtvrtý žeton čtvrti spustí útok okamžitě, dřív než zahraje kdokoli další."),
    "mis.token-end-of-game": ("Only the hidden district waits for the end; any other district is attacked when its "
                              "fourth token arrives.",
                              "Na konec hry čeká jen skrytá čtvrť; každá jiná je napadena, jakmile dostane čtvrtý "
                              "žeton."),
})

_load({
    "word.yes": ("Yes", "Ano"),
    "word.no": ("No", "Ne"),
    "live.refused": ("The engine refused that move.", "Tento tah pravidla nedovolují."),
})

# ---------------------------------------------------------------------------- 6. worker
_load({
    "worker.text": (
        "Your **worker** goes from home to one special location, where you may make **one** trade: a "
        "fortification in that district (*Fortify*), influence with the location's faction (*Petition*), or the "
        "location's own trade. A worker already standing there goes home. A **damage token** on a location "
        "makes its trades dearer.",
        "**Pracovníka** pošleš z domova na jednu zvláštní lokaci a tam smíš uzavřít **jeden** obchod: opevnění v "
        "té čtvrti (*Opevnit*), vliv u frakce lokace (*Přímluva*), nebo místní obchod. Pracovník, který tam už "
        "stojí, jde domů. **Žeton poškození** na lokaci obchody prodražuje."),
    "worker.a.prompt": ("**(a)** Your worker is at home. Can it go to {location} ({district}) while {owner} "
                        "worker stands there?",
                        "**(a)** Tvůj pracovník je doma. Může na lokaci {location} ({district}), když tam stojí "
                        "pracovník {owner}?"),
    "worker.a.label": ("your board and the city", "tvá deska a město"),
    "worker.a.right": ("A location is never blocked: the worker standing there goes home.",
                       "Lokace není nikdy zablokovaná: pracovník, který tam stojí, jde domů."),
    "worker.a.hint": ("What happens to a worker already standing where you go?",
                      "Co se stane s pracovníkem, který už stojí tam, kam jdeš?"),
    "worker.a.explain": ("Yes: your worker takes the place and {owner} worker goes home to its owner.",
                         "Ano: tvůj pracovník zaujme místo a pracovník {owner} se vrátí domů ke svému majiteli."),
    "worker.b.prompt": ("**(b)** {location} carries a damage token. What does a watchtower cost you there?",
                        "**(b)** Na lokaci {location} leží žeton poškození. Kolik tě tam bude stát strážní věž?"),
    "worker.b.right": ("{cost}: the printed price and one favor more for the damage token.",
                       "{cost}: vytištěná cena a o jednu přízeň víc kvůli žetonu poškození."),
    "worker.b.no": ("Not that price.", "Tahle cena to není."),
    "worker.b.hint": ("Start from the price printed at the location; what does the token lying on it change?",
                      "Začni od ceny vytištěné u lokace; co na ní mění žeton, který tam leží?"),
    "worker.b.explain": ("A watchtower costs {printed} at any location; the damage token adds one favor to every "
                         "trade there: {cost}.",
                         "Strážní věž stojí na každé lokaci {printed}; žeton poškození přidá ke každému obchodu "
                         "tam jednu přízeň: {cost}."),
    "worker.c.prompt": ("**(c)** Now do it: send your worker to {location} and build the watchtower (click the "
                        "location, the trade, then a free fortification spot of the district).",
                        "**(c)** Teď to proveď: pošli pracovníka na lokaci {location} a postav strážní věž "
                        "(klikni na lokaci, na obchod a pak na volné místo pro opevnění v té čtvrti)."),
    "worker.c.label": ("a worker's visit: your board and the city", "návštěva pracovníka: tvá deska a město"),
    "worker.c.right": ("Your worker stands on the location, {owner} worker went home, and your watchtower is up.",
                       "Tvůj pracovník stojí na lokaci, pracovník {owner} šel domů a tvá věž stojí."),
    "worker.c.no": ("Not yet: your worker on {location}, the watchtower trade, then its spot.",
                    "Ještě ne: pracovník na lokaci {location}, obchod strážní věž a pak její místo."),
    "worker.c.hint": ("Click the location in the middle of the district, then the Fortify (watchtower) button, "
                      "then a free spot on the district's edge.",
                      "Klikni na lokaci uprostřed čtvrti, pak na tlačítko Opevnit (strážní věž) a nakonec na "
                      "volné místo na okraji čtvrti."),
    "worker.c.answer": ("your worker to {location}, Fortify (watchtower), a free spot there",
                        "pracovník na lokaci {location}, Opevnit (strážní věž), volné místo tam"),
    "worker.c.explain": ("Your worker goes, {owner} worker goes home. You pay {cost}, exactly what you have, and make "
                         "one trade: a watchtower with your cube on a free spot of the district. One visit, one "
                         "trade: your turn is over.",
                         "Tvůj pracovník jde, pracovník {owner} se vrací domů. Zaplatíš {cost}, přesně "
                         "tolik, kolik máš, a uzavřeš jeden obchod: strážní věž se svou kostkou na volném místě "
                         "čtvrti. Jedna návštěva, jeden obchod: tvůj tah skončil."),
    "worker.d.prompt": ("**(d)** {player} builds on parcel {n} in {district}. Click the location of every worker "
                        "that goes home.",
                        "**(d)** {player} staví na parcele {n} ve čtvrti {district}. Klikni na lokaci každého "
                        "pracovníka, který jde domů."),
    "worker.d.caption": ("{player} is about to build on parcel {n}.", "{player} se chystá stavět na parcele {n}."),
    "worker.d.label": ("the city: click the locations of the workers going home",
                       "město: klikni na lokace pracovníků, kteří jdou domů"),
    "worker.d.right": ("A build in {district} sends home the workers on {district}'s location, and only there.",
                       "Stavba ve čtvrti {district} pošle domů pracovníky z lokace této čtvrti, a jen z ní."),
    "worker.d.no": ("Not those workers.", "Tihle pracovníci to nejsou."),
    "worker.d.hint": ("Which location belongs to the district being built in, {district}?",
                      "Která lokace patří ke čtvrti, kde se staví ({district})?"),
    "worker.d.answer": ("your worker (its location in {district})", "tvůj pracovník (jeho lokace ve čtvrti {district})"),
    "worker.d.explain": ("When {player} builds in {district}, every worker on {district}'s location goes home: "
                         "yours. {owner} own worker stands elsewhere and stays. Workers also come home when "
                         "pushed out, as in (a), or through your HQ card during income (next step).",
                         "Když {player} staví ve čtvrti {district}, jde domů každý pracovník z lokace této čtvrti: "
                         "ten tvůj. Vlastní pracovník {owner} stojí jinde a zůstává. Pracovníci se vracejí "
                         "také, když je někdo vytlačí, jako v (a), nebo díky kartě sídla při příjmu (další krok)."),
})
_load({
    "mis.worker-blocked": ("A location is never blocked: your worker takes the place and the one standing there "
                           "goes home.",
                           "Lokace není nikdy obsazená natrvalo: tvůj pracovník zaujme místo a ten, kdo tam stál, "
                           "jde domů."),
    "mis.worker-damage-ignored": ("A damage token on a location makes every trade there cost one favor more.",
                                  "Žeton poškození na lokaci zdraží každý obchod tam o jednu přízeň."),
    "mis.worker-damage-everything": ("The damage token adds favor only, nothing else.",
                                     "Žeton poškození přidává jen přízeň, nic jiného."),
    "mis.worker-two-trades": ("One visit, at most one trade.", "Jedna návštěva, nejvýš jeden obchod."),
    "mis.worker-builder-only": ("A build sends home every worker on that district's location, whoever built.",
                                "Stavba pošle domů každého pracovníka na lokaci té čtvrti, ať stavěl kdokoli."),
    "mis.worker-all-go-home": ("Only the location of the district built in is cleared.",
                               "Vyprázdní se jen lokace čtvrti, ve které se stavělo."),
})

# ---------------------------------------------------------------------------- 7. income
_load({
    "income.text": (
        "**Income**: take what your HQ card prints, then use the ability of each card of your **portfolio** at "
        "most **once**, in any order, paying its cost. Your basic HQ card's own ability brings your worker home. "
        "When the income is over, every card is ready again.",
        "**Příjem**: vezmi, co je natištěno na kartě sídla, a pak použij schopnost každé karty v **portfoliu** "
        "nejvýš **jednou**, v libovolném pořadí, a zaplať její cenu. Vlastní schopnost základní karty sídla ti "
        "vrátí pracovníka domů. Po skončení příjmu jsou všechny karty zase připravené."),
    "income.a.prompt": ("**(a)** Take income. End with your worker at home and as much gold as you can (Take "
                        "income, then click the cards of your portfolio, then Finish the income).",
                        "**(a)** Vyber příjem. Skonči s pracovníkem doma a s co nejvíc zlatem (Vybrat příjem, pak "
                        "klikej na karty v portfoliu a nakonec Ukončit příjem)."),
    "income.a.label": ("an income: your board and the city", "příjem: tvá deska a město"),
    "income.a.right": ("{gold} and your worker at home.", "{gold} a pracovník doma."),
    "income.a.no": ("Not yet: take income, use your cards, then finish the income.",
                    "Ještě ne: vyber příjem, použij karty a pak příjem ukonči."),
    "income.a.hint": ("First the HQ's printed income, then each card once: which card turns supplies into gold, "
                      "and which brings your worker back?",
                      "Nejdřív natištěný příjem sídla, pak každá karta jednou: která mění zásoby na zlato a která "
                      "ti vrátí pracovníka?"),
    "income.a.answer": ("{gold}, worker at home", "{gold}, pracovník doma"),
    "income.a.explain": ("Income first: {income}. {hq} (your HQ card): your worker comes home, free. {card}: "
                         "{ability}. {gate} could turn a supply into a favor ({gate_ability}), but no more gold. "
                         "You end with {gold} and your worker at home.",
                         "Nejdřív příjem: získáš {income}. {hq} (tvá karta sídla): pracovník se vrátí domů, "
                         "zdarma. {card}: {ability}. {gate} by zásobu proměnila v přízeň ({gate_ability}), ale "
                         "zlato už ne. Na konci máš {gold} a pracovníka doma."),
    "income.b.prompt": ("**(b)** At your next income, can you use {card} again?",
                        "**(b)** Při příštím příjmu můžeš kartu {card} použít znovu?"),
    "income.b.right": ("Every card stands ready again once the income is over.",
                       "Po skončení příjmu jsou všechny karty znovu připravené."),
    "income.b.hint": ("Once per income: what happens to the used cards when the income ends?",
                      "Jednou za příjem: co se stane s použitými kartami, když příjem skončí?"),
    "income.b.explain": ("Yes: the cards you used are turned upright again when the income action ends, so each "
                         "one works once in every income.",
                         "Ano: použité karty se po skončení akce příjmu zase narovnají, takže každá funguje jednou "
                         "při každém příjmu."),
})
_load({
    "mis.income-worker-left": ("Your HQ card's ability brings your worker home during income, free.",
                               "Schopnost karty sídla ti při příjmu vrátí pracovníka domů, zdarma."),
    "mis.income-no-abilities": ("During income each card of your portfolio may use its ability once.",
                                "Při příjmu smí každá karta v portfoliu jednou použít svou schopnost."),
    "mis.income-twice": ("Each card once per income.", "Každá karta jen jednou za příjem."),
    "mis.income-stays-turned": ("When your income ends, every card turns upright again.",
                                "Po skončení příjmu se všechny karty zase narovnají."),
})

# ---------------------------------------------------------------------------- 8. chain
_load({
    "chain.text": (
        "A card you gain **during** income, such as a building built by an ability, can use its own ability in "
        "the **same** income. And when that build sets off an attack, the attack is resolved at once; then your "
        "income goes on.",
        "Karta, kterou získáš **během** příjmu, třeba budova postavená schopností, může svou schopnost použít ještě "
        "v **tomtéž** příjmu. A když ta stavba spustí útok, vyřeší se hned; potom tvůj příjem pokračuje."),
    "chain.a.prompt": ("**(a)** During your income, {lodge} will build {card} from your hand, and its parcel "
                       "token will be {district}'s fourth. What happens then?",
                       "**(a)** Během příjmu postaví {lodge} kartu {card} z tvé ruky a její žeton parcely bude "
                       "čtvrtým žetonem čtvrti {district}. Co se pak stane?"),
    "chain.a.now": ("{district} is attacked at once, then your income goes on",
                    "{district} je napadena hned a pak tvůj příjem pokračuje"),
    "chain.a.after": ("The attack waits until your income is over", "Útok počká, až příjem skončí"),
    "chain.a.next": ("The attack waits for {owner} turn", "Útok počká na tah {owner}"),
    "chain.a.ends": ("Your income ends", "Tvůj příjem končí"),
    "chain.a.right": ("The attack interrupts the income, and the income goes on.",
                      "Útok příjem přeruší a příjem pak pokračuje."),
    "chain.a.no": ("Not that.", "To ne."),
    "chain.a.hint": ("Does a fourth token ever wait? And does an attack end anything?",
                     "Čeká někdy čtvrtý žeton? A ukončí útok něco?"),
    "chain.a.explain": ("The build runs in full inside the income: tile, bonuses, the token; the fourth token "
                        "sets off the attack on {district} right away, and then you go on using your cards.",
                        "Stavba proběhne celá uvnitř příjmu: destička, odměny, žeton; čtvrtý žeton hned spustí "
                        "útok na čtvrť {district} a pak dál používáš své karty."),
    "chain.b.prompt": ("**(b)** Now play it: take income, build {card} during it, and end with as much gold as "
                       "you can.",
                       "**(b)** Teď to zahraj: vyber příjem, postav během něj kartu {card} a skonči s co nejvíc "
                       "zlatem."),
    "chain.b.label": ("an income chain: your board and the city", "řetěz příjmů: tvá deska a město"),
    "chain.b.right": ("{gold}: the new card worked in the same income.", "{gold}: nová karta pracovala ve "
                                                                            "stejném příjmu."),
    "chain.b.no": ("Not yet: take income and use your cards, then finish the income.",
                   "Ještě ne: vyber příjem, použij karty a pak příjem ukonči."),
    "chain.b.hint": ("As soon as the market is built, its card is in your portfolio. Has it used its ability this "
                     "income?",
                     "Jakmile trh postavíš, jeho karta leží v portfoliu. Použila už v tomto příjmu svou schopnost?"),
    "chain.b.answer": ("{gold}", "{gold}"),
    "chain.b.explain": ("Take income. {lodge}: pay its cost and build {card} for 2 gold less. The build runs in "
                        "full: tile and cube on the parcel, bonuses, then the token, {district}'s fourth, so "
                        "{district} is attacked right now. Then your income goes on: {card}, already in your "
                        "portfolio, uses its ability ({ability}). You end with {gold}.",
                        "Vyber příjem. {lodge}: zaplať cenu a postav kartu {card} o 2 zlaté levněji. Stavba "
                        "proběhne celá: destička a kostka na parcelu, odměny, pak žeton – čtvrtý pro čtvrť "
                        "{district}, takže je napadena hned. Pak příjem pokračuje: {card}, už ve tvém portfoliu, "
                        "použije svou schopnost ({ability}). Na konci máš {gold}."),
})
_load({
    "mis.chain-new-card-waits": ("A card you gain during income can use its ability in the same income.",
                                 "Karta získaná během příjmu smí svou schopnost použít ještě v tomtéž příjmu."),
    "mis.chain-no-build": ("The Builders' Lodge builds during income: that is how the market goes up now.",
                           "Stavitelská huť staví během příjmu: právě tak teď trh postavíš."),
    "mis.chain-attack-waits": ("An attack never waits: it is resolved at once, even in the middle of an income.",
                               "Útok nikdy nečeká: vyřeší se okamžitě, i uprostřed příjmu."),
    "mis.chain-attack-next-turn": ("The fourth token sets off the attack at once, before anybody else plays.",
                                   "Čtvrtý žeton spustí útok okamžitě, dřív než zahraje kdokoli další."),
    "mis.chain-income-ends": ("The attack interrupts your income; it does not end it.",
                              "Útok tvůj příjem jen přeruší, neukončí ho."),
})

# ---------------------------------------------------------------------------- 9. factions
_load({
    "factions.text": (
        "Three factions, the **Council of Four**, the **Flaming Fist** and the **Thieves' Guild**, each have a "
        "track of eight spaces with a reward on each. **Influence** moves your cube along one track, and you "
        "collect the reward of every space it enters; your **level** is how far the cube stands from Start. "
        "Influence beyond the last space is not lost.",
        "Tři frakce – **Rada čtyř**, **Plamenná pěst** a **Zlodějský cech** – mají každá stupnici o osmi polích "
        "a na každém poli odměnu. **Vliv** posouvá tvou kostku po jedné stupnici a z každého pole, na které "
        "vstoupí, dostaneš odměnu; tvá **úroveň** je počet polí od startu. Vliv za posledním polem nepropadá."),
    "factions.level": ("level {n}", "úroveň {n}"),
    "factions.reward": ("level {n}: {reward}", "úroveň {n}: {reward}"),
    "factions.a.label": ("the levels, your board and the city", "úrovně, tvá deska a město"),
    "factions.a.prompt": ("**(a)** Your cube stands at level {n} of the {faction}'s track. You send your worker to "
                          "{location} and make the *Petition* trade. Where does your cube stop?",
                          "**(a)** Tvá kostka stojí na úrovni {n} stupnice frakce {faction}. Pošleš pracovníka na "
                          "lokaci {location} a uzavřeš obchod *Přímluva*. Kde se tvá kostka zastaví?"),
    "factions.a.right": ("Level {n}: the petition's influence moves the cube that many spaces.",
                         "Úroveň {n}: vliv z přímluvy posune kostku o tolik polí."),
    "factions.a.no": ("Not there: read what the Petition gives.", "Tam ne: přečti si, co dává Přímluva."),
    "factions.a.hint": ("The Petition costs 1 favor and gives 2 influence with the location's faction.",
                        "Přímluva stojí 1 přízeň a dá 2 vlivy u frakce lokace."),
    "factions.a.explain": ("The Petition gives 2 influence with the {faction}, the location's faction: your cube "
                           "goes from level {n} to level {level}.",
                           "Přímluva dá 2 vlivy u frakce {faction}, frakce této lokace: tvá kostka jde z úrovně "
                           "{n} na úroveň {level}."),
    "factions.b.prompt": ("**(b)** Tick the rewards you collect on the {faction}'s track.",
                          "**(b)** Zaškrtni odměny, které na stupnici frakce {faction} získáš."),
    "factions.b.right": ("Every space the cube enters pays, the last one included.",
                         "Platí každé pole, na které kostka vstoupí, i to poslední."),
    "factions.b.no": ("Not those rewards.", "Tyto odměny to nejsou."),
    "factions.b.hint": ("Move the cube one space at a time and collect on every space it enters.",
                        "Posouvej kostku po jednom poli a na každém, na které vstoupí, vyber odměnu."),
    "factions.b.explain": ("The cube goes from level {n} to level {level}: it enters every space after {n} up to "
                           "{level}, and each of them pays. The space it started on paid when it was reached, "
                           "earlier. Level 4 also lets you score an agenda at the end (step 15).",
                           "Kostka jde z úrovně {n} na úroveň {level}: vstoupí na každé pole za úrovní {n} až po "
                           "{level} a každé z nich zaplatí. Pole, na kterém stála, zaplatilo už dřív, když na ně "
                           "vstoupila. Úroveň 4 ti na konci také dovolí vyhodnotit kartu plánu (krok 15)."),
    "factions.c.prompt": ("**(c)** Another turn, your worker petitions at {location}, a location of the {faction}, "
                          "where your cube stands at level {n}. How much prestige does that give you?",
                          "**(c)** V jiném tahu se tvůj pracovník přimluví na lokaci {location}, která patří "
                          "frakci {faction}; tam tvá kostka stojí na úrovni {n}. Kolik prestiže ti to přinese?"),
    "factions.c.right": ("{points}: the last space's reward, and 1 prestige for each step beyond the track.",
                         "{points}: odměna posledního pole a 1 prestiž za každý krok za koncem stupnice."),
    "factions.c.no": ("Not that much.", "Tolik ne."),
    "factions.c.hint": ("The track ends at level {last}. What becomes of influence that goes further?",
                        "Stupnice končí úrovní {last}. Co se stane s vlivem, který dojde dál?"),
    "factions.c.explain": ("From level {n} to the track's last space, level {last}: {reward}. Then {over} more "
                           "step(s) beyond the track, 1 prestige each. In all {points}.",
                           "Z úrovně {n} na poslední pole stupnice, úroveň {last}: {reward}. Pak ještě kroky za "
                           "koncem stupnice ({over}), každý za 1 prestiž. Celkem {points}."),
})
_load({
    "mis.faction-landing-only": ("You collect the reward of every space you pass as well as the one you stop on.",
                                 "Odměnu vybereš z každého pole, kterým kostka projde, nejen z toho, kde se zastaví."),
    "mis.faction-start-again": ("The space you start from paid when you reached it; it does not pay again.",
                                "Pole, ze kterého vycházíš, ti zaplatilo, když jsi na ně vstoupil; podruhé neplatí."),
    "mis.faction-one-step": ("The Petition gives 2 influence for its 1 favor: the cube moves two spaces.",
                             "Přímluva dá za 1 přízeň 2 vlivy: kostka se posune o dvě pole."),
    "mis.faction-past-end-lost": ("Influence beyond the last space is not lost: each step beyond it gives 1 prestige.",
                                  "Vliv za posledním polem nepropadá: každý krok navíc dá 1 prestiž."),
})

# ---------------------------------------------------------------------------- 10. fortify
_load({
    "fortify.text": (
        "Watchtowers, keeps and gates are **fortifications**: they stand on fortification spots, carry your cube "
        "and sit on the solid lines like buildings, so a new one pays the pieces connected to it. A watchtower "
        "defends its district for 1, a keep for 2, a gate for nothing.",
        "Strážní věže, pevnosti a brány jsou **opevnění**: stojí na místech pro opevnění, nesou tvou kostku a leží "
        "na plných čarách jako budovy, takže nové opevnění vyplatí prvky, které jsou s ním propojené. Věž brání "
        "svou čtvrť za 1, pevnost za 2, brána vůbec."),
    "fortify.a.prompt": ("**(a)** You have 6 gold and 2 supplies. Send your worker to {location} ({district}) and "
                         "build a keep on its free fortification spot. (Your resources stay out of sight until (b).)",
                         "**(a)** Máš 6 zlatých a 2 zásoby. Pošli pracovníka na lokaci {location} ({district}) a "
                         "postav pevnost na volné místo pro opevnění. (Tvé suroviny zůstanou skryté až do (b).)"),
    "fortify.a.label": ("a keep: the city", "pevnost: město"),
    "fortify.a.right": ("Your keep stands. Now, who gains what?", "Tvá pevnost stojí. Kdo teď co získá?"),
    "fortify.a.no": ("Not yet: your worker on {location}, the keep trade, then the free spot.",
                     "Ještě ne: pracovník na lokaci {location}, obchod pevnost a pak volné místo."),
    "fortify.a.hint": ("The location is in the middle of the district; the keep's spot is the free one on its edge.",
                       "Lokace je uprostřed čtvrti; místo pro pevnost je to volné na jejím okraji."),
    "fortify.a.answer": ("your worker to {location}, Fortify (keep), the free spot",
                         "pracovník na lokaci {location}, Opevnit (pevnost), volné místo"),
    "fortify.b.prompt": ("**(b)** Tick everything the houses gain from your new keep.",
                         "**(b)** Zaškrtni všechno, co rody z tvé nové pevnosti získají."),
    "fortify.b.hint": ("Follow the three lines from the new keep, as in step 4: whose piece, which type?",
                       "Sleduj tři čáry z nové pevnosti, jako v kroku 4: čí prvek a jakého typu?"),
    "fortify.b.explain": ("The lines from the new keep: {lines}. The keep itself pays nobody.",
                          "Čáry z nové pevnosti: {lines}. Pevnost sama nevyplácí nikoho."),
    "fortify.c.prompt": ("**(c)** What else happens?", "**(c)** Co se stane dál?"),
    "fortify.c.nothing": ("Nothing more", "Nic dalšího"),
    "fortify.c.worker": ("Your worker goes home", "Tvůj pracovník jde domů"),
    "fortify.c.token": ("You draw a parcel token", "Táhneš žeton parcely"),
    "fortify.c.both": ("Both", "Obojí"),
    "fortify.c.right": ("A fortification is not a building: no worker goes home and no token is drawn.",
                        "Opevnění není budova: žádný pracovník nejde domů a žádný žeton se netáhne."),
    "fortify.c.hint": ("Which steps of a build belong to buildings only?",
                       "Které kroky stavby patří jen k budovám?"),
    "fortify.c.explain": ("Nothing more: your worker stays on the location and no token is drawn. Those two steps "
                          "come only with a building on a parcel.",
                          "Nic dalšího: tvůj pracovník zůstává na lokaci a žádný žeton se netáhne. Tyto dva kroky "
                          "patří jen ke stavbě budovy na parcele."),
    "fortify.d.prompt": ("**(d)** What is the defence of {district} now?", "**(d)** Jakou obranu má teď čtvrť {district}?"),
    "fortify.d.right": ("{n}: towers and keeps of every house count, gates nothing.",
                        "{n}: počítají se věže a pevnosti všech rodů, brány nic."),
    "fortify.d.no": ("Not that.", "To ne."),
    "fortify.d.hint": ("A tower is worth 1, a keep 2, a gate nothing; every house's pieces count.",
                       "Věž má hodnotu 1, pevnost 2, brána nic; počítají se prvky všech rodů."),
    "fortify.d.explain": ("{district} holds {pieces}: defence {n}.", "Ve čtvrti {district} stojí: {pieces}; obrana {n}."),
    "fortify.e.pile": ("The gate cards, face up (the top first)", "Karty bran, lícem nahoru (vrchní první)"),
    "fortify.e.prompt": ("**(e)** Later you make the {location} trade ({trade}). Click the gate card you take.",
                         "**(e)** Později uzavřeš obchod na lokaci {location} ({trade}). Klikni na kartu brány, "
                         "kterou si vezmeš."),
    "fortify.e.right": ("The top card of the face-up gate pile.", "Vrchní karta z odkrytého balíčku bran."),
    "fortify.e.hint": ("You do not choose among the gate cards: which one is on top?",
                       "Mezi kartami bran si nevybíráš: která je navrchu?"),
    "fortify.e.explain": ("You take the top card of the gate pile, {card}: its income ability ({ability}) works from "
                          "your next income. A gate with your cube goes on a free fortification spot.",
                          "Vezmeš vrchní kartu balíčku bran, {card}: její příjmová schopnost ({ability}) funguje od "
                          "tvého příštího příjmu. Brána s tvou kostkou přijde na volné místo pro opevnění."),
})
_load({
    "mis.fort-pays-nothing": ("A new fortification pays the pieces connected to it, just as a new building does.",
                              "Nové opevnění vyplatí prvky, které jsou s ním propojené, stejně jako nová budova."),
    "mis.fort-gate-pays-nothing": ("A gate is a fortification like the others: it pays its owner prestige.",
                                   "Brána je opevnění jako ostatní: jejímu majiteli vynese prestiž."),
    "mis.fort-like-build": ("A fortification is not a build: no worker goes home and no parcel token is drawn.",
                            "Opevnění není stavba budovy: žádný pracovník nejde domů a žádný žeton parcely se "
                            "netáhne."),
    "mis.fort-count-pieces": ("Defence counts points, not pieces: a keep is worth more than a tower.",
                              "Obrana se počítá v bodech, ne v kusech: pevnost má větší cenu než věž."),
    "mis.fort-gate-defends": ("A gate defends nothing.", "Brána nebrání vůbec."),
    "mis.fort-own-only": ("Every house's towers and keeps in the district defend it.",
                          "Čtvrť brání věže a pevnosti všech rodů, které v ní stojí."),
    "mis.fort-pick-gate": ("You take the top card of the face-up gate pile, not one of your choice.",
                           "Bereš vrchní kartu z odkrytého balíčku bran, ne kartu podle výběru."),
})

# ---------------------------------------------------------------------------- 11. defended
_load({
    "where.district": ("district", "čtvrť"),
    "outcome.one": ("{who} +{n}", "{who} +{n}"),
    "attack.caption": ("Token {n} is drawn: it is the fourth on the track of {district}, which is attacked now.",
                       "Vytažen žeton {n}: je čtvrtý na stupnici čtvrti {district}, která je teď napadena."),
    "defended.text": (
        "An attack's **strength** is the value under the marker of the attack-strength track (top left). A "
        "district's **defence** is 1 for each watchtower and 2 for each keep in it, whoever owns them. If the "
        "defence is at least the strength, the district **holds**: every house that helped gains prestige equal to "
        "the strength, and the single largest helper gains it once more.",
        "**Síla útoku** je hodnota pole, na kterém stojí ukazatel na stupnici síly útoku (vlevo nahoře). "
        "**Obrana** čtvrti je 1 za každou strážní věž a 2 za každou pevnost v ní, ať patří komukoli. Je-li obrana "
        "aspoň tak velká jako síla, čtvrť se **ubrání**: každý rod, který pomáhal, získá tolik prestiže, jaká je "
        "síla útoku, a jediný největší pomocník ji získá ještě jednou."),
    "defended.label": ("the attack: the city", "útok: město"),
    "defended.a.prompt": ("**(a)** The strength marker stands on space {space}. {district} is attacked: how much "
                          "prestige does each house gain?",
                          "**(a)** Ukazatel síly stojí na {space}. poli. {district} je napadena: kolik prestiže "
                          "získá který rod?"),
    "defended.a.hint": ("First compare the defence with the strength. Then: who helped, and who helped most, alone?",
                        "Nejdřív porovnej obranu se silou útoku. Potom: kdo pomáhal a kdo pomáhal nejvíc, sám?"),
    "defended.right": ("The district held: each helper gained the strength, the single largest helper twice.",
                       "Čtvrť se ubránila: každý pomocník získal sílu útoku, jediný největší pomocník dvakrát."),
    "defended.no": ("Not that outcome.", "Takhle to nedopadne."),
    "defended.contrib": ("{who} {n}", "{who} {n}"),
    "defended.bonus.one": ("{who} gave the most, alone: +{n} once more", "{who} přispěl nejvíc, sám: ještě +{n}"),
    "defended.bonus.one.me": ("you gave the most, alone: +{n} once more", "ty jsi přispěl nejvíc, sám: ještě +{n}"),
    "defended.bonus.tie": ("{who} tie for the most: nobody gets the second helping",
                           "{who} mají stejně nejvíc: druhou odměnu nedostane nikdo"),
    "defended.bonus.tie.me": ("you and {who} tie for the most: nobody gets the second helping",
                              "ty a {who} máte stejně nejvíc: druhou odměnu nedostane nikdo"),
    "defended.explain": ("Strength {strength}. {district}'s defence is {defence} (contributions: {lines}), not "
                         "less than the strength: it holds. Every house that helped gains {strength}; {bonus}. "
                         "Buildings defend nothing. So: {outcome}.",
                         "Síla {strength}. Obrana čtvrti {district} je {defence} (příspěvky: {lines}), tedy ne "
                         "méně než síla: čtvrť se ubránila. Každý rod, který pomáhal, získá {strength}; {bonus}. "
                         "Budovy nebrání. Tedy: {outcome}."),
    "defended.trace": ("{who}: {n} prestige for the defence", "{who}: {n} prestiže za obranu"),
    "defended.space": ("space {k} (strength {v})", "{k}. pole (síla {v})"),
    "defended.b.prompt": ("**(b)** The marker stood on space {space}. Where does it stand for the next attack?",
                          "**(b)** Ukazatel stál na {space}. poli. Kde bude stát při dalším útoku?"),
    "defended.b.right": ("After every attack the marker moves one space on.", "Po každém útoku se ukazatel posune "
                                                                              "o jedno pole."),
    "defended.b.no": ("Not there.", "Tam ne."),
    "defended.b.hint": ("Does the marker move after an attack that held?", "Posune se ukazatel i po ubráněném útoku?"),
    "defended.b.explain": ("Held or not, the marker moves one space after each attack: space {space}, strength {v}.",
                           "Ubráněný nebo ne, po každém útoku se ukazatel posune o jedno pole: {space}. pole, "
                           "síla {v}."),
    "defended.c.prompt": ("**(c)** Next, {player} builds and the token drawn is the fourth of {district}. How much "
                          "prestige does each house gain now?",
                          "**(c)** Potom staví {player} a vytažený žeton je čtvrtý pro čtvrť {district}. Kolik "
                          "prestiže teď získá který rod?"),
})
_load({
    "mis.def-own-points": ("Each defender gains the attack's strength, whatever the size of their own share.",
                           "Každý obránce dostane tolik prestiže, jaká je síla útoku, ať je jeho podíl jakkoli velký."),
    "mis.def-no-bonus": ("The house with the largest contribution gains the strength a second time.",
                         "Rod s největším příspěvkem získá sílu útoku ještě jednou."),
    "mis.def-strictly-more": ("Defence equal to the strength is enough: the district holds.",
                              "Obrana rovná síle útoku stačí: čtvrť je ubráněna."),
    "mis.def-buildings-defend": ("Only towers and keeps contribute; buildings defend nothing.",
                                 "Přispívají jen věže a pevnosti; budovy nebrání."),
    "mis.def-marker-stays": ("After every attack, held or not, the marker moves one space on.",
                             "Po každém útoku, ubráněném i neubráněném, se ukazatel posune o jedno pole."),
    "mis.def-count-pieces": ("Contribution is counted in defence points: two towers are worth exactly one keep.",
                             "Příspěvek se počítá v bodech obrany: dvě věže mají stejnou cenu jako jedna pevnost."),
    "mis.def-bigger-piece": ("Contribution is counted in defence points, not by the biggest piece.",
                             "Příspěvek se počítá v bodech obrany, ne podle největšího kusu."),
    "mis.def-tie-both": ("When the largest contributions tie, nobody gets the second helping.",
                         "Když jsou největší příspěvky stejné, druhou odměnu nedostane nikdo."),
})

# ---------------------------------------------------------------------------- 12. failed
_load({
    "failed.text": (
        "If the defence is **lower** than the strength, the attack succeeds: a **damage token** goes on the "
        "district's location, and the buildings there of every house that did **not** help defend lose their "
        "cubes for good. HQs and fortifications are never damaged.",
        "Je-li obrana **menší** než síla, útok uspěje: na lokaci čtvrti přijde **žeton poškození** a budovy všech "
        "rodů, které **nepomáhaly** bránit, natrvalo přijdou o své kostky. Sídla a opevnění se nepoškozují nikdy."),
    "failed.label": ("the attack: click on the city", "útok: klikej do města"),
    "failed.a.prompt": ("**(a)** The strength marker stands on space {space}; {district} is attacked. Click every "
                        "piece that is damaged.",
                        "**(a)** Ukazatel síly stojí na {space}. poli; {district} je napadena. Klikni na každý "
                        "prvek, který bude poškozen."),
    "failed.a.right": ("The attack succeeded: the buildings of the houses that did not help lost their cubes.",
                       "Útok uspěl: budovy rodů, které nepomáhaly, přišly o kostky."),
    "failed.a.no": ("Not those pieces.", "Tyto prvky to nejsou."),
    "failed.a.hint": ("Who has a watchtower or a keep in {district}? Their buildings are safe. Which kinds of piece "
                      "can never be damaged?",
                      "Kdo má ve čtvrti {district} strážní věž nebo pevnost? Jeho budovy jsou v bezpečí. Které "
                      "prvky nemohou být poškozeny nikdy?"),
    "failed.a.explain": ("Strength {strength}, defence {defence} (a gate counts 0): {district} falls. Damaged: "
                         "{hit}. Safe: {safe} (a house that helped keeps its buildings; HQs and fortifications are "
                         "never damaged). A damaged tile stays without an owner for the rest of the game: it pays "
                         "no bonus, breaks networks and counts for no district, but its card stays in the portfolio "
                         "and its ability still works.",
                         "Síla {strength}, obrana {defence} (brána se počítá za 0): čtvrť {district} padla. "
                         "Poškozeno: {hit}. V bezpečí: {safe} (rod, který pomáhal, si budovy nechá; sídla a "
                         "opevnění se nepoškozují nikdy). Poškozená destička zůstane do konce hry bez majitele: nic "
                         "nevyplácí, přerušuje sítě a nepočítá se do čtvrtí, ale její karta zůstává v portfoliu a "
                         "její schopnost dál funguje."),
    "failed.b.prompt": ("**(b)** How much prestige does your watchtower earn you in this attack?",
                        "**(b)** Kolik prestiže ti v tomto útoku vynese tvá strážní věž?"),
    "failed.b.right": ("Nothing: a failed defence pays nobody.", "Nic: neúspěšná obrana nevynese nic nikomu."),
    "failed.b.no": ("Not that.", "To ne."),
    "failed.b.hint": ("Did the district hold? Prestige comes with a defence that holds.",
                      "Ubránila se čtvrť? Prestiž přináší obrana, která vydrží."),
    "failed.b.explain": ("0: prestige comes only from a defence that holds. Your tower still kept your building "
                         "safe.",
                         "0: prestiž přináší jen úspěšná obrana. Tvá věž ti ale ochránila budovu."),
    "failed.c.prompt": ("**(c)** Where does the damage token go? Click it.", "**(c)** Kam přijde žeton poškození? "
                                                                            "Klikni."),
    "failed.c.right": ("On the district's special location: its trades now cost 1 favor more.",
                       "Na zvláštní lokaci čtvrti: její obchody teď stojí o 1 přízeň víc."),
    "failed.c.no": ("Not there.", "Tam ne."),
    "failed.c.hint": ("Step 6 showed a location that costs more. Why?", "Krok 6 ukázal lokaci, která je dražší. Proč?"),
    "failed.c.explain": ("The damage token lies on the location in the middle of {district}; every trade there "
                         "costs 1 favor more from now on.",
                         "Žeton poškození leží na lokaci uprostřed čtvrti {district}; každý obchod tam od teď stojí "
                         "o 1 přízeň víc."),
    "failed.d.prompt": ("**(d)** The marker stood on space {space}. Where does it stand for the next attack?",
                        "**(d)** Ukazatel stál na {space}. poli. Kde bude stát při dalším útoku?"),
})
_load({
    "mis.fail-contributor-hit": ("A house with a tower or keep in the district keeps all its buildings there safe, "
                                 "even when the defence fails.",
                                 "Rod, který má ve čtvrti věž nebo pevnost, tam neztratí žádnou budovu, ani když "
                                 "obrana selže."),
    "mis.fail-hq-or-fort-hit": ("HQs and fortifications are never damaged.", "Sídla a opevnění se nikdy "
                                                                           "nepoškozují."),
    "mis.fail-gate-protects": ("A gate is no contribution: only towers and keeps protect their owner's buildings.",
                               "Brána se do obrany nepočítá: budovy svého majitele chrání jen věže a pevnosti."),
    "mis.fail-other-districts": ("Only the attacked district is hit.", "Útok zasáhne jen napadenou čtvrť."),
    "mis.fail-prestige": ("A failed defence pays nobody, not even those who defended.",
                          "Neúspěšná obrana nevynese nic nikomu, ani těm, kdo bránili."),
    "mis.fail-token-on-building": ("The damage token goes on the district's special location.",
                                   "Žeton poškození patří na zvláštní lokaci čtvrti."),
    "mis.fail-marker-stays": ("After every attack, lost or not, the marker moves one space on.",
                              "Po každém útoku, ztraceném i ubráněném, se ukazatel posune o jedno pole."),
})

# ---------------------------------------------------------------------------- 13. setup
_load({
    "setup.text": (
        "Each house gets an HQ card naming its district, three building cards, three secret agendas, 6 gold, 1 "
        "supply and 1 favor. The 36 parcel tokens go in the bag; eight are drawn to open the first parcels. One "
        "more is laid face down on the attack-strength track: the **hidden token**. With two or three players, "
        "more tokens are drawn to **ban** parcels for the whole game.",
        "Každý rod dostane kartu sídla se jménem své čtvrti, tři karty budov, tři tajné karty plánů, 6 zlatých, 1 "
        "zásobu a 1 přízeň. Všech 36 žetonů parcel jde do sáčku; osm se jich vytáhne a zpřístupní první parcely. "
        "Ještě jeden se položí lícem dolů na stupnici síly útoku: **skrytý žeton**. Ve dvou nebo třech hráčích se "
        "táhnou další žetony, které parcely **zakážou** na celou hru."),
    "setup.a.label": ("the empty city: click a spot", "prázdné město: klikni na místo"),
    "setup.a.prompt": ("**(a)** A 2-player game is being set up. Your HQ card is {card}, in {district}. Click where "
                       "your HQ tile goes.",
                       "**(a)** Připravuje se hra dvou hráčů. Tvá karta sídla je {card} ve čtvrti {district}. "
                       "Klikni, kam patří destička tvého sídla."),
    "setup.a.right": ("The HQ spot of the district your card names.", "Místo HQ ve čtvrti, kterou jmenuje tvá karta."),
    "setup.a.no": ("Your HQ goes to {district}.", "Tvé sídlo patří do čtvrti {district}."),
    "setup.a.hint": ("Every district has one spot marked HQ on its edge.", "Každá čtvrť má na okraji jedno místo "
                                                                          "označené HQ."),
    "setup.a.explain": ("Your HQ tile goes on the HQ spot of {district}, the district your card names.",
                        "Destička tvého sídla patří na místo HQ ve čtvrti {district}, kterou jmenuje tvá karta."),
    "setup.b.label": ("the setup so far", "dosavadní příprava"),
    "setup.b.prompt": ("**(b)** Seven opening tokens are out, three of them on {district}'s track. The eighth draw "
                       "is parcel {n}, in {district}. What do you do?",
                       "**(b)** Sedm úvodních žetonů je venku, tři z nich na stupnici čtvrti {district}. Osmý "
                       "tah je parcela {n} ve čtvrti {district}. Co uděláš?"),
    "setup.b.back": ("Put it back and draw another", "Vrátím ho a táhnu jiný"),
    "setup.b.attack": ("{district} is attacked", "{district} je napadena"),
    "setup.b.open": ("Open parcel {n} anyway", "Parcelu {n} přesto zpřístupním"),
    "setup.b.hidden": ("Keep it as the hidden token", "Nechám ho jako skrytý žeton"),
    "setup.b.right": ("Setup never gives a district its fourth token.", "Příprava nikdy nedá čtvrti čtvrtý žeton."),
    "setup.b.no": ("Not that.", "To ne."),
    "setup.b.hint": ("What would a fourth token on that track start?", "Co by čtvrtý žeton na té stupnici spustil?"),
    "setup.b.explain": ("A draw that would be {district}'s fourth token goes back into the bag and another is "
                        "drawn, so nothing is attacked during setup.",
                        "Tah, který by byl čtvrtým žetonem čtvrti {district}, se vrací do sáčku a táhne se jiný, "
                        "takže během přípravy se neútočí."),
    "setup.c.prompt": ("**(c)** Setup is finished for two players. How many tokens are left in the bag?",
                       "**(c)** Příprava pro dva hráče je hotová. Kolik žetonů zbývá v sáčku?"),
    "setup.c.right": ("That is how many builds will draw a token in this game.",
                      "Právě tolik staveb v této hře vytáhne žeton."),
    "setup.c.no": ("Not that many.", "Tolik ne."),
    "setup.c.hint": ("Count what left the bag: the opening parcels, the bans for two players, and one more.",
                     "Spočítej, co ze sáčku odešlo: úvodní parcely, zákazy pro dva hráče a ještě jeden žeton."),
    "setup.c.explain": ("Of the 36 tokens, {opened} open the first parcels, {banned} ban parcels (two players; three "
                        "players ban {banned3}) and 1 lies hidden: {left} remain. Each build fills one parcel and "
                        "opens another, so the open parcels stay as many all game.",
                        "Z 36 žetonů jich {opened} zpřístupní první parcely, {banned} parcely zakáže (dva hráči; "
                        "tři hráči zakazují {banned3}) a 1 leží skrytě: zbývá {left}. Každá stavba jednu parcelu "
                        "zaplní a jinou otevře, takže dostupných parcel je po celou hru stejně."),
    "setup.d.prompt": ("**(d)** Who may look at the hidden token?", "**(d)** Kdo se smí podívat na skrytý žeton?"),
    "setup.d.nobody": ("Nobody", "Nikdo"),
    "setup.d.start": ("The start player", "Začínající hráč"),
    "setup.d.everybody": ("Everybody", "Všichni"),
    "setup.d.right": ("Nobody sees it until the final attack.", "Nikdo ho nevidí až do závěrečného útoku."),
    "setup.d.hint": ("Why is it laid face down, and when is it turned over?",
                     "Proč leží lícem dolů a kdy se otočí?"),
    "setup.d.explain": ("Nobody: the hidden token stays face down until the final attack. Your hand and agendas are "
                        "secret too; resources, portfolios and tracks are public.",
                        "Nikdo: skrytý žeton leží lícem dolů až do závěrečného útoku. Tajná je i tvá ruka a karty "
                        "plánů; suroviny, portfolia a stupnice jsou veřejné."),
})
_load({
    "mis.setup-hq-wrong-spot": ("The HQ tile goes on the district's HQ spot.", "Destička sídla patří na místo HQ v "
                                                                             "té čtvrti."),
    "mis.setup-hq-wrong-district": ("Your HQ goes to the district named on your HQ card.",
                                    "Sídlo patří do čtvrti, kterou jmenuje tvá karta sídla."),
    "mis.setup-attack": ("No district gets a fourth token during setup: that token goes back into the bag.",
                         "Při přípravě žádná čtvrť nedostane čtvrtý žeton: ten se vrací do sáčku."),
    "mis.setup-hidden-chosen": ("The hidden token is drawn later, at random, and nobody sees it.",
                                "Skrytý žeton se táhne až potom, náhodně, a nikdo ho nevidí."),
    "mis.setup-bans-forgotten": ("With two players more tokens come out, to ban parcels.",
                                 "Ve dvou hráčích se táhnou další žetony, které parcely zakážou."),
    "mis.setup-three-player-bans": ("Two players ban more parcels than three do.", "Dva hráči zakazují víc parcel "
                                                                                  "než tři."),
    "mis.setup-hidden-forgotten": ("One more token left the bag, unseen.", "Ze sáčku odešel ještě jeden žeton, "
                                                                          "skrytě."),
    "mis.setup-peek": ("Nobody sees the hidden token until the final attack.", "Skrytý žeton nikdo nevidí až do "
                                                                              "závěrečného útoku."),
})

# ---------------------------------------------------------------------------- 14. final-round
_load({
    "final-round.text": (
        "When the **last token** leaves the bag, the end is near: that turn is finished, then every house plays "
        "**one more turn**, the one who drew the last token included, going on clockwise. Then the hidden token is "
        "turned over, and its district suffers the **final attack**.",
        "Když ze sáčku odejde **poslední žeton**, blíží se konec: tah se dohraje a pak má každý rod **ještě jeden "
        "tah** (i ten, kdo poslední žeton vytáhl) a pokračuje se po směru hodinových ručiček. Potom se otočí "
        "skrytý žeton a na jeho čtvrť přijde **závěrečný útok**."),
    "final.a.label": ("the houses, then the city", "rody a město"),
    "final.a.prompt": ("**(a)** {owner} build has just drawn the last token. Click the houses in the order of "
                       "the turns still to come.",
                       "**(a)** Stavba {owner} právě vytáhla poslední žeton. Klikni na rody v pořadí tahů, "
                       "které ještě zbývají."),
    "final.a.right": ("One more turn each, clockwise, and {player}, who drew the last token, last.",
                      "Každý ještě jeden tah, po směru hodinových ručiček, a {player}, který vytáhl poslední žeton, "
                      "jako poslední."),
    "final.a.no": ("Not that order.", "Takové pořadí to není."),
    "final.a.hint": ("Who sits on the left of the house that drew the last token?",
                     "Kdo sedí po levici rodu, který vytáhl poslední žeton?"),
    "final.a.explain": ("The turn that emptied the bag is finished; then every house plays one more turn, going on "
                        "clockwise, so {player} plays last: {order}.",
                        "Tah, který vyprázdnil sáček, se dohraje; pak má každý rod ještě jeden tah, pokračuje se po "
                        "směru hodinových ručiček, takže {player} hraje poslední: {order}."),
    "final.b.prompt": ("**(b)** In your final turn you build. What do you draw?",
                       "**(b)** Ve svém posledním tahu stavíš. Co táhneš?"),
    "final.b.token": ("A parcel token", "Žeton parcely"),
    "final.b.nothing": ("Nothing", "Nic"),
    "final.b.right": ("The bag is empty: nothing is drawn and no attack starts.",
                      "Sáček je prázdný: nic se netáhne a žádný útok nezačne."),
    "final.b.hint": ("What is left in the bag once the last token is out?",
                     "Co zbylo v sáčku, když z něj odešel poslední žeton?"),
    "final.b.explain": ("Nothing: the bag is empty, so the build ends without a token, and no build can start an "
                        "attack any more.",
                        "Nic: sáček je prázdný, takže stavba skončí bez žetonu a žádná stavba už útok nespustí."),
    "final.c.label": ("the city before the final attack: click a district", "město před závěrečným útokem: klikni na "
                                                                           "čtvrť"),
    "final.c.prompt": ("**(c)** Every final turn is played. Click the district of the final attack.",
                       "**(c)** Všechny poslední tahy jsou odehrané. Klikni na čtvrť, na kterou přijde závěrečný "
                       "útok."),
    "final.c.right": ("The only district still short of four tokens: the hidden token is its missing fourth.",
                      "Jediná čtvrť, která ještě nemá čtyři žetony: skrytý žeton je její chybějící čtvrtý."),
    "final.c.no": ("Not that district.", "Tahle čtvrť to není."),
    "final.c.hint": ("Look at the attack tracks: which district never got its fourth token?",
                     "Podívej se na stupnice útoku: která čtvrť nikdy nedostala čtvrtý žeton?"),
    "final.c.explain": ("The hidden token is turned over: parcel {n}, in {district}, the only district with three "
                        "tokens. Its parcel never opens. Every other district has been attacked already.",
                        "Skrytý žeton se otočí: parcela {n} ve čtvrti {district}, jediné čtvrti se třemi žetony. "
                        "Tato parcela se nikdy nezpřístupní. Všechny ostatní čtvrti už napadeny byly."),
    "final.d.prompt": ("**(d)** At what strength is the final attack?", "**(d)** Jakou silou přijde závěrečný "
                                                                        "útok?"),
    "final.d.right": ("The marker stands on the last space.", "Ukazatel stojí na posledním poli."),
    "final.d.no": ("Not that strength.", "Taková síla to není."),
    "final.d.hint": ("After eight attacks, where is the marker?", "Kde je ukazatel po osmi útocích?"),
    "final.d.explain": ("After the eighth attack the marker stands on the last space: strength {n}. The final attack "
                        "is resolved as usual, with prestige or damage; then comes the final scoring.",
                        "Po osmém útoku stojí ukazatel na posledním poli: síla {n}. Závěrečný útok se vyhodnotí jako "
                        "obvykle, s prestiží nebo poškozením; pak přijde závěrečné bodování."),
})
_load({
    "mis.final-drawer-skips": ("Every house plays one more turn, the one who drew the last token included.",
                               "Ještě jeden tah má každý rod, i ten, kdo vytáhl poslední žeton."),
    "mis.final-drawer-again": ("That house's current turn is the one that drew the token; its final turn comes last.",
                               "Tímto tahem ten rod poslední žeton vytáhl; jeho poslední tah přijde až úplně na "
                               "konec."),
    "mis.final-from-start-player": ("The final turns go on clockwise from the house that drew the last token.",
                                    "Poslední tahy pokračují po směru hodinových ručiček od rodu, který vytáhl "
                                    "poslední žeton."),
    "mis.final-draw": ("The bag is empty: there is nothing to draw, and a build starts no attack now.",
                       "Sáček je prázdný: není co táhnout a stavba teď žádný útok nespustí."),
    "mis.final-already-attacked": ("Each district is attacked exactly once: the hidden token is the missing fourth "
                                   "token of the one district still short of four.",
                                   "Každá čtvrť je napadena právě jednou: skrytý žeton je chybějící čtvrtý žeton "
                                   "jediné čtvrti, která jich čtyři nemá."),
    "mis.final-strength": ("After the eighth attack the marker stands on the last space.",
                           "Po osmém útoku stojí ukazatel na posledním poli."),
})

# ---------------------------------------------------------------------------- 15. scoring
_load({
    "where.what": ("source", "zdroj"),
    "scoring.text": (
        "After the final attack come four steps: **agendas** (one for each faction track where your level is 4 or "
        "more), 2 prestige for each piece of your **largest network**, 2 prestige for each **district** where you "
        "have an undamaged building or your HQ, and your **leftovers** divided by 3. Blue pieces marked 1 are "
        "yours; a cracked tile is damaged.",
        "Po závěrečném útoku přijdou čtyři kroky: **karty plánů** (jedna za každou frakční stupnici, kde máš "
        "úroveň aspoň 4), 2 prestiže za každý prvek tvé **největší sítě**, 2 prestiže za každou **čtvrť**, kde máš "
        "nepoškozenou budovu nebo sídlo, a tvé **zbytky** dělené třemi. Modré prvky s číslem 1 jsou tvoje; "
        "prasklá destička je poškozená."),
    "scoring.a.title": ("your agenda cards, your board and the city", "tvé karty plánů, tvá deska a město"),
    "scoring.a.prompt": ("**(a)** The game is over. Click the agendas that score for you.",
                         "**(a)** Hra skončila. Klikni na karty plánů, které se ti započítají."),
    "scoring.a.right": ("One agenda per track at level 4 or more, the ones worth most.",
                        "Jedna karta plánu za každou stupnici s úrovní aspoň 4, ty nejcennější."),
    "scoring.a.no": ("Not those agendas.", "Tyto karty plánů to nejsou."),
    "scoring.a.hint": ("First count your tracks at level 4 or more; then work out what each agenda is worth now.",
                       "Nejdřív spočítej stupnice s úrovní aspoň 4; pak zjisti, kolik teď která karta plánu má."),
    "scoring.agenda": ("{card} (counted {count}): {points}", "{card} (napočítáno {count}): {points}"),
    "scoring.a.explain": ("Your levels: {levels}. {slots} tracks at level 4 or more, so {cards} score, the "
                          "best ones (the engine chooses them for you): {scored}. In all {points}. Damaged buildings "
                          "count for no agenda.",
                          "Tvé úrovně: {levels}. Stupnic s úrovní aspoň 4 je {slots}, takže se započítají "
                          "{cards}, ty nejlepší (hra je vybere za tebe): {scored}. Celkem {points}. Poškozené "
                          "budovy se do plánů nepočítají."),
    "scoring.city": ("the city at the end: click on it", "město na konci: klikej do něj"),
    "scoring.b.prompt": ("**(b)** Click the pieces of your largest network.", "**(b)** Klikni na prvky své největší "
                                                                             "sítě."),
    "scoring.b.right": ("{n}, 2 prestige each.", "{n}, každý za 2 prestiže."),
    "scoring.b.no": ("Not that group.", "Tahle skupina to není."),
    "scoring.b.hint": ("Start at your HQ and follow lines only through pieces that still carry your cube.",
                       "Začni u svého sídla a postupuj po čarách jen přes prvky, na kterých je pořád tvá kostka."),
    "scoring.b.explain": ("Your largest group of own undamaged pieces joined by lines: {pieces}. {n}: {points}. "
                          "Damaged tiles and other houses' pieces break the way on.",
                          "Tvá největší skupina vlastních nepoškozených prvků spojených čarami: {pieces}. {n}: "
                          "{points}. Poškozené destičky a prvky jiných rodů cestu dál přerušují."),
    "scoring.c.prompt": ("**(c)** Click the districts that score for you (a click anywhere in a district counts "
                         "for it).",
                         "**(c)** Klikni na čtvrti, které ti přinesou body (kliknutí kamkoli do čtvrti se počítá "
                         "pro ni)."),
    "scoring.c.right": ("Districts with your undamaged building or your HQ.",
                        "Čtvrti s tvou nepoškozenou budovou nebo sídlem."),
    "scoring.c.no": ("Not those districts.", "Tyto čtvrti to nejsou."),
    "scoring.c.hint": ("Only a building that still carries your cube, or your HQ, puts you in a district.",
                       "Do čtvrti tě započítá jen budova, na které je pořád tvá kostka, nebo tvé sídlo."),
    "scoring.c.explain": ("{districts}: {points}. A fortification alone does not count, nor does a damaged building.",
                          "{districts}: {points}. Samotné opevnění se nepočítá, ani poškozená budova."),
    "scoring.d.prompt": ("**(d)** How much prestige do your leftovers give?", "**(d)** Kolik prestiže ti dají "
                                                                             "zbytky?"),
    "scoring.d.right": ("Everything left over, divided by 3, rounded down.", "Všechno, co zbylo, děleno třemi, "
                                                                            "zaokrouhleno dolů."),
    "scoring.d.no": ("Not that.", "To ne."),
    "scoring.d.hint": ("Gold, supplies, favor and building cards in hand: add them up, divide by 3, round down.",
                       "Zlato, zásoby, přízeň a karty budov v ruce: sečti je, vyděl třemi a zaokrouhli dolů."),
    "scoring.d.explain": ("{gold} gold + {supply} supplies + {favor} favor + {cards} building cards = {units}; "
                          "divided by 3, rounded down: {points}. Agenda cards are not leftovers.",
                          "zlato {gold} + zásoby {supply} + přízeň {favor} + karty budov v ruce {cards} = {units}; "
                          "děleno 3 a zaokrouhleno dolů: {points}. Karty plánů do zbytků nepatří."),
    "scoring.e.prompt": ("**(e)** Type your total for the four steps.", "**(e)** Napiš součet všech čtyř kroků."),
    "scoring.e.right": ("The four steps, added up.", "Čtyři kroky, sečtené."),
    "scoring.e.no": ("Not that total.", "Takový součet to není."),
    "scoring.e.hint": ("Add your answers of (a) to (d).", "Sečti své odpovědi z (a) až (d)."),
    "scoring.e.explain": ("The four steps give {total}. They come on top of the prestige you had before: {before} → "
                          "{after}.",
                          "Čtyři kroky dají {total}. Přičítají se k prestiži, kterou jsi měl předtím: {before} → "
                          "{after}."),
})
_load({
    "mis.score-no-threshold": ("You score one agenda for each faction track where your level is 4 or more.",
                               "Vyhodnotíš jednu kartu plánu za každou frakční stupnici, kde máš úroveň aspoň 4."),
    "mis.score-not-best": ("Agendas belong to no faction: you choose which ones to score, so take those worth most.",
                           "Karty plánů nepatří žádné frakci: sám si vybereš, které vyhodnotíš, tak vezmi ty "
                           "nejcennější."),
    "mis.score-damaged-counts": ("A damaged building has no owner any more: it counts for no agenda, network or "
                                 "district.",
                                 "Poškozená budova už nemá majitele: nepočítá se do plánů, sítě ani čtvrtí."),
    "mis.score-through-others": ("A network runs through your own pieces only.", "Síť vede jen přes tvé vlastní "
                                                                                "prvky."),
    "mis.score-all-groups": ("Only your single largest group scores.", "Body dostaneš jen za jedinou, největší "
                                                                      "skupinu."),
    "mis.score-buildings-only": ("Your HQ and your fortifications belong to the network too.",
                                 "Do sítě patří i tvé sídlo a opevnění."),
    "mis.score-fort-district": ("A fortification alone does not put you in a district.",
                                "Samotné opevnění tě do čtvrti nezapočítá."),
    "mis.score-agendas-leftover": ("Agenda cards are not leftovers: gold, supplies, favor and building cards are.",
                                   "Karty plánů do zbytků nepatří: počítá se zlato, zásoby, přízeň a karty budov."),
    "mis.score-cards-forgotten": ("The building cards in your hand count as leftovers too.",
                                  "Do zbytků se počítají i karty budov v ruce."),
    "mis.score-game-prestige": ("The question asks for the four steps only, not the prestige you had before.",
                                "Otázka se ptá jen na čtyři kroky, ne na prestiž, kterou jsi měl předtím."),
})

# ---------------------------------------------------------------------------- 16. tie-break
_load({
    "tie-break.text": (
        "Equal prestige at the end? Compare the **buildings** in your portfolios (building cards only: not the HQ "
        "card, not gate cards), then the **fortifications** on the board, then the prestige from **agendas**. Stop "
        "at the first difference. Equal on all three: the houses share the city as a **syndicate**.",
        "Stejná prestiž na konci? Porovnejte **budovy** v portfoliu (jen karty budov: ne kartu sídla, ne karty "
        "bran), pak **opevnění** na plánu a pak prestiž z **karet plánů**. Rozhoduje první rozdíl. Při shodě ve "
        "všech třech si rody město rozdělí jako **syndikát**."),
    "tie.label": ("the two tied houses and the city", "dva rody se stejnou prestiží a město"),
    "tie.facts": ("prestige {prestige} · fortifications {forts} · prestige from agendas {agendas}",
                  "prestiž {prestige} · opevnění {forts} · prestiž z plánů {agendas}"),
    "tie.a2.prompt": ("**(a)** You and {player} both end with the same prestige. How many buildings does {player} "
                      "count for the first tie-break?",
                      "**(a)** Ty i {player} končíte se stejnou prestiží. Kolik budov počítá {player} pro první "
                      "rozhodnutí remízy?"),
    "tie.a1.prompt": ("**(b)** And you? (One of your buildings was damaged.)",
                      "**(b)** A ty? (Jedna z tvých budov byla poškozena.)"),
    "tie.count.right": ("Building cards in the portfolio, each counted once.", "Karty budov v portfoliu, každá "
                                                                             "jednou."),
    "tie.count.no": ("Not that many.", "Tolik ne."),
    "tie.count.hint": ("Count the building cards in the portfolio: which cards are not buildings?",
                       "Spočítej karty budov v portfoliu: které karty budovy nejsou?"),
    "tie.a2.explain": ("{player}'s portfolio holds {n} building cards and {gates} gate cards; gate cards are not "
                       "buildings: {n}.",
                       "{player} má v portfoliu {n} karty budov a karty bran ({gates}); karty bran nejsou budovy: "
                       "{n}."),
    "tie.a1.explain": ("Your portfolio holds {n} building cards; the card of the damaged building stays there and "
                       "counts: {n}.",
                       "V tvém portfoliu je {n} karet budov; karta poškozené budovy v něm zůstává a počítá se: {n}."),
    "tie.both": ("Both", "Oba"),
    "tie.a3.prompt": ("**(c)** So who wins?", "**(c)** Kdo tedy vyhrál?"),
    "tie.a3.right": ("The first tie-break decides; the others are never looked at.",
                     "Rozhodne první kritérium; na další už nedojde."),
    "tie.a3.no": ("Not that.", "To ne."),
    "tie.a3.hint": ("Go down the list in order, and stop at the first difference.",
                    "Jdi seznamem popořadě a zastav se u prvního rozdílu."),
    "tie.a3.explain": ("Buildings first: you {mine}, {player} {theirs}. That settles it; fortifications and agendas "
                       "are never compared.",
                       "Nejdřív budovy: ty {mine}, {player} {theirs}. To rozhoduje; opevnění ani plány se už "
                       "neporovnávají."),
    "tie.b.prompt": ("**(d)** In another game you and {player} both end with {points} prestige, {buildings} "
                     "buildings, {forts} fortifications and {agendas} prestige from agendas each; you have {gold} "
                     "gold left, {player} {gold2}. Who wins?",
                     "**(d)** V jiné hře končíte ty i {player} se stejnou prestiží {points} a oba máte stejně "
                     "budov ({buildings}), opevnění ({forts}) i prestiže z plánů ({agendas}); ty máš ještě zlato "
                     "{gold}, {player} jen {gold2}. Kdo vyhrál?"),
    "tie.syndicate": ("Both, as a syndicate", "Oba jako syndikát"),
    "tie.nobody": ("Nobody", "Nikdo"),
    "tie.b.right": ("Tied on everything: a shared win.", "Shoda ve všem: společné vítězství."),
    "tie.b.no": ("Not that.", "To ne."),
    "tie.b.hint": ("Leftover gold was already scored at the end. Is there a fourth tie-break?",
                   "Zbylé zlato už bylo obodováno na konci. Existuje čtvrté kritérium?"),
    "tie.b.explain": ("You and {player} are equal on all three tie-breaks: {result}.",
                      "Ty a {player} jste si rovni ve všech třech kritériích: {result}."),
})
_load({
    "mis.tie-gates-as-buildings": ("Gate cards are not buildings.", "Karty bran nejsou budovy."),
    "mis.tie-damaged-card-lost": ("A damaged building's card stays in the portfolio and counts.",
                                  "Karta poškozené budovy zůstává v portfoliu a počítá se."),
    "mis.tie-wrong-order": ("Compare buildings first, then fortifications, then agenda prestige; stop at the first "
                            "difference.",
                            "Nejdřív budovy, pak opevnění, pak prestiž z plánů; rozhoduje první rozdíl."),
    "mis.tie-leftovers-break": ("Leftover resources were already scored; they break no tie.",
                                "Zbylé zdroje už byly obodovány; remízu nerozhodují."),
    "mis.tie-nobody": ("Tied on everything, the houses win together as a syndicate.",
                       "Při shodě ve všem vyhrávají rody společně jako syndikát."),
})

# ---------------------------------------------------------------------------- 17. advanced
_load({
    "advanced.text": (
        "Once everyone knows the game, play the **advanced setup**: HQ cards are chosen rather than dealt, on their "
        "advanced side (another income, a second ability, sometimes a special component), and each house keeps "
        "three of five building cards and three of five agendas.",
        "Až všichni hru znají, hrajte **pokročilou přípravu**: karty sídel se nerozdávají, ale vybírají, "
        "pokročilou stranou nahoru (jiný příjem, druhá schopnost, někdy zvláštní komponenta), a každý rod si "
        "nechá tři z pěti karet budov a tři z pěti karet plánů."),
    "adv.a.prompt": ("**(a)** {n} players. How many HQ cards are laid out to choose from?",
                     "**(a)** Hrají {n} hráči. Kolik karet sídel se vyloží na výběr?"),
    "adv.a.right": ("One more than there are players.", "O jednu víc, než je hráčů."),
    "adv.a.no": ("Not that many.", "Tolik ne."),
    "adv.a.hint": ("The last house to choose should still have a choice.", "I poslední rod by měl mít z čeho "
                                                                          "vybírat."),
    "adv.a.explain": ("{k} cards for {n} players: one more than the players, so the last to choose still has two to "
                      "choose from; the card left over goes back in the box.",
                      "{k} karty pro {n} hráče: o jednu víc, než je hráčů, takže i poslední vybírá ze dvou; karta, "
                      "která zbude, se vrací do krabice."),
    "adv.b.label": ("the houses", "rody"),
    "adv.b.prompt": ("**(b)** Click the houses in the order they choose an HQ card (you are the start player).",
                     "**(b)** Klikni na rody v pořadí, v jakém si vybírají kartu sídla (ty začínáš hru)."),
    "adv.b.right": ("Reverse order: the start player chooses last.", "Opačné pořadí: začínající hráč vybírá "
                                                                    "poslední."),
    "adv.b.no": ("Not that order.", "Takové pořadí to není."),
    "adv.b.hint": ("Who sits just before the start player?", "Kdo sedí těsně před začínajícím hráčem?"),
    "adv.b.explain": ("The house before the start player chooses first, going backwards round the table, and the "
                      "start player last: {order}.",
                      "První vybírá rod před začínajícím hráčem, pokračuje se pozpátku kolem stolu a začínající "
                      "hráč vybírá poslední: {order}."),
    "adv.c.prompt": ("**(c)** You are dealt five building cards and keep three. Where do the other two go?",
                     "**(c)** Dostaneš pět karet budov a tři si necháš. Kam půjdou zbylé dvě?"),
    "adv.c.bottom": ("Under the building deck", "Dospod balíčku budov"),
    "adv.c.discard": ("On the discard pile", "Na odhazovací hromádku"),
    "adv.c.offer": ("Into the offer", "Do nabídky"),
    "adv.c.right": ("Under the deck, and the same for agendas.", "Dospod balíčku, a stejně i karty plánů."),
    "adv.c.hint": ("The cards you do not keep stay secret.", "Karty, které si nenecháš, zůstanou tajné."),
    "adv.c.explain": ("The cards you do not keep go under the building deck (and the agendas under the agenda deck), "
                      "unseen by the others.",
                      "Karty, které si nenecháš, jdou dospod balíčku budov (a karty plánů dospod balíčku plánů), "
                      "aniž je ostatní vidí."),
})
_load({
    "mis.adv-n-cards": ("Lay out one more HQ card than there are players.", "Vyložte o jednu kartu sídla víc, než "
                                                                           "je hráčů."),
    "mis.adv-turn-order": ("The choice goes in reverse order: the player before the start player first, the start "
                           "player last.",
                           "Vybírá se v opačném pořadí: první hráč před začínajícím, začínající poslední."),
    "mis.adv-discard": ("The cards you do not keep go under the deck.", "Karty, které si nenecháš, jdou dospod "
                                                                       "balíčku."),
})

# ---------------------------------------------------------------------------- 18. play
_load({
    "play.text": (
        "Time to play: you against a bot, two houses, late in a game: only a few tokens are left in the bag. "
        "Build, send your worker, take income, and watch the attacks. The bot's hand and agendas stay hidden from "
        "you, as yours from it; everything else is on the table. When the game is over, predict your final "
        "score before it is shown.",
        "Teď se hraje: ty proti botovi, dva rody, pozdě ve hře: v sáčku zbývá jen pár žetonů. Stav, posílej "
        "pracovníka, vybírej příjem a sleduj útoky. Botova ruka a karty plánů zůstávají před tebou skryté, stejně "
        "jako tvoje před ním; všechno ostatní je na stole. Až hra skončí, odhadni své konečné skóre dřív, než se "
        "ukáže."),
    "play.a.label": ("a game against a bot", "hra proti botovi"),
    "play.a.prompt": ("**(a)** Play to the end. Click your cards, the city and the buttons; the bot plays at once "
                      "after you.",
                      "**(a)** Dohraj partii do konce. Klikej na své karty, do města a na tlačítka; bot hraje hned "
                      "po tobě."),
    "play.a.right": ("The game is over. Now, your score?", "Hra skončila. A tvé skóre?"),
    "play.a.no": ("Play on until the game is over (or press Show me to watch a bot play your seat).",
                  "Hraj dál, dokud hra neskončí (nebo stiskni Ukaž mi to a bot dohraje za tebe)."),
    "play.a.hint": ("Every build draws a token and brings the end nearer; defend the districts where your "
                    "buildings stand.",
                    "Každá stavba táhne žeton a přibližuje konec; braň čtvrti, kde stojí tvé budovy."),
    "play.a.answer": ("the rest of the game, a bot playing your seat", "zbytek hry, za tebe hraje bot"),
    "play.a.explain": ("A bot played your seat to the end; the board shows the last position.",
                       "Bot dohrál partii za tebe; plán ukazuje poslední pozici."),
    "play.b.prompt": ("**(b)** The final attack is over. Your board still shows your prestige before the final "
                      "scoring: type your final total.",
                      "**(b)** Závěrečný útok proběhl. Tvá deska ukazuje prestiž ještě před závěrečným bodováním: "
                      "napiš svůj konečný součet."),
    "play.b.first": ("Finish the game of (a) first.", "Nejdřív dohraj partii z (a)."),
    "play.b.right": ("{total}: the four scoring steps on top of your prestige.",
                     "{total}: čtyři kroky bodování navíc k tvé prestiži."),
    "play.b.no": ("Not your total.", "To není tvůj součet."),
    "play.b.hint": ("Take the four steps one at a time, as in step 15, and add them to your prestige.",
                    "Projdi čtyři kroky jeden po druhém jako v kroku 15 a přičti je ke své prestiži."),
    "play.b.explain": ("Your total is {total}. {result}.", "Tvůj součet je {total}. {result}."),
})
_load({
    "mis.play-prestige-only": ("The four scoring steps come on top of the prestige you gained during the game.",
                               "Čtyři kroky závěrečného bodování se přičítají k prestiži, kterou jsi získal během "
                               "hry."),
})
