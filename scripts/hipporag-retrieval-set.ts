import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Builds a retrieval set in Rhizome's format (`{corpus, questions}`, see src/eval/datasets.ts) from
 * one of HippoRAG's question files and its corpus (`data/<set>_train.json`, `data/<set>_train_corpus.json`
 * of OSU-NLP-Group/HippoRAG), in MuSiQue's shape: each question lists its paragraphs with `is_supporting`.
 * A supporting paragraph is found in the corpus by title and text (by title alone when the text
 * differs); corpus ids are `p<index>` in the corpus file's order. The set is written once and never
 * rebuilt to tune on.
 *
 *   node --import tsx scripts/hipporag-retrieval-set.ts QUESTIONS.json CORPUS.json OUT.json NAME SOURCE LICENSE
 */
interface HippoParagraph {
  title: string;
  paragraph_text: string;
  is_supporting: boolean;
}
interface HippoQuestion {
  id: string;
  question: string;
  answer: string;
  answer_aliases?: string[];
  paragraphs: HippoParagraph[];
}

const [questionsFile, corpusFile, outFile, name, source, license] = process.argv.slice(2);
if (!questionsFile || !corpusFile || !outFile || !name || !source || !license) {
  throw new Error('usage: hipporag-retrieval-set.ts QUESTIONS.json CORPUS.json OUT.json NAME SOURCE LICENSE');
}
const hippoQuestions = JSON.parse(readFileSync(questionsFile, 'utf8')) as HippoQuestion[];
const hippoCorpus = JSON.parse(readFileSync(corpusFile, 'utf8')) as Array<{ title: string; text: string }>;
const corpus = hippoCorpus.map((passage, index) => ({ id: `p${index}`, title: passage.title, text: passage.text }));
const byTitleAndText = new Map(corpus.map((passage) => [`${passage.title}\u0000${passage.text.trim()}`, passage.id]));
const byTitle = new Map<string, string>();
for (const passage of corpus) if (!byTitle.has(passage.title)) byTitle.set(passage.title, passage.id);
let matchedByText = 0;
let matchedByTitle = 0;
const questions = hippoQuestions.map((question) => {
  const supporting = question.paragraphs.filter((paragraph) => paragraph.is_supporting).map((paragraph) => {
    const exact = byTitleAndText.get(`${paragraph.title}\u0000${paragraph.paragraph_text.trim()}`);
    if (exact) {
      matchedByText += 1;
      return exact;
    }
    const titled = byTitle.get(paragraph.title);
    if (!titled) throw new Error(`${question.id}: supporting paragraph "${paragraph.title}" is not in the corpus`);
    matchedByTitle += 1;
    return titled;
  });
  return { id: question.id, question: question.question, answers: [question.answer, ...(question.answer_aliases ?? [])], supporting: [...new Set(supporting)], hops: supporting.length };
});
const stats = { questions: questions.length, corpus: corpus.length, supporting_paragraphs: matchedByText + matchedByTitle, matched_title_text: matchedByText, matched_title_only: matchedByTitle };
writeFileSync(outFile, `${JSON.stringify({ name, source, license, notes: 'Held out: scored as summary rows only, never tuned on. Supporting paragraphs matched to the corpus by title and text (title alone when the text differs); hops = number of supporting paragraphs.', stats, corpus, questions })}\n`);
console.log(JSON.stringify(stats));
