/** Scenario 1, the ceiling (bench/lib/ceiling-yoga.ts), in its own process. */
import { ceilingYoga } from '../lib/ceiling-yoga.ts';
import { serve } from '../lib/child.ts';

await serve(ceilingYoga());
