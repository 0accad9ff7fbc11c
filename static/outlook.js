// What wins and who may not bid after the hands waiting on this phone, offline.
// A port of the engine for one purpose. The writer's page carries the engine's
// model of the game (scoring/outlook.py port_model: the rules' settings, the
// sides, the contracts as the engine offers them, each named in the page's
// words, and how the game stands); this scores each waiting hand (hands.py
// make_hand, score_hand), ends the game and bars a bidder (game.py replay,
// _ending, _barred), finds what wins next hand (outlook.py) and says it in the
// page's words (games/present.py hints, ending). Nothing it finds is saved:
// the server scores every hand again. tests/browser/test_outlook_port.py holds
// it equal to the engine, game after random game.
"use strict";

const Outlook = (() => {
  // English, as games/present.py writes it; the page gives its own language.
  const ENGLISH = {
    or_better: "%(bid)s or better wins.",
    only: "Only %(bids)s wins.",
    or: "%(some)s or %(last)s",
    any_partner: "any partner",
    calling: "%(bid)s calling %(who)s wins.",
    calling_too: "%(bid)s calling %(who)s wins too.",
    with_slam: "%(bid)s with a slam wins.",
    with_slam_too: "%(bid)s with a slam wins too.",
    failing: "Failing %(bid)s loses.",
    making: "Making %(bid)s or more loses.",
    side_line: "%(side)s: %(said)s",
    may_not_bid: "%(name)s may not bid this hand.",
    went_one: "%(sides)s went out the back door.",
    went_many: "%(sides)s went out the back door.",
    won: "%(side)s won.",
    won_front_door: "%(side)s won out the front door.",
    won_ceiling: "%(side)s won when a side reached the ceiling.",
    won_point_spread: "%(side)s won on the point spread.",
    won_hands_limit: "%(side)s won at the end of the session.",
    none_front_door: "The game ended out the front door with no single winner.",
    none_ceiling: "The game ended when a side reached the ceiling with no single winner.",
    none_point_spread: "The game ended on the point spread with no single winner.",
    none_hands_limit: "The game ended at the end of the session with no single winner.",
  };
  const sum = (numbers) => numbers.reduce((a, b) => a + b, 0);
  const range = (count) => [...Array(count).keys()];

  // The engine refuses the hand: it cannot be scored here either.
  class Refused extends Error {}
  const refuse = () => {
    throw new Refused();
  };

  function game(model) {
    const rules = model.rules;
    const count = model.sides.length;
    const players = model.sides.flatMap((side) => side.players);
    const sideOf = (player) => model.sides.findIndex((side) => side.players.includes(player));
    const bids = model.bids;
    const isMade = (bid, tricks) => {
      if (bid.made === "none") return tricks === 0;
      if (bid.made === "exactly") return tricks === bid.tricks;
      if (bid.made === "all") return tricks === 10;
      return tricks >= bid.tricks;
    };

    // hands.py parse_contract: null for everyone passing.
    function parseContract(text) {
      const key = typeof text === "string" ? text.trim() : "";
      if (!key || !/^[\x00-\x7f]*$/.test(key)) refuse();
      if (key.toLowerCase() === "pass") return null;
      const upper = key.toUpperCase();
      const lower = key.toLowerCase();
      return bids.find((bid) => bid.key === upper) ?? bids.find((bid) => bid.key === lower) ?? refuse();
    }
    const isInt = (value) => Number.isInteger(value);
    function sideTricks(side, tricks) {
      if (isInt(tricks)) {
        if (count !== 2 || side === null) refuse();
        if (tricks < 0 || tricks > 10) refuse();
        return side === 0 ? [tricks, 10 - tricks] : [10 - tricks, tricks];
      }
      if (!Array.isArray(tricks) || !tricks.every(isInt) || tricks.length !== count) refuse();
      if (tricks.some((t) => t < 0 || t > 10) || sum(tricks) !== 10) refuse();
      return tricks;
    }
    const sideIndex = (side) => (isInt(side) && side >= 0 && side < count ? side : refuse());
    const normalName = (text) => text.split(/\s+/).filter(Boolean).join(" ").normalize("NFC");

    // hands.py make_hand, given what games/forms.py HandForm.hand takes from the taps.
    function makeHand({ contract, tricks = null, bidder = null, partner = null, first_out = null }) {
      const bid = parseContract(contract);
      if (typeof bidder === "string") bidder = normalName(bidder);
      if (typeof partner === "string") partner = normalName(partner);
      const out = first_out === null ? null : sideIndex(first_out);
      if (bid === null) {
        if (rules.all_pass === "redeal") return { contract: "pass", tricks: Array(count).fill(0), side: null, bidder: null, partner: null, first_out: null };
        return { contract: "pass", tricks: sideTricks(null, tricks), side: null, bidder: null, partner: null, first_out: out };
      }
      if (bidder === null || !players.includes(bidder)) refuse();
      const index = sideOf(bidder);
      if (partner !== null && (count !== 5 || !players.includes(partner) || partner === bidder || bid.misere)) refuse();
      if (tricks === null) refuse();
      return { contract: bid.key, tricks: sideTricks(index, tricks), side: index, bidder, partner, first_out: out };
    }

    // games/forms.py HandForm.hand: the form's fields, as the browser sends them.
    function handFromFields(fields) {
      const data = (name) => fields.find(([key]) => key === name)?.[1] ?? "";
      const number = (text) => (/^[0-9]{1,10}$/.test(text) ? Number(text) : text);
      const passed = fields.some(([key]) => key === "passed");
      if (!passed && !data("contract")) refuse();  // HandForm.validate_contract
      const separate = count !== 2 || rules.all_pass === "play_no_trumps";
      let perSide = separate ? range(count).map((i) => data(`tricks_${i}`)) : [];
      let taken;
      if (passed) {
        taken = { contract: "pass" };
      } else {
        taken = { contract: data("contract"), bidder: data("bidder") || null };
        if (data("partner")) taken.partner = data("partner");
        if (count === 2) {
          perSide = [];
          if (data("tricks")) taken.tricks = number(data("tricks"));
        }
      }
      if (perSide.length && perSide.every(Boolean)) taken.tricks = perSide.map(number);
      if (data("first_out")) taken.first_out = number(data("first_out"));
      return makeHand(taken);
    }

    // hands.py contracting_sides.
    function contracting(hand) {
      if (hand.side === null) return [];
      if (hand.partner === null || sideOf(hand.partner) === hand.side) return [hand.side];
      return [hand.side, sideOf(hand.partner)];
    }
    const locked = (old, points) =>
      rules.lock === null || points <= 0 ? points : Math.max(old, Math.min(old + points, rules.lock)) - old;
    const half = (points) => {
      const part = Math.floor((Math.abs(points) + 1) / 2);
      return points >= 0 ? part : -part;
    };
    function madeValue(bid, taken) {
      let value = bid.value;
      if (bid.normal && taken === 10) {
        if (rules.slam_bonus && value < 250) value = 250;
        if (rules.youngstown_bonus && bid.tricks < 10) value += 100;
      }
      return value;
    }

    // hands.py score_hand: each side's points, and whether the contract was made.
    function score(hand, bid, totals) {
      const per = rules.points_per_trick;
      if (bid === null) {
        if (rules.all_pass === "redeal") return { points: totals.map(() => 0), made: null };
        const points = totals.map((old, s) => {
          const taken = hand.tricks[s];
          let raw = per * taken;
          if (rules.slam_bonus && taken === 10) raw = Math.max(raw, 250);
          return locked(old, raw);
        });
        return { points, made: null };
      }
      const contractors = contracting(hand);
      const taken = sum(contractors.map((s) => hand.tricks[s]));
      const made = isMade(bid, taken);
      let value = made ? madeValue(bid, taken) : -bid.penalty;
      if (contractors.length > 1 && rules.partner_share === "half") value = half(value);
      const points = totals.map(() => 0);
      for (const s of contractors) if (made || rules.failure === "subtract") points[s] = value;
      for (const s of range(totals.length)) {
        if (contractors.includes(s)) continue;
        let raw = 0;
        if (bid.misere) {
          raw = rules.misere_defenders === "per_contractor_trick" ? per * taken : 0;
        } else if (rules.defender_tricks === "always" || (rules.defender_tricks === "only_if_contract_fails" && !made)) {
          raw = per * hand.tricks[s];
        }
        let kept = locked(totals[s], raw);
        if (!made && rules.failure === "to_opponents") kept += bid.penalty;
        points[s] = kept;
      }
      return { points, made };
    }

    // game.py _best: the one side ahead, else null.
    function best(sides, totals) {
      if (!sides.length) return null;
      const top = Math.max(...sides.map((s) => totals[s]));
      const leaders = sides.filter((s) => totals[s] === top);
      return leaders.length === 1 ? leaders[0] : null;
    }
    const reached = (total) => (rules.exact_target ? total === rules.target : total >= rules.target);

    // game.py _ending: [ending, winner] or null.
    function ending(totals, hand, made, number) {
      const everyone = range(totals.length);
      const fallen = everyone.filter((s) => rules.floor !== null && totals[s] <= rules.floor);
      const burst = everyone.filter((s) => rules.ceiling !== null && totals[s] >= rules.ceiling);
      if (fallen.length || burst.length) {
        const rest = everyone.filter((s) => !fallen.includes(s) && !burst.includes(s));
        return [fallen.length ? "back_door" : "ceiling", best(rest, totals)];
      }
      if (rules.target !== null) {
        const out = everyone.filter((s) => reached(totals[s]));
        const contractors = made ? contracting(hand) : [];
        const winners = contractors.filter((s) => out.includes(s));
        if (winners.length) {
          const top = best(winners, totals);
          return ["front_door", top === null ? winners[0] : top];
        }
        if (out.length && !rules.win_requires_contract) {
          if (out.includes(hand.first_out)) return ["front_door", hand.first_out];
          return ["front_door", best(out, totals)];
        }
      }
      if (rules.point_spread !== null && Math.min(...totals) < 0 && Math.max(...totals) > 0) {
        if (Math.max(...totals) - Math.min(...totals) >= rules.point_spread) return ["point_spread", best(everyone, totals)];
      }
      if (rules.hands_limit !== null && number >= rules.hands_limit) return ["hands_limit", best(everyone, totals)];
      return null;
    }

    // game.py _barred: the bidder set or ralphed, else "".
    function barredBy(hand, bid, made) {
      if (bid === null || made || hand.bidder === null) return "";
      const taken = sum(contracting(hand).map((s) => hand.tricks[s]));
      if (bid.made === "none") return (rules.set_rule || rules.ralph_rule) && taken >= 3 ? hand.bidder : "";
      const short = bid.tricks - taken;
      if (rules.set_rule && (bid.made === "at_least" || bid.made === "all") && short >= 2) return hand.bidder;
      if (rules.ralph_rule && short >= 3) return hand.bidder;
      return "";
    }

    // game.py replay, one hand on: the state after it (refused as the server would).
    function play(state, hand) {
      if (state.ending !== null || state.hands >= model.most) refuse();
      const bid = parseContract(hand.contract);
      if (bid !== null && state.barred && hand.bidder === state.barred) refuse();
      const { points, made } = score(hand, bid, state.totals);
      const totals = state.totals.map((t, s) => t + points[s]);
      const hands = state.hands + 1;
      const end = ending(totals, hand, made, hands);
      const barred = barredBy(hand, bid, made);
      return { totals, hands, barred: end ? "" : barred, ending: end?.[0] ?? null, winner: end ? end[1] : null };
    }

    // outlook.py: for each side, the contracts that end the game next hand.
    const madeTricks = (bid) => (bid.made === "none" ? 0 : bid.tricks);
    const failedTricks = (bid) => (bid.tricks > 0 ? bid.tricks - 1 : 1);
    function bidderFor(state, side) {
      return model.sides[side].players.find((p) => p !== state.barred) ?? null;
    }
    function trialHand(bidder, bid, taken, partner = null) {
      const side = sideOf(bidder);
      const tricks = Array(count).fill(0);
      tricks[side] = taken;
      const contractors = [side];
      if (partner !== null) {
        contractors.push(sideOf(partner));
        tricks[side] = taken - Math.floor(taken / 2);
        tricks[contractors[1]] = Math.floor(taken / 2);
      }
      const defenders = range(count).filter((s) => !contractors.includes(s));
      const even = Math.floor((10 - taken) / defenders.length);
      const spare = (10 - taken) % defenders.length;
      defenders.forEach((s, place) => {
        tricks[s] = even + (place < spare ? 1 : 0);
      });
      return { contract: bid.key, tricks, side, bidder, partner, first_out: null };
    }
    function endingAfter(state, hand, bid) {
      const { points, made } = score(hand, bid, state.totals);
      const totals = state.totals.map((t, s) => t + points[s]);
      return [totals, ending(totals, hand, made, state.hands + 1)];
    }
    function winsIfMade(state, side, bid, partner = null, taken = null) {
      const bidder = bidderFor(state, side);
      if (state.ending !== null || bidder === null) return false;
      const hand = trialHand(bidder, bid, taken ?? madeTricks(bid), partner);
      const [, end] = endingAfter(state, hand, bid);
      return end !== null && end[1] === side;
    }
    function losesBy(state, bid, taken, side) {
      const hand = trialHand(bidderFor(state, side), bid, taken);
      const [totals, end] = endingAfter(state, hand, bid);
      if (end?.[0] === "back_door" && rules.floor !== null && totals[side] <= rules.floor) return "back_door";
      if (end?.[0] === "ceiling" && rules.ceiling !== null) return totals[side] >= rules.ceiling ? "ceiling" : null;
      return null;
    }
    function sideOutlook(state, side) {
      const view = { side, wins_with: null, back_door_with: null, winning: [], or_better: false, slam_wins_with: null, partners: [], ceiling_with: null };
      if (bidderFor(state, side) === null) return view;
      view.winning = bids.filter((c) => winsIfMade(state, side, c));
      const least = view.winning[0] ?? null;
      view.wins_with = least;
      view.or_better = least !== null && bids.every((c) => c.value < least.value || view.winning.includes(c));
      view.slam_wins_with = bids.find((c) => isMade(c, 10) && winsIfMade(state, side, c, null, 10)) ?? null;
      if (count === 5) {
        for (const partner of players) {
          if (sideOf(partner) === side) continue;
          const called = bids.find((c) => !c.misere && winsIfMade(state, side, c, partner));
          if (called) view.partners.push([partner, called]);
        }
      }
      view.ceiling_with = bids.find((c) => rules.ceiling !== null && losesBy(state, c, madeTricks(c), side) === "ceiling") ?? null;
      // The least costly failure: a grand slam costs less than its value.
      const cheapest = [...bids].sort((a, b) => a.penalty - b.penalty);
      view.back_door_with = cheapest.find((c) => rules.floor !== null && losesBy(state, c, failedTricks(c), side) === "back_door") ?? null;
      return view;
    }
    const outlook = (state) => (state.ending !== null ? [] : range(count).map((side) => sideOutlook(state, side)));

    return { handFromFields, play, outlook };
  }

  // The page's words: its own, else English; %(name)s filled in once.
  function speaker(words) {
    return (key, values = {}) =>
      (words?.[key] ?? ENGLISH[key]).replace(/%\((\w+)\)s/g, (all, name) => values[name] ?? all);
  }

  // games/present.py _view_words and hints: one line per side.
  function hintLines(model, views, say, language) {
    const name = (bid) => bid.name;
    const either = (words) => {
      const some = words.slice(0, 3);
      if (words.length > 3) return `${some.join(", ")}, …`;
      if (some.length === 1) return some[0];
      return say("or", { some: some.slice(0, -1).join(", "), last: some.at(-1) });
    };
    const lines = [];
    for (const view of views) {
      const parts = [];
      const least = view.wins_with;
      if (least !== null && view.or_better) parts.push(say("or_better", { bid: name(least) }));
      else if (least !== null) parts.push(say("only", { bids: either(view.winning.map(name)) }));
      const too = parts.length ? "_too" : "";
      const called = view.partners.filter(([, c]) => least === null || c.value < least.value);
      const slam = view.slam_wins_with;
      if (called.length) {
        const cheapest = called.reduce((low, [, c]) => (c.value < low.value ? c : low), called[0][1]);
        const who = called.filter(([, c]) => c.value === cheapest.value).map(([p]) => p);
        parts.push(say(`calling${too}`, { bid: name(cheapest), who: who.length === 4 ? say("any_partner") : either(who) }));
      } else if (slam !== null && (least === null || slam.value < least.value)) {
        parts.push(say(`with_slam${too}`, { bid: name(slam) }));
      }
      if (view.back_door_with !== null) parts.push(say("failing", { bid: name(view.back_door_with) }));
      if (view.ceiling_with !== null) parts.push(say("making", { bid: name(view.ceiling_with) }));
      // Each a whole sentence, begun with a capital ("Open misère or better wins.").
      let said = parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(" ");
      // French writes no capital after a colon (« Eux : une chute à 8♠ fait perdre. »).
      if (language && language !== "en") said = said.charAt(0).toLowerCase() + said.slice(1);
      if (parts.length) lines.push(say("side_line", { side: model.sides[view.side].name, said }));
    }
    return lines;
  }

  // games/present.py ending: the end-of-game line, or "".
  function endLine(model, state, say, language) {
    if (state.ending === null) return "";
    const sides = model.sides.map((side) => side.name);
    if (state.ending === "back_door") {
      const low = Math.min(...state.totals);
      const fallen = sides.filter((side, s) => state.totals[s] === low);
      const together = !language || language === "en" ? fallen.join(" and ") : new Intl.ListFormat(language).format(fallen);
      const went = say(fallen.length === 1 ? "went_one" : "went_many", { sides: together });
      return state.winner === null ? went : `${went} ${say("won", { side: sides[state.winner] })}`;
    }
    if (state.winner === null) return say(`none_${state.ending}`);
    return say(`won_${state.ending}`, { side: sides[state.winner] });
  }

  // After each waiting hand (its form fields), in order: the totals, the ending,
  // who may not bid, the hint lines and the end line; null from the first hand
  // the engine would refuse on.
  function steps(model, waiting, words = {}, language = "en") {
    const engine = game(model);
    const say = speaker(words);
    let state = { totals: model.totals, hands: model.hands, barred: model.barred, ending: model.ending, winner: model.winner };
    const found = [];
    for (const fields of waiting) {
      try {
        state = engine.play(state, engine.handFromFields(fields));
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        found.push(null);
        break;
      }
      found.push({
        totals: state.totals,
        ending: state.ending,
        winner: state.winner,
        barred: state.barred ? [state.barred] : [],
        lines: hintLines(model, engine.outlook(state), say, language),
        end: endLine(model, state, say, language),
        may_not_bid: state.barred ? [say("may_not_bid", { name: state.barred })] : [],
      });
    }
    return found;
  }
  // After all the waiting hands: as steps' last, or null.
  const after = (model, waiting, words, language) => {
    const found = steps(model, waiting, words, language);
    return found.length ? found.at(-1) : null;
  };

  return { steps, after };
})();
