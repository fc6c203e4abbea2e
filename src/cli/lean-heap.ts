/**
 * Commands that read a whole module (import, roundtrip, update) hold its files while they make and
 * drop objects for every piece of every saved game, hundreds of megabytes in all. V8 lets its heap
 * grow to several times what is alive before it collects; told to favour size, it collects sooner
 * and the process peaks near what it holds. Measured on 189 saves of 2,500 pieces and 150 MiB of
 * art: import 506-522 → 372 MiB, at about twice the CPU time (10 → 20 s); --heap-growing-percent=15
 * would cost a fifth more CPU time but peaks near 530 MiB at 10,000 pieces a save.
 */
import v8 from 'node:v8';

export function favourMemoryOverSpeed(): void {
  v8.setFlagsFromString('--optimize-for-size');
}
