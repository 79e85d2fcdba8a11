import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Runs `racers` Node processes (under tsx) that each do the same work for round 0, 1, … at the
 * same moments, `gapMs` apart, so that they meet on whatever the round's work shares (a file, a
 * folder). `work` is the body of an async function of `round` in those processes, with `imports`
 * (the named exports of one module) in scope; what it returns, or the error it throws as text, is
 * collected. Gives each process's results, round by round.
 */
export async function raceInProcesses(options: {
  racers: number;
  rounds: number;
  gapMs: number;
  module: URL;
  imports: string[];
  work: string;
}): Promise<string[][]> {
  const { racers, rounds, gapMs, module, imports, work } = options;
  // Time for every process to start and load the module before the first round.
  const start = Date.now() + 2_500;
  const script = `const { ${imports.join(', ')} } = await import(${JSON.stringify(module.href)});
    const results = [];
    for (let round = 0; round < ${rounds}; round += 1) {
      while (Date.now() < ${start} + round * ${gapMs});
      try { results.push(String(await (async (round) => { ${work} })(round))); }
      catch (error) { results.push(String(error)); }
    }
    process.stdout.write(JSON.stringify(results));`;
  const run = () =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  const outputs = await Promise.all(Array.from({ length: racers }, run));
  return outputs.map(({ stdout }) => JSON.parse(stdout) as string[]);
}
