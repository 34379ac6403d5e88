/** Bad input on the command line: the CLI prints the message and exits 1. */
export class UsageError extends Error {}
