import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A passage corpus with questions, as the HotpotQA file of ../shared/eval has it. */
export interface BenchCorpus {
  name: string;
  passages: Array<{ id: string; title: string; text: string }>;
  questions: string[];
}

const HOTPOT = path.resolve(process.cwd(), '../shared/eval/data/hotpotqa_hipporag_train100.json');

/** Loads the 994-passage HotpotQA corpus when present, else a generated corpus of the same size. */
export function loadBenchCorpus(): BenchCorpus {
  if (existsSync(HOTPOT)) {
    const data = JSON.parse(readFileSync(HOTPOT, 'utf8')) as { corpus: BenchCorpus['passages']; questions: Array<{ question: string }> };
    return { name: 'HotpotQA (994 passages)', passages: data.corpus, questions: data.questions.map((question) => question.question) };
  }
  const passages = Array.from({ length: 1000 }, (_, index) => ({
    id: `p${index}`,
    title: `Company ${index}`,
    text: `Company ${index} Ltd is based in Town ${index % 50}. Its director, Alex Person${index % 300}, founded it in ${1900 + (index % 120)}. It supplies Part-${index % 77} to Company ${(index * 7) % 1000} Ltd.`,
  }));
  const questions = Array.from({ length: 100 }, (_, index) => `Who founded the company that supplies Part-${index % 77}?`);
  return { name: 'generated (1000 passages)', passages, questions };
}

/** Writes passages as .txt files (title line, blank line, text), `copies` times over. */
export function writePassages(corpus: BenchCorpus, folder: string, copies: number): number {
  mkdirSync(folder, { recursive: true });
  let count = 0;
  for (let copy = 0; copy < copies; copy += 1) {
    for (const passage of corpus.passages) {
      writeFileSync(path.join(folder, `${passage.id}-${copy}.txt`), `${passage.title}\n\n${passage.text}\n`);
      count += 1;
    }
  }
  return count;
}
