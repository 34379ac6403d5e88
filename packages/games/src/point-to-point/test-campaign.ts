/**
 * The campaign tests' shared positions and moves (campaign.test.ts, campaign-completion.test.ts,
 * campaign-rules-text.test.ts): the Typhoon opening for a seed, an action through the checked
 * contract, the actions offered (undo left out), a unit by id, a position with only the named
 * units on the map, and a player-turn passed.
 */
import assert from 'node:assert/strict';
import { type Action, apply, applyWithRolls, type GameState, legalActions, setup } from '@stavka/engine';
import { type CampaignAction, type CampaignState, campaignRules } from './campaign.ts';

export type G = GameState<CampaignState>;

/** The Typhoon campaign's opening, set up from `seed`. */
export function campaignStart(seed: string): G {
  const made = setup(campaignRules, null, seed, {});
  assert.ok(made.ok, 'setup');
  return made.value;
}

/** `action` applied through the checked contract (with these die rolls, if given); it must be legal. */
export function act(s: G, side: string, action: Action, rolls?: number[]): G {
  const r = rolls
    ? applyWithRolls(campaignRules, s, side, action, rolls)
    : apply(campaignRules, s, side, action);
  assert.ok(r.ok, JSON.stringify(!r.ok && r.error));
  return r.value;
}

/** What `side` is offered, undo left out. */
export function legal(s: G, side: string): CampaignAction[] {
  return legalActions(campaignRules, s, side).filter((a): a is CampaignAction => a.type !== 'undo');
}

export function unit(s: G, id: string) {
  const u = s.state.units.find((x) => x.id === id);
  assert.ok(u, `no unit ${id}`);
  return u;
}

/**
 * A position from `start`: only the units named stay on the map (at the points given), the
 * others are out of play; `axis` lists points the Axis controls besides its start points.
 */
export function position(
  start: G,
  units: Record<string, string>,
  more: { axis?: string[]; change?: (g: CampaignState) => void } = {},
): G {
  const g = structuredClone(start.state);
  for (const u of g.units) {
    if (Object.hasOwn(units, u.id)) {
      u.place = 'map';
      u.at = units[u.id]!;
    } else u.place = 'withdrawn';
  }
  for (const p of more.axis ?? []) g.control[p] = 'axis';
  more.change?.(g);
  return { ...start, state: g };
}

/** Ends the side's player-turn: ends each step, fights battles and places partisans with the first action offered. */
export function pass(s0: G): G {
  let s = s0;
  const { player, turn } = s.state;
  while (s.state.player === player && s.state.turn === turn && s.state.phase !== 'over') {
    const side = campaignRules.activeSides(s.state)[0]!;
    const l = legal(s, side);
    const end = l.find((a) => ['end-movement', 'end-air', 'end-breakthrough', 'end-turn'].includes(a.type));
    s = act(s, side, end ?? l[0]!);
  }
  return s;
}
