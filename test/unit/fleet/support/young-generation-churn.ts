import { getHeapSpaceStatistics } from 'node:v8';
import { holdYoungGeneration } from '../../../../src/fleet/young-generation.ts';

/**
 * Run as a process of its own (`held` or `free`): keeps 20,000 objects alive across every scavenge while making
 * three million more, as a fleet's night does, and prints the new space's size before and during.
 */
const newSpace = (): number =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
const before = newSpace();
const hold = process.argv[2] === 'held' ? holdYoungGeneration() : undefined;
const survivors: unknown[] = new Array<unknown>(20_000);
for (let index = 0; index < 3_000_000; index++)
  survivors[index % survivors.length] = { index, text: `item ${String(index)}` };
const during = newSpace();
hold?.release();
process.stdout.write(JSON.stringify({ before, during }));
