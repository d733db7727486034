import { PassThrough } from 'node:stream';
import { input, select } from '@inquirer/prompts';
import type { ReviewDecision } from '../review/review-override.js';
import type { ReviewItem } from '../review/sample-review.js';
import { describeItem } from './review-card.js';

/** Where inquirer reads keys and draws (standard input and output by default). */
export type PromptStreams = NonNullable<Parameters<typeof select>[1]>;

/** The two questions an interactive review asks: pick one of some choices, or type a line. */
export interface ReviewPrompter {
  choose<T extends string>(message: string, choices: ReadonlyArray<{ value: T; name: string }>): Promise<T>;
  text(message: string): Promise<string>;
}

/** Prompts in the terminal with @inquirer/prompts (`context` swaps standard input and output, as tests do). */
export function createInquirerPrompter(context?: PromptStreams): ReviewPrompter {
  // Each prompt ends the output it is given when it closes: a given output gets one forwarding stream per prompt.
  const streams = (): PromptStreams | undefined => {
    if (!context?.output) return context;
    const forward = new PassThrough();
    forward.pipe(context.output, { end: false });
    return { ...context, output: forward };
  };
  return {
    choose: (message, choices) => select({ message, choices: choices.map((choice) => ({ value: choice.value, name: choice.name })) }, streams()),
    text: (message) => input({ message }, streams()),
  };
}

/** What the session needs besides prompts: the schema's types, a lookup for merge targets, and where to write the cards. */
export interface ReviewSessionOptions {
  nodeTypes: string[];
  edgeTypes: string[];
  findEntities(query: string): Promise<Array<{ id: string; name: string; type: string }>>;
  write(text: string): void;
}

type Choice = 'accept' | 'reject' | 'retype' | 'reverse' | 'rename' | 'merge' | 'split' | 'skip' | 'quit';

/**
 * Shows each sampled extraction with its evidence and asks what to do with it; returns the
 * decisions made, in order (`quit` stops early and keeps what was decided).
 */
export async function runReviewSession(items: readonly ReviewItem[], prompter: ReviewPrompter, options: ReviewSessionOptions): Promise<ReviewDecision[]> {
  const decisions: ReviewDecision[] = [];
  for (const [index, item] of items.entries()) {
    options.write(`\n${describeItem(item, index + 1, items.length)}\n`);
    const choice = await prompter.choose<Choice>('Decision', choicesFor(item));
    if (choice === 'quit') break;
    if (choice === 'skip') continue;
    const decision = await decide(item, choice, prompter, options);
    if (decision) decisions.push(decision);
  }
  return decisions;
}

async function decide(item: ReviewItem, choice: Exclude<Choice, 'skip' | 'quit'>, prompter: ReviewPrompter, options: ReviewSessionOptions): Promise<ReviewDecision | null> {
  if (item.kind === 'relation') {
    const relationId = item.id;
    if (choice === 'retype') {
      const type = await prompter.choose('New edge type', [...options.edgeTypes, 'RELATED_TO'].filter((name) => name !== item.type).map((name) => ({ value: name, name })));
      return { action: 'retype-relation', relationId, type };
    }
    if (choice === 'accept' || choice === 'reject' || choice === 'reverse') return { action: `${choice}-relation`, relationId };
    return null;
  }
  const entityId = item.id;
  switch (choice) {
    case 'accept':
    case 'reject':
      return { action: `${choice}-entity`, entityId };
    case 'retype': {
      const type = await prompter.choose('New entity type', options.nodeTypes.filter((name) => name !== item.type).map((name) => ({ value: name, name })));
      return { action: 'retype-entity', entityId, type };
    }
    case 'rename': {
      const name = (await prompter.text(`New name for ${item.name}`)).trim();
      return name === '' ? null : { action: 'rename-entity', entityId, name };
    }
    case 'merge': {
      const query = (await prompter.text(`Name of the entity to merge into ${item.name}`)).trim();
      const found = query === '' ? [] : (await options.findEntities(query)).filter((candidate) => candidate.id !== entityId);
      if (found.length === 0) {
        options.write(`no other entity matches "${query}"\n`);
        return null;
      }
      const other = await prompter.choose('Merge which one', [...found.map((candidate) => ({ value: candidate.id, name: `${candidate.name} (${candidate.type}, ${candidate.id})` })), { value: '', name: 'none' }]);
      return other === '' ? null : { action: 'merge-entities', entityId, otherEntityId: other };
    }
    case 'split': {
      const alias = await prompter.choose('Alias to split off into its own entity', item.aliases.map((name) => ({ value: name, name })));
      return { action: 'split-alias', entityId, alias };
    }
    default:
      return null;
  }
}

function choicesFor(item: ReviewItem): Array<{ value: Choice; name: string }> {
  const common = [
    { value: 'accept' as const, name: 'accept — correct as extracted' },
    { value: 'reject' as const, name: 'reject — not stated by the text' },
    { value: 'retype' as const, name: 'retype — right but of another type' },
  ];
  const specific: Array<{ value: Choice; name: string }> = item.kind === 'relation'
    ? [{ value: 'reverse', name: 'reverse — source and target swapped' }]
    : [
        { value: 'rename', name: 'rename — give it another name' },
        { value: 'merge', name: 'merge — another entity is the same one' },
        ...(item.aliases.length > 0 ? [{ value: 'split' as const, name: `split — an alias (${item.aliases.join(', ')}) is another entity` }] : []),
      ];
  return [...common, ...specific, { value: 'skip', name: 'skip' }, { value: 'quit', name: 'quit (keep the decisions made)' }];
}
