/**
 * Every sentence of the surviving text (point-to-point.txt A and B) and the tests that
 * enforce it: a sentence with no entry here, or an entry naming a test that does not
 * exist, fails. Sentences about the lost parts of the game (movement, recovery, field
 * fortifications) are enforced by the campaign under the completion rule that takes them
 * up (docs/rules/point-to-point-completion.md), its tests named here too.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import texts from '../rules-text/texts.json' with { type: 'json' };

type Cover = { readonly tests: readonly string[] } | { readonly completion: string };

/** A fragment of each sentence (or clause) of the text, and what covers it. */
const COVERAGE: readonly (readonly [string, Cover])[] = [
  [
    'using the column of the combat table that corresponds to the number of Soviet air units present',
    {
      tests: [
        'the roll on the column of 3 Soviet air gives the survivors (column 3, roll 1: one of three, the air-to-air column P-17)',
        'a printed combat table loaded in place of the provisional one serves air-to-air itself (A.1, P-17)',
      ],
    },
  ],
  [
    'The die-roll result is the number of Soviet air units surviving',
    {
      tests: [
        'the roll on the column of 3 Soviet air gives the survivors (column 3, roll 1: one of three, the air-to-air column P-17)',
        'a lone Soviet air unit survives one German air unit on a 3 or more (P-17), not on a 6 only (P-1 read as survivors)',
        'survivors never exceed the Soviet air present (P-1: capped)',
      ],
    },
  ],
  [
    'a second die-roll is made, using the number of survivors',
    {
      tests: [
        'a second German air unit rolls on the column of the survivors of the first (survivors of survivors)',
      ],
    },
  ],
  [
    'surviving from the survivors',
    {
      tests: [
        'a second German air unit rolls on the column of the survivors of the first (survivors of survivors)',
      ],
    },
  ],
  [
    'Repeat for each German air unit present over the point',
    {
      tests: [
        'a second German air unit rolls on the column of the survivors of the first (survivors of survivors)',
        'no further roll once no Soviet air unit survives',
      ],
    },
  ],
  [
    'undergo attrition through flak instead',
    {
      tests: [
        'one roll on the column of the Soviet air present gives the units lost (column 3, roll 6: 1 lost)',
      ],
    },
  ],
  [
    'As before, a die is rolled using the column',
    {
      tests: [
        'one roll on the column of the Soviet air present gives the units lost (column 3, roll 6: 1 lost)',
      ],
    },
  ],
  [
    'the result obtained is the number of units lost',
    {
      tests: [
        'one roll on the column of the Soviet air present gives the units lost (column 3, roll 6: 1 lost)',
      ],
    },
  ],
  [
    'This is done once, regardless of the number',
    {
      tests: [
        'is rolled once, however many Soviet air and Axis ground units are present',
        'no air combat without Soviet air units: the first roll is the fire',
      ],
    },
  ],
  [
    'German air units are never affected',
    { tests: ['German air comes out of air-to-air combat untouched, whatever the rolls'] },
  ],
  [
    'adds one to the total attack strength',
    { tests: ['attack: each adds one to the attacking Soviet ground forces'] },
  ],
  [
    'can only attack with Soviet ground forces present (dispersed or not)',
    {
      tests: ['may not attack or defend alone', 'adds even when every Soviet ground unit is dispersed (P-4)'],
    },
  ],
  [
    'may not absorb Axis repulses',
    { tests: ['may not absorb breakthroughs: only ground units are offered the losses'] },
  ],
  [
    'Soviet air units advance or retreat with Soviet ground units',
    { tests: ['advance or retreat with the Soviet ground units'] },
  ],
  ['adds one to the total defensive fire', { tests: ['defense: each adds one to the defensive fire'] }],
  [
    'may not defend alone and may not absorb Axis breakthroughs',
    {
      tests: [
        'may not attack or defend alone',
        'may not absorb breakthroughs: only ground units are offered the losses',
      ],
    },
  ],
  [
    'affect ground combat calculations whether Axis ground units are attacking or defending',
    {
      tests: [
        'attack: one air unit doubles, two triple, three quadruple, four quintuple German units in supply',
        'defense: all Axis units in supply are multiplied, Allied armies too',
      ],
    },
  ],
  [
    'doubles the combat value of all attacking German units in supply',
    {
      tests: [
        'attack: one air unit doubles, two triple, three quadruple, four quintuple German units in supply',
        'attack: Axis Allied armies and units out of supply are not multiplied',
      ],
    },
  ],
  [
    'Two air units triple combat values',
    {
      tests: [
        'attack: one air unit doubles, two triple, three quadruple, four quintuple German units in supply',
      ],
    },
  ],
  [
    'This applies to regular ground combat and breakthrough attacks',
    { tests: ['attack: the same in breakthrough attacks'] },
  ],
  [
    'German air units may advance with attacking Axis units or retreat',
    {
      tests: [
        'German air may advance with the attacking Axis units, or go back: the attacker chooses',
        'German air retreats with retreating Axis units',
      ],
    },
  ],
  [
    'On breakthrough movement, a German air unit can only move with one group',
    {
      tests: [
        'one German air unit that advanced with the battle goes with one group up one line segment (A.4)',
      ],
    },
  ],
  [
    'double the combat value of all Axis units in supply',
    { tests: ['defense: all Axis units in supply are multiplied, Allied armies too'] },
  ],
  [
    'Extra air units affect combat values as in the attack',
    { tests: ['defense: all Axis units in supply are multiplied, Allied armies too'] },
  ],
  [
    'Units defending against regular ground attacks or breakthrough attacks gain this defensive benefit',
    { tests: ['defense: all Axis units in supply are multiplied, Allied armies too'] },
  ],
  [
    'German air units may not attack or defend alone',
    {
      tests: [
        'may not attack alone',
        'may not absorb repulses',
        'may not stay at a point without an Axis ground unit: back to base when the ground units are destroyed',
      ],
    },
  ],
  [
    'There are two types of regular ground combat',
    {
      tests: [
        'a) Axis attack in Good weather, no Soviet air present after air combat: simultaneous',
        'all other situations are normal: a Soviet attack in Good weather',
      ],
    },
  ],
  [
    'Axis units attack in Good weather and no Soviet air units are present after air combat',
    {
      tests: [
        'a) Axis attack in Good weather, no Soviet air present after air combat: simultaneous',
        'a) Good weather with Soviet air surviving: normal',
      ],
    },
  ],
  [
    'Axis units attack in Snow with an air unit',
    {
      tests: [
        'b) Axis attack in Snow with an air unit and no Soviet air surviving: simultaneous',
        'b) Snow without German air: normal, even with no Soviet air at all',
      ],
    },
  ],
  [
    'All other ground combat situations are normal',
    { tests: ['all other situations are normal: a Soviet attack in Good weather'] },
  ],
  [
    'with the defenders firing first',
    {
      tests: ['the defenders fire first; the attacker takes the losses, then decides to continue or retreat'],
    },
  ],
  [
    'the attacker decides to continue the action or retreat',
    {
      tests: ['the defenders fire first; the attacker takes the losses, then decides to continue or retreat'],
    },
  ],
  [
    'If he continues the attack, he fires and inflicts losses on the defender',
    { tests: ['the defender apportions the breakthroughs to the units of his choice, then decides'] },
  ],
  [
    'After the defender apportions losses',
    { tests: ['the defender apportions the breakthroughs to the units of his choice, then decides'] },
  ],
  [
    'Combat continues until one side is destroyed or retreats',
    {
      tests: [
        'combat continues round after round until one side is destroyed or retreats',
        'a side that can no longer fire still fights on (no firing value is no ending)',
      ],
    },
  ],
  [
    'The firing player totals all undispersed unit values',
    { tests: ['the firing player totals all undispersed unit values'] },
  ],
  [
    'One die is rolled and the number obtained is the number of losses',
    {
      tests: ['the defenders fire first; the attacker takes the losses, then decides to continue or retreat'],
    },
  ],
  [
    'These losses are called',
    { tests: ['losses the attacker inflicts are breakthroughs, those the defender inflicts repulses'] },
  ],
  [
    'These losses are immediately distributed',
    {
      tests: ['the defenders fire first; the attacker takes the losses, then decides to continue or retreat'],
    },
  ],
  [
    'Units absorbing losses are either destroyed or dispersed',
    {
      tests: [
        'any unit suffering any loss is dispersed',
        'a minor unit of value 1 is destroyed by its first loss',
      ],
    },
  ],
  [
    'see Field Fortifications',
    {
      tests: [
        'the first breakthrough dealt the defenders of a fortified point each round is absorbed by it, no unit dispersed (B.2 exception)',
      ],
    },
  ],
  [
    'cannot fire in their part of the combat round',
    { tests: ['a unit that absorbed a loss cannot fire in its part of the round'] },
  ],
  [
    'Losses may be distributed in any fashion',
    { tests: ['the defender apportions the breakthroughs to the units of his choice, then decides'] },
  ],
  [
    'Each major unit may suffer losses up to its strength',
    {
      tests: [
        'a major unit may suffer losses up to its strength and not be destroyed; a minor unit one less',
      ],
    },
  ],
  [
    'Each minor unit may suffer one loss less than its strength',
    {
      tests: [
        'a major unit may suffer losses up to its strength and not be destroyed; a minor unit one less',
        'a minor unit of value 1 is destroyed by its first loss',
      ],
    },
  ],
  [
    'Any unit suffering any loss is dispersed',
    {
      tests: [
        'any unit suffering any loss is dispersed',
        'a unit that absorbed a loss cannot fire in its part of the round',
      ],
    },
  ],
  [
    'may not move or fire until it recovers',
    {
      tests: [
        'a unit that absorbed a loss cannot fire in its part of the round',
        'dispersed units and units out of supply do not move by rail',
        'a dispersed unit in supply recovers at the start of its side’s player-turn',
      ],
    },
  ],
  [
    'A dispersed unit must advance',
    { tests: ['attackers that clear the point must occupy it, dispersed ones included'] },
  ],
  [
    'a loss of more than its limit is assigned to a unit, that loss destroys it',
    {
      tests: [
        'the Gross Deutschland example, verbatim',
        'losses accumulate from earlier battles until recovery (P-5)',
      ],
    },
  ],
  [
    'Gross Deutschland Pz Corps (value = 3) absorbs a breakthrough',
    { tests: ['the Gross Deutschland example, verbatim'] },
  ],
  [
    'The unit is dispersed, but remains in the battle',
    { tests: ['the Gross Deutschland example, verbatim'] },
  ],
  ['On the second round, although it cannot fire', { tests: ['the Gross Deutschland example, verbatim'] }],
  [
    'On the third round, a third breakthrough is absorbed',
    { tests: ['the Gross Deutschland example, verbatim'] },
  ],
  ['On the fourth round of combat', { tests: ['the Gross Deutschland example, verbatim'] }],
  [
    'Had the Axis player needed to absorb four breakthroughs',
    { tests: ['the Gross Deutschland example, verbatim'] },
  ],
  [
    'Firing takes place simultaneously',
    { tests: ['a) both fire, then the losses are taken, the attacker choosing his first'] },
  ],
  [
    'the attacker and then the defender declare',
    { tests: ['b) the attacker and then the defender declare whether to fight another round'] },
  ],
  ['Either side may break off', { tests: ['b) either side may break off without further fire or loss'] }],
  [
    'If both sides have only dispersed units left',
    { tests: ['c) both sides with only dispersed units left: the attacker retreats, the defender holds'] },
  ],
  [
    'the defender still controls the point',
    { tests: ['d) both sides eliminated: the defender still controls the point'] },
  ],
  [
    'A player may decide to retreat rather than continue combat',
    {
      tests: [
        'b) either side may break off without further fire or loss',
        'is all or nothing: every defending unit must be routed away, none may stay',
      ],
    },
  ],
  [
    'Retreat is an all or nothing affair',
    { tests: ['is all or nothing: every defending unit must be routed away, none may stay'] },
  ],
  [
    'All units involved in a battle must retreat',
    { tests: ['is all or nothing: every defending unit must be routed away, none may stay'] },
  ],
  [
    'Soviet air units count as one value ground units',
    { tests: ['a) counts the 1st Moscow Motorized as half a unit and Soviet air as a one-value unit'] },
  ],
  [
    'Attacking units must retreat back down the lines they used',
    { tests: ['attacking units retreat down their own lines to their points of origin, dispersed there'] },
  ],
  [
    'Once on these points, they are dispersed',
    { tests: ['attacking units retreat down their own lines to their points of origin, dispersed there'] },
  ],
  [
    'Units must retreat to adjacent points controlled by their own side',
    { tests: ['a) to adjacent friendly points until the line capacity is used up'] },
  ],
  [
    'except for Axis Allied armies, which count as two units',
    {
      tests: [
        'a) counts an Axis Allied army as two units, SS Pz divisions as half a unit',
        'a) counts the 1st Moscow Motorized as half a unit and Soviet air as a one-value unit',
      ],
    },
  ],
  [
    'cannot satisfy priority 1, because of line capacity limits',
    {
      tests: [
        'b) only when priority a has no room: toward enemy points empty of combat units, on half the capacity rounded down',
      ],
    },
  ],
  [
    'only if that unit is an entrained factory or a partisan unit',
    { tests: ['b) an enemy point with only an entrained factory or partisans may be entered'] },
  ],
  [
    'use 1/2 the line capacity, with fractions rounded down',
    {
      tests: [
        'b) only when priority a has no room: toward enemy points empty of combat units, on half the capacity rounded down',
      ],
    },
  ],
  [
    'may retreat to a point under attack by enemy units',
    { tests: ['c) to a friendly point under attack, surviving only if it holds, in regular combat only'] },
  ],
  [
    'must still occupy that point after the battle',
    {
      tests: ['c) units that retreated into this point from another battle take no part and share its fate'],
    },
  ],
  [
    'The retreating units may not take part in the battle',
    {
      tests: ['c) units that retreated into this point from another battle take no part and share its fate'],
    },
  ],
  [
    'during regular combat, but not during breakthrough combat',
    { tests: ['c) to a friendly point under attack, surviving only if it holds, in regular combat only'] },
  ],
  [
    'are destroyed if all retreating units are dispersed',
    {
      tests: ['d) attackers all dispersed meeting defenders displaced to their starting point are destroyed'],
    },
  ],
  [
    'these undispersed units destroy the retreated defenders',
    { tests: ['d) any undispersed attacker retreating down the line destroys the displaced defenders'] },
  ],
  [
    'must occupy that point, including all dispersed attacking units',
    { tests: ['attackers that clear the point must occupy it, dispersed ones included'] },
  ],
  [
    'may not advance after combat',
    { tests: ['defenders that cause the retreat of the attackers may not advance'] },
  ],
  [
    'exceeds the highest number on the combat table',
    {
      tests: [
        'a firing total above the highest column is split into the fewest, most equal groups, one roll each, summed',
      ],
    },
  ],
  [
    'Divide the total points into the fewest number',
    { tests: ['always the fewest groups, none above the top, differing by at most one'] },
  ],
  ['defends a point with 37 points', { tests: ['splits 37 into 19 + 18 (the text example)'] }],
  [
    'a group of 19 points and a group of 18 points',
    {
      tests: [
        'splits 37 into 19 + 18 (the text example)',
        'a firing total above the highest column is split into the fewest, most equal groups, one roll each, summed',
      ],
    },
  ],
  ['If the defenders had totalled 72 points', { tests: ['splits 72 into 18 x 4 (P-2)'] }],
];

const norm = (s: string) => s.replace(/\*+/g, '').replace(/\s+/g, ' ');
const text = norm(texts['point-to-point'].replace(/\[\.\.\.[^\]]*\]/g, ''));
/** The text's sentences, headings dropped ("B.", "4) Retreat from combat:"). */
const sentences = text
  .split(/(?<=[.!?])\s+(?=[A-Z0-9(])/)
  .map((s) => s.trim())
  .filter((s) => s.length > 3);
const here = new URL('.', import.meta.url);
const titles = [
  'battle.test.ts',
  'combat.test.ts',
  'campaign.test.ts',
  'campaign-board.test.ts',
  'campaign-completion.test.ts',
]
  .map((f) => readFileSync(new URL(f, here), 'utf8'))
  .join('\n');

describe('every sentence of the surviving text has its test (or its completion rule)', () => {
  it('each fragment listed is the text’s own words', () => {
    for (const [quote] of COVERAGE) assert.ok(text.includes(quote), `not in the text: "${quote}"`);
  });
  it('each sentence of the text is covered', () => {
    for (const s of sentences)
      assert.ok(
        COVERAGE.some(([quote]) => s.includes(quote)),
        `no test listed for: "${s.slice(0, 100)}"`,
      );
  });
  it('each test named exists', () => {
    for (const [quote, cover] of COVERAGE) {
      if ('completion' in cover) continue;
      for (const t of cover.tests) assert.ok(titles.includes(`it('${t}'`), `${quote}: no test "${t}"`);
    }
  });
});
