/**
 * Run verification contract. Each game that wants verified scores registers a
 * verifier in ./verifiers.ts: given the ticket's seed and the client's input
 * log, it replays the game's pure engine and returns the score the run really
 * reached, or null when the log is malformed. `levelsCleared`: for games whose verified
 * logs are kept as ghosts (server/routes/runs.ts), the levels the run landed.
 */
export type RunVerifier = (seed: number, inputs: unknown) => { score: number; levelsCleared?: number } | null;
