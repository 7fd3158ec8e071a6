/**
 * Once per run. Before the tests: marks the environment so every process a test starts can be
 * recognised. After them (vitest calls this after its summary): fails the run if any such
 * process is still alive (and kills it); under CI fails it if any test was skipped at all;
 * then prints one line naming what was skipped for a missing dependency and how to enable it.
 */
import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { isCi } from './dependencies.ts';
import { findLeaks, RUN_MARKER } from './leaks.ts';

/** How long processes stopped by the last afterAll hooks may take to go away. */
const EXIT_GRACE_MS = 5_000;

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function setup(project: TestProject) {
  const marker = randomUUID();
  process.env[RUN_MARKER] = marker;
  const { skippedDependencies } = project.getProvidedContext();
  const vitest = project.vitest;

  return async () => {
    const deadline = Date.now() + EXIT_GRACE_MS;
    let leaks = findLeaks(marker);
    while (leaks.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      leaks = findLeaks(marker);
    }
    if (leaks.length > 0) {
      process.exitCode = 1;
      console.error(
        `\nFAIL: ${leaks.length} process(es) started by the tests outlived the suite (killed now):`,
      );
      for (const leak of leaks) {
        console.error(`  pid ${leak.pid}: ${leak.command}`);
        try {
          process.kill(leak.pid, 'SIGKILL');
        } catch {}
      }
    }

    const tests = vitest.state.getTestModules().flatMap((m) => [...m.children.allTests()]);
    // Dependencies cannot skip under CI (the config fails first); neither may `.skip`/`.todo`.
    // A run narrowed on purpose (-t, --tags-filter) skips by design.
    const narrowed = vitest.config.testNamePattern || vitest.config.tagsFilter;
    const skippedAny = tests.filter((t) => t.result().state === 'skipped');
    if (isCi() && !narrowed && skippedAny.length > 0) {
      process.exitCode = 1;
      console.error(
        `\nFAIL: ${plural(skippedAny.length, 'test')} skipped under CI, where nothing may skip: ${skippedAny
          .slice(0, 5)
          .map((t) => `${t.module.relativeModuleId} > ${t.fullName}`)
          .join('; ')}`,
      );
    }
    const parts = skippedDependencies.flatMap((dep) => {
      const skipped = tests.filter(
        (t) => t.tags.includes(dep.tag) && t.result().state === 'skipped',
      );
      if (skipped.length === 0) return [];
      const files = new Set(skipped.map((t) => t.module.relativeModuleId)).size;
      const count = `${plural(skipped.length, 'test')} in ${plural(files, 'file')}`;
      return [`${count} need ${dep.tag}: ${dep.missing}; ${dep.enable}`];
    });
    if (parts.length > 0)
      console.log(`\nSKIPPED ${parts.join(' | ')}. (Under CI=true these fail instead.)`);
  };
}
