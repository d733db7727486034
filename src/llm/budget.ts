import { RhizomeError } from '../errors/rhizome-error.js';
import { BudgetExceededError, type BudgetState } from './model-errors.js';

/** A spending cap for one run: dollars, tokens (input + output), or both. */
export interface BudgetCap {
  maxDollars?: number;
  maxTokens?: number;
}

/** The worst-case cost of a call, held against the cap while the call runs. */
export interface BudgetReservation {
  tokens: number;
  dollars: number;
}

/**
 * Spending shared by every model of a run. A call first reserves its worst case (input tokens
 * plus its output-token limit); the reservation is replaced by the actual usage when it ends.
 * So concurrent calls can never together pass the cap, and no call starts that could.
 */
export class Budget {
  private spentTokens = 0;
  private spentDollars = 0;
  private reservedTokens = 0;
  private reservedDollars = 0;

  constructor(private readonly cap: BudgetCap) {}

  /** Holds `estimate` against the cap, or throws BudgetExceededError (and nothing is held). */
  reserve(estimate: BudgetReservation): BudgetReservation {
    const overTokens = this.cap.maxTokens !== undefined && this.spentTokens + this.reservedTokens + estimate.tokens > this.cap.maxTokens;
    const overDollars = this.cap.maxDollars !== undefined && this.spentDollars + this.reservedDollars + estimate.dollars > this.cap.maxDollars;
    if (overTokens || overDollars) throw new BudgetExceededError(this.state(), estimate);
    this.reservedTokens += estimate.tokens;
    this.reservedDollars += estimate.dollars;
    return { ...estimate };
  }

  /** Replaces a reservation by what the call really cost (zero for a call that failed). */
  settle(reservation: BudgetReservation, actual: BudgetReservation): void {
    this.reservedTokens -= reservation.tokens;
    this.reservedDollars -= reservation.dollars;
    this.spentTokens += actual.tokens;
    this.spentDollars += actual.dollars;
  }

  /** The cap and what has been spent so far (reservations excluded). */
  state(): BudgetState {
    return { maxDollars: this.cap.maxDollars, maxTokens: this.cap.maxTokens, spentDollars: this.spentDollars, spentTokens: this.spentTokens };
  }
}

const MULTIPLIERS: Record<string, number> = { '': 1, k: 1_000, m: 1_000_000 };

/**
 * Reads a `--budget` value: "$2", "2$", "2 usd" or a bare "2.50" are dollars; "200k tokens",
 * "1.5m tokens", "200k" or "150000 tokens" are tokens (input + output).
 */
export function parseBudget(text: string): BudgetCap {
  const value = text.trim().toLowerCase().replace(/_/g, '');
  const dollars = /^(?:\$\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:\$|usd|dollars?)?)$/.exec(value);
  if (dollars) return { maxDollars: Number(dollars[1] ?? dollars[2]) };
  const tokens = /^(\d+(?:\.\d+)?)\s*([km]?)\s*(?:tokens?|tok)?$/.exec(value);
  if (tokens && (tokens[2] !== '' || /tok/.test(value))) return { maxTokens: Math.floor(Number(tokens[1]) * (MULTIPLIERS[tokens[2] ?? ''] ?? 1)) };
  throw new RhizomeError('CONFIG_INVALID', `--budget "${text}" is not an amount: write dollars ("$2", "2.50") or tokens ("200k tokens", "150000 tokens")`);
}
