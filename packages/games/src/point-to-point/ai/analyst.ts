/**
 * The analyst for the Typhoon campaign (issue #48): the AI's own search domain
 * (`search.ts`), its plans in words. At the start of a side's player-turn (C-3) the
 * analyst compares the plans the AI compares; anywhere else — inside a player-turn, or in
 * a one-point battle (B.1-B.4), which has no plans of its own — it plays the rules of
 * thumb on (policy playouts). A rollout plays to the AI's horizon (its plan and the
 * reply: one decision point past it) and is scored by the campaign's chance of winning
 * (`winChance`: the victory points expected at the end, losses, supply, Moscow).
 *
 * What a rollout costs (measured in Node on this 2-core machine, CPU time, at the start
 * of the campaign): about 0.7 s for the first few (each root plan's player-turn up to its
 * first roll is played once, then reused: `planAt`), then about 40 ms a rollout: 3
 * rollouts 0.8 s, 9 rollouts 1.0 s. A budget of 8-16 is a second or two in a worker.
 */
import type { GameAnalyst } from '@stavka/engine';
import type { CampaignState } from '../campaign.ts';
import { campaignDomain } from './campaign-ai.ts';

/** Each plan of `search.ts` (CAMPAIGN_PLANS) in words; `planned` is each side's rules of thumb. */
export const CAMPAIGN_PLAN_LABELS: Readonly<Record<string, string>> = {
  planned: 'The rules of thumb: advance and attack as they plan',
  pincers: 'Close the pockets first (B.4a), then attack',
  careful: 'Attack only at long odds (the losses count, C-13.2)',
  contain: 'Contain fortified Tula, do not storm it (C-8); close its ways out',
  hold: 'Hold the points taken through the winter (P-15), attack only at long odds',
  counter: 'Counter-attack wherever the odds are fair',
};

export const campaignAnalyst: GameAnalyst<CampaignState> = {
  domain: campaignDomain,
  planLabel: (key) => CAMPAIGN_PLAN_LABELS[key] ?? key,
  horizon: 1,
};
