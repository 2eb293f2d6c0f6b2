/** Thrown for what the operator must fix (no tool, a non-empty target, a missing or damaged file): printed without a stack. */
export class BackupProblem extends Error {}
