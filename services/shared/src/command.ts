/**
 * Runs a command line's `main` and exits with what it returns (0 done, 64 usage, ...); a throw is said on one line,
 * "<name> failed: <message>", and exits 1.
 */
export async function runCommand(name: string, main: () => Promise<number>): Promise<void> {
  process.exitCode = await main().catch((error: unknown) => {
    process.stderr.write(`${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  });
}
