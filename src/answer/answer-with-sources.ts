import type { Answer } from './answer.js';

/** The answer as plain text: its text, then its passages numbered as its [n] markers are (for chat front-ends and agents). */
export function answerWithSources(answer: Answer): string {
  const sources = answer.citations
    .filter((citation) => citation.kind === 'chunk')
    .map((citation, index) => `[${index + 1}] ${citation.label}${citation.path ? ` — ${citation.path}` : ''}${citation.span ? ` (characters ${citation.span.start}–${citation.span.end})` : ''}`);
  return sources.length > 0 ? `${answer.answer}\n\nSources:\n${sources.join('\n')}` : answer.answer;
}
