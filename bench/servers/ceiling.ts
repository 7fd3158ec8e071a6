/**
 * Scenario 1, the ceiling (bench/lib/ceiling-yoga.ts), in its own process, with the gateway's
 * body-limit setting unless BENCH_BODY_LIMIT=yoga (bench/lib/body-limit.ts).
 */
import { floorBodyLimit } from '../lib/body-limit.ts';
import { ceilingYoga } from '../lib/ceiling-yoga.ts';
import { serve } from '../lib/child.ts';

await serve(ceilingYoga(await floorBodyLimit()));
