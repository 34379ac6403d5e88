import {
  type Action,
  type GameRules,
  type GameState,
  legalActions,
  type Player,
  RandomPlayer,
  type Seed,
} from '@stavka/engine';

export class CampaignAiPlayer implements Player {
  readonly name = 'campaign-ai';
  private readonly random: RandomPlayer;
  constructor(seed: Seed) {
    this.random = new RandomPlayer(seed);
  }
  choose<G>(rules: GameRules<G, Action, unknown>, state: GameState<G>, side: string): Action {
    void legalActions;
    return this.random.choose(rules, state, side);
  }
}
