import { findSensitiveWordProblem, normalizeForMatching, SENSITIVE_WORDS_PER_CALL, type SensitiveWordProblem } from '@spatia/contract';

/** What the add dialog makes of its text: the words to send, and the lines it cannot send. */
export interface WordLines {
  words: string[];
  /** Lines repeating an earlier one (in any disguise): sent once. */
  repeated: number;
  problems: { line: number; text: string; reason: SensitiveWordProblem }[];
  /** More words than one call may carry. */
  tooMany: boolean;
}

/** One word per line, trimmed; blank lines ignored; the server's rules checked before sending. */
export function readWordLines(text: string): WordLines {
  const words: string[] = [];
  const seen = new Set<string>();
  const problems: WordLines['problems'] = [];
  let repeated = 0;
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const word = raw.trim();
    if (!word) return;
    const reason = findSensitiveWordProblem(word);
    if (reason) {
      problems.push({ line: index + 1, text: word, reason });
      return;
    }
    const folded = normalizeForMatching(word);
    if (seen.has(folded)) {
      repeated += 1;
      return;
    }
    seen.add(folded);
    words.push(word);
  });
  return { words, repeated, problems, tooMany: words.length > SENSITIVE_WORDS_PER_CALL };
}
