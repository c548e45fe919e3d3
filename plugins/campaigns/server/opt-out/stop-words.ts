/**
 * A word as stop words compare it: accents and case dropped, and the punctuation or spaces
 * around it ("Sair!", " parar. ") ignored, so "Cancelar" and "CANCELAR" are one word.
 */
export function foldWord(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, "");
}

/** Whether a whole message is one of the stop words (a sentence that merely contains one is not). */
export function isStopWord(body: string, stopWords: readonly string[]): boolean {
  if (body.length > 60) return false; // no stop word is that long: skip the work for ordinary messages
  const word = foldWord(body);
  return word !== "" && stopWords.some((w) => foldWord(w) === word);
}
