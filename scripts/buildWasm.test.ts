import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileKernel, KERNELS } from './buildWasm.ts';

describe('npm run wasm', () => {
  for (const kernel of KERNELS) {
    it(`${kernel.output} is what ${kernel.source} compiles to now`, async () => {
      const committed = fs.readFileSync(kernel.output, 'utf8');
      expect(await compileKernel(kernel), 'run `npm run wasm` and commit the result').toBe(committed);
    }, 60_000);
  }
});
