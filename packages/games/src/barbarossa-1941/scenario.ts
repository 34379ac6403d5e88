/**
 * The Barbarossa 1941 scenario as data (issue #23): the whole-front map, both orders of
 * battle, the set-up rules and the standard historical set-up, the turn record track with
 * its weather, the reinforcement schedules and the two combat tables. A scenario file is
 * plain JSON of `scenarioSchema`'s shape; `compileScenario` validates it once (every error
 * naming its field) into the indexed `BarbarossaScenario` the rules read. Nothing here
 * applies a rule: it says where things are and what they are worth. One file a job, in
 * scenario/: vocabulary, schema (the file), compiled (the indexed scenario), compile,
 * setup-errors (the closed error codes), setup-check, standard, draw, projection.
 *
 * Rules text: shared/rules/barbarossa-1941.txt ("Setup", "Reinforcements and
 * Replacements", "Weather", "Supply", "Victory Conditions"); rulings B-1, B-11, B-16, B-17.
 */

export * from './scenario/compile.ts';
export * from './scenario/compiled.ts';
export * from './scenario/draw.ts';
export * from './scenario/projection.ts';
export * from './scenario/schema.ts';
export * from './scenario/setup-check.ts';
export * from './scenario/setup-errors.ts';
export * from './scenario/standard.ts';
export * from './scenario/vocabulary.ts';
