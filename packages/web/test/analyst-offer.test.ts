/**
 * Where the analyst is offered (issue #48 item 2): offline and hot-seat games, replays and
 * finished games; an online game only if both seats agreed at its creation (the server's
 * game info says so) — without the agreement neither seat is offered it. And the panel as
 * it is first drawn: off, a toggle named "Analyst", no reading and no search started.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SERVER } from '@stavka/engine';
import { findGame } from '@stavka/games';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { type AnalystOfferFacts, analystOffered, analystViewer } from '../src/analyst/offer.ts';
import { AnalystPanel, chanceRows } from '../src/analyst/panel.tsx';
import type { SessionView } from '../src/session.ts';

const facts = (f: Partial<AnalystOfferFacts>): AnalystOfferFacts => ({
  server: true,
  mode: 'online',
  over: false,
  serverOffers: false,
  ...f,
});

describe('issue #48 item 2: where the analyst is offered', () => {
  it('an offline hot-seat game in this browser: offered', () => {
    assert.equal(analystOffered(facts({ server: false, mode: 'hotseat', serverOffers: undefined })), true);
  });

  it('a replay (of any game, finished or not): offered', () => {
    assert.equal(analystOffered(facts({ server: false, mode: 'replay', serverOffers: undefined })), true);
  });

  it('an online game made without the agreement: offered to neither seat', () => {
    // Each seat's browser holds one seat; the server's info for either says no.
    for (const mode of ['online', 'hotseat'] as const) {
      assert.equal(analystOffered(facts({ mode, serverOffers: false })), false, mode);
      // Not told (a server that does not say): not offered either.
      assert.equal(analystOffered(facts({ mode, serverOffers: undefined })), false, mode);
    }
  });

  it('an online game both seats agreed to at its creation: offered', () => {
    assert.equal(analystOffered(facts({ serverOffers: true })), true);
  });

  it('an online game once it is over: offered, agreement or not', () => {
    assert.equal(analystOffered(facts({ over: true, serverOffers: false })), true);
  });
});

describe('issue #48 item 2: whose information the analyst reads', () => {
  it("an online seat's own, also while the other side is to move", () => {
    const base = { mode: 'online', over: false, seats: ['soviet'] } as const;
    assert.equal(analystViewer({ ...base, activeSides: ['soviet'] }), 'soviet');
    assert.equal(analystViewer({ ...base, activeSides: ['german'] }), 'soviet');
  });

  it("hot-seat: the side to move's (what its player sees)", () => {
    const seats = ['german', 'soviet'];
    assert.equal(analystViewer({ mode: 'hotseat', over: false, seats, activeSides: ['german'] }), 'german');
    assert.equal(analystViewer({ mode: 'hotseat', over: false, seats, activeSides: ['soviet'] }), 'soviet');
  });

  it('a replay: everything (the game is over or its replay public)', () => {
    assert.equal(analystViewer({ mode: 'replay', over: false, seats: [], activeSides: ['german'] }), SERVER);
  });
});

describe('the analyst panel before it is switched on', () => {
  const mars = findGame('mars-1942')!;
  const v: SessionView = {
    id: 'local-1',
    game: 'mars-1942',
    stateId: 0,
    state: null,
    log: [],
    activeSides: ['german'],
    seats: ['german', 'soviet'],
    legal: {},
    canUndo: false,
    outcome: null,
    mode: 'hotseat',
  };

  it('is off: a toggle "Analyst" not pressed, no reading, no worker started', async () => {
    const pres = await mars.presentation!();
    let spawned = 0;
    const html = renderToString(
      h(AnalystPanel, {
        game: mars,
        pres,
        v,
        viewer: 'german',
        heading: 'Analyst',
        whole: null,
        onArrows: () => {},
        spawn: () => {
          spawned++;
          throw new Error('no worker before the analyst is switched on');
        },
      }),
    );
    assert.match(html, /<button[^>]*aria-pressed="false"[^>]*>Analyst<\/button>/);
    assert.doesNotMatch(html, /from \d+ rollouts|chance-bar|Reading the position/);
    assert.equal(spawned, 0);
  });

  it("shows each side's chance in the game's side order, the draw only when it has one", () => {
    const rows = chanceRows(mars, { german: 0.604, soviet: 0.396, draw: 0 });
    assert.deepEqual(
      rows.map((r) => [r.key, r.percent]),
      [
        ['soviet', 40],
        ['german', 60],
      ],
    );
    assert.equal(rows[1]!.name, 'von Kluge (German)');
    assert.deepEqual(
      chanceRows(mars, { german: 0.5, soviet: 0.25, draw: 0.25 }).map((r) => r.key),
      ['soviet', 'german', 'draw'],
    );
  });
});
