import fc from 'fast-check';
import { beforeEach } from 'vitest';

// Under Stryker a property stops at its first counterexample (shrinking tells Stryker nothing more), and runs for
// at most half a second: thousands of mutants times the full runs over large generated templates would take hours
// on one core. Model-based tests (*.model.test.ts) keep their full walks, because they check that the walks
// reach every state. The worked examples always run in full.
beforeEach(({ task }) => {
  const modelBased = task.file.name.endsWith('.model.test.ts');
  fc.configureGlobal({ endOnFailure: true, ...(modelBased ? {} : { interruptAfterTimeLimit: 500, markInterruptAsFailure: false }) });
});
