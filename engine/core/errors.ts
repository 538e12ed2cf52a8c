/**
 * Errors raised by rules code. A RuleError is an expected outcome (the command broke a rule):
 * it carries the rule reference so the player can look it up, and a message in plain words.
 */
export type RuleErrorCode =
  | 'ILLEGAL' // the rules forbid this command in this state
  | 'NOT_YOUR_TURN' // someone else must act now
  | 'FORBIDDEN' // the actor's commands do not cover this unit or decision
  | 'NOT_SUPPORTED' // a rule the engine does not implement yet
  | 'BAD_COMMAND'; // malformed or unknown command

export class RuleError extends Error {
  readonly code: RuleErrorCode;
  readonly rule: string | null;
  constructor(code: RuleErrorCode, rule: string | null, message: string) {
    super(message);
    this.name = 'RuleError';
    this.code = code;
    this.rule = rule;
  }
  toJSON() {
    return { code: this.code, rule: this.rule, message: this.message };
  }
}

export const isRuleError = (x: unknown): x is RuleError => x instanceof RuleError;

/** Throw a RuleError unless `cond` holds. */
export function require_(cond: unknown, rule: string | null, message: string, code: RuleErrorCode = 'ILLEGAL'): asserts cond {
  if (!cond) throw new RuleError(code, rule, message);
}

/** Raised for a rule the engine recognises but does not implement yet: never silently misplay. */
export function notSupported(rule: string, what: string): never {
  throw new RuleError('NOT_SUPPORTED', rule, `${what} is not yet supported (rule ${rule})`);
}
