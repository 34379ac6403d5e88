/** The parts of @stavka/games and @stavka/engine the Mars AI reads, in one place. */
export { hexIndex, hexNumberOf } from '@stavka/engine';
export {
  type Attack,
  Board,
  canAttack,
  evaluateAttack,
  isInfantry,
  isMobile,
  MARS_CRT,
  type MarsAction,
  type MarsState,
  moveOptions,
  mustAttack,
  type Scenario,
  type Side,
  scenarioByKey,
  stackingOk,
} from '@stavka/games';
