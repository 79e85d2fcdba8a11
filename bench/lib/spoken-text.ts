import type { TranscriptCue } from '../../src/contract/entities';

/**
 * Generated speech for the transcripts bench: a vocabulary of VOCABULARY_SIZE words with
 * Zipf-like frequencies (the k-th most common word said about 1/(k + 2.7) as often as the
 * most common: the shape of real speech, where a hundred words make half of what is said and
 * most words are rare), the same on every run (fixed seeds).
 *
 * Why: the bench used to build its words from 12 syllables, so every trigram and most words were
 * in every transcript, and no index, trigram or word, could narrow a search; real speech has a
 * long tail of words that only some talks say (`closure`, `monad`, `kubernetes`), which is what a
 * learner searches for. The common words are kept too (the first ones are English function
 * words), so phrases of only common words, the hard case for any index, still come up.
 */
export const VOCABULARY_SIZE = 8_000;
export const WORDS_PER_HOUR = 9_000;
export const WORDS_PER_LINE = 10;

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FUNCTION_WORDS = (
  'the a to and of is we this that it in you so function i for on be with what if ' +
  'not are can have here as at but do just one like now there they then will get our its ' +
  'an or from by your all which when how value call return because see going want need'
).split(' ');

/** Made-up words from 60 syllables, one to four of them: far more distinct trigrams than 12. */
export const VOCABULARY: readonly string[] = (() => {
  const next = random(7);
  const onsets = ['b', 'k', 'd', 'f', 'g', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'ch'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'y'];
  const codas = ['', '', 'n', 'r', 's', 'x', 'l'];
  const syllable = () =>
    onsets[Math.floor(next() * onsets.length)]! +
    vowels[Math.floor(next() * vowels.length)]! +
    codas[Math.floor(next() * codas.length)]!;
  const words = new Set(FUNCTION_WORDS);
  while (words.size < VOCABULARY_SIZE) {
    const length = 1 + Math.floor(next() * 4);
    words.add(Array.from({ length }, syllable).join(''));
  }
  return [...words];
})();

/** Cumulative Zipf-Mandelbrot weights of the vocabulary, by rank. */
const CUMULATIVE = (() => {
  const sums: number[] = [];
  let total = 0;
  for (let rank = 0; rank < VOCABULARY.length; rank += 1) {
    total += 1 / (rank + 2.7);
    sums.push(total);
  }
  return sums.map((sum) => sum / total);
})();

/** A word drawn by its frequency. */
export function spokenWord(next: () => number): string {
  const at = next();
  let low = 0;
  let high = CUMULATIVE.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((CUMULATIVE[middle] ?? 1) < at) low = middle + 1;
    else high = middle;
  }
  return VOCABULARY[low]!;
}

/** A one-hour transcript (seed ≥ 1): WORDS_PER_HOUR words in lines of WORDS_PER_LINE. */
export function transcriptOf(seed: number): TranscriptCue[] {
  const next = random(seed);
  const cues: TranscriptCue[] = [];
  const lines = WORDS_PER_HOUR / WORDS_PER_LINE;
  for (let line = 0; line < lines; line += 1) {
    const words = Array.from({ length: WORDS_PER_LINE }, () => spokenWord(next));
    cues.push({ start: line * 4, end: line * 4 + 4, text: words.join(' ') });
  }
  return cues;
}

/**
 * `count` search phrases over `transcripts` generated transcripts: half taken from them (two to
 * four words running on, across lines too; many are common words said in most transcripts), half
 * likely said nowhere, in three kinds: common words in an order nobody says them, words from the
 * whole vocabulary (mostly rare ones) put together, and a said word beside a misspelt one.
 */
export function benchPhrases(count: number, transcripts: number): string[] {
  const next = random(99);
  const found: string[] = [];
  while (found.length < count / 2) {
    const cues = transcriptOf(1 + Math.floor(next() * transcripts));
    const words = cues.flatMap((cue) => cue.text.split(' '));
    const length = 2 + Math.floor(next() * 3);
    const at = Math.floor(next() * (words.length - length));
    found.push(words.slice(at, at + length).join(' '));
  }
  const missing: string[] = [];
  for (let index = 0; missing.length < count / 2; index += 1) {
    const kind = index % 3;
    if (kind === 0) {
      missing.push(Array.from({ length: 3 }, () => spokenWord(next)).join(' '));
    } else if (kind === 1) {
      const any = () => VOCABULARY[Math.floor(next() * VOCABULARY.length)]!;
      missing.push(`${any()} ${any()}`);
    } else {
      missing.push(`${spokenWord(next)} ${spokenWord(next)}q${index.toString(36)}`);
    }
  }
  return [...found, ...missing];
}

/**
 * `count` searches of one word (no index of words can narrow a part of a word: the stores read
 * their trigram indexes): half words of the vocabulary from the most common to the rarest, half
 * misspelt (a said word with one letter changed for another the vocabulary uses, so its
 * trigrams are common ones).
 */
export function singleWords(count: number): string[] {
  const next = random(5);
  const words: string[] = [];
  for (let index = 0; index < count / 2; index += 1) {
    const rank = Math.floor((VOCABULARY.length - 1) * (index / (count / 2)) ** 2);
    words.push(VOCABULARY[rank]!);
  }
  while (words.length < count) {
    const word = spokenWord(next);
    if (word.length < 4) continue;
    const at = Math.floor(next() * word.length);
    const letters = 'aeiouybkdfglmnprstvz'.replace(word[at]!, '');
    const typo = letters[Math.floor(next() * letters.length)]!;
    words.push(`${word.slice(0, at)}${typo}${word.slice(at + 1)}`);
  }
  return words;
}
