/** For the CLI's tests: runs `stavka ARGV...` through main(), collecting what it prints. */
import { main } from './main.ts';

export async function stavka(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (s) => out.push(s), err: (s) => err.push(s), exit: () => {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
