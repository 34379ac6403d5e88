import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { appendLog, type LogEntry, sharedStart, visibleLog } from './log.ts';

/** The answers worked out the long way, entry by entry. */
function naiveShared(a: readonly LogEntry[], b: readonly LogEntry[]): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
const naiveVisible = (log: readonly LogEntry[], side: string) =>
  log.filter((e) => e.visibleTo === undefined || e.visibleTo === side);

/**
 * A tree of logs as a game makes them: each new log appends to one made before (the last
 * one mostly: a game going on; an earlier one: an undo, an AI trying moves), with fresh
 * entries, entries hidden from a side, and one entry object reused across branches (a
 * rules module may log a constant), so that entry identity alone could not be trusted.
 */
const steps = fc.array(
  fc.record({
    from: fc.oneof(fc.constant(-1), fc.nat(40)), // -1: the last log made
    entries: fc.array(fc.constantFrom('open', 'german', 'soviet', 'shared'), { minLength: 1, maxLength: 3 }),
  }),
  { maxLength: 40 },
);

const shared: LogEntry = { kind: 'phase', text: 'the same object every time' };

function build(
  start: readonly LogEntry[],
  plan: { from: number; entries: string[] }[],
): (readonly LogEntry[])[] {
  const logs: (readonly LogEntry[])[] = [start];
  for (const { from, entries } of plan) {
    const base = from < 0 ? logs[logs.length - 1]! : logs[from % logs.length]!;
    const made = entries.map((k): LogEntry => {
      if (k === 'shared') return shared;
      if (k === 'open') return { kind: 'x', text: 'open' };
      return { kind: 'x', text: `for ${k}`, visibleTo: k };
    });
    logs.push(appendLog(base, made));
  }
  return logs;
}

describe('log facts', () => {
  it('sharedStart and visibleLog agree with reading the logs entry by entry, over any tree of appends', () => {
    fc.assert(
      fc.property(fc.boolean(), steps, (hiddenAtStart, plan) => {
        // A log loaded from storage (no facts known), with or without a hidden entry.
        const start: LogEntry[] = [{ kind: 'setup', text: 'set-up' }, shared];
        if (hiddenAtStart) start.push({ kind: 'x', text: 'secret', visibleTo: 'soviet' });
        const logs = build(start, plan);
        for (const a of logs) {
          for (const side of ['german', 'soviet'])
            assert.deepEqual(visibleLog(a, side), naiveVisible(a, side));
          for (const b of logs) assert.equal(sharedStart(a, b), naiveShared(a, b));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a log nothing is hidden in is handed back as it is, with no copy', () => {
    const logs = build(
      [{ kind: 'setup', text: 'set-up' }],
      [
        { from: -1, entries: ['open'] },
        { from: -1, entries: ['open', 'shared'] },
      ],
    );
    const last = logs[logs.length - 1]!;
    assert.equal(visibleLog(last, 'german'), last);
    const hidden = appendLog(last, [{ kind: 'roll', text: 'secret', visibleTo: 'soviet' }]);
    assert.equal(visibleLog(hidden, 'german').length, last.length, 'the Soviet entry is left out');
    assert.equal(
      visibleLog(appendLog(hidden, [{ kind: 'x', text: 'open' }]), 'german').length,
      last.length + 1,
    );
  });
});
