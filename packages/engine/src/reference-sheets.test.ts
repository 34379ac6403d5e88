import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { terrainSheet } from './reference-sheets.ts';

describe('the terrain effects sheet', () => {
  it("each terrain in the map's order with its colour and effect, then the other features, citing the rule", () => {
    const sheet = terrainSheet(
      { clear: '#eee', forest: '#9c9' },
      { forest: 'Defense doubled.' },
      [{ term: 'river', text: 'One column down.', swatch: 'river' }],
      'mars-1942 "Forests"',
    );
    assert.deepEqual(sheet, {
      id: 'terrain',
      title: 'Terrain effects',
      items: [
        { term: 'clear', text: '', swatch: '#eee' },
        { term: 'forest', text: 'Defense doubled.', swatch: '#9c9' },
        { term: 'river', text: 'One column down.', swatch: 'river' },
      ],
      cite: 'mars-1942 "Forests"',
    });
  });
});
