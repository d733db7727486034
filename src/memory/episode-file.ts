import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../core/ids.js';

/** One memory as an agent gives it: what was said or observed, when, where from, and (optionally) whom it is about. */
export interface MemoryEpisode {
  text: string;
  /** When it was said or held (valid time): an ISO date or time; default now. */
  time?: string;
  /** Where it comes from ("chat:42", "user", a tool name). */
  source: string;
  /** The entity it is about; it becomes the episode's title, so the episode's names link to it. */
  subject?: string;
}

/** The folder of a workspace where episodes are written as Markdown documents. */
export function episodeFolder(workspace: string): string {
  return path.join(workspace, 'memory', 'episodes');
}

/** Front-matter values stay on one line. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * Writes an episode as a Markdown document (front matter: title, date, source; body: the text),
 * named by its time and content so the same memory given twice is one document. Returns its path.
 */
export function writeEpisodeFile(workspace: string, episode: MemoryEpisode & { time: string }): string {
  const folder = episodeFolder(workspace);
  mkdirSync(folder, { recursive: true });
  const title = oneLine(episode.subject ?? `Memory from ${episode.source}`);
  const name = `${episode.time.slice(0, 10)}-${contentHash(JSON.stringify([episode.time, episode.source, episode.subject ?? '', episode.text])).slice(0, 12)}.md`;
  const file = path.join(folder, name);
  writeFileSync(file, `---\ntitle: ${title}\ndate: ${episode.time.slice(0, 10)}\nsource: ${oneLine(episode.source)}\n---\n\n${episode.text.trim()}\n`);
  return file;
}
