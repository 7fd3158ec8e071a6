/**
 * The rule token of an upstream input refusal (-1004/-1005), so `InputError.rule` is a token
 * whoever found the problem (the gateway's own rules use the same words: `required`,
 * `positive`, `max`…). The upstream's text stays in the member's message. Its messages are
 * English sentences after `field: `; the first pattern that matches names the rule, and
 * `upstreamRefused` says only that the upstream refused the value.
 */
const TOKENS: readonly (readonly [RegExp, string])[] = [
  [/\b(unknown|invalid) symbol\b/i, 'unknownSymbol'],
  [/\bdoes not recover\b/i, 'walletSignature'],
  [/\b(is required|required|missing)\b/i, 'required'],
  [/\bmust be one of\b/i, 'enum'],
  [/\bmust be a positive integer\b/i, 'positiveInteger'],
  [/\bmust be (an )?integer\b/i, 'integer'],
  [/\bmust be (positive|greater than 0)\b/i, 'positive'],
  [/\bmultiple of\b|\btick\b|\bstep\b/i, 'tick'],
  [/\bat most\b|\bmust not exceed\b|\btoo (large|many|long)\b|\bmaximum\b/i, 'max'],
  [/\bat least\b|\btoo (small|few|short)\b|\bminimum\b/i, 'min'],
  [/\bcharacters\b|\bformat\b|\bpattern\b|\bmust match\b/i, 'format'],
  [/\bnot valid JSON\b|\bJSON object\b/i, 'json'],
  [/\bnot taken by\b|\bnot allowed\b|\bnot supported\b/i, 'notAllowed'],
  [/\bunknown\b|\bno such\b|\bnot found\b/i, 'unknown'],
];

export function upstreamRuleToken(text: string): string {
  for (const [pattern, token] of TOKENS) if (pattern.test(text)) return token;
  return 'upstreamRefused';
}
