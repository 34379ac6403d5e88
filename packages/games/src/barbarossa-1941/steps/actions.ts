/**
 * Every action a player of Barbarossa 1941 may take, one member a kind, discriminated by
 * `type`; the step that offers each (steps/<step>.ts) carries it out. The combat's own
 * (No Retreat! orders to advances) are resolution.ts's `CombatAction`.
 */
import type { ActionOfType } from '@stavka/engine';
import type { Gamble } from '../odds-gambles.ts';
import type { CombatAction } from '../resolution.ts';

export type BarbarossaAction =
  | CombatAction
  | { type: 'end-step' }
  | { type: 'choose-tank-group'; group: 'A' | 'B' }
  | { type: 'rehide'; piece: string }
  | { type: 'place'; piece: string; hex: number }
  | { type: 'rail'; piece: string; to: number }
  | { type: 'convert'; piece: string; to: number }
  | { type: 'railhead'; index: number; to: number }
  | { type: 'flip-strong'; piece: string }
  | { type: 'rebuild-korps'; piece: string }
  | { type: 'call-siberians' }
  | { type: 'load-factory'; piece: string }
  | { type: 'entrench'; piece: string }
  | { type: 'air-support'; piece: string; target: number }
  | { type: 'airfield'; piece: string; to: number; rail?: true }
  | { type: 'airstrike'; piece: string; target: number }
  | { type: 'air-supply'; piece: string; target: number }
  | { type: 'intercept'; piece: string }
  | { type: 'no-intercept' }
  | { type: 'sea'; piece: string; to: number }
  | { type: 'overrun'; pieces: string[]; target: number }
  | { type: 'katyusha'; piece: string; target: number }
  | { type: 'move'; piece: string; to: number }
  | { type: 'allocate'; piece: string; target: number }
  | { type: 'unallocate'; piece: string }
  | { type: 'resolve'; target: number; gamble?: Gamble; ignoreRiver?: true }
  | { type: 'cancel'; target: number }
  | { type: 'end-movement' }
  | { type: 'end-combat' }
  // B-70: at a 1941 German VDP with the 7-point condition, the Axis player claims the win or plays on.
  | { type: 'claim-victory' }
  | { type: 'play-on' };

/** The action whose `type` is `T`. */
export type ActionOf<T extends BarbarossaAction['type']> = ActionOfType<BarbarossaAction, T>;
