/** A short tick when a result comes in (optional: off until the player turns it on). */
export function tick(): void {
  try {
    const Ctx = window.AudioContext;
    const ctx = new Ctx();
    const o = ctx.createOscillator();
    const gain = ctx.createGain();
    o.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.18);
    o.connect(gain).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.2);
  } catch {
    // no audio here: the banner says it all
  }
}
