/**
 * The fault configuration as the control endpoints read and write it: the parser of its JSON
 * form (400 -1005 naming every problem) and its JSON echo (patterns as `{"pattern"}`).
 */
import { INVALID_PARAMETER } from '../contract/errors.ts';
import { ApiError, invalid } from './errors.ts';
import { faultSchema } from './fault-schema.ts';
import { type FaultConfig, validateFaultConfig } from './faults.ts';
import { asObject } from './validation.ts';

/** The text a pattern was sent as (`RegExp.source` escapes slashes). */
const patternText = new WeakMap<RegExp, string>();

/** Parses and checks a FaultConfig sent as JSON; 400 -1005 names every problem. */
export function parseFaultConfig(body: unknown): FaultConfig {
  const parsed = faultSchema.safeParse(asObject(body));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`);
    throw new ApiError(INVALID_PARAMETER, problems.join('; '));
  }
  const { match, ...rest } = parsed.data;
  const config = { ...rest } as FaultConfig;
  if (match) {
    const paths = match.paths?.map((p, i) => {
      if (typeof p === 'string') return p;
      try {
        const pattern = new RegExp(p.pattern);
        patternText.set(pattern, p.pattern);
        return pattern;
      } catch {
        throw invalid(`match.paths.${i}.pattern`, 'is not a valid regular expression');
      }
    });
    config.match = {
      ...(match.methods ? { methods: match.methods } : {}),
      ...(paths ? { paths } : {}),
    };
  }
  try {
    validateFaultConfig(config);
  } catch (error) {
    throw new ApiError(INVALID_PARAMETER, (error as Error).message);
  }
  return config;
}

/** The active FaultConfig as JSON (patterns written back as `{"pattern"}`). */
export function faultJson(config: Readonly<FaultConfig> | null): unknown {
  if (!config) return null;
  const paths = config.match?.paths?.map((p) =>
    typeof p === 'string' ? p : { pattern: patternText.get(p) ?? p.source },
  );
  return {
    ...config,
    ...(config.match ? { match: { ...config.match, ...(paths ? { paths } : {}) } } : {}),
  };
}
