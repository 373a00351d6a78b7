import { randomBytes } from 'node:crypto';

/**
 * The tag a sandbox puts in its ids. Its state is in memory, so without seeded randomness the
 * tag is random: ids stay unique across restarts. With the simulator's seeded randomness it
 * repeats, so the same seed makes the same book, gateway ids included.
 */
export function sandboxIdTag(seeded: (() => number) | undefined, characters: number): string {
  if (!seeded) return randomBytes(characters).toString('hex');
  return Math.floor(seeded() * 36 ** characters)
    .toString(36)
    .padStart(characters, '0');
}
